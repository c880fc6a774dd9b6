import Foundation
import Logging
import OpenMarketAPI
import OpenMarketServer

/// The bundled market on 127.0.0.1, on a port the system picks, over a fresh data directory:
/// the one test market every test target uses. It is stopped, and its directory removed, when
/// the body returns or throws.
///
/// ```swift
/// try await TestMarket.with { market in
///     let product = try await market.client().products()
///     #expect(product.totalCount == 0)
/// }
/// ```
public struct TestMarket: Sendable {
    public let running: RunningMarket
    /// The market's data directory.
    public let directory: URL

    public var baseURL: URL { running.baseURL }
    public var port: Int { running.baseURL.port! }
    /// The demo vendor's login, which every fresh market has.
    public var demo: VendorCredentials { running.demoCredentials }

    public init(running: RunningMarket, directory: URL) {
        self.running = running
        self.directory = directory
    }

    /// A client logged in as the demo vendor (or as `credentials`). The timeout is generous:
    /// the suite runs in parallel on two cores, and a test must not fail on timing.
    public func client(_ credentials: VendorCredentials? = nil, timeout: Duration = .seconds(600)) -> MarketClient {
        MarketClient(baseURL: baseURL, credentials: credentials ?? demo, timeout: timeout)
    }

    /// Starts a market, runs `body` with it, and stops it.
    ///
    /// - Parameters:
    ///   - existing: a data directory to reuse (kept afterwards); nil for a fresh one (removed).
    ///   - limits: the connection bounds.
    ///   - wrongSecrets: the policy for wrong secrets.
    ///   - body: the test.
    /// - Returns: what `body` returns.
    public static func with<T>(
        directory existing: URL? = nil, limits: ConnectionLimits = ConnectionLimits(),
        wrongSecrets: WrongSecretPolicy = WrongSecretPolicy(), _ body: (TestMarket) async throws -> T
    ) async throws -> T {
        let directory = try existing ?? Fixtures.temporaryDirectory("openmarket-test-market")
        let market = try await start(directory: directory, limits: limits, wrongSecrets: wrongSecrets)
        defer { if existing == nil { try? FileManager.default.removeItem(at: directory) } }
        do {
            let result = try await body(market)
            await market.running.stop()
            return result
        } catch {
            await market.running.stop()
            throw error
        }
    }

    /// Starts a market over `directory`; the caller stops it (`running.stop()`).
    public static func start(
        directory: URL, limits: ConnectionLimits = ConnectionLimits(), wrongSecrets: WrongSecretPolicy = WrongSecretPolicy()
    ) async throws -> TestMarket {
        var logger = Logger(label: "test-market")
        logger.logLevel = .critical
        let running = try await MarketServer.start(
            MarketServerConfiguration(
                host: "127.0.0.1", port: 0, dataDirectory: directory, limits: limits, wrongSecrets: wrongSecrets, logger: logger))
        return TestMarket(running: running, directory: directory)
    }
}
