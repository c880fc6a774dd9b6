import Foundation
import Logging
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer

#if canImport(Glibc)
import Glibc
#endif

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
    /// The demo vendor's id, as the program knows it when it starts a local market (a session
    /// is given it rather than finding it out).
    public let demoVendorID: Int?

    public init(running: RunningMarket, directory: URL, demoVendorID: Int? = nil) {
        self.running = running
        self.directory = directory
        self.demoVendorID = demoVendorID
    }

    /// A client logged in as the demo vendor (or as `credentials`). The timeout is generous:
    /// the suite runs in parallel on two cores, and a test must not fail on timing.
    public func client(_ credentials: VendorCredentials? = nil, timeout: Duration = .seconds(600)) -> MarketClient {
        MarketClient(baseURL: baseURL, credentials: credentials ?? demo, timeout: timeout)
    }

    /// Starts a market, runs `body` with it, and stops it. At most `MarketSlots.limit` of these
    /// run at once in a test process; the others wait for their turn before starting.
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
        await MarketSlots.shared.acquire()
        let directory: URL
        let market: TestMarket
        do {
            directory = try existing ?? Fixtures.temporaryDirectory("openmarket-test-market")
            market = try await start(directory: directory, limits: limits, wrongSecrets: wrongSecrets)
        } catch {
            await MarketSlots.shared.release()
            throw error
        }
        defer { if existing == nil { try? FileManager.default.removeItem(at: directory) } }
        do {
            let result = try await body(market)
            await market.running.stop()
            await MarketSlots.shared.release()
            return result
        } catch {
            await market.running.stop()
            await MarketSlots.shared.release()
            throw error
        }
    }

    /// Starts a market over `directory`; the caller stops it (`running.stop()`). A directory
    /// that is missing or empty starts as a copy of a fresh market's (see `DataTemplate`).
    public static func start(
        directory: URL, limits: ConnectionLimits = ConnectionLimits(), wrongSecrets: WrongSecretPolicy = WrongSecretPolicy()
    ) async throws -> TestMarket {
        if DataTemplate.isMissingOrEmpty(directory) {
            try await DataTemplate.shared.copy(to: directory)
        }
        let running = try await MarketServer.start(configuration(directory, limits: limits, wrongSecrets: wrongSecrets))
        return TestMarket(running: running, directory: directory, demoVendorID: await running.demoVendor()?.id)
    }

    static func configuration(
        _ directory: URL, limits: ConnectionLimits = ConnectionLimits(), wrongSecrets: WrongSecretPolicy = WrongSecretPolicy()
    ) -> MarketServerConfiguration {
        var logger = Logger(label: "test-market")
        logger.logLevel = .critical
        var configuration = MarketServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: directory, limits: limits, wrongSecrets: wrongSecrets, logger: logger)
        // With OPENMARKET_EXCHANGE_LOG set (scripts/test sets it), every exchange is recorded.
        if let recorder = ExchangeRecorder.shared { configuration.exchangeObserver = { recorder.record($0) } }
        return configuration
    }
}

/// Admission for `TestMarket.with`: at most `limit` test markets at a time in this process.
///
/// Swift Testing starts every test at once. A hundred markets working at once on two cores
/// made every exchange take seconds, and tests bound by time (a stock change has 10 s to win its
/// races, a body must be refused within a minute) failed for it. Waiting here happens before a
/// test's market starts, so no test's own deadlines run while it waits. (`TestMarket.start`,
/// for a second market inside a test, takes no slot, so a test can never wait on itself.)
actor MarketSlots {
    static let limit = 4
    static let shared = MarketSlots()

    private var inUse = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        if inUse < Self.limit {
            inUse += 1
            return
        }
        // A slot is handed over by `release`, so `inUse` stays as it is.
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            inUse -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// The data directory of a fresh market, made once per test process and copied for each test
/// market that starts empty.
///
/// A fresh market makes its demo vendor, which derives the secret's hash (PBKDF2, a few hundred
/// milliseconds of CPU on purpose) on the task that starts the market. A hundred tests starting
/// markets at once paid that a hundred times on the two threads of the concurrency pool, which
/// stalled every other test for tens of seconds. A copy holds the same demo vendor (its
/// identifier and secret are the same in every test market of a run) and nothing else.
actor DataTemplate {
    static let shared = DataTemplate()

    private var made: Task<URL, any Error>?

    /// Copies the template (making it first, once) to `directory`, which must be missing or empty.
    func copy(to directory: URL) async throws {
        let template = try await url()
        let manager = FileManager.default
        try? manager.removeItem(at: directory)
        try manager.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(at: template, to: directory)
    }

    private func url() async throws -> URL {
        if let made { return try await made.value }
        let task = Task<URL, any Error> {
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent(
                    "openmarket-test-market-template-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
            let running = try await MarketServer.start(TestMarket.configuration(url))
            await running.stop()
            DataTemplate.removeAtExit(url)
            return url
        }
        made = task
        return try await task.value
    }

    /// The template's path, for the `atexit` handler (which can capture nothing); set once.
    nonisolated(unsafe) private static var madePath: String?

    private static func removeAtExit(_ url: URL) {
        madePath = url.path
        atexit {
            if let path = DataTemplate.madePath { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    static func isMissingOrEmpty(_ directory: URL) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return true }
        return entries.isEmpty
    }
}
