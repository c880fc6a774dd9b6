import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization

/// An import's rows as they are sent: what every row shares while it runs, and how they run.
struct ImportRows: Sendable {
    /// The file as messages name it.
    var file: String
    /// Each row's content hash, as the journal records it (with the row's number, its key).
    var hashes: [Int: String]
    /// New rows whose thumbnail is another photo than the first: row → its index.
    var thumbnails: [Int: Int] = [:]
    /// What each row runs in: the import's journal and retry policy.
    var context: CommandContext
    /// Shows the rows' progress line.
    var progress: (any ScriptProgress)?
    /// Subscribes to Ctrl-C: a second press while rows are in flight cancels them.
    var interrupts: (@Sendable () -> AsyncStream<Void>)?
    /// Told of each row's result as it finishes (`--report` writes its line then).
    var finished: (@Sendable (RowResult) -> Void)?
}

/// The requests in flight, each in a task of its own so that the first Ctrl-C (which cancels
/// the import's task) lets them finish; the second cancels them.
final class InFlightRows: Sendable {
    private struct State {
        var tasks: [Int: Task<RowResult, Never>] = [:]
        var stopped = false
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Runs `work` in an unstructured task (cancelling the caller does not reach it). Such a task
    /// does not take on its caller's preferred executor, so rows run side by side on the
    /// cooperative pool even in a script, which runs on its client's loop (`HTTPTransport.taskExecutor`).
    func run(_ key: Int, _ work: @escaping @Sendable () async -> RowResult) async -> RowResult {
        let task = Task { await work() }
        let cancelNow = state.withLock { state in
            state.tasks[key] = task
            return state.cancelled
        }
        if cancelNow { task.cancel() }
        let result = await task.value
        state.withLock { _ = $0.tasks.removeValue(forKey: key) }
        return result
    }

    /// The first Ctrl-C: no new row starts.
    func stop() { state.withLock { $0.stopped = true } }
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Whether the second Ctrl-C cancelled the rows in flight.
    var wereCancelled: Bool { state.withLock { $0.cancelled } }

    /// The second Ctrl-C: the rows in flight are cancelled too.
    func cancelAll() {
        let running = state.withLock { state in
            state.cancelled = true
            return Array(state.tasks.values)
        }
        for task in running { task.cancel() }
    }
}

extension ImportRows {
    /// Sends the plan's work, counting the results in `tally`. With `jobs` (`--jobs N`) at most
    /// that many requests are in flight; without, the import finds how many the market takes
    /// (`AdaptiveConcurrency`), and `jobs` is only its cap. Results come back in any order and
    /// are sorted by the caller; rows never started are `not run`. Ctrl-C stops starting rows and
    /// lets those in flight finish; a second Ctrl-C cancels them.
    func run(
        _ work: [ImportWork], jobs: Int?, tally: ImportProgress
    ) async -> (results: [RowResult], interrupted: ImportSummary.Interruption?) {
        let rows = InFlightRows()
        let interrupts = self.interrupts
        let watcher = InterruptWatcher()
        let gate = ConcurrencyGate(jobs: jobs)
        let running = listening(to: gate)
        var results: [RowResult] = []
        var next = 0
        await withTaskCancellationHandler {
            await withTaskGroup(of: RowResult.self) { group in
                var inFlight = 0
                while true {
                    while next < work.count, inFlight < gate.limit, running.mayStart(rows) {
                        let (item, key) = (work[next], next)
                        group.addTask { await rows.run(key) { await running.carryOut(item) } }
                        next += 1
                        inFlight += 1
                    }
                    guard let result = await group.next() else { break }
                    inFlight -= 1
                    results.append(result)
                    finished?(result)
                    tally.record(result)
                    // A market that cannot be reached fails every row after: stop starting them.
                    if result.unreachable { rows.stop() }
                    progress?.show(tally.line())
                }
            }
        } onCancel: {
            rows.stop()
            watcher.start(interrupts) { rows.cancelAll() }
        }
        watcher.finish()
        progress?.finish()
        let unreachable = results.contains { $0.unreachable }
        let interrupted: ImportSummary.Interruption? =
            rows.wereCancelled ? .cancelled : unreachable ? .unreachable : rows.isStopped ? .stopped : nil
        for item in work[next...] {
            results.append(RowResult(row: item.row, action: item.action, id: item.id, status: .notRun))
        }
        return (results, interrupted)
    }

