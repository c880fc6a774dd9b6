import ArgumentParser
import BuildCommit
import Foundation
import LineEditor
import OpenMarketAPI
import OpenMarketContract
import ProgramEntry
import SellerShell
import ShellScripting
import Synchronization
import TerminalPhotos

@main
struct OpenMarketCommand: AsyncParsableCommand {
    /// Made when ArgumentParser first asks, inside `Entry`'s language (`ProgramHelp`), and
    /// kept for that language: ArgumentParser asks for it many times in one parse. (One kept,
    /// not a dictionary by language: `Language: Hashable` would cost a scan of every protocol
    /// conformance in the binary at start.)
    static var configuration: CommandConfiguration {
        let language = Language.current
        if let (made, kept) = lastConfiguration.withLock({ $0 }), made == language {
            return CompletionCheck.configuration(kept, program: programName)
        }
        let kept = CommandConfiguration(
            commandName: "openmarket", abstract: ProgramHelp.abstract.folded(indent: "OVERVIEW: ".count),
            discussion: ProgramHelp.discussion.folded(indent: 0),
            version: OpenMarketVersion.line(commit: BuildCommit.value))
        lastConfiguration.withLock { $0 = (language, kept) }
        return CompletionCheck.configuration(kept, program: programName)
    }

    private static let lastConfiguration = Mutex<(Language, CommandConfiguration)?>(nil)

    /// The options' coding keys, which the compiler made and keeps private to this file: for
    /// `ParseWarmUp`, which looks up their conformance before the parse does.
    static var codingKeys: Any.Type { CodingKeys.self }

    @Option(help: ProgramHelp.server.argument())
    var server: String?

    @Option(help: ProgramHelp.profile.argument())
    var profile: String?

    @Flag(help: ProgramHelp.json.argument())
    var json = false

    @Flag(help: ProgramHelp.trace.argument())
    var trace = false

    @Flag(help: ProgramHelp.explain.argument())
    var explain = false

    @Flag(name: .customLong("no-color"), help: ProgramHelp.noColor.argument())
    var noColor = false

    @Option(
        name: .customShort("c"),
        help: ProgramHelp.commands.argument(valueName: "COMMAND"))
    var commands: [String] = []

    @Option(
        help: ProgramHelp.record.argument(valueName: "FILE"))
    var record: String?

    // Everything ArgumentParser does not recognise lands here in order, so a shell command's
    // own flags (`openmarket list --mine`) pass through to it; `--json` and the other options
    // above are still the program's.
    @Argument(
        parsing: .allUnrecognized,
        help: ProgramHelp.script.argument(valueName: "COMMAND | run FILE"))
    var script: [String] = []

    @Flag(help: ProgramHelp.continueOnError.argument())
    var continueOnError = false

    @Flag(help: ProgramHelp.dryRun.argument())
    var dryRun = false

    @Flag(help: ProgramHelp.resume.argument())
    var resume = false

    @Flag(help: ProgramHelp.restart.argument())
    var restart = false

    @Flag(help: ProgramHelp.step.argument())
    var step = false

    @Option(help: ProgramHelp.journal.argument(valueName: "PATH"))
    var journal: String?

