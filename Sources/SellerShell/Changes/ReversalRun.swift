import Foundation
import OpenMarketAPI
import OpenMarketContract

/// How `undo` and `redo` run: find the unit, read every change of it against the market,
/// refuse what stops it, show the plan (`--dry-run`: only that), ask when it deletes or is a
/// batch, then send and mark each change in the log.
struct ReversalRequest: Sendable {
    var direction: Reversal.Direction
    var number: Int?
    var force: Bool
    var yes: Bool
    var dryRun: Bool

    nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        guard let keeping = context.changes else {
            throw CommandFailure.failed(Message.nothingToReverseNoLog(undo: direction == .undo).text)
        }
        guard let log = keeping.log else {
            throw CommandFailure.failed(Message.reverseNeedsLogin.text)
        }
        let (entries, damaged) = try log.readBack()
        let history = ChangeHistory(entries)
        let unit = try history.unit(toReverse: number, undo: direction == .undo)
        let reversal = Reversal(direction: direction, history: history, log: log)
        let changes = reversal.changes(of: unit)
        var steps: [Reversal.Step] = []
        for change in changes {
            try Task.checkCancellation()
            steps.append(try await reversal.prepare(change, in: context))
        }
        steps = Reversal.Step.inOrder(steps)
        let label = unit.label
        let undo = direction == .undo
        let blockers = ReversalMessage.together(steps.compactMap(\.blocker))
        if !blockers.isEmpty {
            throw CommandFailure.failed(
                ReversalMessage.cannotReverse(
                    undo: undo, number: unit.number, label: label, blockers: Array(blockers.prefix(5)),
                    more: max(0, blockers.count - 5)
                ).text)
        }
        let conflicts = steps.compactMap(\.conflict)
        if dryRun {
            var lines =
                [Message.reverseDryRun(undo: undo, number: unit.number, label: label).text]
                + steps.map { "  " + $0.request.text }
            lines += conflicts.map { "  " + ReversalMessage.dryRunNote($0).text }
            return CommandOutcome([.text(lines.joined(separator: "\n")), .note(Message.dryRunNothingSent.text)])
        }
        if !conflicts.isEmpty, !force {
            throw CommandFailure.failed(
                ReversalMessage.conflicts(
                    undo: undo, number: unit.number, conflicts: Array(conflicts.prefix(5)), more: max(0, conflicts.count - 5),
                    agent: Self.forAgent(context)
                ).text)
        }
        guard try confirm(steps, unit: unit, label: label, in: context) else {
            return .note(Message.reverseCancelled(undo: direction == .undo).text)
        }
        var outcome = try await send(steps, unit: unit, label: label, reversal: reversal, log: log, in: context)
        if let line = damaged.first {
            outcome.output.append(
                .note(ReversalMessage.damagedLog(path: log.path, count: damaged.count, line: line, undo: undo).text))
        }
        return outcome
    }

    /// Under the log's lock, before anything is sent: each change is still as it was read, not
    /// taken back (or made again) by another shell meanwhile.
    private func checkUnchanged(_ steps: [Reversal.Step], in history: ChangeHistory) throws(CommandFailure) {
        for step in steps {
            let number = step.change.entry.number
            let now = history.unit(holding: number)?.changes.first { $0.entry.number == number }
            guard let now, now.undone == step.change.undone, now.state == step.change.state else {
                throw .failed(ChangeLogMessage.changedByAnotherShell(number: number, command: direction.name).text)
            }
        }
    }

    /// Whether the command runs for an assistant (`openmarket mcp`), which passes the `undo`
    /// tool's arguments, not the shell's flags.
    static func forAgent(_ context: CommandContext) -> Bool {
        if case .agent = context.access.reader { true } else { false }
    }

    /// A batch: the plan, then the seller types the number of changes (as `import` asks). One
    /// change that deletes: the usual `[y/N]`. Without a terminal a delete needs `--yes`.
    private func confirm(
        _ steps: [Reversal.Step], unit: ChangeHistory.Unit, label: String, in context: CommandContext
    ) throws(CommandFailure) -> Bool {
        let deletes = steps.filter(\.deletes).count
        if yes || (unit.batch == nil && deletes == 0) { return true }
        guard context.console.isInteractive else {
            guard deletes == 0 else {
                throw .usage(Message.reverseDeletesNeedYes(undo: direction == .undo, number: unit.number, deletes: deletes).text)
            }
            return true
        }
        if unit.batch == nil, let step = steps.first {
            return context.console.confirm(
                .reverseOneQuestion(undo: direction == .undo, number: unit.number, plan: step.plan.text))
        }
        let plan =
            [ReversalMessage.batchPlan(undo: direction == .undo, number: unit.number, label: label).text]
            + steps.prefix(20).map { "  " + $0.plan.text }
            + (steps.count > 20 ? ["  " + ReversalMessage.andMore(steps.count - 20).text] : [])
        // The plan is for the seller to read before answering, as `import` shows its own.
        context.console.write(plan.joined(separator: "\n") + "\n")
        let count = steps.count
        let answer = context.console.ask(Message.typeCountToReverse(undo: direction == .undo, count: count).text)
        return answer?.trimmingCharacters(in: .whitespaces) == String(count)
    }

    /// `Mug is back as #12 (it was #9)`: a product registered again under a new id.
    private static func backAs(_ product: Product, _ replaced: ChangeEntry.Replacement) -> String {
        Message.backAs(name: ProductLabel.name(product.name), new: replaced.new, old: replaced.old).text
    }

    /// Sends each step in turn and marks it in the log; a batch goes on past a failure and says
    /// which failed, and names each product it brings back under a new id, as one undone alone
    /// is named.
    private func send(
        _ steps: [Reversal.Step], unit: ChangeHistory.Unit, label: String, reversal: Reversal, log: ChangeLog,
        in context: CommandContext
    ) async throws -> CommandOutcome {
        let undo = direction == .undo
        var lines: [String] = []
        var back: [String] = []
        var problems: [String] = []
        var last: ProductResult?
        var replacements: [Int: ProductResult] = [:]
        var warnings: [String] = []
        // Held from the check to the last mark: a second shell's undo of the same change waits,
        // then finds it undone. A shell killed meanwhile lets go of it (the lock is its open file).
        let hold = context.dryRun ? nil : try await log.hold()
        defer { hold?.close() }
        if let hold { try checkUnchanged(steps, in: hold.history()) }
        for step in steps {
            try Task.checkCancellation()
            let done: Reversal.Done
            do {
                done = try await reversal.perform(step, in: context)
            } catch {
                if unit.changes.count == 1 { throw error }
                let why = await context.commands.failureReport(error, Undo(number: step.change.entry.number)).failure.first
                problems.append(ReversalMessage.changeFailed(number: step.change.entry.number, why: why ?? "\(error)").text)
                continue
            }
            last = done.result ?? last
            if let replaced = done.replaced, let result = done.result { replacements[replaced.old] = result }
            if let replaced = done.replaced, let product = done.result?.product {
                back.append(Self.backAs(product, replaced))
                lines.append(back[back.count - 1])
            } else {
                lines.append(step.plan.text)
            }
            // A dry run sent nothing: the log is left as it was.
            guard let hold else { continue }
            do {
                try hold.mark(
                    direction.event, number: step.change.entry.number, session: context.changes?.session ?? "",
                    result: done.result?.product, replaced: done.replaced, photos: done.photos)
            } catch {
                warnings.append(ReversalMessage.logDoesNotKnow(problem: error.message, undo: direction == .undo).text)
            }
        }
        hold?.release()
        let done = steps.count - problems.count
        let head =
            unit.batch == nil
            ? Message.reversed(undo: undo, number: unit.number, what: lines.first ?? label).text
            : Message.reversedSome(undo: undo, number: unit.number, label: label, done: done, total: steps.count).text
        if !problems.isEmpty {
            throw CommandFailure.failed(([head] + problems.prefix(10)).joined(separator: "; "))
        }
        var outcome = CommandOutcome([.text(head)] + (unit.batch == nil ? [] : back.map { .text("  " + $0) }))
        outcome.output += warnings.map { .warning($0) }
        outcome.product = last
        outcome.replacements = replacements
        return outcome
    }
}
