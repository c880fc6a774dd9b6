import CatalogFiles
import Digests
import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell

extension CatalogImport {
    /// Opens (and locks) the import's journal, `FILE.journal` beside the catalog as a script's
    /// is: the journal its rows write to, and with `--resume` the rows the interrupted run made
    /// (row → id), including creates whose answer was lost but that are found on the server;
    /// nil when there is nothing to resume. Rows are matched by number and content: a file
    /// changed at a row the last run did is refused, never guessed at. `vendorID` is this
    /// login's, when known: what tells its products from others' of the same name. `moves` are
    /// the stock moves earlier imports of the file made on this market (``StockMove``), and
    /// those sent but never written down as made (``PendingMove``); `batch`, the change log's
    /// batch the resumed run's changes are in (nil for a fresh run); `recovered`, the products
    /// whose create was found on the server (the run that sent it never heard its answer, so
    /// its change log may not have them); `done`, every row the interrupted run had done,
    /// whatever it sent (`made` has only the rows it registered); `recoveredIn`, for a restart,
    /// the unfinished run's batch, where its products found belong.
    func openJournal(
        file: String, path: String, hashes: [Int: String], options: ImportOptions, vendorID: Int?
    ) async throws(CommandFailure) -> (
        journal: JournalHandle, made: [Int: Int], madeBefore: [Int: Int], moves: EarlierMoves, batch: String?,
        recovered: [Product], done: Set<Int>, recoveredIn: String?
    )? {
        let client = context.client
        let placement = placement(of: path, options: options)
        let (opened, journalPath) = try journals.lockJournal(for: file, at: placement, resume: options.resume)
        let previous = JournalFile.read(journalPath)
        let kept = previous?.moves ?? [:]
        let pending = previous?.pending ?? [:]
        let earlier = moves(of: EarlierMoves(made: kept, pending: pending), file: file)
        guard options.resume, let previous else {
            if let previous, !previous.finished, !previous.touched.isEmpty, !options.restart {
                throw .refused(unfinished(previous, file: file, journal: journalPath))
            }
            // --restart: what the unfinished run made (on this market), so the plan can say which
            // rows exist, and the products of its creates never answered, found on the market, for
            // the change log (that run's unit had none of them: undoing it left them behind).
            var (madeBefore, found): ([Int: Int], [Product]) = ([:], [])
            if options.restart, let previous {
                (madeBefore, found) = try await madeByUnfinished(previous, file: file, vendorID: vendorID)
            }
            // Emptied once the import goes ahead (`carryOut`): cancelled at its question, it
            // leaves the journal it found, an unfinished import's for `--resume` among them.
            let journal = JournalHandle(opened, startingOver: true)
            // Every move kept, whatever this run does (a refused or failed one included): a
            // move lost would be made again by the next import. So is every move whose outcome
            // is still to be told: it is told once the plan reads its product.
            let entries =
                kept.sorted(by: { $0.key < $1.key }).flatMap { id, moves in moves.map { JournalEntry(moved: $0, id: id) } }
                + pending.sorted(by: { $0.key < $1.key }).map { JournalEntry(moving: $1, id: $0) }
            for entry in entries where !journal.write(entry) {
                throw .failed(CatalogMessage.journalNotWritten(file: file, why: journal.failure).text)
            }
            return (journal, [:], madeBefore, earlier, nil, found, [], options.restart ? previous?.batch : nil)
        }
        try journals.checkServer(of: previous, script: file, server: client.baseURL)
        if previous.finished {
            context.console.note(CatalogMessage.nothingToResume(file).text)
            return nil
        }
        let journal = JournalHandle(opened)
        let (made, recovered) = try await rowsMade(
            by: previous, file: file, hashes: hashes, journal: journal, vendorID: vendorID, client: client)
        return (journal, made, [:], earlier, previous.batch, recovered, Set(previous.done.keys).union(made.keys), nil)
    }

    /// The stock moves earlier imports of the file made, for a plan that opens no journal (a
    /// `--plan`, a dry run): read from where the journal is, without locking it. A journal of
    /// an import that did not finish is named, as the import without `--resume` would refuse it.
    func earlierMoves(file: String, path: String, options: ImportOptions) -> EarlierMoves {
        guard let (state, journal) = unlockedJournal(path: path, options: options) else { return EarlierMoves() }
        if !state.finished, !state.touched.isEmpty, !options.resume, !options.restart {
            context.console.note(unfinished(state, file: file, journal: journal))
        }
        return moves(of: EarlierMoves(made: state.moves, pending: state.pending), file: file)
    }

