import OpenMarketContract

/// `logout`: forgets the vendor credentials.
public struct Logout: ShellCommand {
    public static let commandNames = CommandNames("logout")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.logout, usage: "logout", effect: .session)

    public init(parsing arguments: Arguments) throws(CommandFailure) {}

    public var words: [Word] { [Word(Self.spec.name)] }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        await context.login.setLogin(nil)
        return .note(Message.loggedOut.text)
    }
}
