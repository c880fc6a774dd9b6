import Foundation

/// One broken rule: the field (or file) it is about and the rule, typed (``Rule``), said in the
/// reader's language (`price: 'abc'은(는) 숫자가 아닙니다` under Korean).
public struct RuleViolation: Spoken, Hashable, CustomStringConvertible {
    /// The field (`name`, `price`, `images`) or the file the rule is about: the API's words, in
    /// every language.
    public var subject: String
    /// The rule and its facts, e.g. ``Rule/length(min:max:count:)``.
    public var rule: Rule

    public init(_ subject: String, _ rule: Rule) {
        self.subject = subject
        self.rule = rule
    }

    public var english: String { "\(subject): \(rule.english)" }
    public var korean: String { "\(subject): \(rule.korean)" }
    /// In the reader's language (`Language.current`).
    public var description: String { text }
}

/// The field rules of the contract (§5, §6), shared by the client (to refuse before sending) and
/// the bundled server (to refuse what arrives), so the two can never disagree.
public enum ProductRules {
    public static let nameLength = 3...100
    public static let descriptionLength = 10...1000
    /// The contract's bounds (§5, *decided*).
    public static let maxPrice: Decimal = 1_000_000_000_000
    public static let maxStock = 9_007_199_254_740_991
    /// The largest product id a client can name: 2^53 − 1, exact in every JSON client.
    public static let maxProductID = 9_007_199_254_740_991
    public static let maxDecimalPlaces: Int16 = 2
    /// `Decimal` keeps 38 significant digits and rounds the rest away without a word, so a number
    /// written with more is refused before it is parsed, not stored as something else.
    public static let maxSignificantDigits = 38

    /// Characters are counted as a person sees them (grapheme clusters), so `우유병` is 3.
    /// A name holds no control character at all (a terminal would act on it); see `controlCharacter`.
    /// A name of only white space is refused (see `isOnlyWhiteSpace`).
    public static func checkName(_ name: String) -> RuleViolation? {
        if let found = controlCharacter(in: name, allowing: []) {
            return RuleViolation("name", .controlCharacter(code: found.code, position: found.position))
        }
        if isOnlyWhiteSpace(name) { return RuleViolation("name", .onlyWhiteSpace(count: name.count)) }
        return nameLength.contains(name.count)
            ? nil
            : RuleViolation("name", .length(min: nameLength.lowerBound, max: nameLength.upperBound, count: name.count))
    }

    /// Descriptions may hold line breaks and tabs, never NUL (storage would cut the text there).
    /// Not only white space, as a name.
    public static func checkDescription(_ description: String) -> RuleViolation? {
        if description.unicodeScalars.contains("\u{0}") {
            return RuleViolation("description", .containsNUL)
        }
        if isOnlyWhiteSpace(description) {
            return RuleViolation("description", .onlyWhiteSpace(count: description.count))
        }
        return descriptionLength.contains(description.count)
            ? nil
            : RuleViolation(
                "description",
                .length(min: descriptionLength.lowerBound, max: descriptionLength.upperBound, count: description.count))
    }

    public static func checkPrice(_ price: Decimal) -> RuleViolation? {
        if price <= 0 { return RuleViolation("price", .notGreaterThanZero(price)) }
        if price > maxPrice { return RuleViolation("price", .atMost(limit: MoneyText.grouped("\(maxPrice)"), value: "\(price)")) }
        if !hasAtMostTwoDecimals(price) {
            return RuleViolation("price", .tooManyDecimalPlaces(places: maxDecimalPlaces, value: price))
        }
        return nil
    }

    public static func checkCurrency(_ currency: Currency) -> RuleViolation? {
        currency.isAccepted
            ? nil
            : RuleViolation("currency", .currencyNotAccepted(currency.rawValue))
    }

    public static func checkDiscount(_ discount: Decimal, price: Decimal) -> RuleViolation? {
        if discount < 0 {
            return RuleViolation("discounted_price", .notZeroOrMore(discount))
        }
        if !hasAtMostTwoDecimals(discount) {
            return RuleViolation("discounted_price", .tooManyDecimalPlaces(places: maxDecimalPlaces, value: discount))
        }
        if discount > price {
            return RuleViolation("discounted_price", .notOverPrice(price: price, discount: discount))
        }
        return nil
    }

    public static func checkStock(_ stock: Int) -> RuleViolation? {
        if stock < 0 { return RuleViolation("stock", .wholeNumberFromZero(stock)) }
        if stock > maxStock {
            return RuleViolation("stock", .atMost(limit: MoneyText.grouped(String(maxStock)), value: "\(stock)"))
        }
        return nil
    }

