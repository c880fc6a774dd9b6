import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization
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
    static func slowCreates() -> SpyTransport {
        let started = Watched(0)
        return SpyTransport { request, timeout in
            guard isCreate(request) else { return try await SpyTransport.market(request, timeout) }
            let first = started.change { count in
                count += 1
                return count == 1
            }
            // The delay is the behaviour the test needs (a create still in flight), not a wait.
            try await Task.sleep(for: .milliseconds(first ? 400 : 2000))
            return try await SpyTransport.market(request, timeout)
        }
    }

    static func isCreate(_ request: HTTPRequestData) -> Bool {
        request.method == .post && request.url.path == "/api/products"
    }

    /// Ctrl-C as the program hears it (`InterruptMonitor.presses()`): each press reaches every
    /// stream subscribed before it.
    final class Presses: Sendable {
        private let listeners = Mutex<[AsyncStream<Void>.Continuation]>([])

        func subscribe() -> AsyncStream<Void> {
            let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
            listeners.withLock { $0.append(continuation) }
            return stream
        }

        func press() {
            for listener in listeners.withLock({ $0 }) { listener.yield() }
        }
    }

    static func session(
        _ f: ScriptFixture, _ console: RecordingConsole, transport: SpyTransport, interrupts: Presses? = nil
    ) -> ScriptSession {
        var subscribe: (@Sendable () -> AsyncStream<Void>)?
        if let interrupts { subscribe = { interrupts.subscribe() } }
        return ScriptSession(
            configuration: ShellConfiguration(
                serverURL: f.market.baseURL, credentials: f.market.demoCredentials, vendorID: f.demoVendorID,
                profiles: ProfileStore(directory: f.directory.appendingPathComponent("profiles")), transport: transport,
                timeout: .seconds(600)),
            console: console, environment: ["HOME": f.directory.path], interrupts: subscribe)
    }

    /// Starts the import and cancels it (the first Ctrl-C) once `count` creates have been
    /// answered, then runs `second` (the second Ctrl-C) at once: cancelling the task has already
    /// run the import's cancellation handler, which is where it starts listening.
    static func interrupted(
        _ f: ScriptFixture, _ path: String, at count: Int, console: RecordingConsole, then second: (() -> Void)? = nil,
        interrupts: Presses? = nil
    ) async throws -> CommandReport {
        let transport = slowCreates()
        let session = Self.session(f, console, transport: transport, interrupts: interrupts)
        let task = Task { await session.execute("import '\(path)' --yes --jobs 2") }
        let made = await transport.waitForAnswers(count) { isCreate($0.request) && $0.response.status == 201 }
        try #require(made, "no create was answered: \(console.notes)")
        task.cancel()
        second?()
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
            // A plan of the file says the import did not finish (before, only the `--yes` after it
            // did, refused).
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(path)' --plan").status == .ok, "\(plan.notes)")
            #expect(plan.notes.contains("shows an import that did not finish"), "\(plan.notes)")
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(path)' --yes --resume").status == .ok, "\(resumed.notes)")
            #expect(try await f.allProducts().map(\.name).sorted() == (1...12).map { "Item \($0)" }.sorted())
        }
    }

    /// The resumed run's changes join the interrupted run's in the change log: one `undo`
    /// takes back the whole import (before, each run was a unit, and `undo` took back only the
    /// rows the resume made).
    @Test func anInterruptedImportAndItsResumeAreUndoneTogether() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(12))
            let console = RecordingConsole()
            #expect(try await Self.interrupted(f, path, at: 1, console: console).status == .interrupted)
            try #require(try await f.allProducts().count > 0)
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(path)' --yes --resume").status == .ok, "\(resumed.notes)")
            #expect(try await f.allProducts().count == 12)
            let undo = RecordingConsole()
            #expect(await f.session(undo).execute("undo --yes").status == .ok, "\(undo.notes) \(undo.out)")
            #expect(try await f.allProducts().isEmpty, "\(undo.out)")
        }
    }

    /// A change made between the interrupted run and its resume: the resumed rows are a unit of
    /// their own, the latest, so a bare `undo` takes them back (joined to the first run's
    /// unit, which began before the change, they left `undo` taking back the change).
    @Test func aResumeAfterAnotherChangeIsWhatUndoTakesBack() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let mug = try await f.client.create(
                ProductDraft(name: "Mug", description: "Made before the import", price: 10, currency: .krw, stock: 5),
                images: [try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)]
            ).value
            let path = try f.script("cat.csv", CatalogImportTests.rows(12))
            #expect(try await Self.interrupted(f, path, at: 1, console: RecordingConsole()).status == .interrupted)
            let first = try await f.allProducts().count - 1
            #expect(await f.session(RecordingConsole()).execute("stock \(mug.id) -1").status == .ok)
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(path)' --yes --resume").status == .ok, "\(resumed.notes)")
            let undo = RecordingConsole()
            #expect(await f.session(undo).execute("undo --yes").status == .ok, "\(undo.notes) \(undo.out)")
            #expect(try await f.allProducts().count == first + 1, "the resumed rows taken back: \(undo.out)")
            #expect(try await f.product(id: mug.id).stock == 4, "the change in between kept: \(undo.out)")
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

