import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import SellerShell
import ShellScripting
import Testing

/// A bundled market on an ephemeral port, a folder for scripts, and sessions logged in as the
/// market's demo vendor.
struct ScriptFixture {
    let market: RunningMarket
    let directory: URL
    /// The demo vendor's id (the same in every test market), which sessions are given as the
    /// program gives its local market's.
    let demoVendorID: Int?

    var client: MarketClient {
        MarketClient(baseURL: market.baseURL, credentials: market.demoCredentials, timeout: .seconds(600))
    }
    var secret: String { market.demoCredentials.secret.revealed }

    static func with<T>(_ body: (ScriptFixture) async throws -> T) async throws -> T {
        let directory = try Fixtures.temporaryDirectory("openmarket-script-test")
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await TestMarket.with(directory: directory.appendingPathComponent("market")) { market in
            try await body(ScriptFixture(market: market.running, directory: directory, demoVendorID: market.demoVendorID))
        }
    }

    /// A second market over `data`; the caller stops it.
    static func startMarket(_ data: URL) async throws -> RunningMarket {
        try await TestMarket.start(directory: data).running
    }

    func session(
        _ console: any ShellConsole, market: RunningMarket? = nil, dryRun: Bool = false, variables: [String: String] = [:],
        transport: (any HTTPTransport)? = nil, knowsVendor: Bool = true
    ) -> ScriptSession {
        let market = market ?? self.market
        return ScriptSession(
            configuration: ShellConfiguration(
                serverURL: market.baseURL, credentials: market.demoCredentials, vendorName: "demo-shop",
                vendorID: knowsVendor ? demoVendorID : nil,
                profiles: ProfileStore(directory: directory.appendingPathComponent("profiles")),
                transport: transport ?? AsyncHTTPClientTransport.shared, timeout: .seconds(600)),
            console: console, dryRun: dryRun, variables: variables, environment: ["HOME": directory.path])
    }

    /// Writes a script into the fixture's folder and returns its path.
    @discardableResult
    func script(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Copies a fixture image beside the scripts, so scripts can name it relatively.
    func copyImage(_ name: String, as newName: String? = nil) throws {
        let target = directory.appendingPathComponent(newName ?? name)
        if !FileManager.default.fileExists(atPath: target.path) {
            try FileManager.default.copyItem(at: Fixtures.image(name), to: target)
        }
    }

    func allProducts(_ market: RunningMarket? = nil) async throws -> [Product] {
        let market = market ?? self.market
        return try await MarketClient(baseURL: market.baseURL, timeout: .seconds(600)).allProducts().products
    }

    func product(id: Int) async throws -> Product { try await client.product(id: id).value }

    func journal(_ script: String) -> String {
        (try? String(contentsOfFile: script + ".journal", encoding: .utf8)) ?? ""
    }
}
