import Foundation

/// One field of a product, described once: the name a seller types (`price=`), its name on the
/// wire, how its text is parsed into a typed value (and which of the contract's rules that value
/// must keep), where the value lives in a ``Product`` and in ``ProductChanges``, and the names of
/// its column in a catalog file (English, and the headers Korean spreadsheets use). Commands,
/// catalog rows, the `edit` document, the change log and undo all read fields through these.
///
/// Compared by name only: two descriptors with the same name are the same field.
public struct ProductField: Sendable, Hashable, CustomStringConvertible {
    /// The name as typed and shown (`price`, `discount`).
    public let rawValue: String
    /// The contract's JSON name (`discounted_price`, `thumbnail_id`, `images`).
    public let wireName: String
    /// What the field accepts, for the questions `register` asks (`a number greater than 0`),
    /// typed.
    public let accepts: FieldRule
    /// ``accepts`` in the reader's language (`Language.current`), as a question or a note shows it.
    public var rule: String { accepts.text }
    /// The values it takes when they are a fixed set (TAB offers them after `currency=`).
    public let choices: [String]?
    /// The column's names a catalog file may use (the first is the one `export` writes); the
    /// Korean ones are written without spaces (`상품명`, `판매가`).
    public let catalogHeaders: [String]
    public let koreanHeaders: [String]
    private let access: Access

    public var description: String { rawValue }
    /// The field as a person reading `Language.current` calls it: in English its name as typed
    /// (`price`, as `patch 3 price=3200` takes it), in Korean its first Korean column name
    /// (`가격`, `재고`), as the rest of a Korean line says it.
    public var label: String { label(in: .current) }

    /// The field as a reader of `language` calls it (``label``).
    public func label(in language: Language) -> String {
        switch language {
        case .en: rawValue
        case .ko: koreanHeaders.first ?? rawValue
        }
    }
    /// `name=` as typed and completed.
    public var key: String { rawValue + "=" }

    public static func == (a: ProductField, b: ProductField) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The field called `rawValue` (`price`), nil for none.
    public init?(rawValue: String) {
        guard let field = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = field
    }

    // MARK: The typed value

    /// Parses `text` (as typed after `price=`) into this field's value in `changes`; the problem
    /// when it does not parse (`price: 'abc' is not a number`). The contract's rules for the
    /// value are ``ProductChanges/violations(mergedWith:)``'s.
    public func parse(_ text: String, into changes: inout ProductChanges) -> RuleViolation? {
        access.parse(text, &changes)
    }

    /// The value this field has in `changes`, nil when the change leaves it as it is.
    public func value(in changes: ProductChanges) -> ProductFieldValue? { access.changed(changes) }

    /// The value this field will have once `changes` are made to `product` (an amount in the
    /// currency it will then be in); nil when the changes leave it as it is.
    public func value(in changes: ProductChanges, on product: Product) -> ProductFieldValue? {
        guard let value = value(in: changes) else { return nil }
        if case .amount(let amount, nil) = value { return .amount(amount, product.currency) }
        return value
    }

    /// Whether `a` and `b` hold the same value for this field (amounts compared without their
    /// currency, which is a field of its own).
    public func hasSameValue(in a: ProductChanges, as b: ProductChanges) -> Bool {
        value(in: a)?.withoutCurrency == value(in: b)?.withoutCurrency
    }

    /// Sets this field in `changes` to the value it has in `source` (leaves it when unset there).
    public func copy(from source: ProductChanges, into changes: inout ProductChanges) {
        access.move(source, &changes)
    }

    /// The value this field has in `product` (the thumbnail as the position of its photo).
    public func value(of product: Product) -> ProductFieldValue? { access.current(product) }

