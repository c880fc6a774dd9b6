import CatalogFiles
import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import TerminalText

/// Where an import stands once every row is checked: the file, its plan, and what the journal
/// says an interrupted run made.
struct CheckedCatalog {
    var file: String
    var path: String
    var contents: CatalogContents
    var plan: ImportPlan
    var hashes: [Int: String]
    var made: [Int: Int]
}

/// `import FILE`: reads and checks every row (sending nothing while any problem stands), prints
/// the plan, asks for the number of changes to be typed, then sends the rows concurrently as
/// typed `register`/`patch`/`delete` commands through the session, journaled so that `--resume`
/// after any interruption ends with exactly the file's products.
struct CatalogImport: Sendable {
    /// The `import` command's context.
    let context: CommandContext
    /// Paths as the seller types them (`~` from the session's `$HOME`).
    let paths: TypedPaths
    /// Shows how far the rows have got.
    let progress: (any ScriptProgress)?
    /// Subscribes to Ctrl-C: a second press while rows are in flight cancels them.
    let interrupts: (@Sendable () -> AsyncStream<Void>)?
    /// The journal's lock, its server check and the lookup of a create whose answer was lost,
    /// as a script's run has them (`Resume.swift`).
    let journals: ResumeJournal
    /// The scripting layer, for the rows' scope.
    let runtime: ScriptRuntime

    /// The import the command in `context` runs, with what the scripting layer gives it: the
    /// session's paths, the progress line, Ctrl-C, and the runtime for its rows' scope.
    init(
        context: CommandContext, paths: TypedPaths, progress: (any ScriptProgress)?,
        interrupts: (@Sendable () -> AsyncStream<Void>)?, runtime: ScriptRuntime
    ) {
        self.context = context
        self.paths = paths
        self.progress = progress
        self.interrupts = interrupts
        journals = ResumeJournal(in: context)
        self.runtime = runtime
    }

    func run(_ typed: String, options: ImportOptions) async throws -> CommandOutcome {
        var options = options
        // A script run with --dry-run dry-runs its imports too (and writes no journal).
        if context.dryRun, !options.planOnly { options.dryRun = true }
        let path = try paths.readable(typed, in: context)
        try confineWrites(of: &options, catalog: path)
        let read = Self.readCatalog(path, shownAs: typed, format: options.format)
        guard let contents = try rowsFromReport(read, file: typed, options: &options) else { return CommandOutcome() }
        noteReading(contents, file: typed)
        // A JSON Lines file's broken lines do not hide the other lines' problems: every row is
        // checked, and all of them are listed together.
        let lineProblems = contents.format == .jsonl && contents.problems.allSatisfy { $0.row != nil }
        guard contents.problems.isEmpty || lineProblems else {
            throw Self.problemsFailure(contents.problems, file: typed, skippable: false)
        }
        let sends = !options.dryRun && !options.planOnly
        // Only a journal (and a plan of a resume) needs the rows' hashes: a large file's plan holds none.
        let hashes = sends || options.resume ? Self.rowHashes(contents.rows) : [:]
        if sends || (!options.newIDs && contents.rows.withID > 0) || options.prune {
            _ = try context.client.requireCredentials()
        }
        let vendorID = try await yourVendorID(contents, file: typed, options: options)
        // The rows run in a context of their own: this import's journal (not the script's that
        // runs the import), its retry policy.
        var rows = context
        let depth = context.scope?.sourceDepth ?? 0
        rows.script = LineScope(runtime: runtime, newest: NewestBeforeFirstCreate(), sourceDepth: depth)
        let opened =
            sends ? try await openJournal(file: typed, path: path, hashes: hashes, options: options, vendorID: vendorID) : nil
        if sends, opened == nil { return CommandOutcome() }
        if let journal = opened?.journal {
            rows.script = LineScope(runtime: runtime, journal: journal, newest: NewestBeforeFirstCreate(), sourceDepth: depth)
        }
        var moves = opened?.moves ?? earlierMoves(file: typed, path: path, options: options)
        let resumedBatch = opened?.batch
        // The change log, read once when needed: which moves were undone, which unit began last.
        let history =
            resumedBatch != nil || !moves.made.isEmpty || opened?.recoveredIn != nil
            ? context.ownChangeLog.flatMap { log in (try? log.entries()).map(ChangeHistory.init) } : nil
        moves.made = StockMove.standing(moves.made, in: history)
        if sends {
            rows.changes?.batch = Self.batch(for: typed, resuming: resumedBatch, in: history)
            let into = Self.unitStanding(opened?.recoveredIn, label: "import \(typed)", in: history)
            keepCreates(opened?.recovered ?? [], batch: into, in: rows)
        }
        defer { rows.scope?.journal?.close() }
        let planned =
            sends
            ? nil : try await plannedFromJournal(file: typed, path: path, hashes: hashes, options: options, vendorID: vendorID)
        var checked = try await check(
            contents, file: typed, path: path, made: opened?.made ?? planned?.made ?? [:],
            done: opened?.done ?? planned?.done ?? [], hashes: hashes, options: options, vendorID: vendorID, moves: moves)
        // A large file's rows were read again to be checked: they must be the rows first read.
        if contents.rows.changedSinceRead {
            throw Self.problemsFailure(
                [CatalogProblem(file: typed, CatalogReadingMessage.changedWhileRead.text)], file: typed, skippable: false)
        }
        checked.plan.noteRestart(madeBefore: opened?.madeBefore ?? planned?.madeBefore ?? [:])
        return try await carryOut(checked, options: options, rows: rows)
    }

