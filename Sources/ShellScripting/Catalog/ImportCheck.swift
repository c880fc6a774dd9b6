import CatalogFiles
import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization

extension CatalogImport {
    /// Checks every row against the contract, its photos, and this vendor's live products, and
    /// sorts them into a plan; `moves` are the stock moves earlier imports of the file made or sent;
    /// `done`, the rows the run a resumed import goes on with had done (`made`: those it registered).
    func check(
        _ contents: CatalogContents, file: String, path: String, made: [Int: Int], done: Set<Int> = [],
        hashes: [Int: String], options: ImportOptions, vendorID: Int?, moves: EarlierMoves = EarlierMoves()
    ) async throws -> CheckedCatalog {
        let mine = try await yours(vendorID, contents: contents, file: file, made: made, options: options)
        let (made, done) = stillMade(made, done: done, mine: mine, vendorID: vendorID, file: file)
        var rowCheck = RowCheck(
            file: file, folder: URL(fileURLWithPath: path).deletingLastPathComponent().path, resize: options.resize,
            newIDs: options.newIDs, mine: mine, made: made, matchByName: options.match == .name,
            rowOfID: options.newIDs ? [:] : Self.rowOfID(contents), access: context.access,
            photosAnywhere: options.photosAnywhere)
        rowCheck.cameBack = ComeBack(log: context.ownChangeLog)
        var problems = (contents.problems + CatalogCheck.problems(in: contents, newIDs: options.newIDs)).map { problem in
            var named = problem
            named.file = file
            return named
        }
        var plan = ImportPlan()
        plan.sync.prefer = options.prefer
        plan.sync.moves = moves.made
        plan.sync.pending = moves.pending
        plan.sync.newIDs = options.newIDs
        plan.sync.revisionColumn = contents.columns.contains(.revision)
        plan.doneRows = done.union(made.keys)
        plan.registeredRows = Set(made.keys)
        if options.planOnly, mine.isEmpty { plan.keptRegisters = ImportPlan.shown }
        plan.allowDuplicates = options.allowDuplicates
        let found = plan.add(contents.rows, checkedBy: &rowCheck, skipping: Set(problems.compactMap(\.row)), mine: mine)
        // One problem per cell: a formula cell the reading named is not also "not a number".
        let reported = Set(problems.map { "\($0.row ?? 0):\($0.column ?? "")" })
        problems += found.filter { !reported.contains("\($0.row ?? 0):\($0.column ?? "")") }
        await comparePhotos(&plan, mine: mine, jobs: options.pageJobs)
        if !problems.isEmpty { plan.invalid = try Self.skipped(problems, contents: contents, file: file, options: options) }
        if options.prune { plan.prune(mine, keeping: contents, made: made, options: options) }
        return CheckedCatalog(file: file, path: path, contents: contents, plan: plan, hashes: hashes, made: made)
    }

    /// The rows an interrupted import registered whose products are still yours on the market;
    /// one gone since (its import undone, the product deleted) is no longer done, and its row
    /// registers again, said in one note (before, its row updated the id the journal named and
    /// was refused as no product of yours, while the plan said it registered). Unchanged when
    /// your products are not known (no vendor: nothing to tell them by).
    private func stillMade(
        _ made: [Int: Int], done: Set<Int>, mine: [Int: Product], vendorID: Int?, file: String
    ) -> (made: [Int: Int], done: Set<Int>) {
        guard vendorID != nil else { return (made, done) }
        let gone = made.filter { mine[$0.value] == nil }.keys.sorted()
        guard !gone.isEmpty else { return (made, done) }
        context.console.note(CatalogMessage.madeRowsGone(file: file, count: gone.count, rows: PlanSync.rows(gone)).text)
        return (made.filter { mine[$0.value] != nil }, done.subtracting(gone))
    }

    /// The photos of rows of your products, compared with each product's by content
    /// (``PhotoComparison``): the plan names those that differ, and those it cannot tell, once.
    private func comparePhotos(_ plan: inout ImportPlan, mine: [Int: Product], jobs: Int) async {
        let rows = plan.sync.photoRows.filter { mine[$0.id] != nil }
        guard !rows.isEmpty else { return }
        var comparison = PhotoComparison(client: context.client)
        comparison.jobs = jobs
        let verdicts = await comparison.compare(
            rows.map { .init(photos: $0.paths.map(PhotoComparison.RowPhoto.init), product: mine[$0.id]!, revision: $0.revision) })
        for (row, verdict) in zip(rows, verdicts) {
            switch verdict {
            case .same: break
            case .differ: plan.sync.photosDiffer.append(row.row)
            case .cannotTell: plan.sync.photosUnknown.append(row.row)
            }
        }
        plan.sync.photoRows = []
    }

