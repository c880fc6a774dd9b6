import CatalogFiles
import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell

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

extension ScriptRuntime {
    /// `import FILE`: reads and checks every row (sending nothing while any problem stands),
    /// prints the plan, asks for the number of changes to be typed, then sends the rows
    /// concurrently as typed `register`/`patch`/`delete` commands through this session,
    /// journaled so that `--resume` after any interruption ends with exactly the file's products.
    func importCatalog(_ typed: String, options: ImportOptions, in context: CommandContext) async throws -> CommandOutcome {
        var options = options
        // A script run with --dry-run dry-runs its imports too (and writes no journal).
        if context.dryRun, !options.planOnly { options.dryRun = true }
        let path = try readablePath(typed, in: context)
        try confineWrites(of: &options, catalog: path, in: context)
        let contents = Self.readCatalog(path, shownAs: typed, format: options.format)
        if let note = contents.encodingNote { console.note("\(typed): \(note)") }
        if contents.delimiter != "," { console.note("\(typed): read with '\(contents.delimiter)' between cells") }
        if !contents.ignoredColumns.isEmpty {
            let count = contents.ignoredColumns.count
            let names = contents.ignoredColumns.map { TextLayout.visible($0, limit: 30) }.joined(separator: ", ")
            console.note("\(typed): ignoring \(count) column\(count == 1 ? "" : "s") that name no product field: \(names)")
        }
        // A JSON Lines file's broken lines do not hide the other lines' problems: every row is
        // checked, and all of them are listed together.
        let lineProblems = contents.format == .jsonl && contents.problems.allSatisfy { $0.row != nil }
        guard contents.problems.isEmpty || lineProblems else { throw Self.problemsFailure(contents.problems, file: typed) }
        let hashes = Dictionary(uniqueKeysWithValues: contents.rows.map { ($0.number, Self.rowHash($0)) })
        let sends = !options.dryRun && !options.planOnly
        if sends || contents.rows.contains(where: { $0[.id] != nil && !options.newIDs }) || options.prune {
            _ = try context.client.requireCredentials()
        }
        let vendorID = try await yourVendorID(contents, file: typed, options: options, in: context)
        // The rows run in a context of their own: this import's journal (not the script's that
        // runs the import), its retry policy.
        var rows = context
        rows.script = LineScope(runtime: self, newest: NewestBeforeFirstCreate(), sourceDepth: context.scope?.sourceDepth ?? 0)
        var made: [Int: Int] = [:]
        var madeBefore: [Int: Int] = [:]
        if sends {
            guard
                let opened = try await openImportJournal(
                    file: typed, path: path, hashes: hashes, options: options, vendorID: vendorID, client: context.client)
            else { return CommandOutcome() }
            rows.script = LineScope(
                runtime: self, journal: opened.journal, newest: NewestBeforeFirstCreate(),
                sourceDepth: context.scope?.sourceDepth ?? 0)
            made = opened.made
            madeBefore = opened.madeBefore
        }
        defer { rows.scope?.journal?.close() }
        var checked = try await check(
            contents, file: typed, path: path, made: made, hashes: hashes, options: options, vendorID: vendorID, in: rows)
        checked.plan.noteRestart(madeBefore: madeBefore)
        return try await carryOut(checked, options: options, in: rows)
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

    /// Every problem on its own line, then what to do.
    static func problemsFailure(_ problems: [CatalogProblem], file: String) -> CommandFailure {
        let count = problems.count
        let listed = problems.map(\.description).joined(separator: "\n")
        return CommandFailure(
            status: .failed,
            message: "\(count) problem\(count == 1 ? "" : "s") in \(file); nothing was sent "
                + "(fix them, or --continue-on-error to skip those rows):\n\(listed)")
    }

    /// This login's vendor id, when the import compares the file with your products: rows with
    /// ids (yours to update), `--prune`, rows without ids matched by name. Known, or asked on a
    /// terminal, never found out by writing to others' products; without it such an import is
    /// refused before anything is sent. Nil when not logged in, when nothing is compared, and
    /// with `--match id` when it is not known (new rows are then not compared by name).
    private func yourVendorID(
        _ contents: CatalogContents, file: String, options: ImportOptions, in context: CommandContext
    ) async throws -> Int? {
        guard (try? context.client.requireCredentials()) != nil else { return nil }
        let namesIDs = !options.newIDs && contents.rows.contains { $0[.id] != nil }
        let mayRegister = contents.rows.contains { options.newIDs || $0[.id] == nil }
        guard namesIDs || options.prune || mayRegister else { return nil }
        if let vendorID = try await context.ownVendorID() { return vendorID }
        guard namesIDs || options.prune || options.match == .name else {
            console.note(
                "\(file): your vendor id is not known, so rows without an id are not compared with your products "
                    + "(--match id); 'login --vendor-id N' or \(VendorIDSource.environmentName)=N gives it")
            return nil
        }
        let what =
            namesIDs
            ? "checking the file's ids against your products"
            : options.prune ? "--prune" : "matching rows to your products by name"
        throw VendorIDSource.unknown(what, otherwise: namesIDs || options.prune ? nil : "--match id")
    }

    /// Checks every row against the contract, its photos, and this vendor's live products, and
    /// sorts them into a plan.
    private func check(
        _ contents: CatalogContents, file: String, path: String, made: [Int: Int], hashes: [Int: String],
        options: ImportOptions, vendorID: Int?, in context: CommandContext
    ) async throws -> CheckedCatalog {
        // A row that may register is compared with your products by name: matched to one
        // (without --match id), or refused as a duplicate (without --allow-duplicates).
        let mayRegister = contents.rows.contains { options.newIDs || $0[.id] == nil }
        let loggedIn = (try? context.client.requireCredentials()) != nil
        var mine: [Int: Product] = [:]
        if let vendorID {
            do {
                mine = try await liveProducts(of: vendorID, jobs: options.jobs, in: context)
            } catch let error as MarketError
                where (options.dryRun || options.planOnly) && made.isEmpty && !options.prune
                && !contents.rows.contains(where: { !options.newIDs && $0[.id] != nil })
            {
                // A plan of new rows needs no market; it says what it could not compare.
                console.note(
                    "\(file): your products cannot be read (\(error)), so rows without an id are shown as new; "
                        + "an import would match them to yours by name first")
            }
        }
        if mayRegister, !loggedIn {
            console.note("\(file): not logged in, so rows without an id are not compared with your products")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var rowOfID: [Int: Int] = [:]
        if !options.newIDs {
            for row in contents.rows {
                if let text = row[.id], let id = Int(text.trimmingCharacters(in: .whitespaces)), rowOfID[id] == nil {
                    rowOfID[id] = row.number
                }
            }
        }
        var rowCheck = RowCheck(
            file: file, folder: folder, resize: options.resize, newIDs: options.newIDs, mine: mine, made: made,
            matchByName: options.match == .name, rowOfID: rowOfID, access: context.access,
            photosAnywhere: options.photosAnywhere)
        var problems = (contents.problems + CatalogCheck.problems(in: contents, newIDs: options.newIDs)).map { problem in
            var named = problem
            named.file = file
            return named
        }
        var plan = ImportPlan()
        plan.alreadyDone = made.count
        let badRows = Set(problems.compactMap(\.row))
        for row in contents.rows {
            let (action, found) = rowCheck.check(row)
            problems += found
            if let action, found.isEmpty, !badRows.contains(row.number) {
                plan.add(action, row: row, mine: mine)
                if case .update(let id, _) = action { plan.notePhotos(of: row, id: id, mine: mine) }
                if let id = rowCheck.matched[row.number] {
                    plan.matched.append((row.number, id, row[.name] ?? ""))
                }
                if let yours = rowCheck.sameNameAsYours[row.number] {
                    plan.sameNameAsYours.append((row.number, row[.name] ?? "", yours))
                }
            }
        }
        plan.allowDuplicates = options.allowDuplicates
        plan.thumbnails = rowCheck.thumbnails.filter { row in plan.registers.contains { $0.row == row.key } }
        if !problems.isEmpty {
            let sorted = problems.sorted { ($0.row ?? 0) < ($1.row ?? 0) }
            // Columns named as the sheet names them (`가격`, not price).
            let named = { (problems: [CatalogProblem]) in
                problems.map { problem in
                    var named = problem
                    named.column = problem.column.map(contents.header(of:))
                    return named
                }
            }
            // A line that could not be read at all is never skipped: fix it first.
            guard options.continueOnError, contents.problems.isEmpty else {
                throw Self.problemsFailure(named(Self.withNewIDsHint(sorted, contents: contents, file: file)), file: file)
            }
            plan.invalid = Dictionary(grouping: named(sorted)) { $0.row ?? 0 }.map { ($0.key, $0.value) }.sorted {
                $0.row < $1.row
            }
        }
        if options.prune {
            var kept = Set(contents.rows.compactMap { options.newIDs ? nil : $0[.id].flatMap { Int($0) } }).union(made.values)
            if options.match == .name, !options.newIDs {
                // A product a row names (a row skipped for a problem too) is in the file.
                let named = Set(contents.rows.compactMap { $0[.id] == nil ? $0[.name].map(RowCheck.nameKey) : nil })
                kept.formUnion(mine.values.filter { named.contains(RowCheck.nameKey($0.name)) }.map(\.id))
            }
            plan.deletes = mine.values.filter { !kept.contains($0.id) }.sorted { $0.id < $1.id }
            plan.yoursBefore = mine.count
            plan.pruneAll = options.pruneAll
        }
        return CheckedCatalog(file: file, path: path, contents: contents, plan: plan, hashes: hashes, made: made)
    }

    /// When no id of the file is a product of yours here (a catalog exported from another
    /// market), the first few are listed and one line says what to do, instead of one identical
    /// error per row.
    static func withNewIDsHint(_ problems: [CatalogProblem], contents: CatalogContents, file: String) -> [CatalogProblem] {
        let withIDs = contents.rows.filter { $0[.id] != nil }.count
        let unknown = problems.filter { $0.column == CatalogColumn.id.rawValue && $0.message.hasPrefix(RowCheck.unknownIDPrefix) }
        guard withIDs > 0, unknown.count == withIDs else { return problems }
        let shown = 3
        let dropped = Set(unknown.dropFirst(shown).compactMap(\.row))
        var kept = problems.filter { !($0.column == CatalogColumn.id.rawValue && dropped.contains($0.row ?? 0)) }
        let more = dropped.isEmpty ? "" : " (\(dropped.count) more not listed)"
        kept.insert(
            CatalogProblem(
                file: file,
                "none of the \(withIDs) ids in the file is a product of yours on this market\(more): if it comes from "
                    + "another market, add --new-ids to register its rows as new products"), at: 0)
        return kept
    }

    /// This vendor's products on this market, by id (the whole market is read, pages at once).
    private func liveProducts(of vendorID: Int, jobs: Int, in context: CommandContext) async throws -> [Int: Product] {
        let all = try await context.client.allProducts(perPage: 100, concurrency: jobs).products
        let mine = all.filter { ($0.vendorID ?? $0.vendor?.id) == vendorID }
        shell.remember(mine)
        return Dictionary(mine.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The plan, then (when it is not only a plan or a dry run) the confirmation, the rows sent,
    /// the ids written back, the report and the summary.
    private func carryOut(
        _ checked: CheckedCatalog, options: ImportOptions, in context: CommandContext
    ) async throws -> CommandOutcome {
        let plan = checked.plan
        let file = checked.file
        var outcome = CommandOutcome([.text(plan.text(file: file))])
        if options.planOnly { return outcome }
        if options.dryRun {
            for refusal in plan.refusals(file: file) { outcome.output.append(.note(refusal)) }
            outcome.output.append(.text(DryRunListing.requests(plan)))
            outcome.output.append(.note("dry run: nothing was sent"))
            return outcome
        }
        guard plan.changeCount > 0 || !checked.made.isEmpty else {
            outcome.output.append(.note("\(file): nothing to change"))
            try finishJournal(context.scope?.journal, failed: false)
            try writeBack(checked, results: [], options: options)
            return outcome
        }
        // The plan is for the seller to read: beside a JSON answer it goes to stderr.
        if context.settings.outputJSON { console.note(plan.text(file: file)) } else { console.write(plan.text(file: file)) }
        // Even with --yes: a guard is not a question.
        if let refusal = plan.refusals(file: file).first { throw CommandFailure.usage(refusal) }
        guard try confirm(plan, file: file, options: options) else {
            return .note("import cancelled; nothing was sent")
        }
        return try await send(checked, options: options, in: context)
    }

    /// In a terminal the seller types the number of changes (`--yes` skips it). Without one,
    /// an import that deletes needs `--yes`.
    private func confirm(_ plan: ImportPlan, file: String, options: ImportOptions) throws -> Bool {
        if options.yes || plan.changeCount == 0 { return true }
        guard console.isInteractive else {
            guard plan.deletes.isEmpty else {
                throw CommandFailure.usage(
                    "\(file): --prune would delete \(plan.deletes.count) product\(plan.deletes.count == 1 ? "" : "s"): "
                        + "add --yes to go ahead without a terminal")
            }
            return true
        }
        let count = plan.changeCount
        let answer = console.ask("type \(count) to make these \(count) change\(count == 1 ? "" : "s") (anything else cancels): ")
        return answer?.trimmingCharacters(in: .whitespaces) == String(count)
    }

    /// Sends the plan and says what happened.
    private func send(
        _ checked: CheckedCatalog, options: ImportOptions, in context: CommandContext
    ) async throws -> CommandOutcome {
        let file = checked.file
        _ = try context.client.requireCredentials()
        var context = context
        // The rows' changes are one batch in the change log: one `undo` takes them all back.
        context.changes?.batch = ChangeBatch(label: "import \(file)")
        context.client.retryPolicy = Self.importRetries { [console] status, wait in
            console.note("the server is busy (\(status)); waiting \(wait) before trying again")
        }
        let journal = context.scope?.journal
        guard journal?.write(journalHeader(file, server: context.client.baseURL)) ?? true else {
            throw CommandFailure.failed("\(file): the journal cannot be written: \(journal?.failure ?? "")")
        }
        let rows = ImportContext(file: file, hashes: checked.hashes, thumbnails: checked.plan.thumbnails, context: context)
        let work = checked.plan.work
        let progress = ImportProgress(total: work.count)
        let (sent, interrupted) = await runImport(work, jobs: options.jobs, context: rows, progress: progress)
        var results = sent
        results += checked.plan.unchanged.map { RowResult(row: $0.row, action: .update, id: $0.id, status: .unchanged) }
        results += checked.plan.invalid.map { invalid in
            RowResult(
                row: invalid.row, action: .check, status: .skipped,
                message: .byImport(invalid.problems.map { "\($0.column ?? "row"): \($0.message)" }.joined(separator: "; ")))
        }
        let summary = ImportSummary(file: file, results: results, elapsed: progress.elapsed, interrupted: interrupted)
        let failed = summary.count(.failed) > 0 || journal?.failure != nil
        if interrupted == nil { try finishJournal(journal, failed: failed) }
        try writeBack(checked, results: results, options: options)
        if let reportPath = options.reportPath { try ImportReportFile.write(summary.sorted, to: expandingTilde(reportPath)) }
        if let failure = journal?.failure {
            console.note("\(file): \(failure); stopped so that --resume stays safe")
        }
        let text = summary.lines.joined(separator: "\n")
        if interrupted == .unreachable { throw CommandFailure(status: .unreachable, message: text) }
        if interrupted != nil { throw CommandFailure(status: .interrupted, message: text) }
        if failed { throw CommandFailure(status: .failed, message: text) }
        return CommandOutcome([.text(text)])
    }

    /// What an import writes, where the context lets it write: an untrusted script's journal
    /// and report go to its scratch folder, and it does not write ids into its catalog.
    private func confineWrites(of options: inout ImportOptions, catalog: String, in context: CommandContext) throws {
        guard context.access.writeFolder != nil else { return }
        if options.writeIDs { throw CommandFailure.failed(AccessRefusal(.writeOutside(catalog)).description) }
        let journal = options.journalPath ?? ((catalog as NSString).lastPathComponent + ".journal")
        options.journalPath = try writablePath(journal, replacing: false, in: context)
        if let report = options.reportPath { options.reportPath = try writablePath(report, replacing: false, in: context) }
    }

    /// A finished import's journal says so (a later `--resume` then has nothing to do); one
    /// with failures stays open, so `--resume` retries the rows that failed.
    private func finishJournal(_ journal: JournalHandle?, failed: Bool) throws {
        guard let journal, !failed else { return }
        guard journal.write(JournalEntry(.finished)) else {
            throw CommandFailure.failed("the journal cannot be written: \(journal.failure ?? "")")
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
            let matched = ids.count - made
            let what = [
                made > 0 ? "\(made) new id\(made == 1 ? "" : "s")" : nil,
                matched > 0 ? "\(matched) matched by name" : nil,
            ].compactMap { $0 }.joined(separator: " and ")
            console.note("\(checked.file): wrote \(what) into its id column")
        } catch {
            throw CommandFailure.failed("\(checked.file): cannot write the ids back: \(error.message)")
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
