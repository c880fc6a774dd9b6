import Foundation
import MarketTestSupport
import OpenMarketContract
import TerminalText
import Testing

@testable import SellerShell

/// What `register` says of a field's rule and of an answer (review of issue 40, items 3, 4 and
/// 14): a script is told the field's rule, never the question's keys; a question's rule is the
/// field's own words; an answer is refused under the field's typed name, and a price under the
/// discount already on the line is refused when it is answered, not after the photo.
@Suite("register: a field's rule, said once, and each answer checked as soon as it can be")
struct RegisterRulesTests {
    @Test func aScriptThatLeavesOutThePhotoIsToldTheFieldsRuleNotTheQuestionsKeys() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let status = await f.run("register name='Some mug' description='A sturdy mug for scripts' price=10 currency=USD")
            #expect(status == .usage)
            #expect(f.console.notes.contains("image= is required (1 to 5 JPEG, PNG or GIF files)"), "\(f.console.notes)")
            #expect(!f.console.notes.contains("TAB"), "\(f.console.notes)")
        }
    }

    @Test func everyQuestionsRuleIsTheFieldsOwnInEveryLanguage() {
        for question in RegisterMessage.Question.allCases where question != .image {
            for language in [Language.en, .ko] {
                let asked = RegisterMessage.rule(question).text(in: language)
                let accepts = question.productField.accepts.text(in: language)
                #expect(asked.hasPrefix(accepts), "\(question) in \(language): \(asked) / \(accepts)")
            }
        }
    }

    @Test func anAnswerIsRefusedUnderTheNameTheSellerTypes() {
        var known = ProductChanges()
        _ = ProductField.price.parse("1500", into: &known)
        let problem = Register.problem(.discount, "2000", besides: known)
        #expect(problem?.hasPrefix("discount: ") == true, "\(problem ?? "nil")")
    }

    @Test func aPriceUnderTheDiscountOnTheLineIsRefusedWhenItIsAnswered() {
        var known = ProductChanges()
        _ = ProductField.discount.parse("2000", into: &known)
        let problem = Register.problem(.price, "1500", besides: known)
        #expect(problem?.hasPrefix("discount: ") == true, "\(problem ?? "nil")")
        #expect(Register.problem(.price, "3000", besides: known) == nil)
    }

    @Test func aLineWhosePriceIsUnderItsDiscountIsRefusedBeforeAnyQuestion() async throws {
        try await ShellFixture.with(interactive: true, answers: ["A mug that is never asked for"]) {
            (f: ShellFixture) async throws in
            let status = await f.run("register name='Pair mug' price=10 discount=20 currency=USD")
            #expect(status == .failed)
            #expect(!f.console.notes.contains("? description"), "\(f.console.notes)")
            #expect(f.console.notes.contains("discount: "), "\(f.console.notes)")
            #expect(try await f.products().totalCount == 0)
        }
    }

    /// The photo's question leaves a path the width of an 80-column terminal (it took 73 columns
    /// in Korean, so every path wrapped); what it takes is said on the line above, which fits too.
    @Test func thePhotosQuestionIsShortAndItsExplanationFitsEightyColumns() {
        for language in [Language.en, .ko] {
            let question = RegisterMessage.question(.image).text(in: language)
            let explained = RegisterMessage.imageExplained.text(in: language)
            #expect(TerminalText.width(question) <= 16, "\(language): \(question)")
            #expect(TerminalText.width(explained) <= 80, "\(language): \(explained)")
        }
    }
}
