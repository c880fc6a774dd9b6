import Foundation
import OpenMarketContract
import Testing

@testable import SellerShell

/// A command's fields are typed when its line is parsed (issue 39): a value that does not parse
/// or breaks a rule is found without running the command, which is what a script's check does.
@Suite("Fields parsed with the line")
struct FieldParsingTests {
    static func parse(_ line: String) throws(CommandFailure) -> any ShellCommand {
        let words: [Word]
        do { words = try WordSplitter.split(line) } catch { throw .usage("\(error)") }
        return try CommandRegistry.shell.parse(words)
    }

    static func failure(_ line: String) -> CommandFailure? {
        do {
            _ = try parse(line)
            return nil
        } catch {
            return error
        }
    }

    @Test func aPriceThatIsNotANumberFailsWhenTheLineIsParsed() {
        let failure = Self.failure("patch 4 price=abc")
        #expect(failure?.message == "price: 'abc' is not a number")
        #expect(failure?.status == .failed)
    }

    @Test func everyFieldsProblemIsSaidAtOnceInTheSellersWords() {
        let failure = Self.failure("patch 4 price=abc stock=-1 discount=-5 currency=EUR")
        #expect(
            failure?.message == """
                4 problems, nothing was sent:
                  price: 'abc' is not a number
                  currency: must be KRW or USD (it is "EUR")
                  discount: must be 0 or more (it is -5)
                  stock: must be a whole number of 0 or more (it is -1)
                """)
    }

    @Test func aPatchHoldsTypedValuesAndWritesThemBackAsTyped() throws {
        let patch = try #require(try Self.parse("patch 4 stock=1_000 price=3,500.50 currency=krw thumbnail=35") as? Patch)
        #expect(patch.changes == ProductChanges(thumbnailID: 35, price: Decimal(string: "3500.5"), currency: .krw, stock: 1000))
        #expect(patch.order == [.stock, .price, .currency, .thumbnail])
        #expect(patch.words.map(\.text) == ["patch", "4", "stock=1000", "price=3500.5", "currency=KRW", "thumbnail=35"])
    }

    /// `patch 4 price=₩3,500` is the price an import reads from a `₩3,500` cell: 3500 in won,
    /// written back as the two fields (before, the comma was said not to group thousands).
    @Test func aPriceWithItsCurrencySignIsTheAmountInThatCurrency() throws {
        let patch = try #require(try Self.parse("patch 4 price=₩3,500 stock=2") as? Patch)
        #expect(patch.changes == ProductChanges(price: 3500, currency: .krw, stock: 2))
        #expect(patch.words.map(\.text) == ["patch", "4", "price=3500", "currency=KRW", "stock=2"])
        let register = try #require(
            try Self.parse("register name=Mug description='A tall mug for tea' price=3500원 image=x.jpg") as? Register)
        #expect(register.fields.problems.isEmpty, "\(register.fields.problems)")
        #expect(register.fields[.currency] == "KRW")
        #expect(
            Self.failure("patch 4 price='$12.50' currency=KRW")?.message
                == "price: '$12.50' is in USD by its sign, but currency is KRW: keep one of the two")
    }

    @Test func registerKeepsItsFieldsProblemsToSayWithThePhotos() throws {
        let register = try #require(try Self.parse("register name=ab price=abc currency=USD image=x.jpg") as? Register)
        #expect(
            register.fields.problems.map(\.description) == [
                "price: 'abc' is not a number", "name: must be 3 to 100 characters (it has 2)",
            ])
        #expect(register.fields.order == [.name, .price, .currency])
        #expect(register.fields[.currency] == "USD")
    }

    @Test func aScriptsCheckCanAskARegisterForItsFieldsProblems() throws {
        let unreadable = try Self.parse("register name=ab description=짧음 price=abc currency=EUR image=x.jpg")
        #expect(
            (unreadable as? any HoldsFieldProblems)?.fieldProblems.map(\.description) == [
                "price: 'abc' is not a number", "name: must be 3 to 100 characters (it has 2)",
                "description: must be 10 to 1000 characters (it has 2)", #"currency: must be KRW or USD (it is "EUR")"#,
            ])
        // Once every field keeps its own rules, the whole product's: a discount over the price.
        let whole = try Self.parse("register name=Mug description='A sturdy mug' price=10 discount=20 currency=USD image=x.jpg")
        #expect(
            (whole as? any HoldsFieldProblems)?.fieldProblems == [
                RuleViolation("discounted_price", .notOverPrice(price: 10, discount: 20))
            ])
    }

    @Test func aChangeIsWrittenOneWay() {
        #expect(FieldChange(.price, from: .amount(3500, .krw), to: .amount(3200, .krw)).text == "price ₩3,500 → ₩3,200")
        #expect(FieldChange(.name, from: .text("Mug"), to: .text("Cup")).text == #"name "Mug" → "Cup""#)
        #expect(FieldChange(.thumbnail, from: .photo(0), to: .image(id: 35)).text == "thumbnail photo 1 → image 35")
        #expect(FieldChange(.thumbnail, from: nil, to: .image(id: 35)).text == "thumbnail → image 35")
        #expect(FieldChange(.stock, from: .count(5), to: .count(3)).text == "stock 5 → 3")
    }

    /// In Korean the field is named as the rest of the line names it: `changes`, `undo` and an
    /// import's plan said `#2 Blue Mug: stock 8 → 6` in a Korean session.
    @Test func aChangeNamesItsFieldInTheReadersLanguage() {
        Language.$current.withValue(.ko) {
            #expect(FieldChange(.stock, from: .count(5), to: .count(3)).text == "재고 5 → 3")
            #expect(FieldChange(.price, from: .amount(3500, .krw), to: .amount(3200, .krw)).text == "가격 ₩3,500 → ₩3,200")
            #expect(FieldChange(.name, from: .text("컵"), to: .text("잔")).text == #"상품명 "컵" → "잔""#)
            for field in ProductField.allCases {
                #expect(field.label.unicodeScalars.allSatisfy { !$0.isASCII }, "\(field.rawValue): \(field.label)")
            }
        }
    }
}