    /// Whether `a` and `b` differ in this field (the thumbnail by which photo it is).
    /// Amounts by their number alone: a change of currency is the currency's change, not also the
    /// price's and the discount's (undo would otherwise set back a price someone changed since).
    public func differs(_ a: Product, _ b: Product) -> Bool {
        value(of: a)?.withoutCurrency != value(of: b)?.withoutCurrency
    }

    /// Sets this field in `changes` to the value `target` has, for `product` (the thumbnail as
    /// the image of `product` at the position `target`'s thumbnail has).
    public func copy(from target: Product, on product: Product, into changes: inout ProductChanges) {
        access.copy(target, product, &changes)
    }

    /// `a → b` for this field, when they differ.
    public func change(from a: Product, to b: Product) -> FieldChange? {
        guard differs(a, b), let after = value(of: b) else { return nil }
        return FieldChange(self, from: value(of: a), to: after)
    }
}

/// A product field's value, typed: a command holds these from the moment its line is parsed,
/// and a change shows them before and after. Words for a person are made from it where it is
/// written (the shell's `FieldChange.text`), not here.
public enum ProductFieldValue: Sendable, Hashable {
    case text(String)
    /// An amount, in its currency when known.
    case amount(Decimal, Currency?)
    case currency(Currency)
    case count(Int)
    /// An image by its id (`thumbnail=35`).
    case image(id: Int)
    /// The thumbnail by the position of its photo (0-based); nil when the product has no photo.
    case photo(Int?)

    /// An amount without its currency (a field of its own); any other value as it is.
    public var withoutCurrency: ProductFieldValue {
        if case .amount(let amount, _) = self { return .amount(amount, nil) }
        return self
    }

    /// The value as plain text, as a person types it (`3500`, `KRW`, `35`): what a recorded
    /// command and the `edit` document write, and what a catalog cell holds.
    public var plainText: String {
        switch self {
        case .text(let text): text
        case .amount(let amount, _): amount.description
        case .currency(let currency): currency.rawValue
        case .count(let count): String(count)
        case .image(let id): String(id)
        case .photo(let index): index.map { String($0 + 1) } ?? ""
        }
    }
}

/// One field's value before and after a change (`price ₩3,500 → ₩3,200`); `before` is nil
/// when it is not known.
public struct FieldChange: Sendable, Hashable {
    public var field: ProductField
    public var before: ProductFieldValue?
    public var after: ProductFieldValue

    public init(_ field: ProductField, from before: ProductFieldValue?, to after: ProductFieldValue) {
        self.field = field
        self.before = before
        self.after = after
    }

    /// The fields in which `a` and `b` differ, in ``ProductField/changeable`` order.
    public static func between(_ a: Product, _ b: Product) -> [FieldChange] {
        ProductField.changeable.compactMap { $0.change(from: a, to: b) }
    }
}