    /// What is said of an import of the file that did not finish: to go on with it (`--resume`)
    /// or start over (`--restart`); on another market, where it goes on (there only).
    private func unfinished(_ state: JournalState, file: String, journal: String) -> String {
        otherMarket(of: state, file: file)?.text
            ?? CatalogMessage.importUnfinished(file: file, journal: journal, done: state.done.count).text
    }

    /// Why the journal's import was not made on this session's market; nil when it was, or
    /// the journal does not say.
    private func otherMarket(of state: JournalState, file: String) -> ScriptMessage? {
        journals.otherMarket(recorded: state.server, market: state.market, script: file, server: context.client.baseURL)
    }

    /// What an unfinished import of the file made (row → id), read from its journal without
    /// locking it, its creates never answered looked up on the market: what the plan of
    /// `--restart --plan` (or `--dry-run`) says, as the plan of a `--restart` that goes ahead does.
    func madeByUnfinished(
        file: String, path: String, options: ImportOptions, vendorID: Int?
    ) async throws(CommandFailure) -> [Int: Int] {
        guard let (state, _) = unlockedJournal(path: path, options: options) else { return [:] }
        return try await madeByUnfinished(state, file: file, vendorID: vendorID).made
    }

    /// What the journal's import made when it did not finish on this market (another's ids
    /// are other products): its rows done, by row, and those whose create it never heard
    /// answered, found on the market, with those products (`found`: the change log's to keep).
    private func madeByUnfinished(
        _ state: JournalState, file: String, vendorID: Int?
    ) async throws(CommandFailure) -> (made: [Int: Int], found: [Product]) {
        var made = madeByUnfinished(state, file: file)
        guard !state.finished, otherMarket(of: state, file: file) == nil else { return (made, []) }
        let found = try await unanswered(by: state, file: file, vendorID: vendorID, client: context.client)
        for (row, product) in found { made[row] = product.id }
        return (made, found.map(\.product))
    }

    /// The journal where the import keeps it (`--journal PATH`, else beside the file), read
    /// without locking it, and its path: for a plan, which opens none.
    private func unlockedJournal(path: String, options: ImportOptions) -> (state: JournalState, path: String)? {
        let placement = placement(of: path, options: options)
        let found = [placement.primary] + (placement.fallback.map { [$0] } ?? [])
        return found.lazy.compactMap { path in JournalFile.read(path).map { ($0, path) } }.first
    }

    /// What a plan of a `--resume` (`--plan`, `--dry-run`) takes as done, as the run would: the
    /// rows the unfinished import did (`made`: those it registered, row → id) and those whose
    /// create it sent but never heard answered and that are found on the market (looked up as
    /// the run looks them up), read from its journal without locking it or writing to it, each
    /// refused as the run refuses it when the file changed there. Nothing when no import of the
    /// file is unfinished on this market.
    func resumedRows(
        file: String, path: String, hashes: [Int: String], options: ImportOptions, vendorID: Int?
    ) async throws(CommandFailure) -> (made: [Int: Int], done: Set<Int>) {
        guard let (state, _) = unlockedJournal(path: path, options: options), !state.finished,
            otherMarket(of: state, file: file) == nil
        else { return ([:], []) }
        for (row, entry) in (state.done.merging(state.unsure) { done, _ in done }).sorted(by: { $0.key < $1.key }) {
            try Self.checkUnchanged(row, entry, hashes, file: file)
        }
        var made = state.done.compactMapValues(\.id)
        for (row, product) in try await unanswered(by: state, file: file, vendorID: vendorID, client: context.client) {
            made[row] = product.id
        }
        return (made, Set(state.done.keys).union(made.keys))
    }

    /// The rows a journal's import made, by row, when it did not finish (a finished one's rows
    /// are no unfinished import's) on this market (another's ids are other products).
    private func madeByUnfinished(_ state: JournalState, file: String) -> [Int: Int] {
        guard !state.finished, otherMarket(of: state, file: file) == nil else { return [:] }
        return state.done.compactMapValues(\.id)
    }

