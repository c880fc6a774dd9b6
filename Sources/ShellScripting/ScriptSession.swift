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

    public init(continueOnError: Bool = false, resume: Bool = false, restart: Bool = false, journalPath: String? = nil) {
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
    func finish()
}

/// A failure of the scripting layer itself, with the status it maps to.
struct ScriptFailure: Error {
    var status: CommandStatus
    var message: String
    static func usage(_ message: String) -> ScriptFailure { ScriptFailure(status: .usage, message: message) }
    static func failed(_ message: String) -> ScriptFailure { ScriptFailure(status: .failed, message: message) }
}

/// What one line did.
struct StepResult: Sendable {
    var status: CommandStatus = .ok
    /// `command: message`, then any detail lines; printed by the caller with its location.
    var failure: [String] = []
    var exitRequested = false
    /// The catalog name of the command, nil for script commands (`set NAME`, `expect`, …).
    var command: String?
    /// Names this line bound, `last` included, for the journal.
    var bound: [String: ProductBinding] = [:]
    var variables: [String: String] = [:]
    /// Failures already printed (a sourced script reports its own lines).
    var reported = false
    /// A request may have reached the server before the failure (see CommandReport).
    var outcomeUnknown = false
}

/// A line understood: the text as typed, its words after expansion, and what they ask for.
struct PreparedLine {
    var text: String
    var words: [Word]
    var statement: Statement
    /// The catalog name of the first word (`register` for `add`), nil for none.
    var command: String?

    /// The product name a `register` line gives (`name=…`), after expansion.
    var productName: String? {
        words.first { $0.text.hasPrefix("name=") }.map { String($0.text.dropFirst(5)) }
    }

    var bindAs: String? {
        if case .command(_, let name) = statement { return name }
        return nil
    }

    /// `stock ID +N` or `-N` (not `=N`): sent twice, it changes the stock twice.
    var isRelativeStock: Bool { command == "stock" && words.count >= 3 && !words[2].text.hasPrefix("=") }
}

/// A line that cannot run, with the step result that says why.
struct LineRejected: Error {
    var result: StepResult
}

