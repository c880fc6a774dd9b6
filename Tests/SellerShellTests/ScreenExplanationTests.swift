import Foundation
import MarketTestSupport
import OpenMarketContract
import TerminalText
import Testing

@testable import SellerShell

/// Issue 40, item 3: an explanation paragraph is said once per run, then referred to; the
/// `explain` index fits an 80-column screen.
@Suite("Explanations on the screen")
struct ScreenExplanationTests {
    @Test func aParagraphIsSaidOnceThenReferredTo() async throws {
        try await ShellFixture.with { shell in
            let product = try await shell.register()
            #expect(await shell.run("set explain on") == .ok)
            shell.console.clear()
            #expect(await shell.run("patch \(product.id) price=4100") == .ok, "\(shell.console.notes)")
            let first = shell.console.notes
            #expect(first.contains("↳ PATCH: "), "\(first)")
            #expect(first.contains("↳ 202 "), "\(first)")
            shell.console.clear()
            #expect(await shell.run("patch \(product.id) price=4200") == .ok, "\(shell.console.notes)")
            let second = shell.console.notes
            #expect(!second.contains("↳ PATCH: "), "said once: \(second)")
            #expect(!second.contains("↳ 202 "), "said once: \(second)")
            // One line of references for each exchange, naming what was said before.
            let references = second.split(separator: "\n").filter { $0.contains("↳ ") && $0.contains("explained above") }
            #expect(!references.isEmpty, "\(second)")
            #expect(references.last?.contains("PATCH") == true, "\(second)")
            #expect(references.last?.contains("202") == true, "\(second)")
        }
    }

    @Test func theReferenceIsInTheReadersLanguage() {
        let said = ExplainedParagraphs()
        let paragraphs = [(topic: "identifier", text: "identifier: who sends it")]
        #expect(said.sorting(paragraphs).new == ["identifier: who sends it"])
        let again = said.sorting(paragraphs)
        #expect(again.new.isEmpty)
        #expect(again.before == ["identifier"])
        #expect(ScreenMessage.explainedAbove(again.before).text(in: .ko) == "identifier: 앞에서 설명했습니다")
    }

    @Test func theExplainIndexFitsEightyColumnsInBothLanguages() throws {
        for language in ["en", "ko"] {
            let book = try ExplanationBook.load(language)
            let index = book.index(columns: nil)
            let lines = index.split(separator: "\n").map(String.init)
            #expect(lines.count >= 6, "\(index)")
            #expect(lines.allSatisfy { TerminalText.width($0) <= 79 }, "\(index)")
            // Every topic is there, whole.
            let words = Set(index.split(whereSeparator: \.isWhitespace).map(String.init))
            #expect(book.topics.allSatisfy(words.contains), "\(index)")
        }
    }
}
