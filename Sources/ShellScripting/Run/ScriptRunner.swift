import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import SystemPackage
import TerminalText

/// What a run of a script did, for the progress line and the summaries to report.
struct RunReport {
    var name: String
    var total: Int
    var failures: [(line: ScriptLine, status: CommandStatus)] = []
    var skipped = 0
    var recovered = 0
    /// `expect` lines that held.
    var checksPassed = 0
    /// Set when the run stopped before its end (the first failure, an interruption).
    var stoppedWith: CommandStatus?

    var status: CommandStatus { stoppedWith ?? failures.map(\.status).max() ?? .ok }
}

extension ScriptRuntime {
    /// Runs a script file (`openmarket run FILE`), with its journal unless this is a dry run.
    func runScript(path: String, options: ScriptOptions) async -> CommandStatus {
        var resolved = paths.expandingTilde(path)
        if options.access.isUntrusted {
            // The script itself too: a link named like homework that points out of its folder
            // (at a key, a .env file) is refused, not read and echoed back line by line.
            do {
                resolved = try options.access.confiningReads(to: Self.folder(of: resolved)).readable(resolved)
            } catch {
                console.note("\(TerminalText.visible(path)): \(error.description)")
                return .usage
            }
        }
        guard let lines = readScript(resolved, unreadable: ScriptMessage.cannotReadScript(path).text) else { return .usage }
        let server = await shell.serverURL
        let folder = Self.folder(of: resolved)
        let paths = LocalPaths(base: folder, access: options.access.confiningReads(to: folder))
        // A resumed run is checked once its journal says which lines are done (below).
        let resuming = options.resume && dryRun == nil
        var checked = ScriptCheck()
        if !resuming {
            checked = check(lines, name: path, on: server, paths: paths, stepped: options.step)
            guard checked.problems.isEmpty else { return refuse(checked, name: path) }
        }
        var journal: JournalHandle?
        var resume = ResumePoint()
        if dryRun == nil {
            switch openJournal(for: path, at: resolved, lines, options, server: server) {
            case .ended(let status): return status
            case .opened(let opened, let point): (journal, resume) = (opened, point)
            }
        }
        let scope = LineScope(
            runtime: self, journal: journal, newest: NewestBeforeFirstCreate(), files: [Self.identity(of: resolved)])
        if resuming {
            // The lines done before are skipped: their photos were sent, and may be gone since.
            let done = resume.previous.map { Set($0.done.keys) } ?? []
            checked = check(
                lines, name: path, on: server, paths: paths, stepped: options.step, photosSent: done, unsaid: done)
            guard checked.problems.isEmpty else {
                journal?.close()
                return refuse(checked, name: path)
            }
        }
        var context = context(scope, pathBase: Self.folder(of: resolved))
        // An untrusted script reads its own folder (and `source` inside it inherits that).
        context.access = options.access.confiningReads(to: Self.folder(of: resolved))
        let stepper = stepControl(for: resolved, options)
        let report = await onClientsLoop(context) {
            await run(
                lines, parsed: checked.parsed, name: path, resume: resume, options: options, stepper: stepper, in: context)
        }
        scope.journal?.close()
        return finish(report, in: context)
    }

    /// How opening a script's journal went: the journal and where the run resumes, or the
    /// status the run ends with (nothing to resume, a journal that cannot be used).
    private enum JournalOpening {
        case opened(JournalHandle, ResumePoint)
        case ended(CommandStatus)
    }

    /// Opens (and locks) the journal of the script at `resolved`, and reads where it resumes.
    private func openJournal(
        for path: String, at resolved: String, _ lines: [ScriptLine], _ options: ScriptOptions, server: URL
    ) -> JournalOpening {
        // An untrusted script's journal goes to its scratch folder, never beside it.
        let scratch = options.access.writeFolder.map {
            $0.appending(URL(fileURLWithPath: resolved).lastPathComponent + ".journal").string
        }
        let placement = JournalPlacement(
            script: resolved, given: options.journalPath.map(paths.expandingTilde) ?? scratch,
            environment: names.environment)
        do {
            guard
                let (journal, opened) = try ResumeJournal(console: console, session: shell).openJournal(
                    for: path, at: placement, lines, options, reads: JournalReads(lines), server: server)
            else { return .ended(.ok) }
            return .opened(journal, opened)
        } catch {
            console.note(error.message)
            return .ended(error.status)
        }
    }