/// A resume after the interrupted rows were taken back, and the plan of a resume.
extension ImportInterruptTests {
    /// The rows the interrupted run registered were undone before the resume: the resume
    /// registers them again, says so, and is a unit of its own that one `undo` takes back
    /// (before, its plan said it registered every row, and the run refused those rows as
    /// updates of products no longer there; and a resume joined the interrupted run's unit
    /// even when that was undone).
    @Test func aResumeAfterTheInterruptedRowsWereUndoneRegistersThemAgain() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(12))
            #expect(try await Self.interrupted(f, path, at: 1, console: RecordingConsole()).status == .interrupted)
            // How many rows were in flight when Ctrl-C came, and so finished, depends on timing.
            let made = try await f.allProducts().count
            try #require(made > 0 && made < 12)
            let undo = RecordingConsole()
            #expect(await f.session(undo).execute("undo --yes").status == .ok, "\(undo.notes) \(undo.out)")
            try #require(try await f.allProducts().isEmpty)
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(path)' --yes --resume").status == .ok, "\(resumed.notes)")
            #expect(resumed.notes.contains("gone from the market since (undone or deleted); registering"), "\(resumed.notes)")
            #expect(try await f.allProducts().map(\.name).sorted() == (1...12).map { "Item \($0)" }.sorted())
            let listed = RecordingConsole()
            _ = await f.session(listed).execute("changes")
            // The resume is a unit of its own: the interrupted run's stays wholly undone (joined
            // to it, before, the resumed rows made one unit of 14 changes, 2 of them undone).
            #expect(
                listed.out.contains(made == 1 ? "1 change (1 registered)" : "\(made) changes (\(made) registered)")
                    && listed.out.contains("12 changes (12 registered)"),
                "\(listed.out)")
            let again = RecordingConsole()
            #expect(await f.session(again).execute("undo --yes").status == .ok, "\(again.notes) \(again.out)")
            #expect(try await f.allProducts().isEmpty, "\(again.out)")
        }
    }

    /// `--plan --resume` shows the rows the interrupted run did as done before, as the resume
    /// itself does (before, the plan read no journal and said it registered every row), with no
    /// note of those rows having no revision column (before, the resume's own plan had one).
    @Test func aPlanOfAResumeShowsTheRowsDoneBefore() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(12))
            #expect(try await Self.interrupted(f, path, at: 1, console: RecordingConsole()).status == .interrupted)
            let made = try await f.allProducts().count
            try #require(made > 0 && made < 12)
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(path)' --plan --resume").status == .ok, "\(plan.notes)")
            #expect(plan.out.contains("register   \(12 - made) "), "\(plan.out)")
            #expect(plan.out.contains("(\(made) row\(made == 1 ? "" : "s") done before the interruption)"), "\(plan.out)")
            // Rows the interrupted run made are the market's now: no note of rows without a revision.
            #expect(!plan.out.contains("without a revision column"), "\(plan.out)")
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(path)' --yes --resume").status == .ok, "\(resumed.notes)")
            #expect(resumed.out.contains("register   \(12 - made) "), "\(resumed.out)")
        }
    }
}
