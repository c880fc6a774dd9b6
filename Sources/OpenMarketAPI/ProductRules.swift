import Foundation

/// One broken rule, naming the field (or file) and the rule in words a seller understands.
public struct RuleViolation: Sendable, Hashable, CustomStringConvertible {
    /// The field (`name`, `price`, `images`) or the file the rule is about.
    public var subject: String
    /// The rule, e.g. `must be 3 to 100 characters (it has 2)`.
    public var rule: String

    public init(_ subject: String, _ rule: String) {
        self.subject = subject
        self.rule = rule
    }

    public var description: String { "\(subject): \(rule)" }
}

/// The field rules of the contract (§5, §6), shared by the client (to refuse before sending) and
/// the bundled server (to refuse what arrives), so the two can never disagree.
public enum ProductRules {
    public static let nameLength = 3...100
    public static let descriptionLength = 10...1000

    /// Characters are counted as a person sees them (grapheme clusters), so `우유병` is 3.
    public static func checkName(_ name: String) -> RuleViolation? {
        nameLength.contains(name.count)
            ? nil
            : RuleViolation("name", "must be 3 to 100 characters (it has \(name.count))")
    }

    public static func checkDescription(_ description: String) -> RuleViolation? {
        descriptionLength.contains(description.count)
            ? nil
            : RuleViolation("description", "must be 10 to 1000 characters (it has \(description.count))")
    }

    public static func checkPrice(_ price: Decimal) -> RuleViolation? {
        price > 0 ? nil : RuleViolation("price", "must be greater than 0 (it is \(price))")
    }

    public static func checkCurrency(_ currency: Currency) -> RuleViolation? {
        currency.isAccepted
            ? nil
            : RuleViolation("currency", "must be KRW or USD (it is \"\(currency.rawValue)\")")
    }

    public static func checkDiscount(_ discount: Decimal, price: Decimal) -> RuleViolation? {
        if discount < 0 {
            return RuleViolation("discounted_price", "must be 0 or more (it is \(discount))")
        }
        if discount > price {
            return RuleViolation("discounted_price", "must not exceed the price \(price) (it is \(discount))")
        }
        return nil
    }

    public static func checkStock(_ stock: Int) -> RuleViolation? {
        stock >= 0 ? nil : RuleViolation("stock", "must be a whole number of 0 or more (it is \(stock))")
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

    /// The `params` part of the create request.
    func paramsJSON(secret: String) throws -> Data {
        try MarketJSON.encoder.encode(
            CreateParams(
                name: name, description: description, price: price, currency: currency,
                discountedPrice: discountedPrice, stock: stock, secret: secret))
    }

    private struct CreateParams: Encodable {
        var name: String
        var description: String
        var price: Decimal
        var currency: Currency
        var discountedPrice: Decimal
        var stock: Int
        var secret: String

        enum CodingKeys: String, CodingKey {
            case name, description, price, currency
            case discountedPrice = "discounted_price"
            case stock, secret
        }
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
        if let discountedPrice, discountedPrice < 0 {
            found.append(RuleViolation("discounted_price", "must be 0 or more (it is \(discountedPrice))"))
        }
        if let stock, let v = ProductRules.checkStock(stock) { found.append(v) }
        if let thumbnailID, let images = current?.images, !images.contains(where: { $0.id == thumbnailID }) {
            let ids = images.map { String($0.id) }.joined(separator: ", ")
            found.append(RuleViolation("thumbnail_id", "must be one of this product's image ids (\(ids))"))
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

    /// The PATCH body: exactly the fields that were set, plus the secret.
    func bodyJSON(secret: String) throws -> Data {
        try MarketJSON.encoder.encode(EditBody(changes: self, secret: secret))
    }

    private struct EditBody: Encodable {
        var changes: ProductChanges
        var secret: String

        enum CodingKeys: String, CodingKey {
            case name, description
            case thumbnailID = "thumbnail_id"
            case price, currency
            case discountedPrice = "discounted_price"
            case stock, secret
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(changes.name, forKey: .name)
            try c.encodeIfPresent(changes.description, forKey: .description)
            try c.encodeIfPresent(changes.thumbnailID, forKey: .thumbnailID)
            try c.encodeIfPresent(changes.price, forKey: .price)
            try c.encodeIfPresent(changes.currency, forKey: .currency)
            try c.encodeIfPresent(changes.discountedPrice, forKey: .discountedPrice)
            try c.encodeIfPresent(changes.stock, forKey: .stock)
            try c.encode(secret, forKey: .secret)
        }
    }
}

/// The JSON settings both halves of the project use, so bodies are byte-for-byte predictable.
public enum MarketJSON {
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static var decoder: JSONDecoder { JSONDecoder() }
}
