import OpenMarketContract

/// `help [COMMAND]`: the overview, or one command's usage and examples, from the specs.
public struct Help: ShellCommand {
    public static let commandNames = CommandNames("help", aliases: ["?"])
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.help, usage: "help [COMMAND]",
        examples: ["help", "help register"], positional: [.command], effect: .none, recording: .never)

    public var topic: String?

    public init(topic: String?) { self.topic = topic }

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        topic = arguments.positional.first?.text
    }

    public var words: [Word] { [Word(Self.spec.name)] + (topic.map { [Word($0)] } ?? []) }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        guard let topic else { return CommandOutcome([.prose(context.commands.registry.overview)]) }
        let registry = context.commands.registry
        guard let command = registry.find(topic) else {
            // `help run`: the program's `run FILE` is `source FILE` here, as at the prompt.
            throw CommandFailure.usage(Message.noSuchCommand(topic, guesses: registry.guesses(for: [Word(topic)])).text)
        }
        return CommandOutcome([.prose(command.spec.helpText)])
    }
}
