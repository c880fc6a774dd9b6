import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization

/// The scripting layer's part of a command's context (`CommandContext.script`): the runtime
/// that owns the scripting state, and what belongs to the run the command is part of.
///
/// A class: every layer of every line asks a context for its scope, and a cast out of an
/// existential to a struct is a runtime call each time, where one to a final class compares
/// its type.
final class LineScope: ScriptScope {
    let runtime: ScriptRuntime
    /// The journal of the file or import being run at the top level (nil inside `source`, at the
    /// prompt and in a dry run).
    let journal: JournalHandle?
    /// The top-level run's newest product id before its first create (nil inside `source` and at
    /// the prompt); a dry run has it too, to show the request a real run sends.
    let newest: NewestBeforeFirstCreate?
    /// How deep in `source` the command runs (0: the top level).
    let sourceDepth: Int
    /// The script files running, the top level's first, each as `ScriptRuntime.identity` gives
    /// it: a `source` of one of them would run forever (`a.om` sourcing `b.om` sourcing `a.om`).
    let files: [String]

    init(
        runtime: ScriptRuntime, journal: JournalHandle? = nil, newest: NewestBeforeFirstCreate? = nil, sourceDepth: Int = 0,
        files: [String] = []
    ) {
        self.runtime = runtime
        self.journal = journal
        self.newest = newest
        self.sourceDepth = sourceDepth
        self.files = files
    }

    /// The session's variables, read and changed where the line runs (no hop to the runtime).
    var variables: VariableStore { runtime.names }
}

extension CommandContext {
    /// The scripting layer's part of this context, when the command runs through it.
    var scope: LineScope? { script as? LineScope }

    /// The scripting layer's runtime, for its own commands (which a session without it does
    /// not know, so this holds whenever they run).
    func runtime() throws(CommandFailure) -> ScriptRuntime {
        guard let runtime = scope?.runtime else { throw .failed(ScriptMessage.scriptingOnly.text) }
        return runtime
    }
}

/// One run's journal (a script file's, or an import's): the file, and why it could not be
/// written. Shared by the lines or rows of the run, which may go at once (an import), so the
/// file is behind a `Mutex`.
///
/// A plain `done` of a line that only reads is held back and written with the next entry that
/// must reach the disk (any `started`, `failed`, other `done`, `finished`), once
/// `heldAtMost` are held (while the next line's request is out, when it sends one at once), or
/// when the run ends: a `write(2)` per `show` line was a twentieth of a script's CPU (perf
/// record). Entries reach the file in the order they were written, so a
/// `started` and every entry before it are on disk before its request is sent; a crash loses at
/// most the last few reads' `done`, which a resume runs again. A journal to start over (an
/// import's) holds every entry until `startOver()`, which comes before any request is sent.
final class JournalHandle: Sendable {
    private struct Run: ~Copyable {
        /// Nil once the run has ended (`close`).
        var file: JournalFile?
        var failure: String?
        /// Plain `done` entries of read-only lines, not written yet; while `startsOver`, every
        /// entry.
        var held: [JournalEntry] = []
        /// The file is to be started over, and is left as it was until `startOver()`: an import
        /// cancelled at its question (or refused) has sent nothing, and the journal it found (an
        /// unfinished import's, which `--resume` reads) is still there.
        var startsOver = false
        /// The held entries' write waits for the next request to be out (`write(_:mayWait:later:)`).
        var flushLater = false
    }

    /// The most read-only lines' `done` entries held back before they are written.
    static let heldAtMost = 64

    private let run: Mutex<Run>
    /// What of a line's outcome later lines read, which the journal then keeps.
    let reads: JournalReads

    /// `startingOver`: the file is emptied only by `startOver()`; until then what is written
    /// waits, and a run that ends first (`close`) leaves the file as it was.
    init(_ file: JournalFile, reads: JournalReads = [], startingOver: Bool = false) {
        run = Mutex(Run(file: file, startsOver: startingOver))
        self.reads = reads
    }

    /// Empties the file (when it was to be started over) and writes what waited; false (and the
    /// reason kept) when it cannot. What is written from now on goes to the file as usual.
    func startOver() -> Bool {
        run.withLock { run in
            guard run.failure == nil, let file = run.file else { return false }
            if run.startsOver {
                file.truncate()
                run.startsOver = false
            }
            return Self.flush(&run, to: file)
        }
    }