    /// A script file as the files running are compared: its absolute path with its links
    /// resolved, so that `a.om`, `./a.om` and a link to it are one file.
    static func identity(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The folder relative paths in a script start from: the script's own.
    static func folder(of script: String) -> String {
        URL(fileURLWithPath: script).standardizedFileURL.deletingLastPathComponent().path
    }

    /// The step control for `--step` when a person is there to answer; nil otherwise (a pipe
    /// runs straight through, and says so).
    private func stepControl(for path: String, _ options: ScriptOptions) -> StepControl? {
        guard options.step else { return nil }
        guard console.isInteractive else {
            console.note(Message.stepNeedsTerminal(file: (path as NSString).lastPathComponent).text)
            return nil
        }
        return StepControl(fileLines: StepControl.lines(of: path))
    }

    /// `source FILE` inside a session: the current variables and login, no journal, stops at
    /// the first failure. Its lines run one level deeper than `context`, from the file's folder.
    /// `resolved`: the file to read, as the context's `AccessPolicy` let it be read.
    /// A file already running, or a 17th level, is refused before it is read: with its line's
    /// `FILE:LINE` in front, as any failure of a line.
    func source(
        _ path: String, at resolved: String, step: Bool = false, in context: CommandContext
    ) async throws(CommandFailure)
        -> CommandStatus
    {
        let depth = context.scope?.sourceDepth ?? 0
        let running = context.scope?.files ?? []
        let file = Self.identity(of: resolved)
        if running.contains(file) {
            let chain = (running + [file]).map { TextLayout.visible(URL(fileURLWithPath: $0).lastPathComponent) }
            throw .usage(ScriptMessage.sourceRunning(TextLayout.visible(path), chain: chain).text)
        }
        guard depth < 16 else { throw .usage(ScriptMessage.sourceTooDeep(TextLayout.visible(path)).text) }
        guard let lines = readScript(resolved, unreadable: ScriptMessage.sourceCannotRead(path).text) else { return .usage }
        // On the cooperative pool, as `register` reads its photos: the script sourcing this one
        // runs on its client's loop, which probing the photos would hold up.
        let paths = LocalPaths(base: Self.folder(of: resolved), access: context.access)
        let server = context.client.baseURL
        let checked = await Self.offTheLoop { self.check(lines, name: path, on: server, paths: paths) }
        // Only inside a running script were lines sent before this one (not at the prompt, nor
        // in a dry run).
        guard checked.problems.isEmpty else { return refuse(checked, name: path, sourced: !running.isEmpty && dryRun == nil) }
        var inner = context
        inner.pathBase = Self.folder(of: resolved)
        inner.script = LineScope(runtime: self, sourceDepth: depth + 1, files: running + [file])
        let options = ScriptOptions(step: step)
        let stepper = stepControl(for: resolved, options)
        let report = await onClientsLoop(inner) {
            await run(
                lines, parsed: checked.parsed, name: path, resume: ResumePoint(), options: options, stepper: stepper, in: inner)
        }
        return finish(report, in: inner)
    }

    /// Runs `body` with the cooperative pool as the task's preferred executor.
    @concurrent private static func offTheLoop<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
        await withTaskExecutorPreference(globalConcurrentExecutor, operation: body)
    }

    /// Runs `body`, a script's lines, on the thread the client's connections are served on (its
    /// transport's `taskExecutor`) when there is one. Each line waits for its answer and does a
    /// little work before the next request: on that thread a request is queued where it is sent
    /// and its answer resumes the run where it was read, without waking a second thread for
    /// either (with `perf stat` on 3,000 `show` lines: four context switches a line down to one,
    /// and 7% less CPU). What a line starts side by side (an import's rows, photos, pages) runs
    /// on the cooperative pool; see "Threads" in docs/architecture.md.
    private func onClientsLoop<T>(_ context: CommandContext, _ body: () async -> T) async -> T {
        await withTaskExecutorPreference(context.client.transport.taskExecutor, operation: body)
    }

