import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization

/// Innermost in a plan's run, inside the change log's: the command runs as a dry run (`undo`
/// marks nothing in the log, nothing is journalled to resume from) but still reads what the
/// change log would need and reports its changes, before → after, which this takes for the
/// plan (so the change log writes none, and it is kept from the commands but `undo`'s). Files the command writes go to the plan's scratch
/// folder. An `import` runs its rows for real (they are planned each through this middleware
/// too): its own dry run would plan no request.
struct PlanMiddleware: CommandMiddleware {
    let collected: CollectedChanges
    let access: AccessPolicy
    /// The plan's transport, told the session's vendor (to answer another's product as the market would).
    let transport: PlanningTransport

    nonisolated(nonsending) func handle(
        _ invocation: Invocation, context: CommandContext, next: CommandHandler
    ) async throws -> CommandOutcome {
        var context = context
        context.dryRun = invocation.spec.effect != .script
        context.changes?.keeps = true
        // Only `undo` and `redo` read the log (and mark nothing on a dry run); to any other
        // command there is none, so a command over several products that fails for one writes
        // its planned changes nowhere.
        if !(invocation.command is Undo || invocation.command is Redo) { context.changes?.log = nil }
        context.access = access
        transport.know(vendorID: context.settings.vendorID)
        if let reversal = Self.reversal(invocation.command, context) { collected.reversing(reversal) }
        var outcome = try await next(invocation, context)
        collected.add(outcome.changes)
        outcome.changes = []
        return outcome
    }
}

extension PlanMiddleware {
    /// What an `undo` or `redo` takes back or makes again: the unit of the change log it names
    /// (by its number, else the latest this direction applies to), read from the log, typed, as
    /// the command chooses it (nil where the command refuses, a row of an import among them).
    static func reversal(_ command: any ShellCommand, _ context: CommandContext) -> PlanMessage? {
        let number: Int?
        let undo: Bool
        if let undoing = command as? Undo {
            (number, undo) = (undoing.number, true)
        } else if let redoing = command as? Redo {
            (number, undo) = (redoing.number, false)
        } else {
            return nil
        }
        guard let log = context.changes?.log, let entries = try? log.entries(),
            let unit = try? ChangeHistory(entries).unit(toReverse: number, undo: undo)
        else { return nil }
        return undo ? .undoes(number: unit.number, summary: unit.label) : .redoes(number: unit.number, summary: unit.label)
    }
}

/// The changes a plan's commands reported, in order, and the change an `undo` or `redo` takes.
final class CollectedChanges: Sendable {
    private let changes = Mutex<[ProductChange]>([])
    private let reversal = Mutex<PlanMessage?>(nil)

    func add(_ more: [ProductChange]) { changes.withLock { $0 += more } }

    func reversing(_ message: PlanMessage) { reversal.withLock { $0 = message } }

    var all: [ProductChange] { changes.withLock { $0 } }

    /// Every change collected so far, forgotten here.
    func take() -> [ProductChange] {
        changes.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    /// `It takes back change 7: …`, for an `undo` or `redo` plan.
    var reversed: PlanMessage? { reversal.withLock { $0 } }
}

/// Innermost in the agent's main session: what its commands may touch (during an apply, writes
/// go to that apply's own scratch folder), and the changes they made, before → after, as the
/// plan's run collects them but left in the outcome (the change log still keeps them): an
/// applied write's result lists them all (every product of an undone batch, an import's rows).
final class AccessMiddleware: CommandMiddleware {
    let access: Mutex<AccessPolicy>
    let applied = CollectedChanges()

    init(access: AccessPolicy) { self.access = Mutex(access) }

    nonisolated(nonsending) func handle(
        _ invocation: Invocation, context: CommandContext, next: CommandHandler
    ) async throws -> CommandOutcome {
        var context = context
        context.access = access.withLock { $0 }
        let outcome = try await next(invocation, context)
        applied.add(outcome.changes)
        return outcome
    }
}