    /// Appends `entry` with the entries held before it (or, when `mayWait`, holds it back, up to
    /// `heldAtMost`); false (and the reason kept) when it cannot, since going on would make a
    /// later --resume trust a journal that misses what was done. `later`: where a full batch of
    /// held entries may wait to be written until the next request is out (`HeldOutput`, given
    /// when the next line sends one at once), instead of between this line's answer and that
    /// request: a batch's encoding and write were a fiftieth of a `show` line's instructions,
    /// every one of them waited for (`scripts/bench-instructions`). Up to twice `heldAtMost` wait
    /// so; whatever is written next, and the run's end (`close`), writes them first.
    func write(_ entry: JournalEntry, mayWait: Bool = false, later: HeldOutput? = nil) -> Bool {
        let (written, flushLater) = run.withLock { run -> (Bool, Bool) in
            guard run.failure == nil, let file = run.file else { return (false, false) }
            run.held.append(entry)
            let batchWaits = run.held.count < Self.heldAtMost || (run.flushLater && run.held.count < 2 * Self.heldAtMost)
            if run.startsOver || (mayWait && batchWaits) { return (true, false) }
            // A full batch (no write waits yet, so no more than `heldAtMost`).
            if mayWait, later != nil, !run.flushLater {
                run.flushLater = true
                return (true, true)
            }
            return (Self.flush(&run, to: file), false)
        }
        if flushLater, let later { later.later { self.flushHeld() } }
        return written
    }

    /// Writes the entries held back, if the run goes on and may write them (not while it waits to
    /// start over). Its failure is kept, and read after the line (`failure`).
    func flushHeld() {
        run.withLock { run in
            guard run.failure == nil, !run.startsOver, let file = run.file else { return }
            _ = Self.flush(&run, to: file)
        }
    }

    /// Appends `entry` now, whatever waits: before a start over, to the file as it is (and again,
    /// with what waits, once it starts over). For what the market told that must not wait for
    /// a run to go ahead: a stock move found made. False (and the reason kept) when it cannot.
    func writeThrough(_ entry: JournalEntry) -> Bool {
        run.withLock { run in
            guard run.failure == nil, let file = run.file else { return false }
            run.held.append(entry)
            guard run.startsOver else { return Self.flush(&run, to: file) }
            return Self.append([entry], &run, to: file)
        }
    }

    /// Writes the entries held back; false (and the reason kept) when it cannot.
    private static func flush(_ run: inout Run, to file: JournalFile) -> Bool {
        run.flushLater = false
        guard !run.held.isEmpty else { return true }
        defer { run.held.removeAll(keepingCapacity: true) }
        return append(run.held, &run, to: file)
    }

    /// Appends `entries` in one write; false (and the reason kept) when it cannot.
    private static func append(_ entries: [JournalEntry], _ run: inout Run, to file: JournalFile) -> Bool {
        do {
            try file.append(entries)
            return true
        } catch {
            run.failure = "\(error)"
            return false
        }
    }

    /// Why the journal could not be written (nil: it could).
    var failure: String? { run.withLock { $0.failure } }

    /// The run has ended: what was held back is written (not when the file was to start over and
    /// never did: the run went no further than its plan), the file is closed and its lock
    /// released now, not whenever the last reference goes, so the next run of the same script or
    /// catalog can take it at once.
    func close() {
        run.withLock { run in
            if run.failure == nil, !run.startsOver, let file = run.file { _ = Self.flush(&run, to: file) }
            run.file = nil
        }
    }
}

/// What a script's lines read that, on a resume, only the journal can give back for the lines
/// it skips: `$last` (the product every `show` names) and `${response…}` (a raw request's
/// answer). Each is kept only when the script reads it: encoding every `show`'s product would
/// cost more than its request.
struct JournalReads: OptionSet, Sendable {
    let rawValue: Int
    static let last = JournalReads(rawValue: 1 << 0)
    static let response = JournalReads(rawValue: 1 << 1)

    init(rawValue: Int) { self.rawValue = rawValue }

    /// What `lines` read. A `$` first, on bytes: searching every line twice for text showed in
    /// a line's cost.
    init(_ lines: [ScriptLine]) {
        self = []
        for line in lines where line.text.utf8.contains(UInt8(ascii: "$")) {
            if line.text.firstRange(of: "$last") != nil || line.text.firstRange(of: "${last") != nil { insert(.last) }
            if line.text.firstRange(of: "$response") != nil || line.text.firstRange(of: "${response") != nil {
                insert(.response)
            }
        }
    }
}

/// Before a run's first create, the newest product on the server: what the run makes will be
/// above it, which tells a create whose answer was lost apart from an older namesake. Asked
/// once per run, whichever line or row comes first.
final class NewestBeforeFirstCreate: Sendable {
    private let asked = Mutex<Int??>(nil)

    /// Why the run asks, as the trace and a dry run show it.
    static let reason = BookkeepingReason.newestBeforeFirstCreate.rawValue

    /// The newest id (nil: no product, or the server could not say), asked with `client` the
    /// first time.
    func value(using client: MarketClient) async -> Int? {
        if let known = asked.withLock({ $0 }) { return known }
        var client = client
        client.notes.bookkeeping = Self.reason
        let newest = try? await client.products(perPage: 1)
        let id = newest?.value.products.map(\.id).max()
        return asked.withLock { asked in
            if asked == nil { asked = .some(id) }
            return asked!
        }
    }
}

/// Paths as the seller types them: `~` from the session's `$HOME` (its environment, which a
/// test or an untrusted script sets, not the process's), relative to the running script's
/// folder, checked against the context's `AccessPolicy`.
struct TypedPaths: Sendable {
    let environment: [String: String]

    /// `~` and `~/…` in a path the seller typed.
    func expandingTilde(_ path: String) -> String { PathExpansion.expandTilde(path, environment: environment) }