extension ProductField {
    public static let name = text(
        "name", rule: .characters(min: ProductRules.nameLength.lowerBound, max: ProductRules.nameLength.upperBound),
        product: \.name, changes: \.name,
        korean: ["상품명", "상품이름", "이름", "제품명"])
    public static let description = text(
        "description",
        rule: .characters(min: ProductRules.descriptionLength.lowerBound, max: ProductRules.descriptionLength.upperBound),
        product: \.description, changes: \.description,
        korean: ["설명", "상품설명", "제품설명"])
    public static let price = amount(
        "price", rule: .numberAboveZero, product: \.price, changes: \.price,
        korean: ["가격", "판매가", "판매가격", "정가"])
    /// (`할인가`, a price after the discount, is not the discount and is not one of its headers.)
    public static let discount = amount(
        "discount", wire: "discounted_price", rule: .numberUpToPrice, product: \.discountedPrice,
        changes: \.discountedPrice, headers: ["discount", "discounted_price"], korean: ["할인", "할인금액", "할인액"])
    public static let currency = ProductField(
        "currency", rule: .currencies, choices: Currency.accepted.map(\.rawValue), korean: ["통화", "화폐"],
        access: Access(
            parse: { text, changes in
                changes.currency = ProductFieldParsing.currency(text)
                return nil
            },
            changed: { $0.currency.map(ProductFieldValue.currency) },
            current: { .currency($0.currency) },
            copy: { target, _, changes in changes.currency = target.currency },
            move: { source, changes in changes.currency = source.currency ?? changes.currency }))
    public static let stock = ProductField(
        "stock", rule: .wholeNumberFromZero, korean: ["재고", "재고수량", "수량"],
        access: Access(
            parse: { text, changes in
                var problems: [RuleViolation] = []
                changes.stock = ProductFieldParsing.integer(text, "stock", &problems)
                return problems.first
            },
            changed: { $0.stock.map(ProductFieldValue.count) },
            current: { .count($0.stock) },
            copy: { target, _, changes in changes.stock = target.stock },
            move: { source, changes in changes.stock = source.stock ?? changes.stock }))
    /// Photos: paths a command reads, never a value of ``ProductChanges``.
    public static let image = ProductField(
        "image", wire: "images", rule: .photos(min: UploadRules.imageCount.lowerBound, max: UploadRules.imageCount.upperBound),
        headers: ["images"],
        korean: ["사진", "이미지", "상품사진", "상품이미지"], access: Access())
    /// Which photo is the thumbnail: typed as an image id, compared by the photo's position (a
    /// product registered again has new image ids).
    public static let thumbnail = ProductField(
        "thumbnail", wire: "thumbnail_id", rule: .imageID, korean: ["대표사진", "썸네일"],
        access: Access(
            parse: { text, changes in
                var problems: [RuleViolation] = []
                changes.thumbnailID = ProductFieldParsing.integer(text, "thumbnail", &problems)
                return problems.first
            },
            changed: { $0.thumbnailID.map { .image(id: $0) } },
            current: { .photo(thumbnailIndex($0)) },
            copy: { target, product, changes in
                if let index = thumbnailIndex(target), let images = product.images, index < images.count {
                    changes.thumbnailID = images[index].id
                }
            },
            move: { source, changes in changes.thumbnailID = source.thumbnailID ?? changes.thumbnailID }))

    /// Every field, in the order commands list them.
    public static let allCases: [ProductField] = [
        .name, .description, .price, .currency, .discount, .stock, .image, .thumbnail,
    ]
    /// The fields a product is made of (what `register` takes besides images).
    public static let editable: [ProductField] = [.name, .description, .price, .currency, .discount, .stock]
    /// The fields a change can touch and undo can take back.
    public static let changeable: [ProductField] = editable + [.thumbnail]

    /// Which of its photos is the product's thumbnail (its position); 0 when it cannot tell,
    /// nil when it has no photo.
    public static func thumbnailIndex(_ product: Product) -> Int? {
        guard let images = product.images, !images.isEmpty else { return nil }
        return images.firstIndex { $0.thumbnailURL == product.thumbnail } ?? 0
    }

    /// The field whose catalog column `header` names (trimmed, any case, Korean headers with
    /// their spaces and underscores left out); nil for none.
    public init?(catalogHeader header: String) {
        let key = header.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let korean = key.filter { !$0.isWhitespace && $0 != "_" }
        guard
            let field = Self.allCases.first(where: { $0.catalogHeaders.contains(key) || $0.koreanHeaders.contains(korean) })
        else { return nil }
        self = field
    }
}

// MARK: Building the descriptors

extension ProductField {
    /// What a descriptor does with values, its types erased behind closures (made from key paths
    /// by ``text(_:rule:product:changes:korean:)`` and ``amount(_:wire:rule:product:changes:headers:korean:)``).
    struct Access: Sendable {
        var parse: @Sendable (String, inout ProductChanges) -> RuleViolation? = { _, _ in nil }
        var changed: @Sendable (ProductChanges) -> ProductFieldValue? = { _ in nil }
        var current: @Sendable (Product) -> ProductFieldValue? = { _ in nil }
        var copy: @Sendable (Product, Product, inout ProductChanges) -> Void = { _, _, _ in }
        var move: @Sendable (ProductChanges, inout ProductChanges) -> Void = { _, _ in }
    }