    /// Reads a script from a stream (standard input that is not a terminal): no journal, since
    /// a stream cannot be read again.
    func runStream(name: String, options: ScriptOptions, nextLine: @Sendable () -> String?) async -> CommandStatus {
        var context = context()
        context.access = options.access
        let report = await onClientsLoop(context) {
            var reader = ScriptReader()
            var report = RunReport(name: name, total: 0)
            var finished = false
            while !finished, report.stoppedWith == nil {
                let line: ScriptLine?
                if let physical = nextLine() {
                    report.total += 1
                    // A byte order mark before the first line is the editor's, not the script's.
                    let text = report.total == 1 ? ScriptReader.withoutByteOrderMark(physical) : physical
                    line = reader.feed(text, number: report.total)
                } else {
                    line = reader.finish()
                    finished = true
                }
                guard let line else { continue }
                // Each line is checked as it comes, as a typed one is: a stream cannot be
                // checked whole before its first line runs.
                if await runLine(line, nil, &report, options: options, checked: true, in: context) { break }
            }
            return report
        }
        return summarise(report)
    }

    /// The file's lines, or nil after saying `unreadable: why` (a usage error wherever it is read).
    private func readScript(_ path: String, unreadable: String) -> [ScriptLine]? {
        do {
            return try ScriptReader.read(path)
        } catch {
            console.note("\(unreadable): \(ScriptReader.reason(error))")
            return nil
        }
    }

    // MARK: The loop

    /// Runs the lines in order: done ones (on resume) are skipped, the rest run until the end or
    /// the first failure (every failure with `--continue-on-error`). `parsed` holds the lines the
    /// check already parsed, by number.
    private func run(
        _ lines: [ScriptLine], parsed: [Int: Invocation], name: String, resume: ResumePoint, options: ScriptOptions,
        stepper: StepControl? = nil, in context: CommandContext
    ) async -> RunReport {
        var stepper = stepper
        var report = RunReport(name: name, total: lines.count)
        defer { shell.heldOutput.drawHeld() }  // however the run ends: no next request to wait for
        var resume = resume
        let journal = context.scope?.journal
        let showProgress = (context.scope?.sourceDepth ?? 0) == 0 && dryRun == nil && stepper == nil
        let started = ContinuousClock.now
        if let journal, !journal.write(ResumeJournal(in: context).journalHeader(name, server: context.client.baseURL)) {
            return stopped(&report, .failed, journal: journal)
        }
        // A stepped lesson opens with its title block, and says at its end what was sent.
        let firstExchange = shell.exchanges.lastNumber + 1
        if stepper?.showTitle(before: lines.first(where: sendsSomething), on: console) == .quit, let first = lines.first {
            return quit(stepper!, name: name, at: first, notReached: lines.count, &report, journal: journal)
        }
        defer {
            if stepper != nil, report.stoppedWith == nil, report.failures.isEmpty {
                let sent = shell.exchanges.exchanges.filter { $0.number >= firstExchange && $0.bookkeeping == nil }.count
                console.note(
                    StepControl.closingLine(
                        name: (name as NSString).lastPathComponent, requests: sent, checks: report.checksPassed,
                        skipped: stepper?.skipped ?? 0))
            }
        }
        scriptLines: for (index, line) in lines.enumerated() {
            if showProgress { progress?.update(done: index, total: lines.count, elapsed: ContinuousClock.now - started) }
            // Asked only when resuming: on a fresh run, an `await` a line (and a hop back) for nothing.
            switch resume.previous == nil ? .run : await resume.action(for: line, &report, in: context, runtime: self) {
            case .skip: continue
            case .stop(let status): return stopped(&report, status, journal: journal)
            case .run: break
            }
            if stepper != nil {
                let step = await takeStep(
                    line, index: index, of: lines.count, parsed[line.number], &report, options, &stepper!, context)
                switch step {
                case .asUsual: break
                case .done: continue scriptLines
                case .quit(let notReached):
                    return quit(stepper!, name: name, at: line, notReached: notReached, &report, journal: journal)
                case .over: break scriptLines
                }
            }
            let lineContext = holding(context, before: lines.dropFirst(index + 1).first, parsed: parsed)
            if await runLine(line, parsed[line.number], &report, options: options, in: lineContext) { break }
        }
        if showProgress { progress?.finish() }
        if report.stoppedWith == nil, report.failures.isEmpty, let journal, !journal.write(JournalEntry(.finished)) {
            return stopped(&report, .failed, journal: journal)
        }
        return report
    }

