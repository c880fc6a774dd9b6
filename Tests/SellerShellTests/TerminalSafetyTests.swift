import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// Issue 11, item 6: server text never acts on the terminal — in traces and completion hints
/// too, not only in tables and details (see `HardeningTests.serverTextIsPrintedVisibleAndBounded`).
@Suite("Server text in traces and completion")
struct TerminalSafetyTests {
    static let hostile = "Mug\u{1B}[31m red \u{1B}]0;pwned\u{07}\u{9B}2J"

    static func noControl(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    /// A letter and 100,000 combining marks is one `Character`: bounds counted in `Character`s
    /// let it through whole. Counted in Unicode scalars, it is cut (issue 21: measure on scalars).
    @Test func aFloodOfCombiningMarksIsCutLikeAnyLongText() {
        let flood = "a" + String(repeating: "\u{301}", count: 100_000)
        #expect(TextLayout.visible(flood, limit: 200).unicodeScalars.count <= 201)
        #expect(TextLayout.truncate(flood, to: 40).unicodeScalars.count <= 40 * 8 + 1)
        #expect(TextLayout.truncate("빨간 노트 빅 사이즈", to: 8) == "빨간 노…")
    }

    @Test func aTracedTextBodyShowsControlCharacters() async throws {
        let server = try MisbehavingServer.answering(status: 404, contentType: "text/plain", body: Self.hostile)
        defer { server.stop() }
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: server.baseURL, trace: true, timeout: .seconds(30)), console: console)
        #expect(await shell.execute("show 1").status == .failed)
        #expect(console.notes.contains("Mug␛[31m red ␛]0;pwned␇"), "\(console.notes)")
        #expect(Self.noControl(console.notes), "a control character reached the terminal: \(console.notes.debugDescription)")
    }

    @Test func completionHintsShowControlCharacters() async throws {
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!), console: console)
        shell.records.remember([
            Product(
                id: 7, vendorID: 1, name: Self.hostile, description: "", thumbnail: nil, currency: .krw, price: 1, stock: 1,
                createdAt: nil, issuedAt: nil)
        ])
        guard case .candidates(_, let list) = shell.index.complete("show 7") else {
            Issue.record("no candidates")
            return
        }
        let hint = try #require(list.first?.hint)
        #expect(hint.hasPrefix("Mug␛[31m"))
        #expect(Self.noControl(hint))
    }
}
