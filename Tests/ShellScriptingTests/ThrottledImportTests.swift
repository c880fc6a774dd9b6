import Foundation
import MarketTestSupport
import OpenMarketAPI
import SellerShell
import Testing

@testable import ShellScripting

/// An import against a market that takes ten creates a second and refuses the rest with `429`
/// and `Retry-After: 1` (the throttling proxy's rate limit, over loopback): the import hears the
/// refusals, sends fewer at once and rests as long as the market asks, and every row lands once.
@Suite("A throttled import finds its speed")
struct ThrottledImportTests {
    static let rows = 30

    /// Imports `rows` new rows through a proxy that lets `perSecond` creates a second through; answers
    /// the import's status, what the console heard, and the proxy's count of creates.
    static func importThrottled(
        _ f: ScriptFixture, flags: String, perSecond: Double = 10, burst: Int = 3
    ) async throws -> (CommandStatus, RecordingConsole, ThrottlingProxy.Count) {
        try f.copyImage("coffee-small.jpg")
        let path = try f.script("busy.csv", CatalogImportTests.rows(rows))
        let proxy = try ThrottlingProxy(
            target: f.market.baseURL,
            refusals: [.rateLimit(method: "POST", path: "/api/products", perSecond: perSecond, burst: burst)])
        defer { proxy.stop() }
        let console = RecordingConsole()
        let session = ScriptSession(
            configuration: ShellConfiguration(
                serverURL: proxy.baseURL, credentials: f.market.demoCredentials, vendorID: f.demoVendorID,
                profiles: ProfileStore(directory: f.directory.appendingPathComponent("profiles")), timeout: .seconds(600)),
            console: console, environment: ["HOME": f.directory.path])
        let status = await session.execute("import '\(path)' --yes \(flags)").status
        return (status, console, proxy.count("POST", "/api/products"))
    }

    static var everyItem: [String] { (1...rows).map { "Item \($0)" }.sorted() }

    /// Five a second and no burst: without `--jobs` the import starts one row at a time, and a
    /// loaded machine can make that slower than ten a second, when the market never refuses.
    @Test func withoutJobsEveryRowLandsOnceAndNoneFails() async throws {
        try await ScriptFixture.with { f in
            let (status, console, creates) = try await Self.importThrottled(f, flags: "", perSecond: 5, burst: 1)
            #expect(status == .ok, "\(console.notes) \(console.out)")
            #expect(console.out.contains("0 failed"), "\(console.out)")
            #expect(creates.forwarded == Self.rows)
            #expect(creates.refused > 0, "the market never refused: the test proves nothing")
            #expect(try await f.allProducts().map(\.name).sorted() == Self.everyItem)
        }
    }

    /// Before, `--jobs 32` kept 32 creates in flight whatever the market said, and the rows
    /// refused together came back together: 10 of 30 were refused six times and failed.
    @Test func jobsIsACapThatGivesWayToTheMarketsRefusals() async throws {
        try await ScriptFixture.with { f in
            let (status, console, creates) = try await Self.importThrottled(f, flags: "--jobs 32")
            #expect(status == .ok, "\(console.notes) \(console.out)")
            #expect(console.out.contains("0 failed"), "\(console.out)")
            #expect(creates.forwarded == Self.rows)
            // The first 32 go at once (the seller allowed them); the refusals after are the ones
            // the market's rate makes, waited out together.
            #expect(creates.refused > 0)
            #expect(try await f.allProducts().map(\.name).sorted() == Self.everyItem)
        }
    }
}
