import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import SellerShell
import Testing

@testable import ShellScripting

/// Resume on the shell's own local market (issue 23, Major 2): journals name it by its data
/// directory, so a resume works whatever port it got; `--restart` says which rows exist; a
/// stepped lesson that was quit runs again without a flag.
@Suite("Resuming on the local market")
struct LocalMarketResumeTests {
    /// A session on `market`, which is the program's local market over `data` when `local`.
    static func session(
        _ f: ScriptFixture, on market: RunningMarket, data: URL, local: Bool, _ console: RecordingConsole
    )
        -> ScriptSession
    {
        var configuration = ShellConfiguration(
            serverURL: market.baseURL, credentials: market.demoCredentials, vendorName: "demo-shop",
            vendorID: f.demoVendorID, profiles: ProfileStore(directory: f.directory.appendingPathComponent("profiles")),
            timeout: .seconds(600))
        if local { configuration.localMarket = LocalMarket(url: market.baseURL, dataDirectory: data) }
        return ScriptSession(configuration: configuration, console: console, environment: ["HOME": f.directory.path])
    }

    /// The journal as a kill after rows 2 and 3 leaves it: no `finished`, the last row not done.
    static func unfinish(_ path: String, lastRow: Int) throws {
        let journal = try String(contentsOfFile: path + ".journal", encoding: .utf8)
        let kept = journal.split(separator: "\n").filter { line in
            !line.contains("\"finished\"") && !(line.contains("\"line\":\(lastRow)") && line.contains("\"done\""))
        }
        try (kept.joined(separator: "\n") + "\n").write(toFile: path + ".journal", atomically: true, encoding: .utf8)
    }

