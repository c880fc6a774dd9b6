import Foundation
import OpenMarketContract
import Testing

/// A name or a description made only of white space (`name="   "`) is refused: the contract
/// counts 3 to 100 characters and 10 to 1000, and the project *decided* that at least one of
/// them is not white space (Unicode White_Space, judged on scalars), or a product lists blank.
@Suite("A name or a description that is only white space")
struct BlankTextRuleTests {
    /// Spaces, a no-break space, an ideographic space, line breaks: every one Unicode's White_Space.
    @Test(arguments: [
        "   ", "\u{A0}\u{A0}\u{A0}", "\u{3000}\u{3000}\u{3000}", " \u{2003}\u{202F} ", String(repeating: " ", count: 120),
    ])
    func aNameOfOnlyWhiteSpaceIsRefused(name: String) {
        #expect(ProductRules.checkName(name)?.rule == .onlyWhiteSpace(count: name.count))
        #expect(
            ProductDraft(name: name, description: "A real description", price: 10, currency: .krw).violations.map(\.subject) == [
                "name"
            ])
        #expect(ProductChanges(name: name).violations() == [RuleViolation("name", .onlyWhiteSpace(count: name.count))])
    }

    @Test func aDescriptionOfOnlyWhiteSpaceIsRefused() {
        let blank = "  \n\t \u{3000}    \r\n  "
        #expect(ProductRules.checkDescription(blank) == RuleViolation("description", .onlyWhiteSpace(count: blank.count)))
        #expect(ProductChanges(description: blank).violations().map(\.subject) == ["description"])
    }

    /// One character that is not white space is enough; what is not White_Space (a zero-width
    /// space, a Hangul filler) is not blank by this rule.
    @Test(arguments: [" a ", "  -", "\u{3000}우\u{3000}", "\u{200B}\u{200B}\u{200B}"])
    func aNameWithOneOtherCharacterIsAccepted(name: String) {
        #expect(ProductRules.checkName(name) == nil)
    }

    @Test func anEmptyTextIsTooShortNotBlank() {
        #expect(ProductRules.checkName("")?.rule == .length(min: 3, max: 100, count: 0))
        #expect(ProductRules.checkDescription("")?.rule == .length(min: 10, max: 1000, count: 0))
    }

    @Test func theRuleIsSaidInEnglishAndKorean() {
        let problem = ProductRules.checkName("   ")
        #expect(
            problem?.english == "name: must contain a character that is not white space (its 3 characters are all white space)")
        #expect(problem?.korean == "name: 공백이 아닌 글자가 하나 이상 있어야 합니다(지금 3자 모두 공백)")
    }
}
