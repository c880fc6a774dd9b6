import OpenMarketAPI
import OpenMarketContract

/// `show ID [--photos]`: one product with its images; on a terminal, its thumbnail drawn beside
/// the details, or every photo drawn under them (`--photos`; see `Photos/`).
public struct Show: OneProduct {
    public static let commandNames = CommandNames("show", aliases: ["get"])
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.show,
        usage: "show ID [--photos]", notes: ShellHelp.showNotes,
        examples: ["show 12", "show 12 --photos"], flags: options.map(\.flag), positional: [.productID], effect: .reads,
        returnsProduct: true)

    static let options: [CommandOption<Show>] = [
        .flag("--photos", \.everyPhoto, help: ShellHelp.showPhotos)
    ]

    public var id: Int
    /// `--photos`: every photo drawn, under the details.
    public var everyPhoto = false

    public init(id: Int) { self.id = id }

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        self.init(id: try arguments.productID())
        try arguments.apply(Self.options, to: &self)
    }

    public var words: [Word] { [Word(Self.spec.name), Word(String(id))] + Self.options.words(of: self) }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let response = try await context.client.product(id: id)
        context.records.remember([response.value])
        var outcome = CommandOutcome.product(.read, response)
        let (plan, note) = PhotoPlan.make(in: context, asked: everyPhoto)
        if let note { outcome.output.append(.note(note)) }
        guard let plan else { return outcome }
        let product = response.value
        let label = "#\(product.id)"
        let addresses: [(key: Int, address: String, label: String)]
        let columns: Int
        if everyPhoto {
            let images = product.images ?? []
            addresses = images.enumerated().map { ($0.offset, $0.element.url, "\(label) photo \($0.offset + 1)") }
            columns = max(8, min(plan.canvas.columns - 2, 64))
        } else {
            addresses = PhotoPlan.thumbnail(of: product).map { [(0, $0, label)] } ?? []
            columns = max(8, min(24, plan.canvas.columns / 3))
        }
        guard !addresses.isEmpty else { return outcome }
        let (photos, notes, _) = await plan.photos(addresses, columns: columns, in: context)
        let ordered = addresses.compactMap { photos[$0.key] }
        outcome.output[0] = .pictured(product, raw: response.body, photos: ordered, beside: !everyPhoto)
        outcome.output += notes.map { .note($0) }
        return outcome
    }
}