    /// `context` for a line followed by `next`: its drawing is held until `next`'s request is
    /// out when `next` sends one at once (`HeldOutput`); a line before one that waits (a
    /// question, a file to read, the end) is drawn as soon as it is done. Only where the output is
    /// no terminal and no progress line is drawn: a progress line is cleared for every drawing
    /// (held, it went as soon as it was drawn), and a drawing taller than a terminal goes through
    /// its pager, which must not run while a request is out.
    private func holding(_ context: CommandContext, before next: ScriptLine?, parsed: [Int: Invocation]) -> CommandContext {
        var context = context
        context.heldOutput = shell.heldOutput
        context.holdsOutput =
            progress == nil && console.columns == nil && (next.map { sendsAtOnce($0, parsed: parsed[$0.number]) } ?? false)
        return context
    }

    /// Whether a line's command goes to the market with nothing slow before it: a read, a
    /// change or a delete (not a register, which reads and may shrink photos first). `parsed`:
    /// the line as the check parsed it, whose spec is known without reading the line again.
    private func sendsAtOnce(_ line: ScriptLine, parsed: Invocation?) -> Bool {
        switch (parsed?.spec ?? spec(of: line.text))?.effect {
        case .reads, .changes, .deletes: return true
        default: return false
        }
    }

    /// How a line of a stepped run went (`takeStep(_:index:of:…)`).
    private enum Stepped {
        /// It runs as in any run (a line that sends nothing, or every line after `c`).
        case asUsual
        /// It was sent or skipped.
        case done
        /// `q`: the run stops, with this many lines not reached.
        case quit(notReached: Int)
        /// The line ended the run (a failure, `exit`).
        case over
    }

    /// A line of a stepped run: skipped when it reads what a skipped step would have set (said
    /// with why), else asked about when it sends something, and sent showing its requests.
    private func takeStep(
        _ line: ScriptLine, index: Int, of total: Int, _ parsed: Invocation?, _ report: inout RunReport,
        _ options: ScriptOptions, _ stepper: inout StepControl, _ context: CommandContext
    ) async -> Stepped {
        if let why = stepper.readsSkipped(line) {
            stepper.skipped += 1
            stepper.note(sets(line), line: line.number, skipped: true)
            console.note(why.text)
            return .done
        }
        // What a line sets is worked out only once something was skipped.
        let noted = stepper.unsetBySkip.isEmpty ? StepControl.Sets() : sets(line)
        guard stepper.stepping, sendsSomething(line) else {
            stepper.note(noted, line: line.number, skipped: false)
            return .asUsual
        }
        switch ask(about: line, index: index, total: total, &stepper) {
        case .skip:
            stepper.note(sets(line), line: line.number, skipped: true)
            return .done
        case .quit: return .quit(notReached: total - index)
        case .send, .continueToEnd:
            stepper.note(noted, line: line.number, skipped: false)
            switch await runShowingRequests(line, parsed, &report, options: options, &stepper, in: context) {
            case nil: return .quit(notReached: total - index - 1)  // `q` at a page of its answer
            case true?: return .over
            case false?: return .done
            }
        }
    }

