import OpenMarketAPI
import OpenMarketContract

/// `patch ID… field=value… [--if-match ETAG] [--yes]`: a partial change, sent as the contract's
/// JSON PATCH; to several products at once with one confirmation (`patch 3 4 5 discount=0`).
public struct Patch: ShellCommand, SeveralProducts, RefersToProduct {
    public static let commandNames = CommandNames("patch")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.patch,
        usage:
            "patch ID… [name=…] [description=…] [price=…] [currency=…] [discount=…] [stock=…] [thumbnail=IMAGE_ID] "
            + "[--if-match ETAG] [--yes]",
        examples: ["patch 12 price=3000 discount=0", "patch 12 thumbnail=35", "patch 3 4 5 discount=0 --yes"],
        flags: options.map(\.flag), fields: ProductField.editable + [.thumbnail], positional: [.productIDs],
        effect: .changes, returnsProduct: true)

    /// `--yes` means something only for several products, and is written back only for them.
    static let options: [CommandOption<Patch>] = [
        .text("--if-match", \.ifMatch, placeholder: "ETAG", help: ShellHelp.patchIfMatch),
        .flag("--yes", \.confirmed, help: ShellHelp.patchYes).writtenBack { $0.ids.count > 1 },
    ]

    public var id: Int
    /// Every product given (`[id]` for one).
    public var ids: [Int]
    /// The fields' values, typed when the line was parsed.
    public var changes: ProductChanges
    /// The fields in the order typed, so a recording writes them back that way.
    public var order: [ProductField]
    /// Sent as `If-Match`: the change is made only if the product is still as it was read.
    public var ifMatch: String?
    /// Several products change without asking.
    public var confirmed = false
    /// The product as the caller just read it (an import's row), for the change log: saves
    /// reading it again before the PATCH. Not part of the command's words.
    public var known: Product?
    /// The stock sent is the stock read moved by an amount (an import's stock, merged as a
    /// count): the change log keeps it as a move, which `undo` takes back by the amount as it
    /// does `stock ID +N`'s, and the other fields as an edit. Not part of the command's words.
    public var stockIsMove = false

    public init(
        id: Int, changes: ProductChanges, order: [ProductField]? = nil, ifMatch: String? = nil, known: Product? = nil
    ) {
        self.id = id
        self.ids = [id]
        self.changes = changes
        self.order = order ?? ProductField.changeable.filter { $0.value(in: changes) != nil }
        self.ifMatch = ifMatch
        self.known = known
    }

    /// Each field's value is parsed and checked by the contract's rules here, with the line:
    /// `patch 4 price=abc` fails before anything runs (and a script's check names it).
    public init(parsing arguments: Arguments) throws(CommandFailure) {
        ids = try arguments.productIDs()
        id = ids[0]
        _ = try arguments.uniqueFields()
        let parsed = ParsedFields(FieldParsing.fields(of: arguments))
        changes = parsed.changes
        order = parsed.order
        try arguments.apply(Self.options, to: &self)
        if let failure = FieldParsing.failure(parsed.problems) { throw failure }
    }

    public var productID: Int? { ids.count == 1 ? id : nil }

    public var words: [Word] {
        [Word(Self.spec.name)] + ids.map { Word(String($0)) } + fieldWords + Self.options.words(of: self)
    }

    private var fieldWords: [Word] {
        ParsedFields.texts(of: changes, order).map { Word($0.field.key + $0.text, wasQuoted: true) }
    }

    /// `thumbnail=35` names an image of this server: written as that image of the product.
    public func words(referring references: ReplayReferences) -> [ScriptWord] {
        let fields = ParsedFields.texts(of: changes, order).map { field, text -> ScriptWord in
            if field == .thumbnail, let image = changes.thumbnailID.flatMap(references.image) {
                return .reference(field.key + image)
            }
            return .word(Word(field.key + text, wasQuoted: true))
        }
        return [.word(Word(Self.spec.name)), .reference(references.product)] + fields
            + Self.options.words(of: self).map(ScriptWord.word)
    }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        guard ids.count > 1 else { return try await runOne(in: context) }
        guard !order.isEmpty else {
            return .note("patch: " + Message.patchNothingToChange(example: "patch \(ids[0]) \(ids[1]) price=3000").text)
        }
        let change = ParsedFields.texts(of: changes, order).map { $0.field.key + $0.text }.joined(separator: " ")
        let asks = !confirmed && context.console.isInteractive
        let changesAmounts = changes.price != nil || changes.discountedPrice != nil
        // Read first when the seller is asked (each product's name, before → after), or when
        // an amount changes (the currencies it is in).
        var products: [Int: Product] = [:]
        if asks || changesAmounts {
            products = await Self.read(ids, in: context)
            if asks {
                for id in ids {
                    context.console.note("  " + (products[id].map(beforeAfter) ?? Message.cannotBeRead(id: id).text))
                }
            }
            if changesAmounts, changes.currency == nil, let warning = Self.mixedCurrencies(ids.compactMap { products[$0] }) {
                context.console.warn(warning)
            }
        }
        let question = Message.patchQuestion(change: change, count: ids.count, products: EachProduct.list(ids))
        if !confirmed, !EachProduct.confirm(question, in: context) { return .note(Message.changedNothing.text) }
        let each = ids.map { Patch(id: $0, changes: changes, order: order, ifMatch: ifMatch, known: products[$0]) }
        var outcome = try await EachProduct.run(each, verb: .changed, total: ids.count, in: context)
        var replay = self
        replay.confirmed = true
        outcome.replay = replay
        return outcome
    }

    /// The products, read one by one; one that cannot be read is left out (its patch reports why).
    private static func read(_ ids: [Int], in context: CommandContext) async -> [Int: Product] {
        var products: [Int: Product] = [:]
        for id in ids {
            guard let product = try? await context.client.product(id: id).value else { continue }
            products[id] = product
        }
        context.records.remember(Array(products.values))
        return products
    }

    /// `#5 Mug (KRW): price ₩3,000 → ₩5,000, stock 5 → 7`: what this patch does to one product.
    func beforeAfter(_ product: Product) -> String {
        let described = order.compactMap { field in
            field.value(in: changes, on: product).map { FieldChange(field, from: field.value(of: product), to: $0).text }
        }
        return "\(ProductLabel.of(product)) (\(product.currency.rawValue)): \(described.joined(separator: ", "))"
    }

    /// The warning when one amount is set on products in different currencies (₩5,000 and $5,000).
    static func mixedCurrencies(_ products: [Product]) -> String? {
        let byCurrency = Dictionary(grouping: products, by: \.currency)
        guard byCurrency.count > 1 else { return nil }
        let parts = byCurrency.sorted { $0.key.rawValue < $1.key.rawValue }.map { currency, products in
            "\(currency.rawValue): \(products.map { "#\($0.id)" }.joined(separator: ", "))"
        }
        return Message.mixedCurrencies(parts.joined(separator: "; ")).text
    }

    private func runOne(in context: CommandContext) async throws -> CommandOutcome {
        guard !order.isEmpty else {
            return .note("patch \(id): " + Message.patchNothingToChange(example: "patch \(id) price=3000").text)
        }
        // The currency is known before sending only when it is changed too; else from the answer.
        let (price, discount) = (changes.price, changes.discountedPrice)
        for warning in FieldParsing.wonFractions(price: price, discount: discount, currency: changes.currency) {
            context.console.warn(warning)
        }
        // The change log wants the product as it was: read first unless the caller just did. A
        // patch that would change nothing is then not sent (nor logged).
        var before = context.keepsChanges ? known : nil
        var read: MarketResponse<Product>?
        if context.keepsChanges, before == nil {
            read = try await context.client.product(id: id)
            before = read?.value
        }
        if let before, let already = alreadySo(before) {
            context.records.remember([before])
            return .unchanged(already, read: read)
        }
        let response = try await send(changes, in: context)
        context.records.remember([response.value])
        await context.vendor.learn(from: response.value)
        var outcome = CommandOutcome.product(.changed, response)
        if changes.currency == nil {
            let late = FieldParsing.wonFractions(price: price, discount: discount, currency: response.value.currency, sent: true)
            outcome.output = late.map { .warning($0) } + outcome.output
        }
        if let before { outcome.changes = loggedChanges(before: before, after: response) }
        return outcome
    }

    /// What the change log keeps of the PATCH: an edit, or with `stockIsMove` the fields but the
    /// stock as an edit (the product after it with the stock it had) and the stock as a move.
    private func loggedChanges(before: Product, after response: MarketResponse<Product>) -> [ProductChange] {
        let after = response.value
        guard stockIsMove, before.stock != after.stock else {
            return [ProductChange(.edited, before: before, after: after, etag: response.etag)]
        }
        var edited = after
        edited.stock = before.stock
        let move = ProductChange(.stock, before: edited, after: after, etag: response.etag)
        guard ProductField.between(before, edited).isEmpty else {
            return [ProductChange(.edited, before: before, after: edited), move]
        }
        return [move]
    }

    /// `#6 Mug already has price ₩26,000: nothing was sent…` when every field given already has
    /// its value in `product`; nil when the patch changes something.
    func alreadySo(_ product: Product) -> String? {
        let values = order.compactMap { field in field.value(in: changes, on: product).map { (field, $0) } }
        guard values.allSatisfy({ field, value in field.value(of: product) == value }) else { return nil }
        let name = ProductLabel.of(product)
        let shown = values.map { field, value in "\(field.rawValue) \(value.shown)" }.joined(separator: ", ")
        return ChangesMessage.patchChangesNothing(product: name, values: shown).text
    }

    /// The PATCH, with `If-Match` when given: a 412 then says the product changed since it was read.
    private func send(_ changes: ProductChanges, in context: CommandContext) async throws -> MarketResponse<Product> {
        guard let ifMatch else { return try await context.client.edit(id: id, changes) }
        do {
            return try await context.client.edit(id: id, changes, ifMatch: ifMatch)
        } catch .preconditionFailed {
            throw CommandFailure.failed(
                Message.etagMoved(id: id, etag: TextLayout.visible(ifMatch, limit: 80)).text)
        }
    }
}
