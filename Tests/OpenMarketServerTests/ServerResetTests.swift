import Foundation
import MarketTestSupport
import Testing

/// `openmarket-server reset` on a market with products, asked in a real terminal.
@Suite("openmarket-server reset", .serialized)
struct ServerResetTests {
    @Test func resetAsksInATerminalAndRemovesEveryProduct() async throws {
        let data = try Fixtures.temporaryDirectory("server-reset-pty")
        defer { try? FileManager.default.removeItem(at: data) }
        try await TestMarket.with(directory: data) { market in
            try await market.createProduct(name: "One")
            try await market.createProduct(name: "Two")
        }
        let home = try TestHome.make()
        defer { home.remove() }
        let binary = BuiltProducts.path(of: "openmarket-server")
        let declined = try await blocking {
            let session = try PTYSession(
                executable: binary, arguments: ["reset", "--data", data.path], environment: home.environment)
            defer { session.terminate() }
            _ = try session.expect("[y/N] ", timeout: .seconds(60))
            session.send("n\r")
            _ = try session.expect("nothing removed", timeout: .seconds(60))
            return try session.waitForExit(timeout: .seconds(60))
        }
        #expect(declined == 0)
        let accepted = try await blocking {
            let session = try PTYSession(
                executable: binary, arguments: ["reset", "--data", data.path], environment: home.environment)
            defer { session.terminate() }
            _ = try session.expect("[y/N] ", timeout: .seconds(60))
            session.send("y\r")
            _ = try session.expect("removed 2 products", timeout: .seconds(60))
            return try session.waitForExit(timeout: .seconds(60))
        }
        #expect(accepted == 0)
        try await TestMarket.with(directory: data) { market in
            let products = try await market.client().products().value.products
            #expect(products.isEmpty)
        }
    }
}
