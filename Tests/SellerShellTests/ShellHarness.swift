import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import Testing

@testable import SellerShell

/// A bundled market on an ephemeral port and a shell logged in as its demo vendor.
struct ShellFixture {
    let market: RunningMarket
    /// The demo vendor's id, which the session is given (as the program gives its local market's).
    let demoVendorID: Int?
    let console: RecordingConsole
    let shell: ShellSession
    let directory: URL

    var client: MarketClient {
        MarketClient(baseURL: market.baseURL, credentials: market.demoCredentials, timeout: .seconds(600))
    }

    // Untyped `throws` on purpose: a test closure whose only throwing calls threw MarketError
    // would be inferred as throws(MarketError), which #expect's own `try` cannot satisfy.
    func products() async throws -> ProductPage { try await client.products().value }
    func product(id: Int) async throws -> Product { try await client.product(id: id).value }

    static func with<T>(
        interactive: Bool = false, answers: [String] = [], secrets: [String] = [], json: Bool = false,
        transport: (any HTTPTransport)? = nil, knowsVendor: Bool = true, _ body: (ShellFixture) async throws -> T
    ) async throws -> T {
        let directory = try Fixtures.temporaryDirectory("openmarket-shell-test")
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await TestMarket.with(directory: directory.appendingPathComponent("market")) { market in
            let console = RecordingConsole(interactive: interactive, answers: answers, secrets: secrets)
            let shell = ShellSession(
                configuration: ShellConfiguration(
                    serverURL: market.baseURL, credentials: market.demo, vendorName: "demo-shop",
                    vendorID: knowsVendor ? market.demoVendorID : nil, outputJSON: json,
                    profiles: ProfileStore(directory: directory.appendingPathComponent("profiles")),
                    transport: transport ?? AsyncHTTPClientTransport.shared,
                    // Generous: the suite runs in parallel on two cores, and a test must not fail on timing.
                    timeout: .seconds(600)),
                console: console)
            return try await body(
                ShellFixture(
                    market: market.running, demoVendorID: market.demoVendorID, console: console, shell: shell,
                    directory: directory))
        }
    }

    @discardableResult
    func run(_ line: String) async -> CommandStatus { await shell.execute(line).status }

    /// A registered product through the shell, with the given fixture images.
    @discardableResult
    func register(
        name: String = "Test mug", price: String = "3500", extra: String = "", images: [String] = ["coffee-small.jpg"]
    ) async throws -> Product {
        let imageArgs = images.map { "image='\(Fixtures.image($0).path)'" }.joined(separator: " ")
        let status = await run(
            "register name='\(name)' description='A product for the shell tests' price=\(price) currency=KRW \(extra) \(imageArgs)"
        )
        #expect(status == .ok, "register failed: \(console.notes)")
        let page = try await client.products(perPage: 1).value
        return try #require(page.products.first)
    }
}