/// A shell session with scripting: variables and named products, `expect`, `source`, recording,
/// and running whole files with a journal. The REPL, `-c`, piped input and `openmarket run` all
/// go through it, so a line means the same wherever it is typed.
public actor ScriptSession {
    public nonisolated let shell: SellerShell

    /// The session and its shell run on one executor: a script line calls into the shell
    /// several times, and hopping between two executors each time cost more per line than
    /// decoding the product (measured with scripts/bench-scripts).
    public nonisolated var unownedExecutor: UnownedSerialExecutor { shell.unownedExecutor }
    let console: any ShellConsole
    var variables: ScriptVariables
    var recorder: Recorder?
    let dryRun: DryRunTransport?
    var progress: (any ScriptProgress)?
    var sourceDepth = 0
    /// The highest product id any command has returned: a product made by a create sent later
    /// has a higher one (ids only grow), which tells it apart from an older namesake.
    var highestSeenID = 0

    /// - Parameters:
    ///   - dryRun: send nothing; print each request instead (see `DryRunTransport`).
    ///   - variables: `--var NAME=VALUE` definitions.
    public init(
        configuration: ShellConfiguration, console: any ShellConsole, dryRun: Bool = false, variables: [String: String] = [:],
        environment: [String: String] = ProcessInfo.processInfo.environment, progress: (any ScriptProgress)? = nil
    ) {
        var configuration = configuration
        // The environment's secret is protected like the login's even when the session logged
        // in otherwise: it is still some vendor's secret.
        configuration.secrets.protect(environment["OPENMARKET_SECRET"])
        let console = MaskingConsole(wrapping: console, secrets: configuration.secrets)
        self.console = console
        if dryRun {
            let transport = DryRunTransport { [console] text in console.write(text) }
            configuration.transport = transport
            self.dryRun = transport
            // The shell's own output would describe made-up answers; only the requests show.
            self.shell = SellerShell(configuration: configuration, console: SilentConsole(wrapping: console))
        } else {
            self.dryRun = nil
            self.shell = SellerShell(configuration: configuration, console: console)
        }
        self.variables = ScriptVariables(environment: environment)
        for (name, value) in variables { self.variables[name] = .text(value) }
        self.progress = progress
    }

    /// Checks a `--var NAME=VALUE` argument; nil when fine.
    public static func checkDefinition(_ text: String) -> (name: String, value: String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let name = String(text[..<equals])
        guard ScriptVariables.checkName(name) == nil else { return nil }
        return (name, String(text[text.index(after: equals)...]))
    }

    // MARK: Lines typed at the prompt

    /// Runs a line typed at the prompt or given with `-c`; failures are printed as they are.
    public func execute(_ line: String) async -> LineOutcome {
        // A script's lines lose their comments when the file is read; a typed one here.
        let result = await step(ScriptLine(number: 0, text: ScriptReader.stripComment(line)), location: nil)
        if !result.reported { for text in result.failure { console.note(text) } }
        shell.index.updateVariables(Array(variables.values.keys))
        return LineOutcome(status: result.status, exitRequested: result.exitRequested)
    }

    /// Starts recording (`--record FILE`).
    public func startRecording(_ path: String, all: Bool = false) async throws {
        do {
            try await beginRecording(path, all: all)
        } catch let failure as ScriptFailure {
            throw RecordingError(description: failure.message)
        }
    }

    public func stopRecording() {
        recorder?.close()
        recorder = nil
    }

    // MARK: One line

    func step(_ line: ScriptLine, location: String?) async -> StepResult {
        switch prepare(line) {
        case .success(let prepared): await perform(prepared, line: line, location: location)
        case .failure(let rejected): rejected.result
        }
    }

    /// Expands, splits and parses a line: what it asks for, before anything runs. Expansion
    /// sees the variables as they are now, so this comes right before the line runs.
    func prepare(_ line: ScriptLine) -> Result<PreparedLine, LineRejected> {
        let text = line.text.trimmingCharacters(in: .whitespaces)
        let firstWord = String(text.prefix { !$0.isWhitespace })
        let command = CommandNames.canonical(firstWord)
        func rejected(_ message: String) -> Result<PreparedLine, LineRejected> {
            .failure(LineRejected(result: StepResult(status: .usage, failure: ["\(command ?? firstWord): \(message)"], command: command)))
        }
        guard !text.isEmpty else { return .failure(LineRejected(result: StepResult())) }
        if let problem = line.problem {
            return .failure(LineRejected(result: StepResult(status: .usage, failure: [problem], command: command)))
        }
        let words: [Word]
        do {
            let secrets = shell.secrets
            words = try WordSplitter.split(
                try Expander.expand(text) { reference throws(ExpansionError) in
                    let value = try variables.resolve(reference)
                    // Refused rather than masked: a masked value would send "••••••" as a
                    // description or price without a word, and there is no command in which
                    // the secret belongs (the shell puts it in the secret field itself, and
                    // `login IDENTIFIER` takes it from OPENMARKET_SECRET). The line fails with
                    // FILE:LINE before anything is sent, in a dry run too.
                    if secrets.occurs(in: value) {
                        throw ExpansionError(
                            description: "${\(reference)} holds the vendor secret, which never goes into a command "
                                + "(the shell sends it only as the secret field): remove it from the line")
                    }
                    return value
                })
        } catch let error as ExpansionError {
            return rejected(error.description)
        } catch {
            return rejected("\(error)")
        }
        do {
            return .success(PreparedLine(text: text, words: words, statement: try Statement.parse(words), command: command))
        } catch {
            return rejected(error.message)
        }
    }

    /// Runs a prepared line.
    func perform(_ prepared: PreparedLine, line: ScriptLine, location: String?) async -> StepResult {
        let (text, words) = (prepared.text, prepared.words)
        var result = StepResult()
        result.command = prepared.command
        switch prepared.statement {
        case .setVariable(let name, let value):
            variables[name] = .text(value)
            result.command = nil
            result.variables[name] = value
            await record(typed: text, words: words, bindAs: nil, command: "set", report: nil)
        case .expect(let expectation):
            result.command = nil
            // A dry run's answers are made up, so its expectations are not checked.
            if dryRun == nil, !expectation.holds {
                result.status = .failed
                result.failure = ["expect: \(expectation.failure)"]
            } else {
                await record(typed: text, words: words, bindAs: nil, command: "expect", report: nil)
            }
        case .source(let path):
            result.command = nil
            let status = await source(path)
            result.status = status
            result.reported = true
        case .record(let path, let all):
            result.command = nil
            do {
                try await beginRecording(path, all: all)
                console.note("recording to \(path)\(all ? " (every command)" : "") — 'record stop' ends it")
            } catch let failure as ScriptFailure {
                result.status = failure.status
                result.failure = ["record: \(failure.message)"]
            } catch {
                result.status = .failed
                result.failure = ["record: \(error)"]
            }
        case .recordStop:
            result.command = nil
            if let recorder {
                console.note("recording saved to \(recorder.path)")
                stopRecording()
            } else {
                result.status = .usage
                result.failure = ["record: not recording ('record FILE' starts)"]
            }
        case .listVariables:
            console.write(listing())
        case .command(let commandWords, let bindAs):
            if let dryRun, let location, let name = result.command, !["help", "history", "whoami", "vars"].contains(name) {
                console.write("\n# \(location): \(text)")
                if name == "register" { dryRun.label(nextCreate: bindAs ?? "line \(line.number)") }
            }
            let report = await shell.perform(commandWords)
            result.status = report.status
            result.exitRequested = report.exitRequested
            result.failure = report.failure.map { dryRun?.withPlaceholders($0) ?? $0 }
            result.outcomeUnknown = report.outcomeUnknown
            if let id = report.result?.id { highestSeenID = max(highestSeenID, id) }
            if report.status == .ok {
                if let product = report.result {
                    result.bound = variables.bind(ProductBinding(product), as: bindAs)
                } else if let bindAs {
                    console.note("note: nothing was named \(bindAs): the command returned no product")
                }
                await record(typed: text, words: commandWords, bindAs: bindAs, command: report.command, report: report)
            }
        }
        return result
    }

    private func record(typed: String, words: [Word], bindAs: String?, command: String?, report: CommandReport?) async {
        guard let recorder else { return }
        let credentials = await shell.credentials
        let context = Recorder.Context(identifier: credentials?.identifier, secrets: shell.secrets.all, pathBase: await shell.currentPathBase)
        recorder.record(typed: typed, words: words, bindAs: bindAs, command: command, report: report, context: context)
    }

    private func beginRecording(_ path: String, all: Bool) async throws {
        if let recorder { throw ScriptFailure.usage("already recording to \(recorder.path); 'record stop' first") }
        let recorder = try Recorder(path: path, all: all, server: await shell.serverURL)
        for name in variables.values.keys { recorder.reserve(name) }
        self.recorder = recorder
    }

    func listing() -> String {
        let rows = variables.values.sorted { $0.key < $1.key }.map { name, value in
            switch value {
            case .text(let text): "\(name) = \(Expectation.show(text))"
            case .product(let binding):
                "\(name) = #\(binding.id)" + (binding.document.value(at: ["name"]).map { " \($0.text)" } ?? "")
            }
        }
        return rows.isEmpty ? "no variables ('set NAME VALUE', or end a command with 'as NAME')" : rows.joined(separator: "\n")
    }
}

public struct RecordingError: Error, CustomStringConvertible {
    public var description: String
}

/// Swallows a dry run's made-up results; questions still reach the person.
final class SilentConsole: ShellConsole, @unchecked Sendable {
    let inner: any ShellConsole
    init(wrapping inner: any ShellConsole) { self.inner = inner }
    func write(_ text: String) {}
    func note(_ text: String) {}
    func ask(_ prompt: String) -> String? { inner.ask(prompt) }
    func askSecret(_ prompt: String) -> String? { inner.askSecret(prompt) }
    var isInteractive: Bool { inner.isInteractive }
    func history() -> [String] { inner.history() }
}
