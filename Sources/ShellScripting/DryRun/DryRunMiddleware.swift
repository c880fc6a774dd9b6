import OpenMarketContract
import SellerShell

/// A dry run: before each command of a script, the line it came from; a create's product gets
/// the name it will have (`<id of mug>`); what the commands print is dropped, since the answers
/// are made up (the requests themselves are printed by `DryRunTransport`).
struct DryRunMiddleware: CommandMiddleware {
    let transport: DryRunTransport

    nonisolated(nonsending) func handle(
        _ invocation: Invocation, context: CommandContext, next: CommandHandler
    ) async throws -> CommandOutcome {
        let effect = invocation.spec.effect
        await before(invocation, context: context)
        var outcome = try await next(invocation, context)
        if effect != .none { outcome.output = [] }
        return outcome
    }

    private func before(_ invocation: Invocation, context: CommandContext) async {
        let effect = invocation.spec.effect
        guard let location = invocation.location, effect != .none, effect != .script else { return }
        // A variable is the script's own business: no request, no heading.
        if let set = invocation.command as? SetVariable, case .variable = set.action { return }
        context.console.write("\n# \(location): \(invocation.text)")
        if effect == .creates, let line = invocation.line {
            // A real run of the file keeps a journal (not inside `source`), which asks for the
            // newest id before the first create: shown and counted here too.
            if let scope = context.scope, let newest = scope.newest {
                _ = await scope.runtime.afterID(newest, using: context.client)
            }
            transport.label(nextCreate: invocation.bindAs ?? "line \(line.number)")
        }
    }
}
