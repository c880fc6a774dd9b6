import Foundation
import OpenMarketAPI
import OpenMarketContract
import Synchronization

/// What the shell starts with.
public struct ShellConfiguration: Sendable {
    public var serverURL: URL
    public var credentials: VendorCredentials?
    /// The vendor's display name when known (the prompt shows it; `list --mine` filters by it).
    public var vendorName: String?
    /// The vendor's id when known (a profile keeps it): what `list --mine` matches.
    public var vendorID: Int?
    /// The saved profile the login came from, kept up to date with what is learned.
    public var profileName: String?
    /// `OPENMARKET_VENDOR_ID`: the vendor id of the login the session starts with, on the server
    /// it starts on, used when nothing else tells it (the profile's comes first).
    public var environmentVendorID: Int?
    public var outputJSON: Bool
    public var trace: Bool
    /// `--explain`: a few lines after each exchange on what it means.
    public var explain = false
    public var useColor: Bool
    public var profiles: ProfileStore
    public var transport: any HTTPTransport
    public var timeout: Duration
    /// The secrets the session protects; the login's is added by the shell.
    public var secrets: SessionSecrets
    /// How far `list --all` walks.
    public var pageWalkLimits: PageWalkLimits
    /// The server the environment's credentials (`OPENMARKET_IDENTIFIER`, `OPENMARKET_SECRET`)
    /// belong to; nil when they belong to none (the program sets it: under `--profile`, or
    /// `--server` naming another server than `OPENMARKET_SERVER`). The server it starts on by
    /// default.
    public var environmentServer: URL?
    /// Nothing is sent (a script's `--dry-run`; the transport makes the answers up).
    public var dryRun = false
    /// The local market the program started for this run (nil for any other server): journals
    /// name it by its data directory, since its port may differ next time.
    public var localMarket: LocalMarket?
    /// Where photos drawn on a terminal are kept (nil: none are kept; the program passes
    /// `PhotoCache.standard()`).
    public var photoCache: PhotoCache?
    /// The most all the photos of one command may take together (`PhotoFetch.budget`; tests
    /// that draw a hundred photos on a loaded machine give more).
    public var photoBudget: Duration = PhotoFetch.budget

    public init(
        serverURL: URL, credentials: VendorCredentials? = nil, vendorName: String? = nil, vendorID: Int? = nil,
        profileName: String? = nil, outputJSON: Bool = false,
        trace: Bool = false, useColor: Bool = false, profiles: ProfileStore = ProfileStore(),
        transport: any HTTPTransport = AsyncHTTPClientTransport.shared, timeout: Duration = .seconds(30),
        secrets: SessionSecrets = SessionSecrets(), pageWalkLimits: PageWalkLimits = PageWalkLimits()
    ) {
        self.secrets = secrets
        self.pageWalkLimits = pageWalkLimits
        self.serverURL = serverURL
        self.credentials = credentials
        self.vendorName = vendorName
        self.vendorID = vendorID
        self.profileName = profileName
        self.outputJSON = outputJSON
        self.trace = trace
        self.useColor = useColor
        self.profiles = profiles
        self.transport = transport
        self.timeout = timeout
        self.environmentServer = serverURL
    }
}

/// The local market a program started: where it listens now, and its data directory (what it is).
public struct LocalMarket: Sendable, Equatable {
    public var url: URL
    public var dataDirectory: String

    public init(url: URL, dataDirectory: URL) {
        self.url = url
        self.dataDirectory = dataDirectory.standardizedFileURL.resolvingSymlinksInPath().path
    }
}