    /// What a plan that opens no journal (`--plan`, `--dry-run`) reads from it to say what the
    /// run would: with `--resume` the rows done before (``resumedRows``), with `--restart` the
    /// rows the unfinished import made (``madeByUnfinished``).
    private func plannedFromJournal(
        file: String, path: String, hashes: [Int: String], options: ImportOptions, vendorID: Int?
    ) async throws(CommandFailure) -> (made: [Int: Int], done: Set<Int>, madeBefore: [Int: Int]) {
        let resumed =
            options.resume
            ? try await resumedRows(file: file, path: path, hashes: hashes, options: options, vendorID: vendorID)
            : (made: [:], done: [])
        let madeBefore =
            options.restart ? try await madeByUnfinished(file: file, path: path, options: options, vendorID: vendorID) : [:]
        return (resumed.made, resumed.done, madeBefore)
    }

    /// What reading the file found that the seller should know: its encoding, its delimiter,
    /// the columns that name no product field.
    private func noteReading(_ contents: CatalogContents, file typed: String) {
        if let note = contents.encodingNote { context.console.note("\(typed): \(note)") }
        if contents.delimiter != "," {
            context.console.note(CatalogMessage.readWithDelimiter(file: typed, delimiter: String(contents.delimiter)).text)
        }
        if !contents.ignoredColumns.isEmpty {
            let count = contents.ignoredColumns.count
            let names = contents.ignoredColumns.map { column in
                let near = contents.near[column].map { " (\($0)?)" } ?? ""
                return TextLayout.visible(column, limit: 30) + near
            }.joined(separator: ", ")
            context.console.note(CatalogMessage.ignoringColumns(file: typed, count: count, names: names).text)
        }
    }

    /// The catalog, with every problem naming the file as the seller typed it.
    private static func readCatalog(_ path: String, shownAs typed: String, format: CatalogFormat?) -> CatalogContents {
        var contents = CatalogReader.read(path, format: format)
        contents.problems = contents.problems.map { problem in
            var named = problem
            named.file = typed
            return named
        }
        return contents
    }

    /// Every problem on its own line, then what to do; a file that cannot be read at all (no
    /// row is at fault: missing, unreadable, not a catalog) is its problem alone, since skipping
    /// rows cannot help. `skippable`: the rows' problems are the rows' (none is the reading's),
    /// so `--continue-on-error` would skip them.
    static func problemsFailure(_ problems: [CatalogProblem], file: String, skippable: Bool = true) -> CommandFailure {
        let count = problems.count
        let listed = problems.map(\.description).joined(separator: "\n")
        if problems.allSatisfy({ $0.row == nil }) { return CommandFailure(status: .failed, message: listed) }
        return CommandFailure(
            status: .failed,
            message: CatalogMessage.problemsInFile(count: count, file: file, skippable: skippable).text + "\n" + listed)
    }

