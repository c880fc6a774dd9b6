import OpenMarketContract

/// `exit`: leaves the shell.
public struct Exit: ShellCommand {
    public static let spec = CommandSpec(
        name: "exit", aliases: ["quit"], summary: "leave the shell (Ctrl-D works too)", usage: "exit", effect: .none,
        // Whatever follows `exit` does not keep anyone in the shell.
        recording: .never, rawWords: true)

    public init(parsing arguments: Arguments) throws(CommandFailure) {}

    public var words: [Word] { [Word(Self.spec.name)] }

    public func run(in session: isolated SellerShell) async throws -> CommandOutcome { CommandOutcome(exitRequested: true) }
}
