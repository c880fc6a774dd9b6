import OpenMarketAPI
import OpenMarketContract

/// `delete ID… [--yes]`: the contract's two-step delete (ask for the delete URI, then DELETE
/// it), after a confirmation unless `--yes`; several products with one confirmation, after
/// checking every one of them is the seller's.
public struct Delete: ShellCommand, SeveralProducts, RefersToProduct {
    public static let commandNames = CommandNames("delete", aliases: ["rm"])
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.delete,
        usage: "delete ID… [--yes]", examples: ["delete 12", "delete 12 --yes", "delete 3 4 5"], flags: options.map(\.flag),
        positional: [.productIDs], effect: .deletes, returnsProduct: true)

    static let options: [CommandOption<Delete>] = [
        .flag("--yes", \.confirmed, help: ShellHelp.deleteYes)
    ]

    public var id: Int
    /// Every product given (`[id]` for one).
    public var ids: [Int]
    public var confirmed = false

    public init(id: Int, confirmed: Bool) {
        self.id = id
        self.ids = [id]
        self.confirmed = confirmed
    }

    public init(ids: [Int], confirmed: Bool) {
        self.id = ids.first ?? 0
        self.ids = ids
        self.confirmed = confirmed
    }

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        ids = try arguments.productIDs()
        id = ids[0]
        try arguments.apply(Self.options, to: &self)
    }

    public var productID: Int? { ids.count == 1 ? id : nil }
    public var unattendedProblem: Message? { confirmed ? nil : .deleteAsksUnattended }
    public var words: [Word] { [Word(Self.spec.name)] + ids.map { Word(String($0)) } + Self.options.words(of: self) }

    public func words(referring references: ReplayReferences) -> [ScriptWord] {
        [.word(Word(Self.spec.name)), .reference(references.product)] + Self.options.words(of: self).map(ScriptWord.word)
    }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        // Not logged in is said before the question, not after the seller has answered it.
        _ = try context.client.requireCredentials()
        guard ids.count == 1 else { return try await runEach(in: context) }
        var read: Product?
        if !confirmed {
            let product = try await context.client.product(id: id).value
            read = product
            try await Ownership.requireMine(product, in: context, .nothingDeleted)
            guard context.console.isInteractive else {
                throw CommandFailure.usage(Message.deleteNeedsYes(id: id, name: product.name).text)
            }
            guard context.console.confirm(.deleteQuestion(id: id, name: product.name)) else {
                return .note(Message.kept(id: id).text)
            }
        }
        // The change log keeps the product and its photos, so that `undo` can register it again.
        var change: ProductChange?
        if context.keepsChanges {
            let before: Product
            if let read { before = read } else { before = try await context.client.product(id: id).value }
            let (photos, problem) = await context.photosBeforeDelete(of: before)
            change = ProductChange(.deleted, before: before, after: nil, photos: photos, photoProblem: problem)
        }
        let response = try await context.client.delete(id: id)
        context.records.index.forget(id)
        var outcome = CommandOutcome.product(.deleted, response)
        outcome.output = [.text(Message.deleted(id: id, name: response.value.name).text, raw: response.body)]
        if let problem = change?.photoProblem {
            outcome.output.append(.warning(Message.undoWithoutPhotos(problem: problem).text))
        }
        outcome.replay = Delete(id: id, confirmed: true)
        outcome.changes = change.map { [$0] } ?? []
        return outcome
    }

    /// Several products: each read first (one that cannot be read is a failure of its own),
    /// every one checked to be the seller's, one question naming them, then each deleted.
    private func runEach(in context: CommandContext) async throws -> CommandOutcome {
        guard confirmed || context.console.isInteractive else {
            throw CommandFailure.usage(Message.deleteSeveralNeedsYes(count: ids.count).text)
        }
        var found: [Product] = []
        var failed: [String] = []
        for id in ids {
            do {
                found.append(try await context.client.product(id: id).value)
            } catch MarketError.cancelled {
                throw MarketError.cancelled
            } catch {
                let command = Delete(id: id, confirmed: true)
                let why = await context.commands.failureReport(error, command, prefix: "").failure.first ?? "\(error)"
                context.console.note(command.failurePrefix + why, kind: .error)
                failed.append("#\(id): " + why)
            }
        }
        try await Self.requireMine(found, in: context)
        let names = Dictionary(found.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let question =
            Message.deleteSeveralQuestion(count: found.count, products: EachProduct.list(found.map(\.id), names: names))
        if !confirmed, !found.isEmpty, !EachProduct.confirm(question, in: context) {
            return .note(Message.keptAll(count: found.count).text)
        }
        var outcome = try await EachProduct.run(
            found.map { Delete(id: $0.id, confirmed: true) }, verb: .deleted, total: ids.count, failed: failed, in: context)
        outcome.replay = Delete(ids: ids, confirmed: true)
        return outcome
    }

    /// Refuses all of them, before the question, when any is another vendor's, naming those.
    static func requireMine(_ products: [Product], in context: CommandContext) async throws {
        // Unknown and no one to ask: the server refuses another vendor's product (403).
        guard !products.isEmpty, let vendorID = try await context.ownVendorID(among: products) else { return }
        var others: [String] = []
        for product in products {
            let owner = product.vendor?.id ?? product.vendorID
            guard let owner, owner != vendorID else { continue }
            others.append("#\(product.id) \(TextLayout.visible(product.name, limit: 60))")
        }
        guard !others.isEmpty else { return }
        throw CommandFailure.failed(Message.severalNotYours(products: others.joined(separator: ", "), count: others.count).text)
    }

}