    /// This login's vendor id, when the import compares the file with your products: rows with
    /// ids (yours to update), `--prune`, rows without ids matched by name. Known, or asked on a
    /// terminal, never found out by writing to others' products; without it such an import is
    /// refused before anything is sent. Nil when not logged in, when nothing is compared, and
    /// with `--match id` when it is not known (new rows are then not compared by name).
    private func yourVendorID(_ contents: CatalogContents, file: String, options: ImportOptions) async throws -> Int? {
        guard (try? context.client.requireCredentials()) != nil else { return nil }
        let namesIDs = !options.newIDs && contents.rows.withID > 0
        let mayRegister = options.newIDs ? !contents.rows.isEmpty : contents.rows.withID < contents.rows.count
        guard namesIDs || options.prune || mayRegister else { return nil }
        if let vendorID = try await context.ownVendorID() { return vendorID }
        guard namesIDs || options.prune || options.match == .name else {
            context.console.note(
                CatalogMessage.vendorIDUnknownMatchID(file: file, variable: VendorIDSource.environmentName).text)
            return nil
        }
        let what =
            namesIDs
            ? CatalogMessage.checkingIDs.text
            : options.prune ? "--prune" : CatalogMessage.matchingByName.text
        throw VendorIDSource.unknown(what, otherwise: namesIDs || options.prune ? nil : "--match id")
    }

    /// The plan, then (when it is not only a plan or a dry run) the confirmation, the rows sent,
    /// the ids written back, the report and the summary.
    private func carryOut(_ checked: CheckedCatalog, options: ImportOptions, rows: CommandContext) async throws -> CommandOutcome
    {
        let plan = checked.plan
        let file = checked.file
        var outcome = CommandOutcome([.text(fitted(plan.text(file: file)))])
        if options.planOnly { return outcome }
        if options.dryRun {
            for refusal in plan.refusals(file: file) { outcome.output.append(.note(refusal)) }
            outcome.output.append(.text(fitted(DryRunListing.requests(plan))))
            outcome.output.append(.note(CatalogMessage.dryRunNothingSent.text))
            return outcome
        }
        // Kept in the change log first: journaled, a move found is pending no more.
        let batches = keep(plan.sync.changesFound, in: rows)
        let found = plan.sync.movesFound.reduce(into: [Int: StockMove]()) { found, pair in
            var move = pair.value
            move.batch = move.batch ?? batches[pair.key]
            found[pair.key] = move
        }
        try journal(found, notMade: plan.sync.movesNotMade, in: rows.scope?.journal, whetherItGoesAheadOrNot: true)
        guard plan.changeCount > 0 || !checked.made.isEmpty else {
            try goAhead(rows.scope?.journal, file: file)
            try journal(plan.sync.movesSettled, in: rows.scope?.journal)
            // Conflicts and renames held back are changes the sheet asks for: not "nothing to
            // change" (the lines after say what was held back).
            let held = ImportSummary.HeldBack(plan)
            let nothing = held.conflicts + held.renames > 0 ? CatalogMessage.nothingSent(file) : .nothingToChange(file)
            outcome.output.append(.note(nothing.text))
            outcome.output += try reportUnsent(checked, results: Self.notSent(plan), options: options).map { .note($0) }
            try finishJournal(rows.scope?.journal, failed: false)
            try writeBack(checked, results: [], options: options)
            return outcome
        }
        // The plan is for the seller to read: beside a JSON answer it goes to stderr.
        if context.settings.outputJSON {
            context.console.note(fitted(plan.text(file: file)))
        } else {
            context.console.write(fitted(plan.text(file: file)))
        }
        // Even with --yes: a guard is not a question.
        if let refusal = plan.refusals(file: file).first { throw CommandFailure.usage(refusal) }
        guard try confirm(plan, file: file, options: options) else {
            return .note(CatalogMessage.importCancelled.text)
        }
        try journal(plan.sync.movesSettled, in: rows.scope?.journal)
        return try await send(checked, options: options, rows: rows)
    }

    /// The plan (or the dry run's requests) folded at spaces to the terminal's width, each
    /// listed row continuing under its text: a long problem or change reads whole at 80
    /// columns. Without a terminal (a pipe, a file) the lines stay whole.
    private func fitted(_ text: String) -> String {
        context.console.columns.map { TerminalText.wrapped(text, columns: $0 - 1) } ?? text
    }

