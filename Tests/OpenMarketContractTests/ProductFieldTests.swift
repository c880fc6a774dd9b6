import Foundation
import Testing

@testable import OpenMarketContract

/// Each product field described once (issue 39): its names, its typed parse, where its value
/// lives in a product and in a change, and its catalog headers.
@Suite("Product field descriptors")
struct ProductFieldTests {
    static func product(id: Int = 1, price: Decimal = 3500, thumbnail: Int = 0, imageIDs: [Int] = [35, 36]) -> Product {
        Product(
            id: id, vendorID: 1, name: "Mug", description: "A sturdy mug", thumbnail: "t\(imageIDs[thumbnail])",
            currency: .krw, price: price, stock: 5, createdAt: nil, issuedAt: nil,
            images: imageIDs.map { ProductImage(id: $0, url: "u\($0)", thumbnailURL: "t\($0)", issuedAt: nil) })
    }

    @Test func namesKeysAndWireNames() {
        #expect(
            ProductField.allCases.map(\.rawValue) == [
                "name", "description", "price", "currency", "discount", "stock", "image", "thumbnail",
            ])
        #expect(ProductField.discount.wireName == "discounted_price")
        #expect(ProductField.thumbnail.wireName == "thumbnail_id")
        #expect(ProductField.price.key == "price=")
        #expect(ProductField(rawValue: "stock") == .stock)
        #expect(ProductField(rawValue: "discounted_price") == nil)
        #expect(ProductField.currency.choices == ["KRW", "USD"])
    }

    @Test func eachFieldParsesItsTextIntoItsTypedValue() {
        var changes = ProductChanges()
        for (field, text) in [
            (ProductField.price, "3,500"), (.discount, "1_00.5"), (.stock, "7"), (.currency, "usd"),
            (.name, "Cup"), (.thumbnail, "36"),
        ] {
            #expect(field.parse(text, into: &changes) == nil)
        }
        #expect(
            changes == ProductChanges(name: "Cup", thumbnailID: 36, price: 3500, currency: .usd, discountedPrice: 100.5, stock: 7)
        )
        #expect(ProductField.stock.parse("many", into: &changes) == RuleViolation("stock", .notAWholeNumber("many")))
        #expect(ProductField.discount.parse("x", into: &changes) == RuleViolation("discount", .notANumber("x")))
    }

    @Test func parsedFieldsKeepTheOrderTheFirstValueAndEveryProblem() {
        let parsed = ParsedFields([(.stock, "-1"), (.price, "abc"), (.stock, "3"), (.name, "Mug")])
        #expect(parsed.order == [.stock, .price, .name])
        #expect(parsed.changes.stock == -1)
        #expect(parsed.problems.map(\.subject) == ["price", "stock"])
        #expect(parsed[.name] == "Mug")
        #expect(parsed[.price] == nil)
    }

    @Test func aDraftNeedsTheFourFieldsAndDefaultsTheRest() {
        #expect(ProductChanges(name: "Mug", price: 1).draft == nil)
        let draft = ProductChanges(name: "Mug", description: "A sturdy mug", price: 1, currency: .usd).draft
        #expect(draft == ProductDraft(name: "Mug", description: "A sturdy mug", price: 1, currency: .usd))
    }

    @Test func changesBetweenProductsAndTheEditThatUndoesThem() {
        let before = Self.product()
        let after = Self.product(price: 3200, thumbnail: 1)
        let changes = FieldChange.between(before, after)
        #expect(changes.map(\.field) == [.price, .thumbnail])
        #expect(changes[0].before == .amount(3500, .krw) && changes[0].after == .amount(3200, .krw))
        #expect(changes[1].before == .photo(0) && changes[1].after == .photo(1))
        // A product registered again has new image ids: the thumbnail is copied by its position.
        let again = Self.product(id: 2, imageIDs: [40, 41])
        var edit = ProductChanges()
        for change in changes { change.field.copy(from: after, on: again, into: &edit) }
        #expect(edit == ProductChanges(thumbnailID: 41, price: 3200))
    }

    @Test func amountsAreComparedWithoutTheirCurrency() {
        let krw = ProductChanges(price: 10, currency: .krw)
        let usd = ProductChanges(price: 10, currency: .usd)
        #expect(ProductField.price.hasSameValue(in: krw, as: usd))
        #expect(!ProductField.currency.hasSameValue(in: krw, as: usd))
        #expect(ProductField.price.value(in: ProductChanges(price: 10), on: Self.product()) == .amount(10, .krw))
    }

    @Test func aNumberIsTheWholeTextInASCIIDigits() {
        for text in ["35-00", "3５00", "٣٥", "1.2.3", "-", ".", "", "12a", "1e3", "--5"] {
            var problems: [RuleViolation] = []
            #expect(ProductFieldParsing.decimal(text, "price", &problems) == nil, "\(text)")
            #expect(problems.count == 1, "\(text)")
        }
        for (text, value) in [("3,500", Decimal(3500)), ("1_000.5", Decimal(string: "1000.5")!), ("-2", -2), (".5", 0.5)] {
            var problems: [RuleViolation] = []
            #expect(ProductFieldParsing.decimal(text, "price", &problems) == value, "\(text)")
            #expect(problems.isEmpty, "\(text)")
        }
    }

    /// The cheaper parse (grouping taken out on scalars, only when there is some; one locale made
    /// once) reads every text as the parse before it did (`before`, with `replacingOccurrences`
    /// and a locale made each time): the same number or the same problems, over texts made of
    /// what prices are typed with and what they are mistyped with.
    @Test func aPriceIsReadAsTheParseBeforeReadIt() {
        func before(_ text: String, integer: Bool) -> (Decimal?, [RuleViolation]) {
            var problems: [RuleViolation] = []
            let cleaned = text.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "_", with: "")
            if integer {
                if let misread = ProductFieldParsing.misreadSeparator(text), case .commaNotThousands = misread {
                    return (nil, [RuleViolation("stock", misread)])
                }
                guard let value = Int(cleaned) else { return (nil, [RuleViolation("stock", .notAWholeNumber(text))]) }
                return (Decimal(value), problems)
            }
            if let misread = ProductFieldParsing.misreadSeparator(text) { return (nil, [RuleViolation("price", misread)]) }
            guard ProductFieldParsing.isPlainDecimal(cleaned),
                let value = Decimal(string: cleaned, locale: Locale(identifier: "en_US_POSIX"))
            else { return (nil, [RuleViolation("price", .notANumber(text))]) }
            if let problem = ProductRules.checkNumberText(cleaned, "price") { problems.append(problem) }
            return (problems.isEmpty ? value : nil, problems)
        }
        let pieces = ["1", "0", "5", ",", "_", ".", "-", "+", "\u{301}", "５", " ", "e", "٣"]
        var generator = SystemRandomNumberGenerator()
        var texts = pieces + ["", "1,000", "1_000", "12,50", "5.000", "1,\u{301}000", "9" + String(repeating: "9", count: 40)]
        for _ in 0..<4000 {
            texts.append(
                (0..<Int.random(in: 1...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            var problems: [RuleViolation] = []
            let price = ProductFieldParsing.decimal(text, "price", &problems)
            let expected = before(text, integer: false)
            #expect(price == expected.0 && problems == expected.1, "\(text.unicodeScalars.map { $0.escaped(asASCII: true) })")
            problems = []
            let stock = ProductFieldParsing.integer(text, "stock", &problems)
            let expectedStock = before(text, integer: true)
            #expect(
                stock.map { Decimal($0) } == expectedStock.0 && problems == expectedStock.1,
                "\(text.unicodeScalars.map { $0.escaped(asASCII: true) })")
        }
    }

    /// A separator that another country's way of writing numbers reads otherwise is refused, not
    /// guessed: `12,50` was read as 1250 and `5.000` as 5 (a thousands point), each without a word.
    @Test func aSeparatorAnotherCountryReadsOtherwiseIsRefused() {
        let refused: [(String, Rule)] = [
            ("12,50", .commaNotThousands("12,50")), ("1,2,3", .commaNotThousands("1,2,3")),
            (",5", .commaNotThousands(",5")), ("5,", .commaNotThousands("5,")), ("1,000,00", .commaNotThousands("1,000,00")),
            ("1.000,50", .commaNotThousands("1.000,50")), ("1234,567", .commaNotThousands("1234,567")),
            ("5.000", .pointBeforeThreeDigits(text: "5.000", whole: "5000", small: "5.00")),
            ("12.500", .pointBeforeThreeDigits(text: "12.500", whole: "12500", small: "12.50")),
            ("-1.250", .pointBeforeThreeDigits(text: "-1.250", whole: "-1250", small: "-1.25")),
            ("0,500", .commaNotThousands("0,500")), ("00,500", .commaNotThousands("00,500")),
            ("5.0_00", .pointBeforeThreeDigits(text: "5.0_00", whole: "5000", small: "5.00")),
        ]
        for (text, rule) in refused {
            var problems: [RuleViolation] = []
            #expect(ProductFieldParsing.decimal(text, "price", &problems) == nil, "\(text)")
            #expect(problems == [RuleViolation("price", rule)], "\(text)")
        }
        let taken: [(String, Decimal)] = [
            ("1,250", 1250), ("1,250,000.5", Decimal(string: "1250000.5")!), ("0.500", 0.5), ("5.00", 5), ("1000.000", 1000),
            ("1_0000", 10000),
        ]
        for (text, value) in taken {
            var problems: [RuleViolation] = []
            #expect(ProductFieldParsing.decimal(text, "price", &problems) == value, "\(text)")
            #expect(problems.isEmpty, "\(text)")
        }
        var problems: [RuleViolation] = []
        #expect(ProductFieldParsing.integer("1,0", "stock", &problems) == nil)
        #expect(problems == [RuleViolation("stock", .commaNotThousands("1,0"))])
        problems = []
        #expect(ProductFieldParsing.integer("1,000", "stock", &problems) == 1000 && problems.isEmpty)
    }

    /// Money as a seller types it and a sheet formats it is read the same by every way in (the
    /// shell's `price=₩3,500`, an import's cell): the amount, and the sign's currency when none
    /// is given. Before, the shell said `'₩3,500': a comma only groups thousands` of it.
    @Test func aCurrencySignIsReadAsTheAmountAndItsCurrency() throws {
        let read: [(String, Decimal, Currency)] = [
            ("₩3,500", 3500, .krw), ("3,500원", 3500, .krw), ("￦ 3500", 3500, .krw), ("$12.50", 12.5, .usd),
            ("US$5", 5, .usd), (" $1,250.75 ", try #require(Decimal(string: "1250.75")), .usd),
        ]
        for (text, amount, currency) in read {
            let parsed = ParsedFields([(.price, text), (.stock, "3")])
            #expect(parsed.problems.isEmpty, "\(text): \(parsed.problems)")
            #expect(parsed.changes.price == amount && parsed.changes.currency == currency, "\(text)")
            #expect(parsed.order == [.price, .currency, .stock], "\(text)")
        }
        // Given beside it, the currency must agree with the sign.
        let agreeing = ParsedFields([(.price, "₩3,500"), (.currency, "krw")])
        #expect(agreeing.problems.isEmpty && agreeing.changes.price == 3500 && agreeing.changes.currency == .krw)
        let disagreeing = ParsedFields([(.price, "₩3,500"), (.currency, "USD")])
        #expect(
            disagreeing.problems == [
                RuleViolation("price", .currencySignDisagrees(text: "₩3,500", currency: "KRW", given: "USD"))
            ])
        #expect(
            disagreeing.problems.first?.text(in: .en)
                == "price: '₩3,500' is in KRW by its sign, but currency is USD: keep one of the two")
        // A discount's sign is held to the price's.
        let mixed = ParsedFields([(.price, "₩3,500"), (.discount, "$5")])
        #expect(mixed.changes.currency == .krw)
        #expect(mixed.problems == [RuleViolation("discount", .currencySignDisagrees(text: "$5", currency: "USD", given: "KRW"))])
        // What is no amount after its sign is the number's parse's to judge; a comma that does
        // not group thousands is refused after a sign too.
        #expect(ParsedFields([(.price, "₩abc")]).problems == [RuleViolation("price", .notANumber("₩abc"))])
        #expect(ParsedFields([(.price, "$1,5")]).problems == [RuleViolation("price", .commaNotThousands("1,5"))])
        #expect(ProductFieldParsing.money("3500") == nil && ProductFieldParsing.money("$") == nil)
    }

    @Test func aChangeOfCurrencyAloneIsNotAChangeOfPrice() {
        let before = Self.product(price: 3500)
        var after = before
        after.currency = .usd
        #expect(!ProductField.price.differs(before, after))
        #expect(!ProductField.discount.differs(before, after))
        #expect(ProductField.currency.differs(before, after))
        after.price = 3600
        #expect(ProductField.price.differs(before, after))
    }

    @Test func catalogHeadersIncludeTheKoreanOnes() {
        #expect(ProductField(catalogHeader: " Discounted_Price ") == .discount)
        #expect(ProductField(catalogHeader: "판매 가격") == .price)
        #expect(ProductField(catalogHeader: "상품_이미지") == .image)
        #expect(ProductField(catalogHeader: "할인가") == nil)
        #expect(ProductField(catalogHeader: "id") == nil)
        #expect(ProductField.image.catalogHeaders == ["images"])
    }
}