    private init(
        _ name: String, wire: String? = nil, rule: FieldRule, choices: [String]? = nil, headers: [String]? = nil,
        korean: [String], access: Access
    ) {
        rawValue = name
        wireName = wire ?? name
        accepts = rule
        self.choices = choices
        catalogHeaders = headers ?? [name]
        koreanHeaders = korean
        self.access = access
    }

    private static func text(
        _ name: String, rule: FieldRule, product: KeyPath<Product, String> & Sendable,
        changes: WritableKeyPath<ProductChanges, String?> & Sendable, korean: [String]
    ) -> ProductField {
        ProductField(
            name, rule: rule, korean: korean,
            access: Access(
                parse: { text, into in
                    into[keyPath: changes] = text
                    return nil
                },
                changed: { $0[keyPath: changes].map(ProductFieldValue.text) },
                current: { .text($0[keyPath: product]) },
                copy: { target, _, into in into[keyPath: changes] = target[keyPath: product] },
                move: { source, into in into[keyPath: changes] = source[keyPath: changes] ?? into[keyPath: changes] }))
    }

    private static func amount(
        _ name: String, wire: String? = nil, rule: FieldRule, product: KeyPath<Product, Decimal> & Sendable,
        changes: WritableKeyPath<ProductChanges, Decimal?> & Sendable, headers: [String]? = nil, korean: [String]
    ) -> ProductField {
        ProductField(
            name, wire: wire, rule: rule, headers: headers, korean: korean,
            access: Access(
                parse: { text, into in
                    var problems: [RuleViolation] = []
                    into[keyPath: changes] = ProductFieldParsing.decimal(text, name, &problems)
                    return problems.first
                },
                changed: { changed in changed[keyPath: changes].map { .amount($0, changed.currency) } },
                current: { .amount($0[keyPath: product], $0.currency) },
                copy: { target, _, into in into[keyPath: changes] = target[keyPath: product] },
                move: { source, into in into[keyPath: changes] = source[keyPath: changes] ?? into[keyPath: changes] }))
    }
}

// MARK: Parsing fields

/// A command's `key=value` fields parsed: the typed changes, the fields in the order given (a
/// recording writes them back that way), and every problem found, both the values that do not
/// parse and the contract's rules a value breaks on its own.
public struct ParsedFields: Sendable, Hashable {
    public var changes = ProductChanges()
    public var order: [ProductField] = []
    public var problems: [RuleViolation] = []
    /// The fields whose text does not parse (`price: 'abc' is not a number`), the first of `problems`.
    public private(set) var unreadable: [RuleViolation] = []

    public init() {}

    /// `fields` parsed in order (a field given twice keeps its first value). A price or discount
    /// written with a currency sign (``ProductFieldParsing/money(_:)``) is its amount, and its
    /// sign stands for the currency when none is given (right after it, in `order`); one given
    /// that the sign disagrees with is a problem of the amount's field.
    public init(_ fields: [(field: ProductField, text: String)]) {
        let (read, signs) = Self.readingMoney(fields)
        for (field, text) in read where !order.contains(field) {
            order.append(field)
            if let problem = field.parse(text, into: &changes) { unreadable.append(problem) }
        }
        unreadable = signs + unreadable
        problems = unreadable + changes.violations()
    }

