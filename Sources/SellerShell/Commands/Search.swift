import OpenMarketContract

/// `search TEXT [PAGE] [--per-page N] [--mine] [--all] [--format …] [--fields …] [--sort …]`:
/// `list --search TEXT`, as a command of its own (what a seller types first).
public struct Search: ShellCommand {
    public static let commandNames = CommandNames("search", aliases: ["find"])
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.search,
        usage: "search TEXT [PAGE] [--per-page N] [--mine] [--all] [--format FORMAT] [--fields id,name,…] [--sort KEY]",
        examples: ["search 텀블러", "search 'milk bottle' --all", "search mug --format ids --sort -price"],
        flags: options.map(\.flag), positional: [.word, .page],
        tooManyWords: Message.searchTakesOneText, effect: .reads)

    /// `list`'s own, as it declares them: the page size, `--mine`, `--all`, and how the list is
    /// written and ordered.
    static let options: [CommandOption<Search>] = ListProducts.options.filter { Self.fromList.contains($0.name) }.map {
        $0.within(\.list)
    }
    static let fromList: Set = ["--per-page", "--mine", "--all", "--format", "--fields", "--sort"]

    public var list: ListProducts

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        guard let text = arguments.positional.first?.text, !text.isEmpty else {
            throw .usage(Message.searchForWhat.text)
        }
        // `search red mug`: a second word that is no number is more of the text, not a page.
        let second = arguments.positional.dropFirst().first
        if let second, !second.text.allSatisfy(\.isNumber) { throw .usage(Message.searchTakesOneText.text) }
        list = ListProducts(page: try ListProducts.page(second), search: text)
        try arguments.apply(Self.options, to: &self)
    }

    public var words: [Word] {
        [Word(Self.spec.name), Word(list.search ?? "", wasQuoted: true)] + (list.page != 1 ? [Word(String(list.page))] : [])
            + Self.options.words(of: self)
    }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        try await list.run(in: context)
    }
}
