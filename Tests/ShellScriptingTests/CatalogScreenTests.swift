import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import TerminalText
import Testing

@testable import ShellScripting

/// Issue 40: what `import` shows a person fits the terminal and speaks the reader's language:
/// the plan folded to the terminal's width (its lines were cut at about 110 characters), its
/// notes, question and summary in Korean under `--lang ko`.
@Suite("Import on a person's screen")
struct CatalogScreenTests {
    /// A terminal `columns` wide; what is written and noted is kept by a `RecordingConsole`.
    final class Terminal: ShellConsole, Sendable {
        let recording: RecordingConsole
        let columns: Int?
        init(columns: Int, answers: [String] = []) {
            self.columns = columns
            recording = RecordingConsole(interactive: true, answers: answers)
        }
        func write(_ text: String) { recording.write(text) }
        func note(_ text: String) { recording.note(text) }
        func note(_ text: String, kind: NoteKind) { recording.note(text, kind: kind) }
        func ask(_ prompt: String) -> String? { recording.ask(prompt) }
        func askSecret(_ prompt: String) -> String? { recording.askSecret(prompt) }
        var isInteractive: Bool { true }
        func history() -> [String] { [] }
    }

    static let header = "name,description,price,currency,discount,stock,images"

    @Test func thePlanFoldsToAnEightyColumnTerminalAndKeepsEachProblemWhole() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let long = String(repeating: "A rather long product name ", count: 5)
            let path = try f.script(
                "wide.csv",
                Self.header + "\n" + "Good one,A product that is fine,1000,KRW,0,5,coffee-small.jpg\n"
                    + "\(long),A name over its limit,1000,KRW,0,5,coffee-small.jpg\n"
                    + "Third,A price that is not one,abc,KRW,0,5,coffee-small.jpg\n")
            let terminal = Terminal(columns: 80)
            let outcome = await f.session(terminal).execute("import '\(path)' --plan --continue-on-error")
            #expect(outcome.status == .ok, "\(terminal.recording.notes)")
            let plan = terminal.recording.out
            let wide = plan.split(separator: "\n").filter { TerminalText.width(String($0)) > 79 }
            #expect(wide.isEmpty, "wider than the terminal:\n\(wide.joined(separator: "\n"))")
            #expect(plan.contains("row 3:") && plan.contains("row 4:"), "\(plan)")
            // Folded, not cut: every word of the problems is there.
            let words = plan.split(whereSeparator: { $0 == " " || $0 == "\n" })
            #expect(!plan.contains("…"), "\(plan)")
            #expect(words.contains("'abc'"), "\(plan)")
        }
    }

    @Test func theImportsQuestionNotesAndSummaryAreKoreanInKorean() async throws {
        try await Language.$current.withValue(.ko) {
            try await ScriptFixture.with { f in
                try f.copyImage("coffee-small.jpg")
                let path = try f.script(
                    "semi.csv",
                    "name;description;price;currency;discount;stock;images;colour\n"
                        + "Good one;A product that is fine;1000;KRW;0;5;coffee-small.jpg;blue\n")
                let terminal = Terminal(columns: 80, answers: ["1"])
                let outcome = await f.session(terminal).execute("import '\(path)'")
                #expect(outcome.status == .ok, "\(terminal.recording.notes)")
                let notes = terminal.recording.notes
                #expect(notes.contains(CatalogMessage.readWithDelimiter(file: path, delimiter: ";").text(in: .ko)), "\(notes)")
                #expect(notes.contains("colour") && notes.contains("무시합니다"), "\(notes)")
                #expect(notes.contains(CatalogMessage.confirmImport(1).text(in: .ko)), "\(notes)")
                #expect(!notes.contains("type 1 to make"), "\(notes)")
                // Folded to the terminal's width: read as one line.
                let out = terminal.recording.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(out.contains("등록 1, 실패 0"), "\(out)")
                #expect(!out.contains("registered"), "\(out)")
            }
        }
    }
}