    /// The moves made on this market (another's ids are other products).
    private func moves(of moves: EarlierMoves, file: String) -> EarlierMoves {
        let server = context.client.baseURL
        func here(_ move: StockMove) -> Bool {
            journals.otherMarket(recorded: move.server, market: move.market, script: file, server: server) == nil
        }
        return EarlierMoves(
            made: moves.made.mapValues { $0.filter(here) }.filter { !$0.value.isEmpty },
            pending: moves.pending.filter { here($1.move) })
    }

    /// Where the import's journal is: `--journal PATH`, else beside the file.
    private func placement(of path: String, options: ImportOptions) -> JournalPlacement {
        JournalPlacement(script: path, given: options.journalPath.map(paths.expandingTilde), environment: paths.environment)
    }

    /// The rows an interrupted import made: those done, and those whose create was sent but
    /// not answered, looked up on the server (the scripts' lookup, with its wait for a request
    /// still in flight), the products found so too.
    private func rowsMade(
        by state: JournalState, file: String, hashes: [Int: String], journal: JournalHandle, vendorID: Int?,
        client: MarketClient
    ) async throws(CommandFailure) -> (made: [Int: Int], recovered: [Product]) {
        var made: [Int: Int] = [:]
        var found: [Product] = []
        for (row, entry) in state.done.sorted(by: { $0.key < $1.key }) {
            try Self.checkUnchanged(row, entry, hashes, file: file)
            if let id = entry.id { made[row] = id }
        }
        for (row, entry) in state.unsure.sorted(by: { $0.key < $1.key }) {
            try Self.checkUnchanged(row, entry, hashes, file: file)
        }
        for (row, product) in try await unanswered(by: state, file: file, vendorID: vendorID, client: client) {
            made[row] = product.id
            found.append(product)
            var done = JournalEntry(.done, number: row, hash: state.unsure[row]?.hash ?? "")
            done.id = product.id
            done.vendorID = state.unsure[row]?.vendorID
            guard journal.write(done) else { throw .failed(CatalogMessage.journalNotWritten(file: file, why: nil).text) }
            context.console.note(CatalogMessage.registeredBefore(file: file, row: row, id: product.id).text)
        }
        return (made, found)
    }

    /// The rows whose create an unfinished import sent but never heard answered, with the
    /// product each made, where it is found on the server (the scripts' lookup, with its wait
    /// for a request still in flight; a product found is claimed by one row only). What a
    /// resume goes on from, a restart keeps in the change log, and the plan of either says.
    private func unanswered(
        by state: JournalState, file: String, vendorID: Int?, client: MarketClient
    ) async throws(CommandFailure) -> [(row: Int, product: Product)] {
        var claimed: Set<Int> = []
        var found: [(row: Int, product: Product)] = []
        for (row, entry) in state.unsure.sorted(by: { $0.key < $1.key }) {
            switch await journals.findCreatedAllowingForFlight(
                entry, previous: state, alsoClaimed: claimed, vendorID: vendorID, using: client)
            {
            case .found(let binding, _, let product):
                claimed.insert(binding.id)
                found.append((row, product))
            case .notFound:
                continue
            case .failed(let message, let status):
                throw CommandFailure(status: status, message: "\(file):\(row): \(message)")
            }
        }
        return found
    }

    /// A row the last run touched must still be what it sent: rows added, removed or edited
    /// above it would make the journal's row numbers name other products.
    private static func checkUnchanged(
        _ row: Int, _ entry: JournalEntry, _ hashes: [Int: String], file: String
    ) throws(CommandFailure) {
        guard hashes[row] != entry.hash else { return }
        throw .usage(CatalogMessage.rowChanged(file: file, row: row).text)
    }

    /// Each row's hash, by row number (a walk of the rows).
    static func rowHashes(_ rows: CatalogRows) -> [Int: String] {
        var hashes: [Int: String] = [:]
        hashes.reserveCapacity(rows.count)
        for row in rows { hashes[row.number] = rowHash(row) }
        return hashes
    }

    /// A row's content, hashed for the journal.
    static func rowHash(_ row: CatalogRow) -> String {
        let text = row.values.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)\u{1F}\($0.value)" }
            .joined(separator: "\u{1E}")
        return SHA256.hash(data: Data(text.utf8)).prefix(8).hexadecimal
    }
}
