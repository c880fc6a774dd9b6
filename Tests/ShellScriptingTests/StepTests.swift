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
