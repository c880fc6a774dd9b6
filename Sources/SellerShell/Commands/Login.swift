import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `login [IDENTIFIER] [--save NAME]`: the vendor identifier (asked when missing) and secret
/// (asked without echo, or `OPENMARKET_SECRET` in scripts; never from the command line).
public struct Login: ShellCommand {
    public static let spec = CommandSpec(
        name: "login", summary: "set the vendor identifier and secret (the secret is asked without echo)",
        usage: "login [IDENTIFIER] [--save NAME]", examples: ["login", "login 0c1b5a9e-… --save shop"],
        flags: [.init("--save", value: .name)], positional: [.identifier],
        // `login ID SECRET`: the second word can only be a secret typed where it does not
        // belong. Refused without repeating it (the generic "unexpected 'WORD'" would print it);
        // the REPL keeps such a line out of the history (`mayKeepInHistory`).
        tooManyWords: "the secret is never typed on the command line (it would stay in the history and in 'ps'): "
            + "type 'login IDENTIFIER' and enter it when asked, or set OPENMARKET_SECRET; what you typed was not kept",
        effect: .session)

    public var identifier: String?
    public var saveAs: String?

    public init(identifier: String?, saveAs: String? = nil) {
        self.identifier = identifier
        self.saveAs = saveAs
    }

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        identifier = arguments.positional.first?.text
        saveAs = arguments.value("--save")
    }

    /// Written back without `--save`: a replay must not write profiles.
    public var words: [Word] { [Word(Self.spec.name)] + (identifier.map { [Word($0)] } ?? []) }

    public func run(in session: isolated SellerShell) async throws -> CommandOutcome {
        let console = session.console
        var identifier = self.identifier
        if identifier == nil {
            guard console.isInteractive, let answer = console.ask("identifier: "), !answer.isEmpty else {
                throw CommandFailure.usage("give the identifier: login IDENTIFIER")
            }
            identifier = answer
        }
        let credentials = VendorCredentials(identifier: identifier!, secret: try Self.secret(for: identifier!, console))
        session.setLogin(credentials)
        let replay = Login(identifier: credentials.identifier)
        guard let saveAs else {
            return CommandOutcome(
                [.note("logged in as \(credentials.identifier.prefix(8))… (the secret is checked on the first change you make)")],
                replay: replay)
        }
        let profile = ProfileStore.Profile(
            server: session.client.baseURL.absoluteString, identifier: credentials.identifier, secret: credentials.secret,
            vendorName: nil)
        try session.profiles.save(saveAs, profile)
        return CommandOutcome(
            [.note("logged in as \(credentials.identifier.prefix(8))…; saved as profile '\(saveAs)' (mode 0600)")], replay: replay
        )
    }

    /// The secret never comes from the command line (it would land in the history and in
    /// `ps`): from the environment in scripts, otherwise asked without echo.
    static func secret(for identifier: String, _ console: any ShellConsole) throws(CommandFailure) -> Secret {
        if let fromEnvironment = ProcessInfo.processInfo.environment["OPENMARKET_SECRET"], !fromEnvironment.isEmpty,
            !console.isInteractive
        {
            return Secret(fromEnvironment)
        }
        if let answer = console.askSecret("secret for \(identifier.prefix(8))…: "), !answer.isEmpty { return Secret(answer) }
        throw .failed("no secret given; set OPENMARKET_SECRET in scripts")
    }
}