/// How one line or command ended, the one result type from the run loop to the program: its
/// status, the failure text (not yet printed, so a script can put `FILE:LINE:` in front) and, on
/// success, its outcome.
public struct CommandReport: Sendable {
    public var status: CommandStatus
    /// The typed command, when the words parsed.
    public var command: (any ShellCommand)?
    /// One line, then any detail lines (each problem of a rejected register).
    public var failure: [String] = []
    public var outcome: CommandOutcome?
    /// The command failed after a request may have reached the server (a timeout, a dropped
    /// connection, Ctrl-C): whether the change was made is unknown. A refused connection is not.
    public var outcomeUnknown = false
    /// What the command threw, for a caller that decides by kind (an import retries a 412).
    public var error: (any Error)?
    /// With `set explain on`, what its exchanges meant: printed by the caller after `failure`.
    public var explanation: String?
    /// A usage error's `usage: …` line, typed: also the last line of `failure` (as the shell
    /// prints it), so a caller that is no shell (a tool result) can leave it out.
    public var usage: String?

    public init(
        status: CommandStatus, command: (any ShellCommand)? = nil, failure: [String] = [], outcome: CommandOutcome? = nil,
        usage: String? = nil
    ) {
        self.status = status
        self.command = command
        self.failure = failure
        self.outcome = outcome
        self.usage = usage
    }

    /// The line asked to leave (`exit`, `quit`).
    public var exitRequested: Bool { outcome?.exitRequested ?? false }
    /// The status `exit N` asked the process to leave with.
    public var exitCode: Int32? { outcome?.exitCode }
    public var result: ProductResult? { outcome?.product }
    /// Whether the words parsed into a command that went through the middleware (which
    /// journals it); a line that did not parse is journaled by the script's run loop.
    public var invoked: Bool { command != nil }

    /// Whether the client refused the request the line became for carrying a protected secret
    /// (`MarketClient.refuseLeaks`), however the line spelled it: such a line is taken back
    /// from the history.
    public var refusedSecret: Bool {
        guard case .invalidInput(let problems)? = error as? MarketError else { return false }
        return problems.contains { $0.rule == .secretOutsideItsField || $0.rule == .foreignSecret }
    }
}

extension ShellSession {
    /// Why `name` (the environment's identifier or secret) is not used on `server`, in one line.
    public nonisolated func environmentCredentialsRefusal(_ name: String, on server: URL) -> String {
        guard let home = environmentServer else {
            return AccessMessage.environmentCredentialsUnused(name).text
        }
        return AccessMessage.environmentCredentialsElsewhere(name, home: home.absoluteString, server: server.absoluteString)
            .text
    }

    /// Whether `server` is the one the environment's credentials belong to.
    public nonisolated func isEnvironmentServer(_ server: URL) -> Bool {
        environmentServer.map { ServerAddress(server) == ServerAddress($0) } ?? false
    }
}

