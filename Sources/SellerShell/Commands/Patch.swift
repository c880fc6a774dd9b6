import OpenMarketAPI
import OpenMarketContract

/// `patch ID field=value…`: a partial change, sent as the contract's JSON PATCH.
public struct Patch: ShellCommand {
    public static let spec = CommandSpec(
        name: "patch", summary: "change fields of a product (JSON PATCH)",
        usage: "patch ID [name=…] [description=…] [price=…] [currency=…] [discount=…] [stock=…] [thumbnail=IMAGE_ID]",
        examples: ["patch 12 price=3000 discount=0", "patch 12 thumbnail=35"],
        fields: ProductField.editable + [.thumbnail], positional: [.productID], effect: .changes, returnsProduct: true)

    public var id: Int
    public var values: [ProductField: String]
    /// The fields in the order typed, so a recording writes them back that way.
    public var order: [ProductField]

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        id = try arguments.productID()
        _ = try arguments.uniqueFields()
        order = arguments.fields.compactMap { ProductField(rawValue: $0.key) }
        values = Dictionary(
            arguments.fields.map { (ProductField(rawValue: $0.key)!, $0.value.text) }, uniquingKeysWith: { a, _ in a })
    }

    public var productID: Int? { id }

    public var words: [Word] {
        [Word(Self.spec.name), Word(String(id))]
            + order.compactMap { field in values[field].map { Word(field.key + $0, wasQuoted: true) } }
    }

    public func run(in session: isolated SellerShell) async throws -> CommandOutcome {
        guard !values.isEmpty else {
            return .note("patch \(id): nothing to change, so nothing was sent (give fields: patch \(id) price=3000)")
        }
        var problems: [RuleViolation] = []
        let changes = FieldParsing.changes(values, problems: &problems)
        if !problems.isEmpty { throw MarketError.invalidInput(problems) }
        // The currency is known before sending only when it is changed too; else from the answer.
        let (price, discount) = (changes.price, changes.discountedPrice)
        for warning in FieldParsing.wonFractions(price: price, discount: discount, currency: changes.currency) {
            session.warn(warning)
        }
        let response = try await session.client.edit(id: id, changes)
        session.remember([response.value])
        session.learnVendor(from: response.value)
        var outcome = CommandOutcome.product(.changed, response)
        if changes.currency == nil {
            let late = FieldParsing.wonFractions(price: price, discount: discount, currency: response.value.currency, sent: true)
            outcome.output = late.map { .note("warning: " + $0) } + outcome.output
        }
        return outcome
    }
}
