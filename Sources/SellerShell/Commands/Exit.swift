import OpenMarketContract

/// `exit [N]`: leaves the shell, with status N (0 to 255) when given.
public struct Exit: ShellCommand {
    public static let commandNames = CommandNames("exit", aliases: ["quit"])
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.exit,
        usage: "exit [N]", examples: ["exit", "exit 3"], positional: [.word],
        tooManyWords: Message.exitTakesAStatus, effect: .none, recording: .never)

    public var code: Int32?

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        guard let word = arguments.positional.first else { return }
        guard let code = Int32(word.text), (0...255).contains(code) else {
            throw .usage(Message.exitStatusRange(String(word.text.prefix(20))).text)
        }
        self.code = code
    }

    public var words: [Word] { [Word(Self.spec.name)] + (code.map { [Word(String($0))] } ?? []) }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        var outcome = CommandOutcome(exitRequested: true)
        outcome.exitCode = code
        return outcome
    }
}
