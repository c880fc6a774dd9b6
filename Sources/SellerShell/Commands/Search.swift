import OpenMarketContract

/// `search TEXT [PAGE] [--per-page N] [--mine] [--all]`: `list --search TEXT`, as a command of
/// its own (what a seller types first).
public struct Search: ShellCommand {
    public static let spec = CommandSpec(
        name: "search", aliases: ["find"], summary: "list products whose name or description holds TEXT",
        usage: "search TEXT [PAGE] [--per-page N] [--mine] [--all]", examples: ["search 텀블러", "search 'milk bottle' --all"],
        flags: [.init("--per-page", value: .number), .init("--mine"), .init("--all")], positional: [.word, .page],
        tooManyWords: "search takes one TEXT and a page: quote words that go together (search 'milk bottle')", effect: .reads)

    public var list: ListProducts

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        guard let text = arguments.positional.first?.text, !text.isEmpty else {
            throw .usage("search for what? search TEXT")
        }
        list = ListProducts(
            page: try ListProducts.page(arguments.positional.dropFirst().first),
            perPage: try ListProducts.perPage(arguments.value("--per-page")), search: text, mine: arguments.has("--mine"),
            all: arguments.has("--all"))
    }

    public var words: [Word] {
        var words = [Word(Self.spec.name), Word(list.search ?? "", wasQuoted: true)]
        if list.page != 1 { words.append(Word(String(list.page))) }
        if let perPage = list.perPage { words += [Word("--per-page"), Word(String(perPage))] }
        if list.mine { words.append(Word("--mine")) }
        if list.all { words.append(Word("--all")) }
        return words
    }

    public func run(in context: CommandContext) async throws -> CommandOutcome {
        try await list.run(in: context)
    }
}
