import OpenMarketContract

/// `logout`: forgets the vendor credentials.
public struct Logout: ShellCommand {
    public static let spec = CommandSpec(
        name: "logout", summary: "forget the vendor credentials", usage: "logout", effect: .session)

    public init(parsing arguments: Arguments) throws(CommandFailure) {}

    public var words: [Word] { [Word(Self.spec.name)] }

    public func run(in session: isolated SellerShell) async throws -> CommandOutcome {
        session.setLogin(nil)
        return .note("logged out")
    }
}