    @Option(
        name: .customLong("var"), help: ProgramHelp.variables.argument(valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(
        name: .customLong("local-port"),
        help: ProgramHelp.localPort.argument(valueName: "N"))
    var localPort: Int?

    @Option(
        name: .customLong("report-junit"),
        help: ProgramHelp.reportJUnit.argument(valueName: "FILE"))
    var reportJUnit: String?

    @Option(
        name: .customLong("report-tap"), help: ProgramHelp.reportTAP.argument(valueName: "FILE"))
    var reportTAP: String?

    @Option(
        name: .customLong("lang"),
        help: ProgramHelp.lang.argument(valueName: "en|ko"))
    var lang: String?

    @Flag(
        name: .customLong("reset-local"),
        help: ProgramHelp.resetLocal.argument())
    var resetLocal = false

    /// What the words after the options ask for: a shell command, or a script to run.
    enum Request: Equatable {
        case none
        case command([String])
        case script(String)
        /// `test FILE…`: grade scripts, each on a fresh local market.
        case test(ScriptArguments)
        /// `mcp [--max-deletes N] [--plan-minutes N] [--folder DIR]`: agent mode, served by
        /// `openmarket-mcp`, which checks these words (`AgentLauncher.swift`).
        case mcp([String])
        /// `help run`, `help test` (and `run --help`, `test -h`, made into these by
        /// `arguments(_:)`): the verb's own help, as `help list` is the command's.
        case verbHelp(ScriptArguments.Verb)
    }

    /// A first word that names a command runs that command (as `stripe products list` does);
    /// otherwise the words name a script: `run FILE` or just `FILE`.
    var request: Request {
        get throws {
            guard let first = script.first else { return .none }
            if first.hasPrefix("-") { throw ValidationError(ProgramMessage.unknownOption(first).text) }
            if first == "test" { return .test(try scriptArguments(.test)) }
            if first == "run" { return .script(try scriptArguments(.run).files[0]) }
            if first == "mcp" { return .mcp(Array(script.dropFirst())) }
            if first == "help", script.count == 2, let verb = ScriptArguments.Verb(rawValue: script[1]) {
                return .verbHelp(verb)
            }
            if ScriptSession.registry.find(first) != nil { return .command(script) }
            if script.count == 1, FileManager.default.fileExists(atPath: PathExpansion.expandTilde(first)) {
                return .script(first)
            }
            let guesses = ScriptSession.registry.guesses(for: script.map { Word($0) })
            // A bare word (no folder, no extension) is no script's name one meant: `openmarket
            // lesson` said "cannot read the script: no such file".
            guard script.count == 1, guesses.isEmpty, first.contains("/") || first.contains(".") else {
                throw ValidationError(ProgramMessage.neitherCommandNorScript(first, guesses: guesses).text)
            }
            // A path that does not exist yet: running it says so.
            return .script(first)
        }
    }

    /// The words after `test` or `run` (`--untrusted`, `--env`, `--time-limit`, `--allow-force`
    /// and the files); a script given as just `FILE` has none of the options.
    func scriptArguments(_ verb: ScriptArguments.Verb) throws -> ScriptArguments {
        guard script.first == verb.rawValue else {
            var plain = ScriptArguments(verb: verb)
            plain.files = script
            return plain
        }
        do {
            return try ScriptArguments.parse(verb, Array(script.dropFirst()))
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// A script that cannot be read is said before a local market is started (and its banner
    /// printed) for it.
    func refuseUnreadableScript(_ request: Request) throws {
        guard let path = scriptPath(request) else { return }
        guard let refusal = ScriptReader.unreadable(PathExpansion.expandTilde(path), shownAs: path) else { return }
        Self.complain(refusal, prefixed: false)
        throw ExitCode(CommandStatus.usage.rawValue)
    }

    /// The script named by `run FILE` or `FILE`, nil for none.
    func scriptPath(_ request: Request) -> String? {
        if case .script(let path) = request { return path }
        return nil
    }

    /// `-c` commands, lines to split, and the command the words name (`openmarket list --mine`),
    /// the words as the calling shell split them: never written back into a line and split again.
    func commandLines(_ request: Request) -> [ProgramLine] {
        let typed = commands.map(ProgramLine.typed)
        guard case .command(let words) = request else { return typed }
        return typed + [.words(words + handedOn(to: words).words)]
    }

    /// The script options a command takes too (`openmarket import cat.csv --resume`):
    /// ArgumentParser reads them as the program's wherever they stand, so they are handed on to
    /// the command; `left` are those it does not take.
    func handedOn(to words: [String]) -> (words: [String], left: [String]) {
        let spec = words.first.flatMap { ScriptSession.registry.find($0)?.spec }
        var handed: [String] = []
        var left: [String] = []
        for (flag, on) in [
            ("--continue-on-error", continueOnError), ("--dry-run", dryRun), ("--resume", resume), ("--restart", restart),
            ("--step", step),
        ] where on {
            if spec?.flag(flag) != nil { handed.append(flag) } else { left.append(flag) }
        }
        if let journal {
            if spec?.flag("--journal") != nil { handed += ["--journal", journal] } else { left.append("--journal") }
        }
        return (handed, left)
    }

    func validate() throws {
        let request = try self.request
        if case .mcp = request { return try validateAgentMode() }
        let path = scriptPath(request)
        if path == nil {
            // Piped standard input is a script too: it may run on past its failures.
            let pipedScript = commandLines(request).isEmpty && isatty(0) == 0
            var left = handedOn(to: []).left
            if case .command(let words) = request { left = handedOn(to: words).left }
            if pipedScript { left.removeAll { $0 == "--continue-on-error" } }
            if !left.isEmpty {
                throw ValidationError(ProgramMessage.scriptOptionsNeedScript.text)
            }
        }
        if path != nil, !commands.isEmpty { throw ValidationError(ProgramMessage.scriptAndCommands.text) }
        if case .command = request, !commands.isEmpty {
            throw ValidationError(ProgramMessage.commandAndCommands.text)
        }
        if case .test = request {
            if !commands.isEmpty || record != nil || localPort != nil || resetLocal {
                throw ValidationError(ProgramMessage.testExcludesOptions.text)
            }
        } else if reportJUnit != nil || reportTAP != nil {
            throw ValidationError(ProgramMessage.reportsNeedTest.text)
        }
        if resume, restart { throw ValidationError(ProgramMessage.resumeOrRestart.text) }
        if resume, dryRun { throw ValidationError(ProgramMessage.dryRunNotWithResume.text) }
        if let lang, Language(choice: lang) == nil {
            throw ValidationError(ProgramMessage.langTakes(lang).text)
        }
        for definition in variables where ScriptSession.checkDefinition(definition) == nil {
            throw ValidationError(ProgramMessage.variableWants(definition).text)
        }
    }

    /// The language the shell speaks: `--lang`, else the locale's (`LC_ALL`, `LC_MESSAGES`,
    /// `LANG`); everything the run says is in it.
    var language: Language {
        lang.flatMap(Language.init(choice:)) ?? Language.from(environment: Self.environment)
    }

    func run() async throws {
        try await Language.$current.withValue(language) {
            if case .mcp(let words) = try request { return try await runAgent(words) }
            if case .verbHelp(let verb) = try request { return print(ScriptArguments.help(verb)) }
            try await runInLanguage()
        }
    }

    private func runInLanguage() async throws {
        LineReaders.ensureUTF8Locale()
        InterruptMonitor.shared.install()
        let environment = Self.environment
        let profiles = ProfileStore(directory: ProfileStore.directory(environment))
        if case .test(let arguments) = try self.request {
            try await grade(arguments, environment: environment, profiles: profiles)
            return
        }
        let request = try self.request
        try refuseUnreadableScript(request)
        // `openmarket -c 'explain 412'` sends nothing: no market is started for it, nor reached.
        let target =
            needsNoMarket(request)
            ? Connection(serverURL: URL(string: "http://127.0.0.1")!) : try await connection(environment, profiles: profiles)

        let path = scriptPath(request)
        let lines = commandLines(request)
        let interactive = path == nil && lines.isEmpty && isatty(0) == 1 && isatty(1) == 1
        let color = interactive && !noColor && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        let asks = asksQuestions(request, path: path, interactive: interactive)
        let indexBox = IndexBox()
        let reader = LineReaders.make(
            programName: "openmarket", historyFile: interactive ? Self.historyFile(environment) : nil,
            completer: { line in indexBox.complete(line) }, forcePlain: !asks)
        // A script's line count, an import's or an export's rows: drawn only on a terminal.
        let progress = isatty(2) == 1 ? ProgressLine() : nil
        // Photos are drawn only where standard output is a terminal that can show them.
        let drawsPhotos = isatty(1) == 1 && !["", "dumb"].contains(environment["TERM"] ?? "")
        let console = TerminalConsole(
            reader: reader, progress: progress, color: color, completion: indexBox,
            photoCanvas: drawsPhotos ? ChafaCanvas(environment: environment) : nil)
        let configuration = shellConfiguration(target, profiles: profiles, color: color, environment: environment)
        // `openmarket import cat.csv --dry-run`: the flag is the command's own (it prints the plan
        // and the requests), not the program's dry run of a script, which would swallow them.
        var programDryRun = dryRun
        if case .command(let words) = request, handedOn(to: words).words.contains("--dry-run") { programDryRun = false }
        // `run --untrusted FILE`: `${env.NAME}` reads only the names given with --env.
        let runArguments = path == nil ? nil : try scriptArguments(.run)
        let session = ScriptSession(
            configuration: configuration,
            console: console, dryRun: programDryRun, variables: definitions, environment: environment, progress: progress,
            interrupts: { InterruptMonitor.shared.presses() },
            environmentNames: runArguments?.untrusted == true ? Set(runArguments?.environment ?? []) : nil)
        indexBox.index = session.shell.index
        if interactive, target.credentials == nil {
            // As the local market's banner says who you are, a remote one says you are nobody yet.
            let names = profiles.names()
            Self.complain(Message.notLoggedInTo(server: target.serverURL.absoluteString, profiles: names).text)
        }
        try await startRecording(session, console: console, target: target)
        let access = try await Self.access(for: runArguments, target: target, console: console)
        let status = await runInput(
            path, lines: lines, session: session, console: console, reader: reader, color: color, access: access)
        await session.stopRecording()
        reader.saveHistory()
        if let embedded = target.embedded { await embedded.stop() }
        if status != 0 { throw ExitCode(status) }
    }

    /// Whether the run asks its questions of a person: at the prompt; for a command given as the
    /// first word in a terminal (`openmarket import cat.csv`: the plan's confirmation, a
    /// delete's), as it would at the prompt; and under `run FILE --step`, at each command.
    private func asksQuestions(_ request: Request, path: String?, interactive: Bool) -> Bool {
        let terminal = isatty(0) == 1 && isatty(1) == 1
        if interactive { return true }
        if case .command = request, commands.isEmpty, terminal { return true }
        return step && path != nil && terminal
    }

    /// The session's settings from the options and the connection made.
    func shellConfiguration(
        _ target: Connection, profiles: ProfileStore, color: Bool, environment: [String: String]
    ) -> ShellConfiguration {
        var configuration = ShellConfiguration(
            serverURL: target.serverURL, credentials: target.credentials, vendorName: target.vendorName,
            vendorID: target.vendorID,
            profileName: profile, outputJSON: json,
            trace: trace, useColor: color, profiles: profiles)
        configuration.explain = explain
        configuration.photoCache = PhotoCache.standard(environment: environment)
        configuration.environmentServer = target.environmentServer
        configuration.environmentVendorID = target.environmentVendorID
        configuration.localMarket = target.embedded.map { LocalMarket(url: $0.baseURL, dataDirectory: $0.dataDirectory) }
        return configuration
    }

    /// `--record FILE`: starts the recording, or ends the program (and stops the local market) with
    /// one line and the usage status.
    private func startRecording(_ session: ScriptSession, console: TerminalConsole, target: Connection) async throws {
        guard let record else { return }
        do {
            try await session.startRecording(record)
        } catch {
            console.note("openmarket: \(Self.sentence(for: error))")
            if let embedded = target.embedded { await embedded.stop() }
            throw ExitCode(Self.usageStatus)
        }
    }

    /// Whether every line this run has is an `explain` or a `help`, which read data and send
    /// nothing: then no market is started (`openmarket -c 'explain 412'`, `openmarket explain 412`).
    func needsNoMarket(_ request: Request) -> Bool {
        guard scriptPath(request) == nil, record == nil else { return false }
        let lines = commandLines(request)
        return !lines.isEmpty
            && lines.allSatisfy { line in
                guard let first = line.firstWord else { return false }
                let name = ScriptSession.registry.find(first)?.commandNames.name
                return name == Explain.commandNames.name || name == Help.commandNames.name
                    || name == ScriptSession.lintCommandName
            }
    }

    /// `openmarket test FILE…`: each script on a fresh local market (or on the server that
    /// `--server`, `OPENMARKET_SERVER` or `--profile` names), one line per file as it finishes,
    /// the summary, the reports; exit 1 when any failed. Ctrl-C stops the file being graded and
    /// grades no more: the summary and the reports say which were not, and the exit is 130.
    /// SIGTERM (a CI job's time-out) and SIGHUP stop it the same way, and it leaves with their
    /// status (143, 129).
    func grade(_ arguments: ScriptArguments, environment: [String: String], profiles: ProfileStore) async throws {
        let stopping = GradingStop()
        let files = arguments.files
        var remote: (url: URL, credentials: VendorCredentials?, vendorID: Int?)?
        if server != nil || profile != nil || !(environment["OPENMARKET_SERVER"] ?? "").isEmpty {
            let target = try await connection(environment, profiles: profiles)
            remote = (target.serverURL, target.credentials, target.vendorID ?? target.environmentVendorID)
        }
        let grading = ScriptTests(
            files: files, server: remote, variables: definitions, profiles: profiles,
            environmentNames: Set(arguments.environment),
            sharedFolders: arguments.readFolders.map { PathExpansion.expandTilde($0) })
        ScriptTests.removeLeftovers()
        let started = ContinuousClock.now
        let outcomes = await Self.gradeEach(files, grading, budget: arguments.budget)
        let seconds = ScriptTests.seconds(since: started)
        let notGraded = Array(files.dropFirst(outcomes.count))
        print(ScriptTests.summary(outcomes, notGraded: notGraded.count, seconds: seconds))
        fflush(nil)  // every output stream: `stdout` is not concurrency-safe to name
        // Each report made only when asked for.
        let reports: [(String?, () -> String)] = [
            (reportJUnit, { ScriptTests.junit(outcomes, notGraded: notGraded, seconds: seconds, at: Date()) }),
            (reportTAP, { ScriptTests.tap(outcomes, notGraded: notGraded) }),
        ]
        for (path, text) in reports {
            guard let path else { continue }
            do {
                // Whole or not at all, and a symbolic link at the path is replaced, never written
                // through (a report in a folder students control cannot reach another file).
                try LocalFile.write(Data(text().utf8), to: PathExpansion.expandTilde(path), replacing: true)
            } catch {
                Self.complain(ProgramMessage.cannotWrite(path: path, reason: Self.sentence(for: error)).text)
                throw ExitCode(1)
            }
        }
        if let signal = stopping.came { throw ExitCode(128 + signal) }
        if !notGraded.isEmpty || outcomes.contains(where: \.interrupted) {
            throw ExitCode(CommandStatus.interrupted.rawValue)
        }
        if outcomes.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }

    /// Grades `files` one by one, each file's lines printed (and flushed, for a pipe or a CI
    /// log) as it finishes, until they are done or Ctrl-C stops the grading.
    static func gradeEach(_ files: [String], _ grading: ScriptTests, budget: Duration) async -> [ScriptTests.Outcome] {
        var outcomes: [ScriptTests.Outcome] = []
        for file in files {
            // A Ctrl-C between files, or during one that then finished, ends the grading here.
            guard !InterruptMonitor.shared.takePending() else { break }
            let graded = try? await InterruptMonitor.shared.runCancellable {
                (outcome: await grading.run(file, within: budget), stopped: Task.isCancelled)
            }
            if let outcome = graded?.outcome {
                outcomes.append(outcome)
                for line in ScriptTests.lines(for: outcome) { print(line) }
                fflush(nil)  // every output stream: `stdout` is not concurrency-safe to name
            }
            if graded?.stopped != false { break }
        }
        return outcomes
    }

    /// The `--var` definitions, checked by `validate()`.
    var definitions: [String: String] {
        var result: [String: String] = [:]
        for definition in variables {
            if let (name, value) = ScriptSession.checkDefinition(definition) { result[name] = value }
        }
        return result
    }

    /// Runs what this invocation is for: a script file, a script on standard input, `-c`
    /// commands or the prompt. Answers the process exit status.
    func runInput(
        _ path: String?, lines: [ProgramLine], session: ScriptSession, console: TerminalConsole, reader: any LineReader,
        color: Bool, access: AccessPolicy? = nil
    ) async -> Int32 {
        if let path {
            var given = ScriptOptions(
                continueOnError: continueOnError, resume: resume, restart: restart, journalPath: journal, step: step)
            if let access { given.access = access }
            let options = given
            let status = await Self.cancellable(.interrupted) { await session.runScript(path: path, options: options) }
            return await session.requestedExitCode ?? status.rawValue
        }
        if lines.isEmpty, isatty(0) == 0 {
            let options = ScriptOptions(continueOnError: continueOnError)
            let status = await Self.cancellable(.interrupted) {
                await session.runStream(name: "stdin", options: options) { console.nextScriptLine() }
            }
            return await session.requestedExitCode ?? status.rawValue
        }
        return await Self.loop(session: session, reader: reader, commands: lines, color: color)
    }

    /// Runs `-c` commands, or lines from the terminal until EOF or `exit`. Without a person at
    /// the prompt (output redirected) the first failure stops it with its status; a person just
    /// sees the error. Piped input does not come here: it is read as a script.
    static func loop(session: ScriptSession, reader: any LineReader, commands: [ProgramLine], color: Bool) async -> Int32 {
        if !commands.isEmpty {
            for command in commands {
                let outcome = await runCancellable(session, command)
                if outcome.status != .ok { return outcome.status.rawValue }
                if outcome.exitRequested { return outcome.exitCode ?? 0 }
            }
            return 0
        }
        // A person at the prompt: Ctrl-\ quits nothing, as in an interactive bash (it would end
        // the session with a core dump). What the shell starts gets the default back.
        if reader.isInteractive { signal(SIGQUIT, SIG_IGN) }
        var searchLanguage: Language?
        while true {
            reader.prompt = session.shell.index.prompt(color: color)
            // Ctrl-R's words in the language the session speaks now (`set lang` may change it).
            let language = await session.shell.language ?? Language.current
            if language != searchLanguage {
                reader.setSearchLabels(
                    found: ScreenMessage.historySearch(found: true).text(in: language),
                    failed: ScreenMessage.historySearch(found: false).text(in: language))
                searchLanguage = language
            }
            switch reader.readLine() {
            case .eof:
                return 0
            case .interrupted:
                continue
            case .line(let typed):
                guard let line = wholeCommand(typed, reader: reader) else { continue }
                // A line holding a secret (or `login ID SECRET`) never reaches the history file.
                let kept = session.shell.mayKeepInHistory(line)
                if kept { reader.addHistory(line) }
                let outcome = await runCancellable(session, .typed(line))
                // Nor one the client refused for a secret only its request shows (`\@`, `\u005a`).
                if kept, outcome.refusedSecret { reader.forgetHistory(line) }
                if outcome.exitRequested { return outcome.exitCode ?? outcome.status.rawValue }
                if !reader.isInteractive, outcome.status != .ok { return outcome.status.rawValue }
            }
        }
    }

    /// The command a typed line begins: one that ends with a lone `\` or leaves a quote open goes
    /// on at a `> ` prompt, as in bash, and its lines are joined as a script's are (one reader of
    /// both, `ScriptReader`), so that a command copied from a script runs as it did there. A
    /// line complete in itself is the command as typed (its comment kept for the history). Nil
    /// for a blank line and when Ctrl-C drops what was typed; Ctrl-D ends the command as it is,
    /// its open quote said when it runs.
    static func wholeCommand(_ typed: String, reader: any LineReader) -> String? {
        var script = ScriptReader()
        guard script.feed(typed, number: 1) == nil, script.isContinuing else {
            return typed.trimmingCharacters(in: .whitespaces).isEmpty ? nil : typed
        }
        var number = 1
        while true {
            reader.prompt = "> "
            number += 1
            switch reader.readLine() {
            case .line(let more):
                if let command = script.feed(more, number: number) { return command.text }
                guard script.isContinuing else { return nil }
            case .interrupted: return nil
            case .eof: return script.finish()?.text
            }
        }
    }

    /// Ctrl-C during a command cancels the task running it (the request stops) and the shell
    /// stays; the command reports itself cancelled.
    static func runCancellable(_ session: ScriptSession, _ line: ProgramLine) async -> CommandReport {
        await cancellable(CommandReport(status: .interrupted)) {
            switch line {
            case .typed(let text): await session.execute(text)
            case .words(let words): await session.execute(arguments: words)
            }
        }
    }

    /// Runs `body` under Ctrl-C (a line, or a whole script, which stops at the cancelled
    /// command); `interrupted` when the task itself was torn down.
    static func cancellable<T: Sendable>(_ interrupted: T, _ body: @escaping @Sendable () async -> T) async -> T {
        (try? await InterruptMonitor.shared.runCancellable { await body() }) ?? interrupted
    }

    /// What a script run may touch: `run --untrusted FILE` least privilege, with a scratch
    /// folder of its own for what it writes (kept, and named on standard error); a person's own
    /// script anything, `--force` only with `--allow-force`.
    /// `access(for:market:console:)` of the run's arguments, if any; when they are refused, the
    /// local market is stopped and waited for (its port is free again) before the program ends.
    static func access(
        for arguments: ScriptArguments?, target: Connection, console: TerminalConsole
    ) async throws
        -> AccessPolicy?
    {
        do {
            return try arguments.map { try access(for: $0, market: target.serverURL, console: console) }
        } catch {
            if let embedded = target.embedded { await embedded.stop() }
            throw error
        }
    }

    static func access(for arguments: ScriptArguments, market: URL, console: TerminalConsole) throws -> AccessPolicy {
        guard arguments.untrusted else { return .ownScript(allowForce: arguments.allowForce) }
        var template = Array((FileManager.default.temporaryDirectory.path + "/openmarket-untrusted-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else {
            complain(ProgramMessage.cannotMakeScratchFolder(String(cString: strerror(errno))).text)
            throw ExitCode(1)
        }
        let scratch = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        console.note(AccessMessage.scratchFolder(scratch).text)
        return .untrusted(
            market: market, scratch: scratch, environment: Set(arguments.environment),
            shared: arguments.readFolders.map { PathExpansion.expandTilde($0) })
    }

    static func historyFile(_ environment: [String: String]) -> URL {
        XDGDirectories.stateHome(environment).appendingPathComponent("openmarket/history")
    }
}

/// Lets the line editor's completion callback reach the shell's index, which exists only once
/// the shell does (the reader must be made first, to build the console the shell needs).
final class IndexBox: Sendable {
    private struct State {
        var index: ShellIndex?
        var pathsOnly = false
    }

    private let state = Mutex(State())

    var index: ShellIndex? {
        get { state.withLock { $0.index } }
        set { state.withLock { $0.index = newValue } }
    }

    /// While a question asks for a path (`register`'s image), the whole line is a path.
    var completingPaths: Bool {
        get { state.withLock { $0.pathsOnly } }
        set { state.withLock { $0.pathsOnly = newValue } }
    }

    func complete(_ line: String) -> (word: String, candidates: [Completion]) {
        if completingPaths {
            let word = String(line.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
            return (word, pathCandidates(word))
        }
        guard let index else { return ("", []) }
        switch index.complete(line) {
        case .candidates(let word, let list):
            return (word, list.map { Completion($0.text, hint: $0.hint) })
        case .path(let word, let pathPart, let prefix):
            return (word, pathCandidates(pathPart).map { Completion(prefix + $0.text, hint: $0.hint) })
        }
    }
}

/// A command the program was given: a line to split (`-c 'list --mine'`), or words the calling
/// shell already split (`openmarket list --mine`).
enum ProgramLine: Sendable {
    case typed(String)
    case words([String])

    /// The command's name as given.
    var firstWord: String? {
        switch self {
        case .typed(let line): line.split(whereSeparator: \.isWhitespace).first.map(String.init)
        case .words(let words): words.first
        }
    }
}