/// The one session actor: it parses a line into a typed command, runs it through the
/// middleware, and renders its outcome. It reads and writes only through a `ShellConsole`, so
/// it runs the same under libedit, from a pipe, from a script, or in a test.
public actor ShellSession {
    /// Everything printed goes through here, with the session's secrets masked.
    public nonisolated let console: any ShellConsole
    /// Where a script line's drawing waits for the next line's request; the console draws it
    /// before anything else (`HeldOutput`).
    public nonisolated let heldOutput: HeldOutput
    public nonisolated let tracer: TracingTransport
    /// Every exchange of the session, numbered (`exchanges`, `exchange N`, the exports).
    public nonisolated let exchanges: ExchangeLog
    /// The explanations already said in this session (`set explain on` says each once).
    public nonisolated let explained: ExplainedParagraphs
    /// What the session is now (`SessionState`), the one copy: the properties below read and
    /// write it, on the actor; a line reads it where it runs, with no hop to the actor.
    nonisolated let state: Mutex<SessionState>
    /// Inside a `changing` block, the state being changed: published whole when the block ends.
    private var pending: SessionState?
    public var client: MarketClient {
        get { read(\.client) }
        set { write(\.client, newValue) }
    }
    public var vendorName: String? {
        get { read(\.vendorName) }
        set { write(\.vendorName, newValue) }
    }
    public var vendorID: Int? {
        get { read(\.vendorID) }
        set { write(\.vendorID, newValue) }
    }
    /// The saved profile the login came from (see `learnVendor`).
    public var profileName: String? {
        get { read(\.profileName) }
        set { write(\.profileName, newValue) }
    }
    /// The vendors this session's logins were seen to be (`SessionState.seenVendors`).
    var seenVendors: [String: VendorReference] {
        get { read(\.seenVendors) }
        set { write(\.seenVendors, newValue) }
    }
    /// The logins this session left on other servers (`SessionState.loginsLeft`).
    var loginsLeft: [ServerAddress: SessionState.LeftLogin] {
        get { read(\.loginsLeft) }
        set { write(\.loginsLeft, newValue) }
    }
    /// How each of those was known (`SessionState.vendorStandings`).
    var vendorStandings: [String: VendorStanding] {
        get { read(\.vendorStandings) }
        set { write(\.vendorStandings, newValue) }
    }
    /// `ShellConfiguration.environmentVendorID`, with the server and identifier it is for.
    nonisolated let environmentVendor: (server: URL, identifier: String?, id: Int)?
    public var outputJSON: Bool {
        get { read(\.outputJSON) }
        set { write(\.outputJSON, newValue) }
    }
    /// The format `set output` chose for `list` (nil: json when `outputJSON`, else a table).
    public var listOutput: ListFormat? {
        get { read(\.listOutput) }
        set { write(\.listOutput, newValue) }
    }
    /// `set photos`: whether and how photos are drawn on a terminal.
    public var photos: PhotoSetting {
        get { read(\.photos) }
        set { write(\.photos, newValue) }
    }
    /// `set lang`: the language commands speak from then on (nil: the run's, `Language.current`).
    public internal(set) var language: Language? {
        get { read(\.language) }
        set { write(\.language, newValue) }
    }
    /// Where drawn photos are kept between runs.
    public nonisolated let photoCache: PhotoCache?
    public nonisolated let photoBudget: Duration
    public nonisolated let useColor: Bool
    public nonisolated let profiles: ProfileStore
    public nonisolated let registry: CommandRegistry
    /// Every command runs through these, the first outermost (see `CommandMiddleware`).
    public let middleware: [any CommandMiddleware]
    /// The middleware composed around running the command, once for the session rather than
    /// for every line.
    private nonisolated let chain: CommandHandler
    /// Nothing is sent (`ShellConfiguration.dryRun`).
    public nonisolated let dryRun: Bool
    /// Completion and prompt data, readable from the line editor's thread without awaiting.
    public nonisolated let index: ShellIndex
    /// The secrets this session masks everywhere and sends only as the `secret` field.
    public nonisolated let secrets: SessionSecrets
    /// The server the environment's credentials (`OPENMARKET_IDENTIFIER`, `OPENMARKET_SECRET`)
    /// belong to (`ShellConfiguration.environmentServer`); nil when none. On another server a
    /// script gets neither (`login` asks a person, and refuses a script), and an exported command
    /// does not put `$OPENMARKET_SECRET` in.
    public nonisolated let environmentServer: URL?
    /// The local market the program started, if any (`ShellConfiguration.localMarket`).
    public nonisolated let localMarket: LocalMarket?

    /// The local market's data directory when `server` is that market; nil for any other.
    public nonisolated func localMarketData(for server: URL) -> String? {
        guard let localMarket, ServerAddress(localMarket.url) == ServerAddress(server) else { return nil }
        return localMarket.dataDirectory
    }

    /// - Parameters:
    ///   - registry: the commands it knows (the scripting layer adds its own).
    ///   - middleware: run around every command, the first outermost.
    public init(
        configuration: ShellConfiguration, console: any ShellConsole, registry: CommandRegistry = .shell,
        middleware: [any CommandMiddleware] = []
    ) {
        let secrets = configuration.secrets
        secrets.setLogin(configuration.credentials?.secret)
        self.secrets = secrets
        self.environmentServer = configuration.environmentServer
        self.environmentVendor = configuration.environmentVendorID.map {
            (configuration.serverURL, configuration.credentials?.identifier, $0)
        }
        self.localMarket = configuration.localMarket
        // Every saved profile's secret is protected: masked wherever it would be shown, and
        // refused in any request but its own login's (a script reading a profile file as a
        // photo or a text field would otherwise upload it).
        for name in configuration.profiles.names() {
            if let saved = try? configuration.profiles.load(name) { secrets.protect(saved.secret.revealed) }
        }
        let console = console as? MaskingConsole ?? MaskingConsole(wrapping: console, secrets: secrets)
        self.console = console
        self.heldOutput = console.held
        let exchanges = ExchangeLog()
        self.exchanges = exchanges
        let explained = ExplainedParagraphs()
        self.explained = explained
        let (client, tracer) = Self.client(
            configuration: configuration, console: console, secrets: secrets, exchanges: exchanges, explained: explained)
        self.tracer = tracer
        var state = SessionState(
            client: client, vendorName: configuration.vendorName, vendorID: configuration.vendorID,
            profileName: configuration.profileName, outputJSON: configuration.outputJSON)
        if let id = configuration.vendorID, let key = state.vendorKey {
            state.seenVendors[key] = VendorReference(id: id, name: configuration.vendorName ?? "#\(id)")
        }
        self.state = Mutex(state)
        self.useColor = configuration.useColor
        self.photoCache = configuration.photoCache
        self.photoBudget = configuration.photoBudget
        self.profiles = configuration.profiles
        self.registry = registry
        self.middleware = middleware
        self.chain = CommandHandler(middleware)
        self.index = ShellIndex(profiles: configuration.profiles, registry: registry)
        // The prompt names the vendor only as the server said it, from the first prompt on.
        let standing = Self.startingStanding(
            vendorID: configuration.vendorID, profileName: configuration.profileName, profiles: configuration.profiles)
        let shownName = standing == .given ? nil : configuration.vendorName
        index.update(server: configuration.serverURL, vendor: Self.vendorLabel(configuration.credentials, shownName))
        self.dryRun = configuration.dryRun
    }

    /// The state as the actor sees it: inside a `changing` block, as changed so far.
    var now: SessionState { pending ?? state.withLock { $0 } }

    /// A property of the state as the actor sees it (`now`).
    private func read<T>(_ property: KeyPath<SessionState, T>) -> T { now[keyPath: property] }

    /// Changes a property of the state: at once, or inside a `changing` block when it ends.
    private func write<T>(_ property: WritableKeyPath<SessionState, T>, _ value: T) {
        if pending != nil {
            pending![keyPath: property] = value
        } else {
            state.withLock { $0[keyPath: property] = value }
        }
    }

    /// Makes a change of several properties (a new server and the login that goes with it, a
    /// login and its vendor), published once when it is whole: after each property, a line
    /// taking its context meanwhile could get the new server's client with the old login.
    func changing<T>(_ change: () -> T) -> T {
        let outermost = pending == nil
        if outermost { pending = state.withLock { $0 } }
        defer {
            if outermost, let changed = pending {
                pending = nil
                state.withLock { $0 = changed }
            }
        }
        return change()
    }

    /// The session's client and the transports under it. The recorder outermost: it numbers the
    /// exchange first, so the trace inside it shows the number (`→ GET …  #3`).
    private static func client(
        configuration: ShellConfiguration, console: MaskingConsole, secrets: SessionSecrets, exchanges: ExchangeLog,
        explained: ExplainedParagraphs
    ) -> (MarketClient, TracingTransport) {
        let tracer = TracingTransport(
            wrapping: configuration.transport, secrets: { secrets.all }, columns: { [console] in console.columns }
        ) { [console] text in
            console.note(text)
        }
        tracer.isEnabled = configuration.trace
        let recorder = ExchangeRecorder(wrapping: tracer, log: exchanges, secrets: secrets, dryRun: configuration.dryRun)
        exchanges.explains = configuration.explain
        recorder.onFinished { [console, explained] exchange, notes in
            // The shell's own bookkeeping (the journal's lookup before a create) is not what the
            // person sent: explaining it in the middle of a student's POST only confuses. It is
            // labelled in the trace and in `exchanges`.
            guard exchanges.explains, exchange.bookkeeping == nil else { return }
            // A command's exchanges are explained once its output is printed (`perform`).
            if let queue = notes.explanations { return queue.append(exchange) }
            if let text = Self.explanation(of: [exchange], said: explained) { console.note(text) }
        }
        var client = MarketClient(
            baseURL: configuration.serverURL, credentials: configuration.credentials, transport: recorder,
            timeout: configuration.timeout)
        client.protectedSecrets = secrets.extra
        client.pageWalkLimits = configuration.pageWalkLimits
        return (client, tracer)
    }

    /// What `set explain on` prints after an exchange, each paragraph with its topic; nil when
    /// the texts cannot be read.
    nonisolated static func explanation(of exchange: Exchange) -> [(topic: String, text: String)]? {
        guard let book = try? Explain.book(nil) else { return nil }
        return book.paragraphs(
            method: exchange.request.method, path: exchange.request.target, requestHeaders: exchange.request.headers,
            status: exchange.response?.status, responseHeaders: exchange.response?.headers ?? [:])
    }

    /// The lines `set explain on` prints for what a command sent: each exchange's summary (its
    /// number is what `exchange N` takes), then what matters about it: a paragraph this run has
    /// not said yet in full, those it has in one line naming their topics. Nil when there is
    /// nothing.
    nonisolated static func explanation(of exchanges: [Exchange], said: ExplainedParagraphs) -> String? {
        let blocks = exchanges.compactMap { exchange -> String? in
            guard let paragraphs = explanation(of: exchange), !paragraphs.isEmpty else { return nil }
            let (new, before) = said.sorting(paragraphs)
            let lines = new + (before.isEmpty ? [] : [ScreenMessage.explainedAbove(before).text])
            return (["  " + ExchangeRendering.summary(exchange)] + lines.map { "  ↳ " + $0 }).joined(separator: "\n")
        }
        return blocks.isEmpty ? nil : blocks.joined(separator: "\n")
    }

    /// The session's settings as they are now.
    public var settings: SessionSettings {
        now.settings(useColor: useColor)
    }

    /// The context a command gets in this session as it is now; a layer above (a script, an
    /// import row) changes its copy for the one invocation it passes it to. Read from `state`
    /// where the caller runs, with no hop to the actor.
    public nonisolated func context() -> CommandContext {
        let now = state.withLock { $0 }
        return CommandContext(
            console: console, client: now.client, dryRun: dryRun, settings: now.settings(useColor: useColor), session: self)
    }

    // MARK: Running commands

    /// Runs a typed command through the middleware in the session's context as it is now, and
    /// renders its outcome.
    public func perform(_ invocation: Invocation) async -> CommandReport {
        await perform(invocation, in: context())
    }

    /// `context` with the session's part as it is now (its server, login and settings, the
    /// language among them) and the run's part kept (its scope, folder and trace): for a script's
    /// line after a line that connected elsewhere, logged in or set the language. Read from
    /// `state` where the caller runs, not on the actor. A setting the caller changed in its copy
    /// is the session's again.
    public nonisolated func refreshed(_ context: CommandContext) -> CommandContext {
        var fresh = self.context()
        fresh.pathBase = context.pathBase
        fresh.trace = context.trace
        fresh.script = context.script
        fresh.changes = context.changes
        fresh.access = context.access
        fresh.heldOutput = context.heldOutput
        fresh.holdsOutput = context.holdsOutput
        return fresh
    }

    /// Runs a typed command through the middleware in `context`, and renders its outcome. The
    /// command runs off the session's executor (`@concurrent`, whoever calls: the layers below
    /// run where this does): what it changes in the session, it changes through the session's
    /// methods. On the task's preferred executor when it has one (a script's line: its client's
    /// event loop), in the context's language (which the message catalogues read as
    /// `Language.current`); a failure's report is made on the actor.
    @concurrent public nonisolated func perform(_ invocation: Invocation, in context: CommandContext) async -> CommandReport {
        await Language.$current.withValue(context.settings.language) { await speaking(invocation, in: context) }
    }

    /// `perform`, in the language already chosen, where `perform` runs.
    private nonisolated(nonsending) func speaking(_ invocation: Invocation, in context: CommandContext) async -> CommandReport {
        let command = invocation.command
        if let refused = refuseNaming(invocation) { return refused }
        let explained = ExplanationQueue(sentBy: invocation.spec.effect)
        do {
            let outcome = try await chain(invocation, context.running(invocation.text, explainingInto: explained))
            if !invocation.quiet {
                let explanation = Self.explanation(of: explained.drain(), said: self.explained)
                if context.holdsOutput, explanation == nil, let held = context.heldOutput {
                    // Drawn in this line's language and output format, whenever it is drawn.
                    let (output, language, showsJSON) = (outcome.output, context.settings.language, showsJSON)
                    held.hold { Language.$current.withValue(language) { self.render(output, showsJSON: showsJSON) } }
                } else {
                    render(outcome.output)
                    if let explanation { console.note(explanation) }
                }
            }
            return CommandReport(status: .ok, command: command, outcome: outcome)
        } catch {
            var report = await failureReport(error, command)
            report.error = error
            report.explanation = Self.explanation(of: explained.drain(), said: self.explained)
            report.command = command
            return report
        }
    }

    /// `list: unknown option --bogus`, then `usage: …` for a usage error (not for a command that
    /// takes its words as they come, whose message says the usage itself).
    public static func lines(for failure: CommandFailure, spec: CommandSpec?) -> [String] {
        [(spec.map { "\($0.name): " } ?? "") + failure.message] + (usage(for: failure, spec: spec).map { [$0] } ?? [])
    }

    /// The `usage: …` line `lines(for:spec:)` ends with, nil when it has none.
    public static func usage(for failure: CommandFailure, spec: CommandSpec?) -> String? {
        guard failure.status == .usage, failure.showsUsage, let spec, !spec.rawWords else { return nil }
        return Message.usage(spec.usage).text
    }

    /// Whether a line typed at the prompt may go into the history (and its file): never one
    /// that holds a protected secret, as typed or as its command reads its words (quotes,
    /// backslashes and `$'…'` undone, percent escapes decoded), nor one its command refuses for
    /// holding what could only be a secret (`login ID SECRET`). A spelling only the request
    /// shows (an HTTPie or JSON escape) is taken back once the client refuses it
    /// (`CommandReport.refusedSecret`).
    public nonisolated func mayKeepInHistory(_ line: String) -> Bool {
        if secrets.occurs(in: line) { return false }
        guard let words = try? WordSplitter.split(line) else { return true }
        let secretInAWord = words.contains { word in
            secrets.occurs(in: word.text) || word.text.removingPercentEncoding.map(secrets.occurs(in:)) == true
        }
        if secretInAWord { return false }
        guard let first = words.first,
            let spec = index.registry.find(first.text)?.spec, spec.tooManyWords != nil
        else { return true }
        do {
            _ = try Arguments(Array(words.dropFirst()), spec: spec)
            return true
        } catch {
            return error.message != spec.tooManyWords?.text
        }
    }

    /// What a session layer above the shell may read.
    public var serverURL: URL { client.baseURL }
    public var credentials: VendorCredentials? { client.credentials }
    public var knownVendor: (id: Int?, name: String?) { (vendorID, vendorName) }
    /// The market client the shell uses, for lookups a script runner makes on its own (resume).
    public var marketClient: MarketClient { client }
}