    @Test func anImportOnTheLocalMarketResumesAfterItStartedAgainOnAnotherPort() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let data = f.directory.appendingPathComponent("local")
            let first = try await ScriptFixture.startMarket(data)
            let path = try f.script("cat.csv", CatalogImportTests.rows(3))
            let console = RecordingConsole()
            #expect(
                await Self.session(f, on: first, data: data, local: true, console).execute("import '\(path)' --yes").status
                    == .ok, "\(console.notes)")
            #expect(f.journal(path).contains("\"market\":"), "\(f.journal(path))")
            // Row 4 (Item 3) was never made: the kill came before it.
            let item3 = try #require(try await f.allProducts(first).first { $0.name == "Item 3" })
            _ = try await MarketClient(baseURL: first.baseURL, credentials: first.demoCredentials, timeout: .seconds(600))
                .delete(id: item3.id)
            try Self.unfinish(path, lastRow: 4)
            await first.stop()
            // The next start of the local market: the same data, another port.
            var second = try await ScriptFixture.startMarket(data)
            for _ in 0..<3 where second.baseURL.port == first.baseURL.port {
                let held = second
                second = try await ScriptFixture.startMarket(data)
                await held.stop()
            }
            #expect(second.baseURL.port != first.baseURL.port)
            // Another server than the journal's local market is refused, naming its data.
            let elsewhere = RecordingConsole()
            #expect(
                await Self.session(f, on: second, data: data, local: false, elsewhere).execute("import '\(path)' --yes --resume")
                    .status == .usage)
            #expect(elsewhere.notes.contains("its journal's run was against the local market over"), "\(elsewhere.notes)")
            let resumed = RecordingConsole()
            #expect(
                await Self.session(f, on: second, data: data, local: true, resumed).execute("import '\(path)' --yes --resume")
                    .status == .ok, "\(resumed.notes)")
            #expect(try await f.allProducts(second).map(\.name).sorted() == ["Item 1", "Item 2", "Item 3"])
            await second.stop()
        }
    }

    @Test func restartShowsWhichRowsExistAndWouldBeRegisteredAgain() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(3))
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes").status == .ok)
            let ids = Dictionary(uniqueKeysWithValues: try await f.allProducts().map { ($0.name, $0.id) })
            try Self.unfinish(path, lastRow: 99)
            let unfinished = f.journal(path)
            // Matched by name (the default), nothing is registered again.
            let matched = RecordingConsole(interactive: true, answers: ["no"])
            #expect(await f.session(matched).execute("import '\(path)' --restart").status == .ok, "\(matched.notes)")
            #expect(
                matched.out.contains("(--restart: the unfinished import made 3 rows; none is registered again)"), "\(matched.out)"
            )
            try unfinished.write(toFile: path + ".journal", atomically: true, encoding: .utf8)
            // By id only, every row the last run made would be made again: the plan names them.
            let byID = RecordingConsole(interactive: true, answers: ["no"])
            #expect(
                await f.session(byID).execute("import '\(path)' --restart --match id --allow-duplicates").status == .ok,
                "\(byID.notes)")
            #expect(byID.out.contains("3 would be registered again"), "\(byID.out)")
            #expect(byID.out.contains("row 2: #\(try #require(ids["Item 1"])) exists"), "\(byID.out)")
            #expect(byID.notes.contains("import cancelled; nothing was sent"), "\(byID.notes)")
            #expect(try await f.allProducts().count == 3)
            // A plan alone says it too, opening no journal (it said nothing of the unfinished
            // import before); the journal is left as it was, for the --restart or --resume to come.
            let planned = RecordingConsole()
            #expect(
                await f.session(planned).execute("import '\(path)' --restart --plan --match id --allow-duplicates").status
                    == .ok, "\(planned.notes)")
            #expect(planned.out.contains("3 would be registered again"), "\(planned.out)")
            #expect(f.journal(path) == unfinished)
            // A finished import's rows are no unfinished import's.
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes --resume").status == .ok)
            let afterFinish = RecordingConsole()
            #expect(await f.session(afterFinish).execute("import '\(path)' --restart --plan").status == .ok)
            #expect(!afterFinish.out.contains("unfinished import"), "\(afterFinish.out)")
        }
    }

    /// A `--restart` emptied the unfinished import's journal as it opened it, before its
    /// question: cancelled there, nothing was sent, but `--resume` had nothing left to go on
    /// from and a plain import no longer said the last one was unfinished.
    @Test func aRestartCancelledAtItsQuestionLeavesTheUnfinishedImportsJournal() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(3))
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes").status == .ok)
            try Self.unfinish(path, lastRow: 99)
            let unfinished = f.journal(path)
            // By id only, the three rows would be registered again: a question, answered no.
            let cancelled = RecordingConsole(interactive: true, answers: ["no"])
            #expect(
                await f.session(cancelled).execute("import '\(path)' --restart --match id --allow-duplicates").status
                    == .ok, "\(cancelled.notes)")
            #expect(cancelled.notes.contains("import cancelled; nothing was sent"), "\(cancelled.notes)")
            #expect(f.journal(path) == unfinished)
            let plain = RecordingConsole()
            #expect(await f.session(plain).execute("import '\(path)' --yes").status == .usage)
            #expect(plain.notes.contains("shows an import that did not finish (3 rows done)"), "\(plain.notes)")
            // Stopped by a report it cannot write, before anything is sent: the same.
            let noReport = RecordingConsole()
            let report = f.directory.appendingPathComponent("no-such-folder/report.csv").path
            #expect(
                await f.session(noReport).execute("import '\(path)' --restart --yes --match id --report '\(report)'")
                    .status != .ok, "\(noReport.notes)")
            #expect(f.journal(path) == unfinished)
            // Gone ahead, the restart starts the journal over.
            let restarted = RecordingConsole()
            #expect(await f.session(restarted).execute("import '\(path)' --restart --yes").status == .ok)
            #expect(f.journal(path) != unfinished)
            #expect(f.journal(path).contains("\"finished\""), "\(f.journal(path))")
            #expect(try await f.allProducts().count == 3)
        }
    }

    /// Resumed after its last row (killed before it wrote `finished`), an import said "3 done
    /// before the interruption, 0 failed in 0.0 s, 0.0/s": a time and a rate of nothing sent.
    @Test func aResumeWithEveryRowDoneSaysNothingWasLeftToSend() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(3))
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes").status == .ok)
            try Self.unfinish(path, lastRow: 99)
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(path)' --yes --resume").status == .ok, "\(resumed.notes)")
            let said = resumed.notes + resumed.out
            #expect(said.contains("cat.csv: 3 done before the interruption; nothing left to send"), "\(said)")
            #expect(!said.contains("/s") && !said.contains("failed"), "\(said)")
            #expect(f.journal(path).contains("\"finished\""), "\(f.journal(path))")
            #expect(try await f.allProducts().count == 3)
        }
    }

    /// An unfinished import's journal written on another market says nothing of this one's
    /// rows: its ids are other products (the plan called three of them this market's).
    @Test func restartOnAnotherMarketSaysNothingOfTheUnfinishedImportsRows() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(3))
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes").status == .ok)
            try Self.unfinish(path, lastRow: 99)
            let other = try await ScriptFixture.startMarket(f.directory.appendingPathComponent("other-market"))
            // The other market has products of its own under the same ids.
            let seed = try f.script("seed.csv", CatalogImportTests.rows(3))
            #expect(await f.session(RecordingConsole(), market: other).execute("import '\(seed)' --yes").status == .ok)
            // Without --restart: the import goes on where its journal was written, not here (its
            // refusal says so, with no usage line after it; the plan says it too).
            let plain = RecordingConsole()
            let plainStatus = await f.session(plain, market: other).execute("import '\(path)' --yes").status
            let plainPlan = RecordingConsole()
            _ = await f.session(plainPlan, market: other).execute("import '\(path)' --plan")
            let planned = RecordingConsole()
            let status = await f.session(planned, market: other).execute(
                "import '\(path)' --restart --plan --match id --allow-duplicates"
            ).status
            let restarted = RecordingConsole(interactive: true, answers: ["no"])
            let restartStatus = await f.session(restarted, market: other).execute(
                "import '\(path)' --restart --match id --allow-duplicates"
            ).status
            await other.stop()
            #expect(plainStatus == .usage, "\(plain.notes)")
            #expect(plain.notes.contains("its journal's run was against \(f.market.baseURL.absoluteString)"), "\(plain.notes)")
            #expect(!plain.notes.contains("usage:"), "\(plain.notes)")
            #expect(plainPlan.notes.contains("its journal's run was against"), "\(plainPlan.notes)")
            #expect(!plainPlan.notes.contains("continue it with --resume"), "\(plainPlan.notes)")
            #expect(status == .ok, "\(planned.notes)")
            #expect(!planned.out.contains("unfinished import"), "\(planned.out)")
            #expect(!planned.out.contains("would be registered again"), "\(planned.out)")
            #expect(restartStatus == .ok, "\(restarted.notes)")
            #expect(!restarted.out.contains("unfinished import"), "\(restarted.out)")
        }
    }

    @Test func aSteppedLessonThatWasQuitRunsAgainWithoutAFlag() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "lesson.om",
                """
                # Lesson: two products.
                register name=Cup description='A cup for the lesson' price=10 currency=KRW image=coffee-small.jpg
                register name=Pot description='A pot for the lesson' price=20 currency=KRW image=coffee-small.jpg
                """)
            let quit = RecordingConsole(interactive: true, answers: ["", "q"])
            #expect(await f.session(quit).runScript(path: path, options: ScriptOptions(step: true)) == .interrupted)
            #expect(try await f.allProducts().map(\.name) == ["Cup"])
            let again = RecordingConsole(interactive: true, answers: ["q"])
            #expect(
                await f.session(again).runScript(path: path, options: ScriptOptions(step: true)) == .interrupted, "\(again.notes)"
            )
            #expect(!again.notes.contains("did not finish"), "\(again.notes)")
            #expect(again.questions.count == 1, "it starts from the top: \(again.questions)")
        }
    }
}

extension RecordingConsole {
    fileprivate var questions: [String] { notes.split(separator: "\n").map(String.init).filter { $0.hasPrefix("? ") } }
}
