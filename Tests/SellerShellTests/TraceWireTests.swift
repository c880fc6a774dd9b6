import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// The trace shows the request's headers as they go on the wire (issue 40, item 5): `Host`
/// and `Content-Length` beside the command's own (`Accept`, `Content-Type`, `identifier`), the
/// secret masked in the body it travels in; and what the trace says around them is in the
/// reader's language.
@Suite("The trace: headers as sent, its own words in the reader's language")
struct TraceWireTests {
    /// The header lines of the first traced request whose request line starts `→ METHOD`.
    static func headers(of method: String, in notes: String) -> [String] {
        let lines = notes.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("→ \(method) ") }) else { return [] }
        return Array(lines[(start + 1)...].prefix { $0.hasPrefix("  ") && $0.contains(": ") })
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func aTracedRequestShowsHostContentTypeAndContentLength() async throws {
        try await ShellFixture.with { f in
            let secret = f.market.demoCredentials.secret.revealed
            let product = try await f.register()
            #expect(await f.run("set trace on") == .ok)
            f.console.clear()
            #expect(await f.run("show \(product.id)") == .ok)
            let host = "Host: 127.0.0.1:\(f.market.baseURL.port ?? 0)"
            let get = Self.headers(of: "GET", in: f.console.notes)
            #expect(get.contains(host), "\(f.console.notes)")
            #expect(get.contains("Accept: application/json"), "\(get)")
            #expect(!get.contains { $0.hasPrefix("Content-Length") }, "a GET without a body has none: \(get)")
            f.console.clear()
            #expect(await f.run("delete \(product.id) --yes") == .ok, "\(f.console.notes)")
            let post = Self.headers(of: "POST", in: f.console.notes)
            #expect(post.contains(host), "\(f.console.notes)")
            #expect(post.contains("Content-Type: application/json"), "\(post)")
            #expect(post.contains { $0.hasPrefix("Content-Length: ") && $0 != "Content-Length: 0" }, "\(post)")
            #expect(f.console.notes.contains(Secret.mask), "the secret's field is shown masked")
            #expect(!f.console.notes.contains(secret))
        }
    }

    @Test func aTracedRegisterShowsTheMultipartTypeAndItsLength() async throws {
        try await ShellFixture.with { f in
            #expect(await f.run("set trace on") == .ok)
            _ = try await f.register()
            let post = Self.headers(of: "POST", in: f.console.notes)
            #expect(post.contains { $0.hasPrefix("Content-Type: multipart/form-data; boundary=") }, "\(post)")
            #expect(post.contains { $0.hasPrefix("Content-Length: ") }, "\(post)")
            #expect(post.contains { $0.hasPrefix("Host: ") }, "\(post)")
        }
    }

    @Test func theBookkeepingLabelIsKoreanUnderKorean() {
        let reason = BookkeepingReason.newestBeforeFirstCreate.rawValue
        let korean = Language.$current.withValue(.ko) { Bookkeeping.label(reason) }
        #expect(korean.contains("저널") && korean.contains("id"), "\(korean)")
        #expect(!korean.contains("bookkeeping") && !korean.contains("journal"), "\(korean)")
        let english = Bookkeeping.label(reason)
        #expect(english.hasPrefix("(bookkeeping: the journal notes the newest id before the first create"), "\(english)")
        #expect(Bookkeeping.label("checking first") == "(bookkeeping: checking first)")
    }

    @Test func whatTheTraceSaysOfBodiesIsKoreanUnderKorean() {
        let text = Language.$current.withValue(.ko) {
            TracingTransport.describeBody(Data([0, 1, 2, 0xFF]), contentType: "application/octet-stream")
        }
        #expect(text == "  (바이너리 데이터 4바이트)")
    }
}