    /// What `line` sets that a later line may read: `response` (a raw request), `last` (a
    /// command that returns a product, an import), its `… as NAME`, a `set NAME VALUE`; and the
    /// products a change names, whose fields it moves.
    private func sets(_ line: ScriptLine) -> StepControl.Sets {
        var sets = StepControl.Sets()
        let spec = spec(of: line.text)
        if let spec, RawRequests.commands.contains(where: { $0.spec.name == spec.name }) { sets.names.append("response") }
        if let spec, spec.returnsProduct || spec.name == Import.spec.name { sets.names.append("last") }
        guard let words = try? WordSplitter.words(line.text) else { return sets }
        let literals = words.map(\.literal)
        if let bound = Self.nameAfterAs(literals) { sets.names.append(bound) }
        if spec?.name == SetVariable.spec.name, literals.count == 3, let name = literals[1]?.text,
            SetOption.settings[name] == nil
        {
            sets.names.append(name)
        }
        if spec?.effect == .changes {
            sets.changedProducts = words.dropFirst().flatMap(\.references).map { StepControl.variable(of: $0).name }
        }
        return sets
    }

    /// Whether a line may send a request (a lesson waits before those; `expect` and `set` run
    /// on their own).
    private func sendsSomething(_ line: ScriptLine) -> Bool {
        guard let spec = spec(of: line.text) else { return true }
        return spec.effect != .none && spec.effect != .session
    }

    /// Shows a command with the comments above it and asks what to do, until the answer is one
    /// of the four; counts it.
    private func ask(about line: ScriptLine, index: Int, total: Int, _ stepper: inout StepControl) -> StepControl.Answer {
        if stepper.shownStep != line.number { console.write(stepper.display(of: line, columns: console.columns)) }
        stepper.shownStep = nil
        while true {
            guard let answer = StepControl.answer(console.askKey(Message.stepPrompt(index: index + 1, total: total).text + " "))
            else {
                continue
            }
            switch answer {
            case .skip: stepper.skipped += 1
            case .send: stepper.sent += 1
            case .continueToEnd:
                stepper.sent += 1
                stepper.stepping = false
            case .quit: break
            }
            return answer
        }
    }

    /// Runs a stepped line with the trace showing its requests as they go (the command's own
    /// output shows the answer); true when the run is over, nil when `q` at a page stopped it.
    /// After `c` (at the step or at a page) the rest runs without steps or pages.
    private func runShowingRequests(
        _ line: ScriptLine, _ parsed: Invocation?, _ report: inout RunReport, options: ScriptOptions,
        _ stepper: inout StepControl, in context: CommandContext
    ) async -> Bool? {
        var traced = context
        traced.trace = TraceOptions(enabled: true, showsResponses: false)
        guard stepper.stepping else { return await runLine(line, parsed, &report, options: options, in: traced) }
        // The command stays on the screen with the start of its answer; the rest pauses.
        console.beginScreenful(keeping: StepControl.kept(command: line.text, columns: console.columns))
        let over = await runLine(line, parsed, &report, options: options, in: traced)
        switch console.endScreenful() {
        case .shown: return over
        case .continueToEnd:
            stepper.stepping = false
            return over
        case .quit: return over ? true : nil
        }
    }

    /// Runs one line (`parsed`: as the check parsed it, when it has no variables) and notes how
    /// it went; true when the run is over. Where its caller runs, as `step`.
    private nonisolated(nonsending) func runLine(
        _ line: ScriptLine, _ parsed: Invocation? = nil, _ report: inout RunReport, options: ScriptOptions,
        checked: Bool = false, in context: CommandContext
    ) async -> Bool {
        // `FILE:LINE`, made only where it is said: a failure, and a dry run's invocation (its one
        // reader there, `DryRunMiddleware`; set on every line, it made a new invocation for each).
        let name = report.name
        func location() -> String { "\(name):\(line.number)" }
        let result = await step(line, parsed: parsed, location: dryRun == nil ? nil : location(), checked: checked, in: context)
        let journal = context.scope?.journal
        if let failure = journal?.failure {
            console.note(ScriptMessage.stoppedForResume(name: report.name, failure: failure).text)
            report.stoppedWith = .failed
            return true
        }
        if result.status != .ok {
            if !result.invoked {
                var entry = JournalEntry(.failed, line: line)
                entry.status = result.status.rawValue
                _ = journal?.write(entry)
            }
            reportFailure(result, at: location())
            report.failures.append((line, result.status))
            if !options.continueOnError || result.status == .interrupted {
                report.stoppedWith = result.status
                return true
            }
        }
        if result.status == .ok, result.command is Expect { report.checksPassed += 1 }
        // `exit N` ends the run, and the program, with N.
        if result.exitRequested, let code = result.exitCode { setExitCode(code) }
        return result.exitRequested
    }

