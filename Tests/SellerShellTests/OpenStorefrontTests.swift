import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// `open ID` (issue 26 §2): the product's storefront address on the bundled market.
@Suite("open: a product's storefront page")
struct OpenStorefrontTests {
    @Test func openPrintsTheStorefrontAddressOfTheProduct() async throws {
        try await ShellFixture.with { shell in
            let product = try await shell.register()
            shell.console.clear()
            #expect(await shell.run("open \(product.id)") == .ok, "\(shell.console.notes)")
            let address = shell.market.baseURL.absoluteString + "/products/\(product.id)"
            #expect(shell.console.outputs == [address], "\(shell.console.outputs)")
            // The address is the page, as buyers see it.
            let page = try await AsyncHTTPClientTransport.shared.send(
                HTTPRequestData(method: .get, url: try #require(URL(string: address)), headers: [:], body: nil),
                timeout: .seconds(60))
            #expect(page.status == 200)
            #expect(String(decoding: page.body, as: UTF8.self).contains(product.name))
        }
    }

    /// The browser's opener starts with the default signals, whatever the shell ignores (at its
    /// prompt, SIGQUIT): a review found Foundation's `Process` passed the ignoring on.
    @Test func theOpenerStartsWithTheDefaultSignals() async throws {
        let folder = try Fixtures.temporaryDirectory("opener")
        defer { try? FileManager.default.removeItem(at: folder) }
        let opener = folder.appendingPathComponent("xdg-open")
        let seen = folder.appendingPathComponent("seen")
        try "#!/bin/sh\ngrep SigIgn /proc/$$/status > '\(seen.path).part'\nmv '\(seen.path).part' '\(seen.path)'\n".write(
            to: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        let previous = signal(SIGQUIT, SIG_IGN)
        let opened = OpenStorefront.openInBrowser(
            "http://127.0.0.1:9/products/1", environment: ["DISPLAY": ":0"], openers: [opener.path])
        signal(SIGQUIT, previous)
        #expect(opened)
        #expect(await eventually(within: .seconds(10)) { FileManager.default.fileExists(atPath: seen.path) })
        let line = try String(contentsOf: seen, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let mask = UInt64(line.split(separator: "\t").last.map(String.init) ?? "", radix: 16) ?? .max
        #expect(mask & (1 << UInt64(SIGQUIT - 1)) == 0, "\(line)")
    }

    @Test func aProductThatDoesNotExistIsTheAPIs404() async throws {
        try await ShellFixture.with { shell in
            #expect(await shell.run("open 987654") != .ok)
            #expect(shell.console.notes.contains("987654"), "\(shell.console.notes)")
            #expect(shell.console.outputs.isEmpty)
        }
    }

    @Test func aServerWithoutAStorefrontIsSaidPlainly() async throws {
        try await ShellFixture.with(transport: WithoutStorefront()) { shell in
            let product = try await shell.register()
            shell.console.clear()
            #expect(await shell.run("open \(product.id)") != .ok)
            #expect(shell.console.notes.contains("has no storefront"), "\(shell.console.notes)")
            #expect(shell.console.outputs.isEmpty)
        }
    }
}

/// The bundled market as a server without a storefront would answer: its JSON 404 for any
/// `/products/ID` page; every other request goes to the market.
struct WithoutStorefront: HTTPTransport {
    nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        if request.url.path.hasPrefix("/products/") {
            return HTTPResponseData(
                status: 404, headers: ["Content-Type": "application/json"],
                body: Data(#"{"code":404,"message":"no such endpoint"}"#.utf8))
        }
        return try await AsyncHTTPClientTransport.shared.send(request, timeout: timeout)
    }
}
