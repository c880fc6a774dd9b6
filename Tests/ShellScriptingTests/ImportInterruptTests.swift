import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// Ctrl-C during an import: the first stops new rows and lets those in flight finish, the
/// second cancels them; either way the journal stays true, and `--resume` ends with exactly the
/// file's products.
@Suite("Interrupting an import")
struct ImportInterruptTests {
    /// Holds every create back a while, so rows are in flight when Ctrl-C comes: the first
    /// 400 ms, the later ones 2 s. (With one delay for all, the rows started together also ended
    /// together, and on a loaded machine the second Ctrl-C could come after the last of them.)
    final class SlowCreates: HTTPTransport, @unchecked Sendable {
        let inner: any HTTPTransport = AsyncHTTPClientTransport.shared
        private let lock = NSLock()
        private var started = 0

        func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
            guard request.method == .post, request.url.path == "/api/products" else {
                return try await inner.send(request, timeout: timeout)
            }
            let first = lock.withLock {
                started += 1
                return started == 1
            }
            try await Task.sleep(for: .milliseconds(first ? 400 : 2000))
            return try await inner.send(request, timeout: timeout)
        }
    }

    /// Ctrl-C presses, as the program counts them.
    final class Presses: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 1
        func press() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    static func session(_ f: ScriptFixture, _ console: RecordingConsole, interrupts: Presses? = nil) -> ScriptSession {
        var counter: (@Sendable () -> Int)?
        if let interrupts { counter = { interrupts.value } }
        return ScriptSession(
            configuration: ShellConfiguration(
                serverURL: f.market.baseURL, credentials: f.market.demoCredentials,
                profiles: ProfileStore(directory: f.directory.appendingPathComponent("profiles")), transport: SlowCreates(),
                timeout: .seconds(600)),
            console: console, environment: ["HOME": f.directory.path], interrupts: counter)
    }

    /// Starts the import and cancels it (the first Ctrl-C) once `count` products exist.
    static func interrupted(
        _ f: ScriptFixture, _ path: String, at count: Int, console: RecordingConsole, then second: (() -> Void)? = nil,
        interrupts: Presses? = nil
    ) async throws -> LineOutcome {
        let session = Self.session(f, console, interrupts: interrupts)
        let task = Task { await session.execute("import '\(path)' --yes --jobs 2") }
        while try await f.allProducts().count < count { try await Task.sleep(for: .milliseconds(20)) }
        task.cancel()
        if let second {
            try await Task.sleep(for: .milliseconds(50))
            second()
        }
        return await task.value
    }

    @Test func theFirstCtrlCLetsTheRowsInFlightFinishAndResumeDoesTheRest() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(12))
            let console = RecordingConsole()
            let outcome = try await Self.interrupted(f, path, at: 1, console: console)
            #expect(outcome.status == .interrupted)
            #expect(console.notes.contains("interrupted: the rows in flight finished"), "\(console.notes)")
            #expect(!console.notes.contains("failed\n") && !console.notes.contains(": cancelled"), "\(console.notes)")
            // What the summary says was registered is what the market has: nothing half-done.
            let made = try await f.allProducts().count
            #expect(console.notes.contains("\(made) registered"), "\(made): \(console.notes)")
            #expect(made < 12)
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(path)' --yes --resume").status == .ok, "\(resumed.notes)")
            #expect(try await f.allProducts().map(\.name).sorted() == (1...12).map { "Item \($0)" }.sorted())
        }
    }

    @Test func aSecondCtrlCCancelsTheRowsInFlightAndResumeStillMakesEachOnce() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(12))
            let interrupts = Presses()
            let console = RecordingConsole()
            let outcome = try await Self.interrupted(
                f, path, at: 1, console: console, then: { interrupts.press() }, interrupts: interrupts)
            #expect(outcome.status == .interrupted)
            #expect(console.notes.contains("interrupted twice: the rows in flight were cancelled"), "\(console.notes)")
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(path)' --yes --resume").status == .ok, "\(resumed.notes)")
            let names = try await f.allProducts().map(\.name)
            #expect(names.count == 12, "\(names.sorted())")
            #expect(Set(names) == Set((1...12).map { "Item \($0)" }))
        }
    }
}