    /// A person chose to stop a stepped run at `line`: the run ended, and running the lesson
    /// again starts it from the top without --restart.
    private func quit(
        _ stepper: StepControl, name: String, at line: ScriptLine, notReached: Int, _ report: inout RunReport,
        journal: JournalHandle?
    ) -> RunReport {
        console.note(
            Message.stepStopped(
                name: name, line: line.number, sent: stepper.sent, skipped: stepper.skipped, notReached: notReached
            ).text)
        _ = journal?.write(JournalEntry(.finished))
        return stopped(&report, .interrupted, journal: journal)
    }

    private func stopped(_ report: inout RunReport, _ status: CommandStatus, journal: JournalHandle?) -> RunReport {
        progress?.finish()
        if let failure = journal?.failure {
            console.note(ScriptMessage.stoppedForResume(name: report.name, failure: failure).text)
        }
        report.stoppedWith = status
        return report
    }

    /// `FILE:LINE: command: message`, then any detail lines.
    func reportFailure(_ result: CommandReport, at location: String) {
        guard let first = result.failure.first else { return }
        console.note("\(location): \(first)")
        for more in result.failure.dropFirst() { console.note(more) }
        if let explanation = result.explanation { console.note(explanation) }
    }

    // MARK: Summaries

    /// What the run did, then its status.
    private func finish(_ report: RunReport, in context: CommandContext) -> CommandStatus {
        if report.stoppedWith != nil { return report.status }
        if report.skipped > 0 || report.recovered > 0 {
            console.note(ScriptMessage.resumed(name: report.name, skipped: report.skipped, recovered: report.recovered).text)
        }
        if let dryRun, (context.scope?.sourceDepth ?? 0) == 0 { console.note(dryRun.summary(of: report)) }
        return summarise(report)
    }

    private func summarise(_ report: RunReport) -> CommandStatus {
        guard report.stoppedWith == nil, !report.failures.isEmpty else { return report.status }
        let total = report.total
        let places = report.failures.prefix(20).map { "\(report.name):\($0.line.number)" }.joined(separator: ", ")
        let more = report.failures.count > 20 ? ", …" : ""
        console.note(ScriptMessage.linesFailed(failed: report.failures.count, total: total, places: places + more).text)
        return report.status
    }
}

extension ScriptReader {
    /// The most a script file may hold: far more than any script, and `source /proc/self/pagemap`
    /// or a FIFO is refused before anything is read (issue 21).
    static let maxScriptBytes = 16 * 1024 * 1024

    /// The file's commands; bytes that are not UTF-8 fail their own line, not the file.
    static func read(_ path: String) throws -> [ScriptLine] {
        lines(of: try LocalFile.read(path, limit: maxScriptBytes, what: "a script"))
    }

    /// Why the script at `path` cannot be read, as a run says it (`typed` is the path as given);
    /// nil when it can be. Asked before a local market is started for a script that is not there.
    public static func unreadable(_ path: String, shownAs typed: String) -> String? {
        guard access(path, R_OK) != 0 else { return nil }
        do {
            _ = try read(path)
            return nil
        } catch {
            return "\(ScriptMessage.cannotReadScript(typed).text): \(reason(error))"
        }
    }

    /// Why a file could not be read, in a few words.
    static func reason(_ error: any Error) -> String {
        if let problem = error as? LocalFileError {
            // Without the path, which the caller says: "no such file", not "it: no such file".
            if problem.kind == .missing { return ScriptMessage.noSuchFile.text }
            // "it is a pipe (FIFO), not a regular file: …"
            return problem.message(shownAs: "it")
        }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return ScriptMessage.noSuchFile.text
        }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