    /// True when `text` is not empty and every scalar of it is white space (Unicode's White_Space
    /// property: spaces, tabs, line breaks, U+00A0, U+3000, …): a name or a description so made
    /// is refused (*decided*), so a product never lists blank. An empty text is too short instead.
    public static func isOnlyWhiteSpace(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// A text field other than name and description (a search, a secret): only NUL is refused.
    public static func checkNoNUL(_ text: String, _ field: String) -> RuleViolation? {
        text.unicodeScalars.contains("\u{0}") ? RuleViolation(field, .containsNUL) : nil
    }

    /// The first control character (C0, DEL, C1) in `text` that is not in `allowing`: its code
    /// (`U+001B`) and its position among the scalars, from 1; nil when there is none.
    public static func controlCharacter(
        in text: String, allowing: Set<Unicode.Scalar>
    ) -> (code: String, position: Int)? {
        for (offset, scalar) in text.unicodeScalars.enumerated() where scalar.isControlCharacter && !allowing.contains(scalar) {
            return ("U+\(String(format: "%04X", scalar.value))", offset + 1)
        }
        return nil
    }

    public static func hasAtMostTwoDecimals(_ value: Decimal) -> Bool {
        var rounded = Decimal()
        var copy = value
        NSDecimalRound(&rounded, &copy, Int(maxDecimalPlaces), .plain)
        return rounded == value
    }

    /// Significant digits of a number as written (`-0012.3400e5` has 4: `1234`): leading zeros,
    /// trailing zeros, the sign, the point and the exponent do not count. nil if it is not a number.
    public static func significantDigits<Text: StringProtocol>(ofNumber text: Text) -> Int? {
        var mantissa = Substring(text)
        if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) { mantissa = mantissa[..<e] }
        if mantissa.first == "-" || mantissa.first == "+" { mantissa = mantissa.dropFirst() }
        let digits = mantissa.filter { $0 != "." }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            mantissa.count(where: { $0 == "." }) <= 1
        else { return nil }
        let significant = digits.drop { $0 == "0" }.reversed().drop { $0 == "0" }
        return significant.count
    }

    /// A number as written: refused when it has more significant digits than `Decimal` keeps.
    public static func checkNumberText<Text: StringProtocol>(_ text: Text, _ field: String) -> RuleViolation? {
        guard let count = significantDigits(ofNumber: text), count > maxSignificantDigits else { return nil }
        return RuleViolation(field, .tooManySignificantDigits(count: count, max: maxSignificantDigits))
    }

    /// Every rule a complete product must satisfy, in the contract's field order.
    public static func violations(
        name: String, description: String, price: Decimal, currency: Currency, discountedPrice: Decimal,
        stock: Int
    ) -> [RuleViolation] {
        [
            checkName(name), checkDescription(description), checkPrice(price), checkCurrency(currency),
            price > 0 ? checkDiscount(discountedPrice, price: price) : nil, checkStock(stock),
        ].compactMap { $0 }
    }
}

extension Unicode.Scalar {
    /// A C0 control, DEL or a C1 control: what a terminal may act on instead of printing. The
    /// one definition the rules, the client's error excerpts and anything else asking use.
    public var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}

/// A new product as the seller describes it, before the market gives it an id.
public struct ProductDraft: Sendable, Hashable {
    public var name: String
    public var description: String
    public var price: Decimal
    public var currency: Currency
    /// The discount amount.
    public var discountedPrice: Decimal
    public var stock: Int

    public init(
        name: String, description: String, price: Decimal, currency: Currency,
        discountedPrice: Decimal = 0, stock: Int = 0
    ) {
        self.name = name
        self.description = description
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
    }

    public var violations: [RuleViolation] {
        ProductRules.violations(
            name: name, description: description, price: price, currency: currency,
            discountedPrice: discountedPrice, stock: stock)
    }
}

/// The fields an edit changes; `nil` leaves a field as it is.
public struct ProductChanges: Sendable, Hashable {
    public var name: String?
    public var description: String?
    public var thumbnailID: Int?
    public var price: Decimal?
    public var currency: Currency?
    public var discountedPrice: Decimal?
    public var stock: Int?

    public init(
        name: String? = nil, description: String? = nil, thumbnailID: Int? = nil, price: Decimal? = nil,
        currency: Currency? = nil, discountedPrice: Decimal? = nil, stock: Int? = nil
    ) {
        self.name = name
        self.description = description
        self.thumbnailID = thumbnailID
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
    }

    /// True when nothing would change (a valid request all the same: a no-op edit).
    public var isEmpty: Bool { self == ProductChanges() }

    /// The rules each set field breaks on its own. With `current`, the rules of the merged
    /// result too (a new price below the current discount, say), as the server will judge it.
    public func violations(mergedWith current: Product? = nil) -> [RuleViolation] {
        var found: [RuleViolation] = []
        if let name, let v = ProductRules.checkName(name) { found.append(v) }
        if let description, let v = ProductRules.checkDescription(description) { found.append(v) }
        if let price, let v = ProductRules.checkPrice(price) { found.append(v) }
        if let currency, let v = ProductRules.checkCurrency(currency) { found.append(v) }
        // Against the largest price: the comparison with the real price is the merged check below.
        if let discountedPrice, let v = ProductRules.checkDiscount(discountedPrice, price: .greatestFiniteMagnitude) {
            found.append(v)
        }
        if let stock, let v = ProductRules.checkStock(stock) { found.append(v) }
        if let thumbnailID, let images = current?.images, !images.contains(where: { $0.id == thumbnailID }) {
            found.append(RuleViolation("thumbnail_id", .notOneOfImageIDs(images.map(\.id))))
        }
        let price = self.price ?? current?.price
        let discount = self.discountedPrice ?? current?.discountedPrice
        if found.isEmpty, let price, let discount, discount >= 0, price > 0,
            self.price != nil || self.discountedPrice != nil,
            let v = ProductRules.checkDiscount(discount, price: price)
        {
            found.append(v)
        }
        return found
    }
}