    /// In a terminal the seller types the number of changes (`--yes` skips it). Without one,
    /// an import that deletes needs `--yes`.
    private func confirm(_ plan: ImportPlan, file: String, options: ImportOptions) throws -> Bool {
        if options.yes || plan.changeCount == 0 { return true }
        guard context.console.isInteractive else {
            guard plan.deletes.isEmpty else {
                throw CommandFailure.usage(CatalogMessage.pruneNeedsYes(file: file, count: plan.deletes.count).text)
            }
            // Rows whose action deletes a product need --yes as --prune does.
            let byRows = plan.sync.removes.count + plan.sync.replaces.count
            guard byRows == 0 else {
                throw CommandFailure.usage(CatalogMessage.actionDeletesNeedYes(file: file, count: byRows).text)
            }
            return true
        }
        let count = plan.changeCount
        let answer = context.console.ask(CatalogMessage.confirmImport(count).text)
        return answer?.trimmingCharacters(in: .whitespaces) == String(count)
    }

    /// Sends the plan and says what happened.
    private func send(_ checked: CheckedCatalog, options: ImportOptions, rows: CommandContext) async throws -> CommandOutcome {
        let file = checked.file
        _ = try rows.client.requireCredentials()
        var rows = rows
        rows.client.retryPolicy = Self.importRetries { [console = context.console] status, wait in
            console.note(CatalogMessage.serverBusy(status: status, wait: "\(wait)").text)
        }
        let journal = rows.scope?.journal
        // The report first: one that cannot be written stops the import before its journal
        // starts over (the unfinished import's stays for `--resume`).
        let report = try ImportReport.start(options.reportPath.map(paths.expandingTilde), for: checked, append: options.resume)
        try goAhead(journal, file: file)
        var header = journals.journalHeader(file, server: rows.client.baseURL)
        header.batch = rows.changes?.batch?.id
        guard journal?.write(header) ?? true else {
            throw CommandFailure.failed(CatalogMessage.journalNotWritten(file: file, why: journal?.failure).text)
        }
        report?.record(Self.notSent(checked.plan))
        var running = ImportRows(
            file: file, hashes: checked.hashes, thumbnails: checked.plan.thumbnails, context: rows, progress: progress,
            interrupts: interrupts)
        if let report { running.finished = { report.record($0) } }
        // The moves it makes are named with the market they are made on, as its run is.
        let work = checked.plan.work(madeOn: header)
        let tally = ImportProgress(total: work.count)
        let (sent, interrupted) = await running.run(work, jobs: options.jobs, tally: tally)
        let results = sent + Self.notSent(checked.plan)
        var summary = ImportSummary(file: file, results: results, elapsed: tally.elapsed, interrupted: interrupted)
        summary.heldBack = ImportSummary.HeldBack(checked.plan)
        let failed = summary.count(.failed) > 0 || journal?.failure != nil
        if interrupted == nil { try finishJournal(journal, failed: failed) }
        try writeBack(checked, results: results, options: options)
        try report?.finish(results)
        if let failure = journal?.failure {
            context.console.note(ScriptMessage.stoppedForResume(name: file, failure: failure).text)
        }
        let text = summary.lines.joined(separator: "\n")
        if interrupted == .unreachable { throw CommandFailure(status: .unreachable, message: text) }
        if interrupted != nil { throw CommandFailure(status: .interrupted, message: text) }
        if failed { throw CommandFailure(status: .failed, message: text) }
        return CommandOutcome([.text(text)])
    }