    /// Your live products by id, when the import compares rows with them (empty when not, or
    /// when a plan of new rows cannot read them: it says so); notes what is not compared.
    private func yours(
        _ vendorID: Int?, contents: CatalogContents, file: String, made: [Int: Int], options: ImportOptions
    ) async throws -> [Int: Product] {
        // A row that may register is compared with your products by name: matched to one
        // (without --match id), or refused as a duplicate (without --allow-duplicates).
        let mayRegister = contents.rows.contains { options.newIDs || $0[.id] == nil }
        if mayRegister, (try? context.client.requireCredentials()) == nil {
            context.console.note(CatalogMessage.notLoggedInNoCompare(file).text)
        }
        guard let vendorID else { return [:] }
        do {
            return try await liveProducts(of: vendorID, jobs: options.pageJobs)
        } catch let error as MarketError
            where (options.dryRun || options.planOnly) && made.isEmpty && !options.prune
            && !contents.rows.contains(where: { !options.newIDs && $0[.id] != nil })
        {
            // A plan of new rows needs no market; it says what it could not compare.
            context.console.note(CatalogMessage.productsUnreadable(file: file, error: String(describing: error)).text)
            return [:]
        }
    }

    /// This vendor's products on this market, by id (the whole market is read, pages at once).
    private func liveProducts(of vendorID: Int, jobs: Int) async throws -> [Int: Product] {
        let all = try await context.client.allProducts(perPage: 100, concurrency: jobs).products
        let mine = all.filter { ($0.vendorID ?? $0.vendor?.id) == vendorID }
        context.records.remember(mine)
        return Dictionary(mine.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The ids the file names in its id column, by the first row that names each.
    private static func rowOfID(_ contents: CatalogContents) -> [Int: Int] {
        var rowOfID: [Int: Int] = [:]
        guard contents.rows.withID > 0 else { return rowOfID }
        for row in contents.rows {
            if let text = row[.id], let id = Int(text.trimmingCharacters(in: .whitespaces)), rowOfID[id] == nil {
                rowOfID[id] = row.number
            }
        }
        return rowOfID
    }

    /// With `--continue-on-error`, the rows skipped for their problems; else (or when a line
    /// could not be read at all, which is never skipped: fix it first) the failure listing them.
    /// Columns are named as the sheet names them (`가격`, not price).
    private static func skipped(
        _ problems: [CatalogProblem], contents: CatalogContents, file: String, options: ImportOptions
    ) throws(CommandFailure) -> [(row: Int, problems: [CatalogProblem])] {
        let sorted = problems.sorted { ($0.row ?? 0) < ($1.row ?? 0) }
        let named = { (problems: [CatalogProblem]) in
            problems.map { problem in
                var named = problem
                named.column = problem.column.map(contents.header(of:))
                return named
            }
        }
        guard options.continueOnError, contents.problems.isEmpty else {
            throw problemsFailure(
                named(withNewIDsHint(sorted, contents: contents, file: file)), file: file, skippable: contents.problems.isEmpty)
        }
        return Dictionary(grouping: named(sorted)) { $0.row ?? 0 }.map { ($0.key, $0.value) }.sorted { $0.row < $1.row }
    }

    /// When no id of the file is a product of yours here (a catalog exported from another
    /// market), the first few are listed and one line says what to do, instead of one identical
    /// error per row.
    static func withNewIDsHint(_ problems: [CatalogProblem], contents: CatalogContents, file: String) -> [CatalogProblem] {
        let withIDs = contents.rows.filter { $0[.id] != nil }.count
        let unknown = problems.filter { $0.kind == .unknownID }
        guard withIDs > 0, unknown.count == withIDs else { return problems }
        let shown = 3
        let dropped = Set(unknown.dropFirst(shown).compactMap(\.row))
        var kept = problems.filter { !($0.column == CatalogColumn.id.rawValue && dropped.contains($0.row ?? 0)) }
        kept.insert(
            CatalogProblem(file: file, CatalogMessage.noneOfTheIDsIsYours(count: withIDs, notListed: dropped.count).text),
            at: 0)
        return kept
    }
}

/// The id a product gone has now when an undo registered it again under another (an undone
/// replace or delete brings the old product back so), from the change log, read the first time
/// it is asked: most imports never ask.
final class ComeBack: Sendable {
    private let log: ChangeLog?
    private let history = Mutex<ChangeHistory??>(nil)

    init(log: ChangeLog?) { self.log = log }

    /// The product `id` is now, when an undo registered it again; nil when it is not known so.
    func now(_ id: Int) -> Int? {
        let history = history.withLock { read in
            if case .some(let history) = read { return history }
            let history = log.flatMap { try? $0.entries() }.map(ChangeHistory.init)
            read = .some(history)
            return history
        }
        guard let now = history?.currentID(id), now != id else { return nil }
        return now
    }
}
