import Foundation
import OpenMarketAPI
import OpenMarketContract

/// What the shell starts with.
public struct ShellConfiguration: Sendable {
    public var serverURL: URL
    public var credentials: VendorCredentials?
    /// The vendor's display name when known (the prompt shows it; `list --mine` filters by it).
    public var vendorName: String?
    public var outputJSON: Bool
    public var trace: Bool
    public var useColor: Bool
    public var profiles: ProfileStore
    public var transport: any HTTPTransport
    public var timeout: Duration
    /// The secrets the session protects; the login's is added by the shell.
    public var secrets: SessionSecrets
    /// How far `list --all` walks.
    public var pageWalkLimits: PageWalkLimits

    public init(
        serverURL: URL, credentials: VendorCredentials? = nil, vendorName: String? = nil, outputJSON: Bool = false,
        trace: Bool = false, useColor: Bool = false, profiles: ProfileStore = ProfileStore(),
        transport: any HTTPTransport = AsyncHTTPClientTransport.shared, timeout: Duration = .seconds(30),
        secrets: SessionSecrets = SessionSecrets(), pageWalkLimits: PageWalkLimits = PageWalkLimits()
    ) {
        self.secrets = secrets
        self.pageWalkLimits = pageWalkLimits
        self.serverURL = serverURL
        self.credentials = credentials
        self.vendorName = vendorName
        self.outputJSON = outputJSON
        self.trace = trace
        self.useColor = useColor
        self.profiles = profiles
        self.transport = transport
        self.timeout = timeout
    }
}

/// The result of one input line.
public struct LineOutcome: Sendable, Equatable {
    public var status: CommandStatus
    /// The line asked to leave (`exit`, `quit`).
    public var exitRequested: Bool

    public init(status: CommandStatus, exitRequested: Bool) {
        self.status = status
        self.exitRequested = exitRequested
    }
}

/// A product a command returned, as the server sent it: scripts bind it to names
/// (`register … as mug`) and read its fields (`${mug.price}`).
public struct ProductResult: Sendable {
    public enum Effect: Sendable, Equatable {
        case created, read, changed, deleted
    }

    public var effect: Effect
    public var id: Int
    /// The server's JSON document for the product.
    public var document: Data
    public var product: Product
}

/// Everything one command produced besides its output: how it ended, the failure text (not yet
/// printed, so a script can put `FILE:LINE:` in front), the product it returned, and the words
/// that would repeat it without questions (a `register` whose missing fields were asked).
public struct CommandReport: Sendable {
    public var status: CommandStatus
    public var exitRequested = false
    /// The command's name as the catalog knows it (`register` for `add`), nil when unknown.
    public var command: String?
    /// One line, then any detail lines (each problem of a rejected register).
    public var failure: [String] = []
    public var result: ProductResult?
    /// The command's words with every interactive answer filled in.
    public var repeatableWords: [Word]?
    /// The command failed after a request may have reached the server (a timeout, a dropped
    /// connection, Ctrl-C): whether the change was made is unknown. A refused connection is not.
    public var outcomeUnknown = false

    public var outcome: LineOutcome { LineOutcome(status: status, exitRequested: exitRequested) }
}