    /// The rows the plan sends nothing for: unchanged (an `ignore` row too), done by the run a
    /// resumed import goes on with, skipped for their problems, held back as probable renames.
    private static func notSent(_ plan: ImportPlan) -> [RowResult] {
        // A row whose product is gone already (deleted, or replaced by the one it names) is
        // unchanged, with its note (before, one without a product was in no count and no report).
        let gone = Dictionary(plan.sync.gone.map { ($0.row, $0.note) }, uniquingKeysWith: { first, _ in first })
        return plan.unchanged.map {
            RowResult(
                row: $0.row, action: .update, id: $0.id, status: .unchanged, message: gone[$0.row].map { .byImport($0) } ?? .none)
        }
            + plan.sync.gone.filter { $0.id == nil }.map {
                RowResult(row: $0.row, action: .delete, status: .unchanged, message: .byImport($0.note))
            }
            + plan.doneBefore.map { row, id in
                let action: RowResult.Action = plan.registeredRows.contains(row) ? .register : .update
                return RowResult(row: row, action: action, id: id, status: .doneBefore)
            }
            + plan.sync.ignored.map { RowResult(row: $0, action: .update, status: .unchanged) }
            + ImportReport.heldRenames(plan)
            + plan.invalid.map { invalid in
                RowResult(
                    row: invalid.row, action: .check, status: .skipped,
                    message: .byImport(invalid.problems.map { "\($0.column ?? "row"): \($0.message)" }.joined(separator: "; ")))
            }
    }

    /// What an import writes, where the context lets it write: an untrusted script's journal
    /// and report go to its scratch folder, and it does not write ids into its catalog.
    private func confineWrites(of options: inout ImportOptions, catalog: String) throws {
        guard context.access.writeFolder != nil else { return }
        if options.writeIDs { throw CommandFailure.failed(AccessRefusal(.writeOutside(catalog)).description) }
        let journal = options.journalPath ?? ((catalog as NSString).lastPathComponent + ".journal")
        options.journalPath = try paths.writable(journal, replacing: false, in: context)
        if let report = options.reportPath { options.reportPath = try paths.writable(report, replacing: false, in: context) }
    }

    /// What the plan found of the stock moves an earlier run sent and never wrote down: `moves`
    /// made (journaled as moves), those `notMade` (pending no more). Those found are written as
    /// soon as the plan is made, whether or not the import goes ahead (`whetherItGoesAheadOrNot`:
    /// to the journal as it is, before it starts over, too): they are what the market says, and
    /// the next plan may not be able to tell (a sale changes the product). Those that could not
    /// be told are written once the import goes ahead, its plan having listed them.
    private func journal(
        _ moves: [Int: StockMove], notMade: Set<Int> = [], in journal: JournalHandle?, whetherItGoesAheadOrNot: Bool = false
    ) throws {
        guard let journal else { return }
        let entries =
            moves.sorted(by: { $0.key < $1.key }).map { JournalEntry(moved: $1, id: $0) }
            + notMade.sorted().map { JournalEntry(notMoved: $0) }
        for entry in entries where !(whetherItGoesAheadOrNot ? journal.writeThrough(entry) : journal.write(entry)) {
            throw CommandFailure.failed(CatalogMessage.journalNotWritten(file: nil, why: journal.failure).text)
        }
    }

    /// The change-log batch of the rows' changes: one `undo` takes them all back, those of the
    /// run this one resumes (`resumed`, its batch) included, unless a change was made in between
    /// (a bare `undo` takes back the unit that began last: the resumed rows, then) or any of its
    /// changes was undone (joined to it, the resumed rows would make a unit half undone).
    static func batch(for typed: String, resuming resumed: String?, in history: ChangeHistory?) -> ChangeBatch {
        let label = "import \(typed)"
        let joins = history?.units.last.map { $0.batch?.id == resumed && !$0.changes.contains(where: \.undone) } != false
        guard let resumed, joins else { return ChangeBatch(label: label) }
        return ChangeBatch(id: resumed, label: label)
    }

    /// The batch `id` when its unit has no change undone (a product kept into one half undone
    /// would leave it so): where a restart keeps what the unfinished run made; else nil, and
    /// they go with the restart's own rows.
    static func unitStanding(_ id: String?, label: String, in history: ChangeHistory?) -> ChangeBatch? {
        guard let id, history?.units.first(where: { $0.batch?.id == id })?.changes.contains(where: \.undone) != true
        else { return nil }
        return ChangeBatch(id: id, label: label)
    }

