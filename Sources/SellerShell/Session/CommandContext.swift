import Foundation
import OpenMarketAPI
import OpenMarketContract

/// How requests are shown while a command runs: the session's `set trace`, or a stepped lesson
/// line's own choice (its requests, not its answers, which the command prints itself).
public struct TraceOptions: Sendable, Equatable {
    public var enabled: Bool
    public var showsResponses: Bool

    public init(enabled: Bool, showsResponses: Bool = true) {
        self.enabled = enabled
        self.showsResponses = showsResponses
    }
}

/// The session's settings as a command starts: what it reads to decide and to render. A command
/// changes them only through the session (`CommandContext.options`, `.login`), never in this copy.
public struct SessionSettings: Sendable {
    public var outputJSON: Bool
    /// The format `set output` chose for `list` (nil: json when `outputJSON`, else a table).
    public var listOutput: ListFormat?
    public var useColor: Bool
    /// The vendor of this login, when learned.
    public var vendorID: Int?
    public var vendorName: String?
    /// The saved profile the login came from.
    public var profileName: String?
    /// `set photos`: whether and how photos are drawn on a terminal.
    public var photos: PhotoSetting = .auto
    /// The language the command speaks and is drawn in, and what is wrong with its line is said
    /// in: `set lang`'s, else the run's (`Language.current` where the settings are made).
    /// `ShellSession.perform` makes it the task's `Language.current` around the command (which
    /// the message catalogues read), from here.
    public var language: Language = Language.current
    /// Whether the server's word for `vendorID` and `vendorName` is already recorded for this
    /// login (`ShellSession.learnVendor` took it): learning the same vendor again changes nothing.
    public var vendorRecorded = false

    /// Whether `product`, which this login just wrote, says nothing about its vendor that the
    /// session does not know already (as `ShellSession.learnVendor(from:)` would read it): a
    /// change of one's own product then needs no visit to the session.
    public func knowsVendor(of product: Product) -> Bool {
        guard let said = product.vendor?.id ?? product.vendorID else { return true }
        guard vendorRecorded, said == vendorID else { return false }
        return (product.vendor?.name ?? product.vendorName ?? vendorName) == vendorName
    }

    /// Whether a product is this vendor's: by vendor id only (names are not unique).
    public func isMine(_ product: Product) -> Bool {
        guard let vendorID else { return false }
        return (product.vendorID ?? product.vendor?.id) == vendorID
    }
}

/// What the scripting layer passes along with a command (its variables, its journal, the depth
/// of `source`): the shell core carries it without reading it.
public protocol ScriptScope: AnyObject, Sendable {}

/// What one command may touch, built for each invocation and passed to `run`: the answer to
/// "what can a command touch?" in one place. Nothing per run is set on a shared object and
/// reset afterwards: a script's folder, an import's retry policy or a stepped line's trace is
/// this value, changed for the one invocation (so an import's rows, running at once, share
/// nothing mutable).
public struct CommandContext: Sendable {
    /// Everything printed or asked goes through here, with the session's secrets masked.
    public var console: any ShellConsole
    /// This run's market client: its server, login, retry policy and timeout.
    public var client: MarketClient
    /// Where relative paths start (a script's folder while it runs); nil: the working directory.
    public var pathBase: String?
    /// How requests are shown; nil: as the session says (`set trace`).
    public var trace: TraceOptions?
    /// Nothing is sent (a script's `--dry-run`): answers are made up, so checks check nothing.
    public var dryRun: Bool
    /// The session's settings when the command started.
    public var settings: SessionSettings
    /// The session, reached by a command only through the small capabilities built on it (the
    /// last extension in this file: `records`, `vendor`, `commands`, `options`, `login`,
    /// `photoSupply`), never whole: private to this file, so no command can name it.
    fileprivate let session: ShellSession
    /// The scripting layer's part (nil in a bare shell).
    public var script: (any ScriptScope)?
    /// The change log of this server and vendor, set by `ChangeLogMiddleware` (nil without one).
    public var changes: ChangeKeeping?
    /// What files and markets the command may touch (an untrusted script's least privilege).
    public var access: AccessPolicy = .unrestricted
    /// In a script's run, where a line's drawing waits for the next line's request
    /// (`HeldOutput`): this command's requests draw what is held while they are out. Nil
    /// elsewhere.
    public var heldOutput: HeldOutput?
    /// Whether this command's own drawing waits there (a script line whose next line sends a
    /// request at once); otherwise it is drawn as soon as the command is done.
    public var holdsOutput = false

    public init(
        console: any ShellConsole, client: MarketClient, pathBase: String? = nil, trace: TraceOptions? = nil,
        dryRun: Bool = false, settings: SessionSettings, session: ShellSession, script: (any ScriptScope)? = nil
    ) {
        self.console = console
        self.client = client
        self.pathBase = pathBase
        self.trace = trace
        self.dryRun = dryRun
        self.settings = settings
        self.session = session
        self.script = script
    }

    /// This context for running `line`: its client notes on every request it sends the line
    /// (`RequestNotes.label`, kept in `exchanges`), the trace it asks for (`trace`, over the
    /// session's setting) and where the exchanges wait to be explained (with what the command
    /// does), for the transports under it to read. Set by `ShellSession.perform` for the one
    /// invocation.
    func running(_ line: String, explainingInto queue: ExplanationQueue) -> CommandContext {
        var context = self
        context.client.notes = RequestNotes(label: line)
        context.client.notes.trace = trace
        context.client.notes.explanations = queue
        // The line before's drawing, if held, is drawn while this line's first request is out.
        if let held = heldOutput, held.isHolding { context.client.notes.whileAwaiting = { held.drawHeld() } }
        return context
    }

    /// The command's files: typed paths from `pathBase`, checked against `access`.
    public var paths: LocalPaths { LocalPaths(base: pathBase, access: access) }

    /// A path as the seller typed it: `~` from the environment's `$HOME`, relative to `pathBase`.
    public func resolvedPath(_ typed: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        PathExpansion.resolve(typed, relativeTo: pathBase, environment: environment)
    }
}

/// The capabilities a command reaches the session through (`CommandCapabilities.swift`), the only
/// readers of `session`.
extension CommandContext {
    /// What the session has seen and masks (`SessionRecords`).
    public var records: SessionRecords { session.records }

    /// Who "me" is (`VendorKnowledge`).
    public var vendor: VendorKnowledge { VendorKnowledge(session: session, settings: settings) }

    /// Other commands, run from this one (`CommandRunner`).
    public var commands: CommandRunner { CommandRunner(session: session) }

    /// The options `set` changes (`SessionOptions`).
    public var options: SessionOptions { SessionOptions(session: session) }

    /// The session's server and login, for the commands that change them (`SessionLogin`).
    public var login: SessionLogin { SessionLogin(session: session) }

    /// The local market's data directory when `server` is the market the program started.
    public func localMarketData(for server: URL) -> String? { session.localMarketData(for: server) }

    /// Where photos come from (`PhotoSupply`).
    public var photoSupply: PhotoSupply { PhotoSupply(cache: session.photoCache, budget: session.photoBudget) }
}