/// The seller shell's core: parses a line, runs the command against the market, renders the
/// answer. It reads and writes only through a `ShellConsole`, so it runs the same under
/// libedit, from a pipe, from a script, or in a test.
public actor SellerShell {
    let console: any ShellConsole
    let tracer: TracingTransport
    var client: MarketClient
    var vendorName: String?
    var vendorID: Int?
    var outputJSON: Bool
    let useColor: Bool
    let profiles: ProfileStore
    var pathBase: String?
    // What the running command returned, collected by `perform`.
    var pendingResult: ProductResult?
    var pendingWords: [Word]?
    /// Completion and prompt data, readable from the line editor's thread without awaiting.
    public nonisolated let index: ShellIndex
    /// The secrets this session masks everywhere and sends only as the `secret` field.
    public nonisolated let secrets: SessionSecrets

    public init(configuration: ShellConfiguration, console: any ShellConsole) {
        let secrets = configuration.secrets
        secrets.setLogin(configuration.credentials?.secret)
        self.secrets = secrets
        // Everything the shell prints goes through here, so a secret is masked whatever
        // printed it (a server echoing it inside a product, a trace, an error).
        let console = console as? MaskingConsole ?? MaskingConsole(wrapping: console, secrets: secrets)
        self.console = console
        self.tracer = TracingTransport(wrapping: configuration.transport, secrets: { secrets.all }) { [console] text in console.note(text) }
        tracer.isEnabled = configuration.trace
        var client = MarketClient(
            baseURL: configuration.serverURL, credentials: configuration.credentials, transport: tracer,
            timeout: configuration.timeout)
        client.protectedSecrets = secrets.extra
        client.pageWalkLimits = configuration.pageWalkLimits
        self.client = client
        self.vendorName = configuration.vendorName
        self.outputJSON = configuration.outputJSON
        self.useColor = configuration.useColor
        self.profiles = configuration.profiles
        self.index = ShellIndex(profiles: configuration.profiles)
        index.update(server: configuration.serverURL, vendor: Self.vendorLabel(configuration.credentials, configuration.vendorName))
    }

    // MARK: Running lines

    /// Runs one input line. Never throws and never crashes on any input: every failure becomes
    /// a one-line message on the console and a status.
    public func execute(_ line: String) async -> LineOutcome {
        let words: [Word]
        do {
            words = try WordSplitter.split(line)
        } catch {
            console.note("error: \(error)")
            return LineOutcome(status: .usage, exitRequested: false)
        }
        let report = await perform(words)
        for line in report.failure { console.note(line) }
        return report.outcome
    }

    /// Runs one command already split into words, leaving the failure text to the caller.
    public func perform(_ words: [Word]) async -> CommandReport {
        guard let first = words.first else { return CommandReport(status: .ok) }
        guard let spec = CommandCatalog.find(first.text) else {
            let guess = CommandCatalog.all.map(\.name).first { $0.hasPrefix(String(first.text.prefix(2))) }
            return CommandReport(
                status: .usage,
                failure: ["unknown command '\(first.text)'" + (guess.map { "; did you mean '\($0)'?" } ?? "") + " ('help' lists commands)"])
        }
        if spec.name == "exit" { return CommandReport(status: .ok, exitRequested: true, command: spec.name) }
        let arguments = Arguments(Array(words.dropFirst()))
        pendingResult = nil
        pendingWords = nil
        var report = CommandReport(status: .ok, command: spec.name)
        do {
            try await run(spec, arguments)
            report.result = pendingResult
            report.repeatableWords = pendingWords
        } catch let failure as CommandFailure {
            report.status = failure.status
            report.failure = [Self.prefix(spec, arguments) + failure.message]
            if failure.status == .usage { report.failure.append("usage: \(spec.usage)") }
        } catch let error as MarketError {
            (report.status, report.failure) = describe(error, spec, arguments)
            switch error {
            case .timedOut, .connectionLost, .cancelled: report.outcomeUnknown = true
            default: break
            }
        } catch is CancellationError {
            report.outcomeUnknown = true
            report.status = .interrupted
            report.failure = ["\(spec.name): cancelled"]
        } catch {
            report.status = .failed
            report.failure = [Self.prefix(spec, arguments) + String(describing: error)]
        }
        pendingResult = nil
        pendingWords = nil
        return report
    }

    /// Whether a line typed at the prompt may go into the history (and its file): never one
    /// that holds a protected secret, nor a `login` with a second word, which can only be a
    /// secret typed where it does not belong.
    public nonisolated func mayKeepInHistory(_ line: String) -> Bool {
        if secrets.occurs(in: line) { return false }
        let words = (try? WordSplitter.split(line)) ?? line.split(separator: " ").map { Word(String($0)) }
        guard let first = words.first, CommandCatalog.find(first.text)?.name == "login" else { return true }
        return Arguments(Array(words.dropFirst())).positional.count <= 1
    }

    /// Relative image paths are read from here (a script's folder while it runs), not from the
    /// process's working directory.
    public func setPathBase(_ directory: String?) { pathBase = directory }
    public var currentPathBase: String? { pathBase }

    /// What a session layer above the shell may read.
    public var serverURL: URL { client.baseURL }
    public var credentials: VendorCredentials? { client.credentials }
    public var knownVendor: (id: Int?, name: String?) { (vendorID, vendorName) }
    /// The market client the shell uses, for lookups a script runner makes on its own (resume).
    public var marketClient: MarketClient { client }

    private func run(_ spec: CommandSpec, _ arguments: Arguments) async throws {
        switch spec.name {
        case "help": try help(arguments)
        case "health": try await health(arguments)
        case "list": try await list(arguments)
        case "show": try await show(arguments)
        case "register": try await register(arguments)
        case "patch": try await patch(arguments)
        case "stock": try await stock(arguments)
        case "delete": try await delete(arguments)
        case "login": try await login(arguments)
        case "logout": try logout(arguments)
        case "whoami": try whoami(arguments)
        case "use": try use(arguments)
        case "connect": try await connect(arguments)
        case "set": try set(arguments)
        case "history": try history(arguments)
        // Script commands (`expect`, `source`, `record`, variables) are run by the session layer
        // above the shell; reaching here means this shell has no such layer.
        default: throw CommandFailure.usage("'\(spec.name)' works only in a session that runs scripts")
        }
    }

    /// `patch 12: ` — the command and the product it was about, as the seller typed them.
    static func prefix(_ spec: CommandSpec, _ arguments: Arguments) -> String {
        if let id = arguments.positional.first, Int(id.text) != nil, ["show", "patch", "stock", "delete"].contains(spec.name) {
            return "\(spec.name) \(id.text): "
        }
        return "\(spec.name): "
    }

    private func describe(_ error: MarketError, _ spec: CommandSpec, _ arguments: Arguments) -> (CommandStatus, [String]) {
        let prefix = Self.prefix(spec, arguments)
        switch error {
        case .cannotConnect(_, _, let reason):
            return (.unreachable, ["\(prefix)cannot reach \(client.baseURL.absoluteString) (\(reason)) — is the server running? try 'connect URL'"])
        case .timedOut, .connectionLost:
            return (.unreachable, ["\(prefix)\(error) — try again, or 'connect URL' to another server"])
        case .cancelled:
            return (.interrupted, ["\(prefix)cancelled"])
        case .missingCredentials:
            return (.failed, ["\(prefix)not logged in — use 'login' (or 'use PROFILE') first"])
        case .invalidInput(let violations) where violations.count > 1:
            return (.failed, ["\(prefix)\(violations.count) problems, nothing was sent:"] + violations.map { "  \($0)" })
        case .serverRefused(401, let message):
            return (.failed, ["\(prefix)the server refused (401): \(message) — check your login with 'whoami', or 'login' again"])
        default:
            return (.failed, ["\(prefix)\(error)"])
        }
    }

    // MARK: Shared helpers

    static func vendorLabel(_ credentials: VendorCredentials?, _ name: String?) -> String? {
        guard let credentials, !credentials.identifier.isEmpty else { return nil }
        return name ?? String(credentials.identifier.prefix(8))
    }

    /// Called whenever the server or the login changes.
    func refreshIndex() {
        secrets.setLogin(client.credentials?.secret)
        index.update(server: client.baseURL, vendor: Self.vendorLabel(client.credentials, vendorName))
    }

    /// Remembers products for completion (`show 1⇥` offers ids with their names).
    func remember(_ products: [Product]) {
        index.remember(products.map { ($0.id, $0.name) })
    }

    /// Learns who "me" is from a product this vendor just wrote.
    func learnVendor(from product: Product) {
        if let vendor = product.vendor {
            vendorID = vendor.id
            if vendorName == nil { vendorName = vendor.name }
        } else if let id = product.vendorID {
            vendorID = id
        }
        refreshIndex()
    }

    /// Prints a server document as is (JSON mode) or the rendered text (table mode).
    func emit(json body: Data, text: @autoclosure () -> String) {
        if outputJSON {
            console.write(String(decoding: body, as: UTF8.self))
        } else {
            console.write(text())
        }
    }

    func productID(_ arguments: Arguments) throws -> Int {
        guard let word = arguments.positional.first else { throw CommandFailure.usage("which product? give its id") }
        guard let id = Int(word.text), id > 0 else {
            throw CommandFailure.usage("'\(word.text)' is not a product id (a whole number like 12)")
        }
        return id
    }
}

