import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell

/// Writes the resume journal of the run a command belongs to (a script file's lines, an
/// import's rows; the key is the line or row number): `started` before a command whose outcome
/// could become unknown and must not simply be repeated (a create, `stock +N`, `source`), with
/// what is needed to find a create's product later; then `done` with what the line bound (the
/// outcome says), or `failed`. Reads only the typed command, its spec and its outcome. A read's
/// plain `done` is held back until the next entry that must reach the disk (`JournalHandle`).
struct JournalMiddleware: CommandMiddleware {
    nonisolated(nonsending) func handle(
        _ invocation: Invocation, context: CommandContext, next: CommandHandler
    ) async throws -> CommandOutcome {
        guard let scope = context.scope, let journal = scope.journal, let line = invocation.line else {
            return try await next(invocation, context)
        }
        let spec = invocation.spec
        let effect = spec.effect
        // Awaited only for a create: every `await` on a line's path is a hop back to its
        // executor, which a script's line pays for each layer (`scripts/bench-instructions`).
        let started =
            effect == .creates
            ? await createStarted(invocation, line: line, scope: scope, context: context)
            : invocation.command.repeatsSafely ? nil : JournalEntry(.started, number: line.number, hash: line.hash)
        if let started {
            guard journal.write(started) else { throw CommandFailure.alreadyReported(.failed) }
        }
        let outcome: CommandOutcome
        do {
            outcome = try await next(invocation, context)
        } catch {
            var entry = JournalEntry(.failed, number: line.number, hash: line.hash)
            let failure = CommandReport.classify(error)
            entry.status = failure.status.rawValue
            entry.unsure = failure.outcomeUnknown || effect == .script ? true : nil
            _ = journal.write(entry)
            throw error
        }
        var entry = done(line: line, outcome: outcome, reads: journal.reads, context: context)
        if effect == .creates {
            entry.vendorID = await context.vendor.known.id
            entry.id = outcome.product?.id
        }
        // A read's plain `done` may wait for the next entry (see `JournalHandle`): lost in a
        // crash, it only makes a resume read again. Not a read that wrote a file or started a
        // program (`export`, `open`): done again, it would refuse the file it made, or show twice.
        // When the next line sends a request at once, a full batch of them is written while that
        // request is out.
        _ = journal.write(
            entry, mayWait: effect == .reads && !spec.changesThisMachine && entry.isPlain,
            later: context.holdsOutput ? context.heldOutput : nil)
        return outcome
    }

    /// A create's `started` entry, with what finds its product again.
    private func createStarted(
        _ invocation: Invocation, line: (number: Int, hash: String), scope: LineScope, context: CommandContext
    ) async -> JournalEntry {
        var entry = JournalEntry(.started, number: line.number, hash: line.hash)
        if let newest = scope.newest { entry.afterID = await scope.runtime.afterID(newest, using: context.client) }
        entry.at = Date().timeIntervalSince1970
        entry.name = invocation.command.productName
        (entry.vendorID, entry.vendorName) = await context.vendor.known
        entry.bindAs = invocation.bindAs
        return entry
    }

    /// The `done` entry but for what a create adds (its vendor and product).
    private func done(
        line: (number: Int, hash: String), outcome: CommandOutcome, reads: JournalReads, context: CommandContext
    ) -> JournalEntry {
        var entry = JournalEntry(.done, number: line.number, hash: line.hash)
        // `last` is the named product when there is one, so it is stored once; and only when the
        // script reads `last` at all (encoding every `show`'s product would cost more than the
        // request).
        // Only `last` (every `show`) in a script that never reads it: nothing to keep, and no
        // dictionaries made to find that out.
        let onlyLast = outcome.boundNames.allSatisfy { $0 == "last" }
        if let product = outcome.product, !outcome.boundNames.isEmpty, reads.contains(.last) || !onlyLast {
            var bound: [String: ProductBinding] = [:]
            for name in outcome.boundNames { bound[name] = ProductBinding(product) }
            let named = bound.filter { $0.key != "last" }
            entry.bind = !named.isEmpty ? named : bound
        }
        if !outcome.variablesSet.isEmpty {
            let variables = outcome.variablesSet.filter { !context.records.secrets.occurs(in: $0.value) }
            entry.vars = variables.isEmpty ? nil : variables
        }
        // A raw request's answer, for `${response…}` after a resume skips the line, as the names
        // layer inside this one has just set it (not one too large for a line of the journal:
        // its size instead).
        if reads.contains(.response), let answer = outcome.answer {
            if answer.body.count <= JournalEntry.responseLimit {
                entry.response = context.scope?.variables[BindingMiddleware.responseName]
            } else {
                entry.responseBytesNotKept = answer.body.count
            }
        }
        return entry
    }
}