    /// A path as typed: `~` expanded, relative to the running script's folder.
    func resolved(_ typed: String, in context: CommandContext) -> String {
        PathExpansion.resolve(typed, relativeTo: context.pathBase, environment: environment)
    }

    /// The path to read for `typed`, when the context's `AccessPolicy` lets it be read (an
    /// untrusted script: only inside its own folder, links resolved).
    func readable(_ typed: String, in context: CommandContext) throws(CommandFailure) -> String {
        do { return try context.access.readable(resolved(typed, in: context)) } catch { throw .failed(String(describing: error)) }
    }

    /// The path to write for `typed` (replacing what is there when `replacing`), when the
    /// context's `AccessPolicy` lets it be written (an untrusted script: only inside its scratch
    /// folder, relative paths starting there, never replacing).
    func writable(_ typed: String, replacing: Bool, in context: CommandContext) throws(CommandFailure) -> String {
        do {
            if replacing { try context.access.mayReplace() }
            guard context.access.writeFolder != nil else { return resolved(typed, in: context) }
            return try context.access.writable(typed, relativeTo: context.pathBase, replacing: replacing)
        } catch {
            throw .failed(String(describing: error))
        }
    }
}

/// The scripting layer of a session: owns the scripting state and runs lines, scripts and
/// imports through the session (`shell`), each command in a context of its own. Not an actor:
/// what it keeps that changes (the variables, `exit N`, the recording) is behind locks of its
/// own, so a script's loop runs where its lines run, and the session actor is the one actor a
/// line meets.
final class ScriptRuntime: Sendable {
    let shell: ShellSession
    /// The status a script's `exit N` asked the program to leave with.
    private let exitStatus = Mutex<Int32?>(nil)
    /// The variables and named products, and the highest id seen: behind their own lock, so a
    /// line binds and reads them where it runs.
    let names: VariableStore
    /// Set in a dry run: prints each request instead of sending it.
    let dryRun: DryRunTransport?
    let progress: (any ScriptProgress)?
    /// Each Ctrl-C the program sees, from when it is asked: a second one while an import lets
    /// its rows in flight finish cancels them.
    let interrupts: (@Sendable () -> AsyncStream<Void>)?
    /// A dry run at the prompt shows, once a session, the request a journaled run sends before
    /// its first create.
    private let sessionNewest = NewestBeforeFirstCreate()
    /// The session's recording (`record FILE`), read by every command's middleware, behind its
    /// own lock.
    let recording = Recording()
    /// What every command's context may touch (agent mode's policy); nil: the shell's own.
    let access: AccessPolicy?

    init(
        shell: ShellSession, variables: ScriptVariables, dryRun: DryRunTransport?, progress: (any ScriptProgress)?,
        interrupts: (@Sendable () -> AsyncStream<Void>)?, access: AccessPolicy? = nil
    ) {
        self.access = access
        self.shell = shell
        self.names = VariableStore(variables)
        self.dryRun = dryRun
        self.progress = progress
        self.interrupts = interrupts
    }

    var console: any ShellConsole { shell.console }
    var registry: CommandRegistry { shell.registry }

    /// The context a command run by this layer starts with: the session's, with this layer's scope.
    func context(_ scope: LineScope? = nil, pathBase: String? = nil) -> CommandContext {
        var context = shell.context()
        if let access { context.access = access }
        context.pathBase = pathBase
        context.script = scope ?? LineScope(runtime: self, newest: dryRun != nil ? sessionNewest : nil)
        return context
    }

    /// `context` with the session's part as it is now and the run's part kept (see
    /// `ShellSession.refreshed`): each line of a script starts from this.
    func refreshed(_ context: CommandContext) -> CommandContext { shell.refreshed(context) }

    /// The lower bound for what a create of this run makes: the newest id before the run's
    /// first create, or a higher one seen since.
    func afterID(_ newest: NewestBeforeFirstCreate, using client: MarketClient) async -> Int? {
        names.noteSeen(await newest.value(using: client) ?? 0)
        let highest = names.highestSeenID
        return highest > 0 ? highest : nil
    }

    /// Paths as the seller types them, from the session's environment.
    var paths: TypedPaths { TypedPaths(environment: names.environment) }

    /// Keeps `product`, made by `line` in a run that stopped before its answer, in the session's
    /// change log (through its `ChangeLogMiddleware`, outside any command), unless the log has it.
    /// Nil, or the warning that it cannot be undone.
    func keepCreated(_ product: Product, by line: ScriptLine, in context: CommandContext) async -> String? {
        guard let changes = await shell.middleware.lazy.compactMap({ $0 as? ChangeLogMiddleware }).first else {
            return nil
        }
        return changes.keep(created: [product], line: line.text, context: context)
    }

    /// The variables as they are now (a copy).
    var variables: ScriptVariables { names.variables }
    /// The status a script's `exit N` asked for (nil: none did).
    var exitCode: Int32? { exitStatus.withLock { $0 } }
    func setExitCode(_ code: Int32) { exitStatus.withLock { $0 = code } }
}