    /// `fields` with each amount's currency sign read: the amount alone, and the currency the
    /// sign names added when the fields give none, or the disagreement when they give another.
    /// One reading for every way in: a command's `price=₩3,500` (a script's check too), a
    /// sheet's cell.
    public static func readingMoney(
        _ fields: [(field: ProductField, text: String)]
    ) -> ([(field: ProductField, text: String)], [RuleViolation]) {
        var fields = fields
        var problems: [RuleViolation] = []
        for field in [ProductField.price, .discount] {
            guard let index = fields.firstIndex(where: { $0.field == field }),
                let (amount, currency) = ProductFieldParsing.money(fields[index].text)
            else { continue }
            let text = fields[index].text
            fields[index].text = amount
            if let given = fields.first(where: { $0.field == .currency })?.text {
                if ProductFieldParsing.currency(given) != currency {
                    problems.append(
                        RuleViolation(
                            field.rawValue, .currencySignDisagrees(text: text, currency: currency.rawValue, given: given)))
                }
            } else {
                fields.insert((.currency, currency.rawValue), at: index + 1)
            }
        }
        return (fields, problems)
    }

    /// A field's value as plain text (`fields[.price]` → `3500`); nil when it was not given or
    /// did not parse.
    public subscript(field: ProductField) -> String? { field.value(in: changes)?.plainText }

    /// Whether no field was given.
    public var isEmpty: Bool { order.isEmpty }

    /// Each field given with its value as plain text (`price`, `3500`), in order.
    public var texts: [(field: ProductField, text: String)] { Self.texts(of: changes, order) }

    /// The fields of `order` that `changes` sets, each with its value as plain text.
    public static func texts(of changes: ProductChanges, _ order: [ProductField]) -> [(field: ProductField, text: String)] {
        order.compactMap { field in field.value(in: changes).map { (field, $0.plainText) } }
    }
}

extension ProductChanges {
    /// A new product's draft from these values: name, description, price and currency set; the
    /// discount and the stock 0 when not given. nil when one of the four is missing.
    public var draft: ProductDraft? {
        guard let name, let description, let price, let currency else { return nil }
        return ProductDraft(
            name: name, description: description, price: price, currency: currency, discountedPrice: discountedPrice ?? 0,
            stock: stock ?? 0)
    }
}