    /// These rows with each request taking its turn at `gate` (a retry after a `429` too).
    private func listening(to gate: ConcurrencyGate) -> ImportRows {
        var rows = self
        rows.context.client.transport = GatedTransport(inner: context.client.transport, gate: gate)
        return rows
    }

    /// Whether another row may start: not after Ctrl-C, a market out of reach or a journal that
    /// cannot be written.
    private func mayStart(_ rows: InFlightRows) -> Bool {
        !rows.isStopped && context.scope?.journal?.failure == nil
    }

    /// One row's request(s), through the session like a typed command, quietly.
    private func carryOut(_ work: ImportWork) async -> RowResult {
        switch work {
        case .register(let row, let command): await register(row, command)
        case .update(let row, let id, let changes, let stockBy, let move):
            await update(row, id: id, changes, stockBy: stockBy, move: move)
        case .delete(let product): await delete(product)
        case .remove(let row, let product): await delete(product, row: row)
        case .replace(let row, let replacement): await replace(row, replacement)
        }
    }

    /// A create, journaled by the journal middleware as a script's line is (the row is its key):
    /// `started` (with what finds it again) before it is sent, then `done` with its id, or `failed`.
    private func register(_ row: Int, _ command: Register) async -> RowResult {
        let report = await perform(command, row: row)
        if report.status == .ok, let id = report.result?.id {
            var result = RowResult(row: row, action: .register, id: id, status: .registered, message: notes(of: report))
            if let index = thumbnails[row], let images = report.result?.product.images, index < images.count {
                // Not keyed by the row: the row's journal entry stays the create's (with its id).
                let thumbnail = Patch(
                    id: id, changes: ProductChanges(thumbnailID: images[index].id), known: report.result?.product)
                let chosen = await perform(thumbnail, row: nil)
                if chosen.status != .ok {
                    result.message = .byImport(CatalogMessage.thumbnailNotSet(Self.oneLine(chosen)).text)
                }
            }
            return result
        }
        var result = RowResult(
            row: row, action: .register, status: .failed, message: .byCommand(Self.oneLine(report)),
            outcomeUnknown: report.outcomeUnknown)
        result.unreachable = report.status == .unreachable
        result.error = report.error
        return result
    }

    /// Runs a row's command quietly through the session, keyed in the journal by its row.
    private func perform(_ command: any ShellCommand, row: Int?) async -> CommandReport {
        let line = row.map { (number: $0, hash: hashes[$0] ?? "") }
        let invocation = Invocation(command, text: WordQuoting.line(command.words), line: line, quiet: true)
        return await context.commands.perform(invocation, in: context)
    }

    /// How many times an update reads the product again after someone changed it meanwhile.
    static let updateAttempts = 3

