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
        // Taken once: `spec` is a copy of the command's whole description each time it is asked.
        let spec = invocation.spec
        let effect = spec.effect
        if let started = await started(invocation, effect: effect, line: line, scope: scope, context: context) {
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
        let entry = await done(
            invocation, creates: effect == .creates, line: line, outcome: outcome, reads: journal.reads, context: context)
        // A read's plain `done` may wait for the next entry (see `JournalHandle`): lost in a
        // crash, it only makes a resume read again. Not a read that wrote a file or started a
        // program (`export`, `open`): done again, it would refuse the file it made, or show twice.
        _ = journal.write(entry, mayWait: effect == .reads && !spec.changesThisMachine && entry.isPlain)
        return outcome
    }

    /// The `started` entry, for a create (with what finds its product again) or a command not
    /// safe to repeat; nil for the others.
    private func started(
        _ invocation: Invocation, effect: CommandSpec.Effect, line: (number: Int, hash: String), scope: LineScope,
        context: CommandContext
    ) async -> JournalEntry? {
        var entry = JournalEntry(.started, number: line.number, hash: line.hash)
        guard effect == .creates else { return invocation.command.repeatsSafely ? nil : entry }
        if let newest = scope.newest { entry.afterID = await scope.runtime.afterID(newest, using: context.client) }
        entry.at = Date().timeIntervalSince1970
        entry.name = invocation.command.productName
        (entry.vendorID, entry.vendorName) = await context.vendor.known
        entry.bindAs = invocation.bindAs
        return entry
    }

    private func done(
        _ invocation: Invocation, creates: Bool, line: (number: Int, hash: String), outcome: CommandOutcome,
        reads: JournalReads, context: CommandContext
    ) async -> JournalEntry {
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
        if creates {
            entry.vendorID = await context.vendor.known.id
            entry.id = outcome.product?.id
        }
        return entry
    }
}