/// A command's words sorted into positional words, `--flags` (with values where the command
/// takes one) and `key=value` fields.
struct Arguments: Sendable {
    var positional: [Word] = []
    var flags: [String: String?] = [:]
    var fields: [(key: String, value: Word)] = []

    static let flagsWithValues: Set<String> = ["--per-page", "--search", "--save"]

    init(_ words: [Word]) {
        var i = 0
        while i < words.count {
            let word = words[i]
            if !word.wasQuoted, word.text.hasPrefix("--"), word.text.count > 2 {
                let parts = word.text.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 {
                    flags[parts[0]] = parts[1]
                } else if Self.flagsWithValues.contains(word.text), i + 1 < words.count {
                    flags[word.text] = words[i + 1].text
                    i += 1
                } else {
                    flags[word.text] = .some(nil)
                }
            } else if let equals = word.text.firstIndex(of: "="), equals != word.text.startIndex,
                word.text[..<equals].allSatisfy({ $0.isLetter || $0 == "_" })
            {
                fields.append((String(word.text[..<equals]), Word(String(word.text[word.text.index(after: equals)...]), wasQuoted: word.wasQuoted)))
            } else {
                positional.append(word)
            }
            i += 1
        }
    }

    func has(_ flag: String) -> Bool { flags[flag] != nil }
    func value(_ flag: String) -> String? { flags[flag] ?? nil }