    /// Reads the product (for its ETag), sends only the fields that differ, with `If-Match`;
    /// a 412 (changed since it was read) reads it again. `stockBy` moves the stock as read by
    /// that difference (sales made since the plan are kept; below 0 is refused), sent as the
    /// stock it makes, so sending it again after an unknown outcome sends the same, and kept in
    /// the change log as a move (`undo` takes back the amount). `move` is journaled as about to
    /// be made (`moving`), then once made (`moved`).
    private func update(
        _ row: Int, id: Int, _ fields: ProductChanges, stockBy: Int? = nil, move: StockMove? = nil
    ) async -> RowResult {
        var result = RowResult(row: row, action: .update, id: id, status: .failed)
        for attempt in 1...Self.updateAttempts {
            let current: MarketResponse<Product>
            do {
                current = try await context.client.product(id: id)
            } catch {
                result.message = .byCommand("update \(id): \(error)")
                result.error = error
                return result
            }
            var changes = RowDifference.changes(fields, from: current.value)
            if let stockBy {
                let stock = current.value.stock + stockBy
                guard stock >= 0 else {
                    let by = stockBy > 0 ? "+\(stockBy)" : "\(stockBy)"
                    result.message = .byImport(CatalogMessage.stockBelowZero(id: id, by: by, market: current.value.stock).text)
                    return result
                }
                changes.stock = stock == current.value.stock ? nil : stock
            }
            guard !changes.isEmpty else {
                result.status = .unchanged
                return result
            }
            var patch = Patch(id: id, changes: changes, ifMatch: current.etag, known: current.value)
            patch.stockIsMove = stockBy != nil
            // Journaled before it is sent: a run that ends before its outcome is written down
            // leaves the next import to tell from the product whether it was made (``PendingMove``).
            let pending = move.flatMap { move in
                changes.stock.map {
                    PendingMove(
                        move: move, before: StockMove.identity(of: current.value), stockBefore: current.value.stock, sent: $0)
                }
            }
            if let pending, context.scope?.journal?.write(JournalEntry(moving: pending, id: id)) == false {
                result.message = .byImport(CatalogMessage.journalNotWritten(file: file, why: nil).text)
                return result
            }
            let report = await perform(patch, row: row)
            let written = pending.map { journalOutcome(of: $0, id: id, report) } ?? true
            if report.status == .ok {
                result.status = .updated
                result.message =
                    written
                    ? .changed(RowDifference.fields(changes))
                    : .byImport(CatalogMessage.journalNotWritten(file: file, why: nil).text)
                return result
            }
            if case .preconditionFailed? = report.error as? MarketError, attempt < Self.updateAttempts { continue }
            result.message = .byCommand(Self.oneLine(report))
            result.error = report.error
            result.outcomeUnknown = report.outcomeUnknown
            result.unreachable = report.status == .unreachable
            return result
        }
        return result
    }

    /// The outcome of a stock move journaled as `moving`: `moved` once made, `notMoved` when
    /// the market surely did not make it; nothing otherwise (the next import tells). False when
    /// the journal could not be written.
    private func journalOutcome(of pending: PendingMove, id: Int, _ report: CommandReport) -> Bool {
        let entry: JournalEntry
        if report.status == .ok {
            var move = pending.move
            move.made = report.result.map { StockMove.identity(of: $0.product) }
            move.batch = context.changes?.batch?.id
            entry = JournalEntry(moved: move, id: id)
        } else if Self.surelyNotMade(report) {
            entry = JournalEntry(notMoved: id)
        } else {
            return true
        }
        return context.scope?.journal?.write(entry) != false
    }

    /// Whether a failed change was surely not made: the market refused it with a 4xx answer
    /// (its rules, a stale `If-Match`, the login), or it was never sent. A 5xx (a proxy's 502
    /// after the market made it), an answer that could not be read, a lost connection or a
    /// timeout may each follow a change made.
    static func surelyNotMade(_ report: CommandReport) -> Bool {
        guard !report.outcomeUnknown, let error = report.error as? MarketError else { return false }
        switch error {
        case .invalidInput, .missingCredentials, .cannotConnect, .preconditionFailed: return true
        case .serverRefused(let status, _): return (400..<500).contains(status)
        case .timedOut, .connectionLost, .unexpectedResponse, .cancelled: return false
        }
    }

    /// Deletes a product: `--prune`'s (no row), or a row's whose action is `delete`.
    private func delete(_ product: Product, row: Int? = nil) async -> RowResult {
        let report = await perform(Delete(id: product.id, confirmed: true), row: nil)
        guard report.status == .ok else {
            var result = RowResult(
                row: row, action: .delete, id: product.id, status: .failed, message: .byCommand(Self.oneLine(report)))
            result.unreachable = report.status == .unreachable
            result.error = report.error
            return result
        }
        return RowResult(row: row, action: .delete, id: product.id, status: .deleted)
    }