    /// Stock changes an earlier run made and the change log does not have (that run ended
    /// between the answer and writing it down): kept now, in this import's batch, so that `undo`
    /// takes them back with it. One the log has already (the run ended just after writing it) is
    /// not kept twice. Answers the batch each product's change is in, by product id.
    private func keep(_ found: [ProductChange], in rows: CommandContext) -> [Int: String] {
        guard !found.isEmpty, let keeping = rows.changes, keeping.keeps, let log = keeping.log else { return [:] }
        var logged: [String: String] = [:]
        for entry in (try? log.entries()) ?? [] where entry.event == .change {
            if let after = entry.after, let batch = entry.batch { logged[StockMove.identity(of: after)] = batch.id }
        }
        var batches: [Int: String] = [:]
        var missing: [ProductChange] = []
        for change in found {
            guard let after = change.after else { continue }
            if let batch = logged[StockMove.identity(of: after)] {
                batches[after.id] = batch
            } else {
                missing.append(change)
                batches[after.id] = keeping.batch?.id
            }
        }
        guard !missing.isEmpty else { return batches }
        do {
            try log.record(missing, command: keeping.batch?.label ?? "import", session: keeping.session, batch: keeping.batch)
        } catch {
            context.console.warn(ChangeLogMessage.thisChangeCannotBeUndone(problem: error.message).text)
            for change in missing { batches[change.productID] = nil }
        }
        return batches
    }

    /// Products an earlier run registered whose answer it never heard (found by `--resume`, or
    /// by `--restart`): kept in this import's batch as created (`batch`: another's, the
    /// earlier run's for a restart), unless the change log has their create already (the run
    /// ended after writing it down), so that `undo` takes them back with the rest. Kept before
    /// the plan is shown, so a run then cancelled keeps them too: the products exist whatever
    /// this run does.
    func keepCreates(_ products: [Product], batch: ChangeBatch? = nil, in rows: CommandContext) {
        guard !products.isEmpty, let keeping = rows.changes, keeping.keeps, let log = keeping.log else { return }
        let batch = batch ?? keeping.batch
        do {
            try log.recordCreates(
                products, command: batch?.label ?? "import", session: keeping.session, batch: batch)
        } catch {
            context.console.warn(ChangeLogMessage.thisChangeCannotBeUndone(problem: error.message).text)
        }
    }

    /// The import goes ahead (nothing to change, or its rows about to be sent): its journal starts
    /// over now (``JournalHandle/startOver()``), not when it was opened, so that one cancelled or
    /// refused before this leaves the journal it found.
    private func goAhead(_ journal: JournalHandle?, file: String) throws {
        guard let journal, !journal.startOver() else { return }
        throw CommandFailure.failed(CatalogMessage.journalNotWritten(file: file, why: journal.failure).text)
    }

    /// A finished import's journal says so (a later `--resume` then has nothing to do); one
    /// with failures stays open, so `--resume` retries the rows that failed.
    private func finishJournal(_ journal: JournalHandle?, failed: Bool) throws {
        guard let journal, !failed else { return }
        guard journal.write(JournalEntry(.finished)) else {
            throw CommandFailure.failed(CatalogMessage.journalNotWritten(file: nil, why: journal.failure).text)
        }
    }

    /// `--write-ids`: the ids of every row registered (now or by the interrupted run) written
    /// into the file's id column.
    private func writeBack(_ checked: CheckedCatalog, results: [RowResult], options: ImportOptions) throws {
        guard options.writeIDs else { return }
        var ids = checked.made
        for result in results where result.status == .registered {
            if let row = result.row, let id = result.id { ids[row] = id }
        }
        let made = ids.count
        // Rows matched by name get the id of the product they matched.
        for match in checked.plan.matched where ids[match.row] == nil { ids[match.row] = match.id }
        guard !ids.isEmpty else { return }
        do {
            try CatalogRewrite.writeIDs(ids, into: checked.path, format: checked.contents.format)
            context.console.note(CatalogMessage.wroteIDs(file: checked.file, made: made, matched: ids.count - made).text)
        } catch {
            throw CommandFailure.failed(CatalogMessage.idsNotWritten(file: checked.file, why: error.message).text)
        }
    }

    /// Backoff for an import: 429 and 503 mean the request was not carried out, so even a
    /// create is sent again after the wait the server asks for.
    static func importRetries(_ onPause: @escaping @Sendable (Int, Duration) -> Void) -> RetryPolicy {
        var policy = RetryPolicy()
        policy.onPause = onPause
        return policy
    }
}