/// Numbers and currencies as sellers type them (`3,500`, `1_000`, `krw`, `₩3,500`).
public enum ProductFieldParsing {
    /// The amount and currency of money written with a currency sign, as a seller types it and
    /// a spreadsheet formats it (`₩3,500`, `3,500원`, `$12.50`, `US$ 5`); nil for a plain number
    /// (or anything else, which the field's parse judges). The amount keeps its commas for that
    /// parse, which takes them only where they group thousands (`$1,5` is not $15).
    public static func money(_ text: String) -> (amount: String, currency: Currency)? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var currency: Currency?
        for (sign, meaning) in moneySigns where rest.hasPrefix(sign) {
            rest = rest.dropFirst(sign.count)
            currency = meaning
            break
        }
        if currency == nil, rest.hasSuffix("원") {
            rest = rest.dropLast()
            currency = .krw
        }
        guard let currency else { return nil }
        let number = rest.trimmingCharacters(in: .whitespaces)
        guard !number.isEmpty,
            number.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." || $0 == "," }),
            number.unicodeScalars.filter({ $0 == "." }).count <= 1
        else { return nil }
        return (number, currency)
    }

    /// The signs `money` reads, longest first where one begins another (`US$` before `$`).
    static let moneySigns: [(String, Currency)] = [("US$", .usd), ("$", .usd), ("₩", .krw), ("￦", .krw)]

    /// A decimal amount; `field` names it in the problem when it is not one.
    public static func decimal(_ text: String, _ field: String, _ problems: inout [RuleViolation]) -> Decimal? {
        if let misread = misreadSeparator(text) {
            problems.append(RuleViolation(field, misread))
            return nil
        }
        let cleaned = withoutGrouping(text)
        guard isPlainDecimal(cleaned), let value = Decimal(string: cleaned, locale: posix) else {
            problems.append(RuleViolation(field, .notANumber(text)))
            return nil
        }
        // Decimal rounds past 38 significant digits without a word: refuse rather than send another number.
        if let problem = ProductRules.checkNumberText(cleaned, field) {
            problems.append(problem)
            return nil
        }
        return value
    }

    /// Numbers are read the same wherever the program runs. Made once: a `Locale` made for every
    /// price was a fifth of what parsing one cost (`LINE=patch scripts/bench-instructions`).
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// `text` without the commas and underscores that group its digits (`3,500`, `1_000`). On
    /// Unicode scalars, and only when there is one: `replacingOccurrences` bridged every price
    /// through NSString.
    static func withoutGrouping(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "_") }) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { $0 != "," && $0 != "_" })
        return String(scalars)
    }

    /// A whole number; `field` names it in the problem when it is not one.
    /// `-`, ASCII digits and at most one `.` with a digit somewhere: the whole text is the number.
    /// (`Decimal(string:)` stops at the first character it cannot read, so `35-00` was 35, and
    /// `Character.isNumber` let other scripts' digits through, so a full-width `５` cut a price short.)
    static func isPlainDecimal(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "-" { scalars = scalars.dropFirst() }
        let parts = scalars.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.contains { !$0.isEmpty }
            && parts.allSatisfy { $0.allSatisfy { ("0"..."9").contains($0) } }
    }

    public static func integer(_ text: String, _ field: String, _ problems: inout [RuleViolation]) -> Int? {
        if let misread = misreadSeparator(text), case .commaNotThousands = misread {
            problems.append(RuleViolation(field, misread))
            return nil
        }
        guard let value = Int(withoutGrouping(text)) else {
            problems.append(RuleViolation(field, .notAWholeNumber(text)))
            return nil
        }
        return value
    }

    public static func currency(_ text: String) -> Currency { Currency(rawValue: text.uppercased()) }

    /// A separator that another country's way of writing numbers would read otherwise, so the
    /// number could be 100 or 1,000 times what was meant: a comma that does not group
    /// thousands (`12,50`, a decimal comma, was read as 1250) and a point before exactly three
    /// digits with no comma (`5.000` was read as 5 where 5,000 was meant). nil for any other
    /// text, which the parse judges. On Unicode scalars, digits ASCII only, as the parse.
    static func misreadSeparator(_ text: String) -> Rule? {
        // Without a comma or a point there is no separator to misread (most prices and stocks).
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ".") }) else { return nil }
        var scalars = Substring(text).unicodeScalars[...]
        let sign = scalars.first == "-" ? "-" : ""
        if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
        let digit: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) }
        let parts = scalars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0].filter { $0 != "_" }
        let fraction = parts.count == 2 ? parts[1].filter { $0 != "_" } : nil
        if whole.contains(",") || fraction?.contains(",") == true {
            // Groups of three after a first of one to three digits that is no 0 (`0,500` is a
            // decimal comma's half, not five hundred).
            let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
            let grouped =
                (1...3).contains(groups[0].count) && groups[0].first != "0" && groups.dropFirst().allSatisfy { $0.count == 3 }
                && groups.allSatisfy { $0.allSatisfy(digit) }
            guard grouped, fraction?.contains(",") != true else { return .commaNotThousands(text) }
            return nil
        }
        // `5.000` is 5000 or 5.00; `1.250` is 1250 or 1.25. A third decimal that is not 0
        // (`1.255`) or a whole part that starts with 0 (`0.500`) is no thousands separator's,
        // and the contract's two places judge the number.
        guard let fraction, (1...3).contains(whole.count), whole.allSatisfy(digit), whole.first != "0",
            fraction.count == 3, fraction.allSatisfy(digit), fraction.last == "0"
        else { return nil }
        let (integer, decimals) = (String(whole), String(fraction))
        return .pointBeforeThreeDigits(
            text: text, whole: sign + integer + decimals, small: sign + integer + "." + decimals.prefix(2))
    }
}