    /// `replace`: the row registered with the merged values over the product as read now, then
    /// the old product deleted, both in the import's one batch (one `undo` takes them back). A
    /// failed register leaves the product as it was, and says so; a failed delete leaves both
    /// (`--resume` deletes the old one).
    private func replace(_ row: Int, _ replacement: Replacement) async -> RowResult {
        let old = replacement.product.id
        var result = RowResult(row: row, action: .register, id: old, status: .failed)
        let current: Product
        do {
            current = try await context.client.product(id: old).value
        } catch {
            result.message = .byImport(CatalogMessage.replaceNotRegistered(id: old, why: "\(error)").text)
            result.error = error
            return result
        }
        guard let command = replacement.register(over: current) else {
            let by = replacement.stockBy.map { $0 > 0 ? "+\($0)" : "\($0)" } ?? ""
            result.message = .byImport(CatalogMessage.stockBelowZero(id: old, by: by, market: current.stock).text)
            return result
        }
        var registered = await register(row, command)
        guard registered.status == .registered else {
            registered.id = old
            registered.message = .byImport(CatalogMessage.replaceNotRegistered(id: old, why: registered.message.text).text)
            return registered
        }
        let deleted = await delete(current, row: nil)
        guard deleted.status == .deleted else {
            registered.status = .failed
            registered.unreachable = deleted.unreachable
            registered.message = .byImport(
                CatalogMessage.replacedNotDeleted(id: old, new: registered.id ?? 0, why: deleted.message.text).text)
            return registered
        }
        registered.message = .byImport(
            ([CatalogMessage.replacedProduct(old).text] + [registered.message.text].filter { !$0.isEmpty })
                .joined(separator: "; "))
        return registered
    }

    /// What a quiet command would have noted (a photo shrunk), for the report.
    private func notes(of report: CommandReport) -> RowResult.Message {
        let notes = (report.outcome?.output ?? []).compactMap { output -> String? in
            switch output {
            case .note(let text): text
            case .warning(let text): Message.warning(text).text
            default: nil
            }
        }
        return notes.isEmpty ? .none : .byImport(notes.joined(separator: "; "))
    }

    /// A failure in one line, for the summary and the report.
    static func oneLine(_ report: CommandReport) -> String {
        report.failure.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

extension ImportWork {
    var action: RowResult.Action {
        switch self {
        case .register: .register
        case .update: .update
        case .delete, .remove: .delete
        case .replace: .register
        }
    }

    var id: Int? {
        switch self {
        case .register: nil
        case .update(_, let id, _, _, _): id
        case .delete(let product), .remove(_, let product): product.id
        case .replace(_, let replacement): replacement.product.id
        }
    }
}

/// Waits for a second Ctrl-C once the first has stopped an import, and then runs its action
/// (cancelling the rows in flight). It listens from `start` on: the first Ctrl-C, which
/// cancelled the import and so started the watch, is not heard again.
final class InterruptWatcher: Sendable {
    private enum State {
        case idle
        case watching(Task<Void, Never>)
        case finished
    }

    private let state = Mutex(State.idle)

    /// - Parameter interrupts: subscribes to Ctrl-C (each call answers a stream of the presses
    ///   after it); nil when nobody can press it (a test, a pipe).
    func start(_ interrupts: (@Sendable () -> AsyncStream<Void>)?, then action: @escaping @Sendable () -> Void) {
        guard let interrupts else { return }
        state.withLock { state in
            // The import may have ended before it was cancelled: then there is nothing to watch.
            guard case .idle = state else { return }
            // Subscribed here, synchronously, before the first Ctrl-C's handler returns; the task
            // only waits for the next press.
            let presses = interrupts()
            state = .watching(
                Task {
                    for await _ in presses {
                        action()
                        return
                    }
                })
        }
    }

    /// The import is over: stop waiting (ending the subscription), and never start.
    func finish() {
        let watching = state.withLock { state -> Task<Void, Never>? in
            defer { state = .finished }
            if case .watching(let task) = state { return task }
            return nil
        }
        watching?.cancel()
    }
}