    func rejectUnknown(flags allowed: Set<String>, fields allowedFields: Set<String> = [], maxPositional: Int) throws {
        if let unknown = flags.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw CommandFailure.usage("unknown option \(unknown)")
        }
        if let unknown = fields.first(where: { !allowedFields.contains($0.key) }) {
            let known = allowedFields.sorted().joined(separator: ", ")
            throw CommandFailure.usage("unknown field '\(unknown.key)'" + (known.isEmpty ? "" : " (fields: \(known))"))
        }
        if positional.count > maxPositional {
            throw CommandFailure.usage("unexpected '\(positional[maxPositional].text)'")
        }
    }
}

/// What TAB completion and the prompt need, kept behind a lock so the line editor's callback
/// can read it synchronously while the shell actor updates it.
public final class ShellIndex: @unchecked Sendable {
    private let lock = NSLock()
    // All guarded by `lock`.
    private var server: URL?
    private var vendor: String?
    private var seen: [Int: String] = [:]
    private var variables: [String] = []
    let profiles: ProfileStore

    init(profiles: ProfileStore) { self.profiles = profiles }

    func update(server: URL, vendor: String?) {
        lock.withLock {
            self.server = server
            self.vendor = vendor
        }
    }

    func remember(_ products: [(Int, String)]) {
        lock.withLock {
            for (id, name) in products { seen[id] = name }
        }
    }

    func forget(_ id: Int) { lock.withLock { _ = seen.removeValue(forKey: id) } }

    /// The session's variable names, for completing `$na⇥`.
    public func updateVariables(_ names: [String]) { lock.withLock { variables = names.sorted() } }

    var variableNames: [String] { lock.withLock { variables } }

    var seenProducts: [(id: Int, name: String)] { lock.withLock { seen.map { ($0.key, $0.value) }.sorted { $0.id < $1.id } } }

    /// `openmarket acme@127.0.0.1:8080> `, coloured when asked (with the `\u{1}` brackets libedit
    /// needs to know the colour codes take no room).
    public func prompt(color: Bool) -> String {
        let (server, vendor) = lock.withLock { (self.server, self.vendor) }
        let host = server.map { url in (url.host ?? "?") + (url.port.map { ":\($0)" } ?? "") } ?? "?"
        guard color else { return "openmarket \(vendor.map { "\($0)@" } ?? "")\(host)> " }
        func paint(_ text: String, _ code: String) -> String { "\u{1}\u{1B}[\(code)m\u{1}\(text)\u{1}\u{1B}[0m\u{1}" }
        return paint("openmarket", "1") + " " + (vendor.map { paint($0, "32") + "@" } ?? "") + paint(host, "36") + "> "
    }
}
