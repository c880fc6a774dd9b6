import OpenMarketContract

/// A command that takes one product id and nothing else (`show ID`, `edit ID`, `open ID`):
/// its parse, its words, and how a recording refers to its product, written once.
public protocol OneProduct: ShellCommand, RefersToProduct {
    var id: Int { get }
    init(id: Int)
}

extension OneProduct {
    public init(parsing arguments: Arguments) throws(CommandFailure) {
        self.init(id: try arguments.productID())
    }

    public var productID: Int? { id }
    public var words: [Word] { [Word(Self.spec.name), Word(String(id))] }

    public func words(referring references: ReplayReferences) -> [ScriptWord] {
        [.word(Word(Self.spec.name)), .reference(references.product)]
    }
}

/// Refuses a product that is another vendor's before anything is asked or opened (the server
/// would refuse the change only after the seller had confirmed or typed it): `delete`, `edit`.
/// When this login's vendor id is not known and no one can be asked, the change is left to the
/// server, which refuses another vendor's product (403): nothing is sent to find out.
enum Ownership {
    /// - Parameter consequence: what did not happen (``Message/nothingDeleted``).
    static func requireMine(_ product: Product, in context: CommandContext, _ consequence: Message) async throws {
        let owner = product.vendor?.id ?? product.vendorID
        guard let owner, let vendorID = try await context.ownVendorID(among: [product]), vendorID != owner else { return }
        let name = product.vendor?.name ?? product.vendorName
        let vendor = "\(name.map { TextLayout.visible($0, limit: 60) + " " } ?? "")#\(owner)"
        let shown = TextLayout.visible(product.name, limit: 100)
        throw CommandFailure.failed(
            Message.notYours(id: product.id, name: shown, owner: vendor, consequence: consequence.text).text)
    }
}
