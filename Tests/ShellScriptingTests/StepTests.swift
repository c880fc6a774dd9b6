import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

/// `run FILE --step` and `source FILE --step` (issue 13, item 5): each command shown with its
/// comments, then Enter sends, `s` skips, `c` runs to the end, `q` stops; without a person at
/// the console the script runs straight through.
@Suite("Stepping through a script")
struct StepTests {
    static let script = """
        # Lesson: three health checks.
        # The first one is explained here.
        health
        expect 1 == 1
        # The second.
        health
        health
        """

    func run(answers: [String], interactive: Bool = true) async throws -> (CommandStatus, RecordingConsole, Int) {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try f.script("lesson.om", Self.script)
            let counting = SpyTransport()
            let console = RecordingConsole(interactive: interactive, answers: answers)
            let status = await f.session(console, transport: counting).runScript(
                path: path, options: ScriptOptions(journalPath: f.directory.appendingPathComponent("j").path, step: true))
            return (status, console, counting.requests.count)
        }
    }

    @Test func enterSendsAndTheCommentsComeFirst() async throws {
        let (status, console, sent) = try await run(answers: ["", "", ""])
        #expect(status == .ok, "\(console.notes)")
        #expect(sent == 3)
        #expect(
            console.out.contains("# Lesson: three health checks.\n# The first one is explained here.\n▶ health"), "\(console.out)"
        )
        #expect(console.questions.first == "? [1/4] Enter: send · s: skip · c: continue · q: quit ", "\(console.questions)")
        #expect(console.questions.count == 3, "expect runs without waiting: \(console.questions)")
        #expect(console.notes.contains("→ GET "), "the request is shown as it goes: \(console.notes)")
    }

    @Test func theTitleBlockComesFirstAndTheEndIsCounted() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try f.script(
                "01-lesson.om",
                """
                #!/usr/bin/env openmarket
                # Lesson 1 — the title.
                # What it teaches.
                #

                set price 3
                # The first health check.
                health
                expect 1 == 1
                expect 2 == 2
                health
                """)
            let console = RecordingConsole(interactive: true, answers: ["", ""])
            let status = await f.session(console).runScript(
                path: path, options: ScriptOptions(journalPath: f.directory.appendingPathComponent("j").path, step: true))
            #expect(status == .ok, "\(console.notes)")
            #expect(console.out.hasPrefix("# Lesson 1 — the title.\n# What it teaches.\n"), "\(console.out)")
            #expect(console.out.components(separatedBy: "# Lesson 1").count == 2, "shown once: \(console.out)")
            #expect(console.notes.hasSuffix("01-lesson.om: 2 requests, 2 checks passed"), "\(console.notes)")
        }
    }

    @Test func aTitleRightAboveTheFirstCommandIsShownWithIt() async throws {
        let (_, console, _) = try await run(answers: ["", "", ""])
        #expect(console.out.components(separatedBy: "# Lesson: three health checks.").count == 2, "\(console.out)")
        #expect(console.notes.contains("lesson.om: 3 requests, 1 check passed"), "\(console.notes)")
    }

    @Test func sSkipsAndQStops() async throws {
        let (status, console, sent) = try await run(answers: ["s", "", "q"])
        #expect(status == .interrupted)
        #expect(sent == 1, "the first skipped, the second sent, the third stopped before sending")
        #expect(console.notes.contains("lesson.om: stopped at line 7: 1 sent, 1 skipped, 1 not reached"), "\(console.notes)")
    }

    /// A line that reads what a skipped step would have set is skipped with it, said with why
    /// (before, a lesson's `expect ${response.status} == 201` checked the request before and
    /// failed the lesson); a line that sets the name again puts it back.
    @Test func whatReadsASkippedStepsResultIsSkippedWithIt() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try f.script(
                "lesson.om",
                """
                GET /healthChecker --no-auth
                expect ${response.status} == 204
                set code ${response.status}
                expect $code == 204
                expect 1 == 1
                GET /healthChecker --no-auth
                expect ${response.status} == 200
                """)
            let counting = SpyTransport()
            let console = RecordingConsole(interactive: true, answers: ["s", ""])
            let status = await f.session(console, transport: counting).runScript(
                path: path, options: ScriptOptions(journalPath: f.directory.appendingPathComponent("j").path, step: true))
            #expect(status == .ok, "\(console.notes)")
            #expect(counting.requests.count == 1)
            #expect(console.notes.contains("line 2 skipped too: it reads $response, which line 1 would have set (skipped)"))
            #expect(console.notes.contains("line 3 skipped too: it reads $response, which line 1 would have set (skipped)"))
            #expect(console.notes.contains("line 4 skipped too: it reads $code, which line 3 would have set (skipped)"))
            #expect(console.notes.hasSuffix("lesson.om: 1 request, 2 checks passed, 4 lines skipped"), "\(console.notes)")
        }
    }

    /// A product a skipped line would have named (`… as mug`) is not read after it; one a
    /// skipped change would have changed keeps its id but not its fields, until a line that ran
    /// changes it again; after `c` the rest runs, still without what was skipped.
    @Test func aSkippedNameOrChangeSkipsWhatReadsIt() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let photo = f.directory.appendingPathComponent("coffee-small.jpg").path
            let made = await f.session(RecordingConsole()).execute(
                "register name=Mug description='A mug for the lesson' price=10 currency=KRW image=\(photo)")
            #expect(made.status == .ok)
            let id = try #require(try await f.allProducts().first { $0.name == "Mug" }?.id)
            let path = try f.script(
                "lesson.om",
                """
                show \(id) as mug
                expect ${mug.id} == \(id)
                show \(id) as other
                patch $other price=999
                expect ${other.price} == 999
                stock $other +1
                expect ${other.stock} > 0
                expect ${mug.name} == Mug
                """)
            let counting = SpyTransport()
            let console = RecordingConsole(interactive: true, answers: ["s", "", "s", "c"])
            let status = await f.session(console, transport: counting).runScript(
                path: path, options: ScriptOptions(journalPath: f.directory.appendingPathComponent("j").path, step: true))
            #expect(status == .ok, "\(console.notes)")
            #expect(console.notes.contains("line 2 skipped too: it reads $mug, which line 1 would have set (skipped)"))
            #expect(
                console.notes.contains(
                    "line 5 skipped too: it reads a field of $other, which line 4 would have changed (skipped)"))
            #expect(!console.notes.contains("line 6 skipped") && !console.notes.contains("line 7 skipped"))
            #expect(console.notes.contains("line 8 skipped too: it reads $mug, which line 1 would have set (skipped)"))
            #expect(console.notes.hasSuffix("lesson.om: 3 requests, 1 check passed, 5 lines skipped"), "\(console.notes)")
            // The skipped patch was not sent; the stock (a read, then its change) was.
            #expect(try await f.product(id: id).price == 10)
        }
    }

    @Test func cRunsToTheEndAndOtherAnswersAskAgain() async throws {
        let (status, console, sent) = try await run(answers: ["what?", "c"])
        #expect(status == .ok, "\(console.notes)")
        #expect(sent == 3)
        #expect(console.questions.count == 2, "asked again after 'what?', then never: \(console.questions)")
    }

    @Test func noAnswerStopsAsQDoes() async throws {
        let (status, _, sent) = try await run(answers: [])
        #expect(status == .interrupted)
        #expect(sent == 0)
    }

    @Test func withoutAPersonItRunsStraightThrough() async throws {
        let (status, console, sent) = try await run(answers: [], interactive: false)
        #expect(status == .ok, "\(console.notes)")
        #expect(sent == 3)
        #expect(console.notes.contains("--step waits for a person at a terminal; running lesson.om straight through"))
        #expect(console.questions.isEmpty)
    }

    @Test func sourceTakesStepToo() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try f.script("lesson.om", Self.script)
            let counting = SpyTransport()
            let console = RecordingConsole(interactive: true, answers: ["", "q"])
            let status = await f.session(console, transport: counting).execute("source '\(path)' --step").status
            #expect(status != .ok)
            #expect(counting.requests.count == 1)
            #expect(console.questions.count == 2)
        }
    }
}

extension RecordingConsole {
    /// The questions asked, in order.
    fileprivate var questions: [String] { notes.split(separator: "\n").map(String.init).filter { $0.hasPrefix("? ") } }
}
