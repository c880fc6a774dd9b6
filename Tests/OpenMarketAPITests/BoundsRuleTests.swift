import Foundation
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

/// The contract's value bounds and text rules as the client checks them before sending (the
/// server checks the same functions).
@Suite("Bounds and text rules")
struct BoundsRuleTests {
    @Test(arguments: [
        ("3500", 2), ("-0012.3400e5", 4), ("0.00", 0), ("1.000000000000000000000000000000000000001", 40),
        ("9007199254740991", 16), ("abc", -1), ("1.2.3", -1), ("", -1),
    ])
    func significantDigitsCountWhatDecimalMustKeep(text: String, digits: Int) {
        #expect(ProductRules.significantDigits(ofNumber: text) == (digits < 0 ? nil : digits))
    }

    @Test func priceBounds() {
        #expect(ProductRules.checkPrice(Decimal(string: "1000000000000")!) == nil)
        #expect(ProductRules.checkPrice(Decimal(string: "0.01")!) == nil)
        #expect(
            ProductRules.checkPrice(Decimal(string: "1000000000000.01")!)?.rule.english.contains("at most 1,000,000,000,000")
                == true)
        #expect(ProductRules.checkPrice(Decimal(string: "19.999")!)?.rule.english.contains("2 decimal places") == true)
        #expect(
            ProductRules.checkDiscount(Decimal(string: "0.005")!, price: 10)?.rule.english.contains("2 decimal places") == true)
    }

    @Test func stockBounds() {
        #expect(ProductRules.checkStock(9_007_199_254_740_991) == nil)
        #expect(ProductRules.checkStock(9_007_199_254_740_992)?.rule.english.contains("at most") == true)
    }

    @Test func namesRefuseEveryControlCharacterDescriptionsOnlyNUL() {
        for scalar in [0x00, 0x09, 0x0A, 0x1B, 0x7F, 0x85, 0x9B] {
            let name = "Mug" + String(Unicode.Scalar(UInt32(scalar))!) + "name"
            #expect(ProductRules.checkName(name)?.rule.english.contains("control characters") == true, "U+\(scalar)")
        }
        #expect(ProductRules.checkDescription("Line one\nLine two\tand more") == nil)
        #expect(ProductRules.checkDescription("Text with a \u{0} inside it")?.rule.english.contains("NUL") == true)
    }

    @Test func editsCheckADiscountsDecimalsEvenWithoutAPrice() {
        let changes = ProductChanges(discountedPrice: Decimal(string: "1.234")!)
        #expect(changes.violations().map(\.subject) == ["discounted_price"])
    }
}
