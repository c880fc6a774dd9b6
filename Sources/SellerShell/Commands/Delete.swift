import OpenMarketAPI
import OpenMarketContract

/// `delete ID [--yes]`: the contract's two-step delete (ask for the delete URI, then DELETE
/// it), after a confirmation unless `--yes`.
public struct Delete: ShellCommand {
    public static let spec = CommandSpec(
        name: "delete", aliases: ["rm"], summary: "delete a product (the two-step DELETE)", usage: "delete ID [--yes]",
        examples: ["delete 12", "delete 12 --yes"], flags: [.init("--yes")], positional: [.productID], effect: .deletes,
        returnsProduct: true)

    public var id: Int
    public var confirmed: Bool

    public init(id: Int, confirmed: Bool) {
        self.id = id
        self.confirmed = confirmed
    }

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        id = try arguments.productID()
        confirmed = arguments.has("--yes")
    }

    public var productID: Int? { id }
    public var words: [Word] { [Word(Self.spec.name), Word(String(id))] + (confirmed ? [Word("--yes")] : []) }

    public func run(in session: isolated SellerShell) async throws -> CommandOutcome {
        // Not logged in is said before the question, not after the seller has answered it.
        _ = try session.client.requireCredentials()
        if !confirmed {
            let product = try await session.client.product(id: id).value
            try await Self.requireMine(product, in: session)
            guard session.console.isInteractive else {
                throw CommandFailure.usage("deleting #\(id) \(product.name) needs confirmation: add --yes")
            }
            let answer = session.console.ask("delete #\(id) \(product.name)? [y/N] ")?.lowercased()
            guard answer == "y" || answer == "yes" else { return .note("kept #\(id)") }
        }
        let response = try await session.client.delete(id: id)
        session.index.forget(id)
        var outcome = CommandOutcome.product(.deleted, response)
        outcome.output = [.text("deleted #\(id) \(response.value.name)", raw: response.body)]
        outcome.replay = Delete(id: id, confirmed: true)
        return outcome
    }

    /// Refuses, before the question, a product that is another vendor's (the server would
    /// refuse the delete after the seller confirmed it).
    static func requireMine(_ product: Product, in session: isolated SellerShell) async throws {
        let owner = product.vendor?.id ?? product.vendorID
        guard let owner, try await session.identifyVendor(among: [product]) != owner else { return }
        let name = product.vendor?.name ?? product.vendorName
        throw CommandFailure.failed(
            "#\(product.id) \(TextLayout.visible(product.name, limit: 100)) is not yours (it belongs to "
                + "\(name.map { TextLayout.visible($0, limit: 60) + " " } ?? "")#\(owner)); nothing was deleted")
    }
}
