import Digests
import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell

/// How a script run behaves.
public struct ScriptOptions: Sendable {
    /// Run every line and summarise the failures, instead of stopping at the first.
    public var continueOnError = false
    /// Continue a run from its journal.
    public var resume = false
    /// Start over although the journal shows an unfinished run.
    public var restart = false
    /// Where the journal goes (default: beside the script, `FILE.journal`).
    public var journalPath: String?
    /// Show each command with its comments and wait for the person (`--step`); a console with
    /// no person at it runs straight through.
    public var step = false
    /// What the script may touch: a person's own script anything (`--force` only with
    /// `--allow-force`); an untrusted one its folder, its scratch folder and its market
    /// (`AccessPolicy.untrusted`). `source` inside the script inherits it.
    public var access: AccessPolicy = .ownScript(allowForce: false)

    public init(
        continueOnError: Bool = false, resume: Bool = false, restart: Bool = false, journalPath: String? = nil, step: Bool = false
    ) {
        self.step = step
        self.continueOnError = continueOnError
        self.resume = resume
        self.restart = restart
        self.journalPath = journalPath
    }
}

/// Shows how far a long script has got. The executable draws it on a terminal; the scripting
/// layer only reports.
public protocol ScriptProgress: Sendable {
    func update(done: Int, total: Int, elapsed: Duration)
    /// A line of its own (an import's `120/1000 · 95 registered · … · 0:18 left`).
    func show(_ line: String)
    func finish()
}

/// A shell session with scripting: the one session actor (`shell`), set up with the scripting
/// commands (`expect`, `source`, `record`, `vars`, `set NAME`) and middleware (dry run, journal,
/// recording, names). The REPL, `-c`, piped input and `openmarket run` all go through it, so a
/// line means the same wherever it is typed.
public struct ScriptSession: Sendable {
    public let shell: ShellSession
    /// The scripting layer: its state, and the runs of lines, scripts and imports.
    let runtime: ScriptRuntime

    /// The scripting layer's commands, added to the shell's.
    static let commands: [any ShellCommand.Type] = [
        SetVariable.self, Expect.self, Source.self, Record.self, Vars.self, Import.self, Export.self, Lint.self,
    ]

    /// - Parameters:
    ///   - dryRun: send nothing; print each request instead (see `DryRunTransport`).
    ///   - variables: `--var NAME=VALUE` definitions.
    ///   - environmentNames: the environment variables an untrusted script may read (nil: all).
    ///   - interrupts: subscribes to Ctrl-C: each call answers a stream that yields once for every
    ///     press after the call (the program's `InterruptMonitor.presses()`). A second Ctrl-C
    ///     while an import's rows are in flight cancels them.
    ///   - innermost: middleware inside the change log's, next to the command (agent mode's plan).
    ///   - access: what every command's context may touch, from the check before a line runs
    ///     (its photos are probed there) to the command itself; nil: the shell's own.
    public init(
        configuration: ShellConfiguration, console: any ShellConsole, dryRun: Bool = false, variables: [String: String] = [:],
        environment: [String: String] = ProcessInfo.processInfo.environment, progress: (any ScriptProgress)? = nil,
        interrupts: (@Sendable () -> AsyncStream<Void>)? = nil, changeLimits: ChangeLogLimits = .standard,
        environmentNames: Set<String>? = nil, innermost: [any CommandMiddleware] = [], access: AccessPolicy? = nil
    ) {
        var configuration = configuration
        // The environment's secret is protected like the login's even when the session logged
        // in otherwise: it is still some vendor's secret.
        configuration.secrets.protect(environment["OPENMARKET_SECRET"])
        let console = MaskingConsole(wrapping: console, secrets: configuration.secrets)
        var transport: DryRunTransport?
        if dryRun {
            let dry = DryRunTransport { [console] text in console.write(text) }
            configuration.transport = dry
            configuration.dryRun = true
            transport = dry
        }
        // Composed outermost first: the journal and the recording see what the names layer
        // bound (it says so in the outcome), and a dry run's made-up output is dropped before
        // names are bound (whose note about an unnamed product still shows). The change log
        // innermost: it reads the command's own outcome (and keeps nothing on a dry run).
        var middleware: [any CommandMiddleware] = [JournalMiddleware(), RecordingMiddleware(), BindingMiddleware()]
        if let transport { middleware.append(DryRunMiddleware(transport: transport)) }
        middleware.append(ChangeLogMiddleware(folder: ChangeLogMiddleware.folder(environment), limits: changeLimits))
        middleware += innermost
        // An untrusted script's `${env.NAME}` reads only the names given with `--env`.
        var names = ScriptVariables(environment: environment, allowedEnvironment: environmentNames)
        for (name, value) in variables { names[name] = .text(value) }
        let shell = ShellSession(configuration: configuration, console: console, registry: Self.registry, middleware: middleware)
        self.shell = shell
        runtime = ScriptRuntime(
            shell: shell, variables: names, dryRun: transport, progress: progress, interrupts: interrupts, access: access)
    }

    /// Gets ready for a script file to be read soon, called on another thread than the one that
    /// will read it: each of its lines is hashed as it is read (`ScriptLine.hash`, for the
    /// journal), and the first digest opens libcrypto (`SHA256.prepare`).
    public static func prepareToRead() { SHA256.prepare() }

    /// Every command a scripting session knows: the shell's and the scripting layer's.
    public static let registry = CommandRegistry.shell.adding(commands)

    /// Checks a `--var NAME=VALUE` argument; nil when fine.
    public static func checkDefinition(_ text: String) -> (name: String, value: String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let name = String(text[..<equals])
        guard ScriptVariables.checkName(name) == nil else { return nil }
        return (name, String(text[text.index(after: equals)...]))
    }

    /// Runs a line typed at the prompt or given with `-c`; failures are printed as they are.
    public func execute(_ line: String) async -> CommandReport { await runtime.executeTyped(line) }

    /// Runs a command given as a program's arguments (`openmarket list --mine`), each one word.
    public func execute(arguments: [String]) async -> CommandReport {
        await runtime.executeWords(arguments.map(Word.init(argument:)))
    }

    /// Runs a command given as words (an agent's tool call), each one word as it is.
    public func execute(words: [Word]) async -> CommandReport { await runtime.executeWords(words) }

    /// Runs a script file (`openmarket run FILE`), with its journal unless this is a dry run.
    public func runScript(path: String, options: ScriptOptions = ScriptOptions()) async -> CommandStatus {
        await runtime.runScript(path: path, options: options)
    }

    /// The status a script's `exit N` asked for (nil when none did).
    public var requestedExitCode: Int32? {
        get async { runtime.exitCode }
    }

    /// Reads a script from a stream (standard input that is not a terminal): no journal, since
    /// a stream cannot be read again.
    public func runStream(
        name: String, options: ScriptOptions = ScriptOptions(), nextLine: @Sendable () -> String?
    ) async -> CommandStatus {
        await runtime.runStream(name: name, options: options, nextLine: nextLine)
    }

    /// Starts recording (`--record FILE`).
    public func startRecording(_ path: String, all: Bool = false) async throws {
        do {
            try await runtime.recording.begin(
                path, all: all, server: shell.serverURL, variables: runtime.variables, index: shell.index)
        } catch {
            throw RecordingError(description: error.message)
        }
    }

    public func stopRecording() async { runtime.recording.stop(index: shell.index) }
}

public struct RecordingError: Error, CustomStringConvertible {
    public var description: String
}

extension ScriptProgress {
    /// Progress that draws only the line count shows nothing else.
    public func show(_ line: String) {}
}
