import OpenMarketContract

/// `clear`: clears the terminal's screen, as the shell's `clear` (and Ctrl-L) do.
public struct Clear: ShellCommand {
    public static let commandNames = CommandNames("clear", aliases: ["cls"])
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.clear, usage: "clear", examples: ["clear"],
        tooManyWords: Message.clearTakesNothing, effect: .none, recording: .never)

    public init() {}

    public init(parsing arguments: Arguments) throws(CommandFailure) {}

    public var words: [Word] { [Word(Self.spec.name)] }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        context.console.clearScreen() ? CommandOutcome() : .note(Message.noScreenToClear.text)
    }
}
