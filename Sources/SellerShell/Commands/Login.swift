import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `login [IDENTIFIER] [--vendor-id N] [--save NAME]`: the vendor identifier (asked when
/// missing) and secret (asked without echo, or `OPENMARKET_SECRET` in scripts; never from the
/// command line), and the vendor id when the seller knows it (asked on a terminal when nothing
/// else tells it: it is never found out by sending anything to other vendors' products).
public struct Login: ShellCommand {
    public static let commandNames = CommandNames("login")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.login,
        usage: "login [IDENTIFIER] [--vendor-id N] [--save NAME]",
        examples: ["login", "login 0c1b5a9e-… --save shop", "login 0c1b5a9e-… --vendor-id 15"],
        flags: options.map(\.flag), positional: [.identifier],
        // `login ID SECRET`: the second word can only be a secret typed where it does not
        // belong. Refused without repeating it (the generic "unexpected 'WORD'" would print it);
        // the REPL keeps such a line out of the history (`mayKeepInHistory`).
        tooManyWords: Message.secretNeverTyped,
        effect: .session)

    /// `--save` is never written back: a replay must not write profiles.
    static let options: [CommandOption<Login>] = [
        .text("--save", \.saveAs, kind: .name, placeholder: "NAME", help: ShellHelp.loginSave)
            .writtenBack { _ in false },
        .value(
            "--vendor-id", \.vendorID, kind: .number, placeholder: "N",
            help: ShellHelp.loginVendorId,
            parse: { text throws(CommandFailure) in
                guard let id = VendorIDSource.parse(text) else { throw .usage(VendorIDSource.refusal(text, from: "--vendor-id")) }
                return id
            },
            write: { Word(String($0)) }),
    ]

    public var identifier: String?
    public var saveAs: String?
    /// `--vendor-id N`: the vendor id, as the seller knows it.
    public var vendorID: Int?

    public init(identifier: String?, saveAs: String? = nil, vendorID: Int? = nil) {
        self.identifier = identifier
        self.saveAs = saveAs
        self.vendorID = vendorID
    }

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        identifier = arguments.positional.first?.text
        try arguments.apply(Self.options, to: &self)
    }

    public var words: [Word] { [Word(Self.spec.name)] + (identifier.map { [Word($0)] } ?? []) + Self.options.words(of: self) }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let console = context.console
        var identifier = self.identifier
        if identifier == nil {
            guard console.isInteractive, let answer = console.ask(Message.askIdentifier.text), !answer.isEmpty else {
                throw CommandFailure.usage(Message.giveIdentifier.text)
            }
            identifier = answer
        }
        if !Self.looksLikeIdentifier(identifier!) {
            // Said at once: it explains the refusal that may follow.
            console.warn(Message.notAnIdentifier(TextLayout.visible(String(identifier!.prefix(60)))).text)
        }
        // A profile is the person's file: an untrusted script writes none.
        if saveAs != nil, context.access.isUntrusted { throw AccessRefusal(.profiles) }
        if let saveAs { try Self.mayOverwrite(saveAs, in: context) }
        let credentials = VendorCredentials(identifier: identifier!, secret: try Self.secret(for: identifier!, in: context))
        let previous = (context.client.credentials, context.settings, await context.vendor.standing)
        await context.login.setLogin(credentials)
        if let vendorID { await context.login.takeVendor(id: vendorID, name: nil, standing: .given, keep: false) }
        var context = context
        context.client.credentials = credentials
        let verdict: String
        do {
            verdict = try await Self.check(in: context)
        } catch {
            await context.login.setLogin(
                previous.0, vendorName: previous.1.vendorName, vendorID: previous.1.vendorID, profile: previous.1.profileName,
                standing: previous.2)
            throw error
        }
        // What the check learned about the vendor.
        context.settings = await context.login.settings
        let standing = await context.vendor.standing
        let replay = Login(identifier: credentials.identifier, vendorID: vendorID)
        var said = Self.said(credentials, context.settings, standing: standing, verdict: verdict)
        guard let saveAs else { return CommandOutcome([.note(said)], replay: replay) }
        try context.login.profiles.save(
            saveAs,
            ProfileStore.Profile(
                server: context.client.baseURL.absoluteString, identifier: credentials.identifier, secret: credentials.secret,
                vendorName: context.settings.vendorName, vendorID: context.settings.vendorID,
                vendorStanding: context.settings.vendorID == nil ? nil : standing))
        await context.login.setProfileName(saveAs)
        said += "; " + Message.savedAsProfile(saveAs).text
        return CommandOutcome([.note(said)], replay: replay)
    }

    /// `logged in as demo-shop (#1); checked with the server` when the server said the vendor;
    /// when it was only given, the login is what was checked and the vendor is said to be given.
    static func said(
        _ credentials: VendorCredentials, _ settings: SessionSettings, standing: VendorStanding?, verdict: String
    ) -> String {
        let short = TextLayout.visible(String(credentials.identifier.prefix(8)))
        let name = settings.vendorName.map { TextLayout.visible($0, limit: 40) }
        guard let id = settings.vendorID else { return Message.loggedInAs(who: short + "…", verdict: verdict).text }
        guard standing == .given else {
            return Message.loggedInAs(who: name.map { "\($0) (#\(id))" } ?? Message.vendorNumber(id).text, verdict: verdict).text
        }
        let vendor = VendorMessage.vendor(name: name, id: id, given: true).text
        return VendorMessage.loggedInGiven(identifier: short, check: verdict, vendor: vendor).text
    }

    /// Checks the login with the server without changing anything (`verifyCredentials`), then
    /// learns the vendor id without sending anything to any product (`ownVendorID`: the
    /// profile, `--vendor-id`, `OPENMARKET_VENDOR_ID`, this login's change log, else asked on a
    /// terminal). Throws when the server refused the login; answers what to tell the seller.
    static func check(in context: CommandContext) async throws -> String {
        let verdict: String
        switch try await context.client.verifyCredentials() {
        case .refused(let message):
            throw CommandFailure.failed(Message.loginRefused(TextLayout.visible(message, limit: 200)).text)
        case .throttled(let message):
            throw CommandFailure.failed(Message.loginThrottled(TextLayout.visible(message, limit: 200)).text)
        case .cannotVerify(let status):
            verdict = Message.cannotVerifyLogin(answered: status == 0 ? nil : String(status)).text
        case .verified:
            verdict = Message.checkedWithServer.text
        }
        if await context.vendor.knownID(changeLog: context.ownChangeLog) != nil { return verdict }
        // On a terminal the seller is asked; the newest products (a GET) name the id given.
        if try await context.ownVendorID(readingNewest: true) != nil { return verdict }
        return verdict + "; " + Message.vendorIDUnknown(environment: VendorIDSource.environmentName).text
    }

    /// The contract's identifiers are 36-character UUIDs.
    static func looksLikeIdentifier(_ text: String) -> Bool { text.count == 36 && UUID(uuidString: text) != nil }

    /// `--save NAME` over an existing profile asks first; without a person to ask it refuses.
    static func mayOverwrite(_ name: String, in context: CommandContext) throws(CommandFailure) {
        guard context.login.profiles.names().contains(name) else { return }
        let existing = (try? context.login.profiles.load(name)).map { saved in
            " (\(saved.server ?? Message.noServer.text), \(saved.vendorName ?? String(saved.identifier.prefix(8)) + "…"))"
        }
        guard context.console.isInteractive else {
            throw .failed(Message.profileExists(name: name, what: existing ?? "").text)
        }
        guard context.console.confirm(.overwriteProfile(name: name, what: existing ?? "")) else {
            throw .failed(Message.keptProfile(name).text)
        }
    }

    /// The secret never comes from the command line (it would land in the history and in
    /// `ps`): from the environment in scripts, otherwise asked without echo. The environment's
    /// secret belongs to the server the session started on: after `connect` to another server a
    /// script does not get it (a shared script could otherwise send it anywhere), and a person is
    /// asked.
    static func secret(for identifier: String, in context: CommandContext) throws(CommandFailure) -> Secret {
        let console = context.console
        if !console.isInteractive, context.access.environment("OPENMARKET_SECRET"),
            let fromEnvironment = ProcessInfo.processInfo.environment["OPENMARKET_SECRET"], !fromEnvironment.isEmpty
        {
            guard context.login.isEnvironmentServer(context.client.baseURL) else {
                throw .failed(context.login.environmentCredentialsRefusal("OPENMARKET_SECRET", on: context.client.baseURL))
            }
            return Secret(fromEnvironment)
        }
        let short = TextLayout.visible(String(identifier.prefix(8)))
        // A secret pasted with a space or line break around it is the secret: spaces at its ends
        // are the paste's (a secret is an opaque word, the API's are 10 to 16 letters and digits).
        let answer = console.askSecret(Message.askSecret(short).text)?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let answer, !answer.isEmpty { return Secret(answer) }
        // Ctrl-C (or no answer) at a terminal cancels the login; only where no one can be asked
        // is the environment the way to give it.
        guard console.isInteractive else { throw .failed(Message.noSecretGiven.text) }
        throw CommandFailure(status: .interrupted, message: VendorMessage.loginCancelled.text)
    }
}
