import OpenMarketContract
import SellerShell

/// A dry run: before each command of a script, the line it came from; a create's product gets
/// the name it will have (`<id of mug>`); what the commands print is dropped, since the answers
/// are made up (the requests themselves are printed by `DryRunTransport`).
struct DryRunMiddleware: CommandMiddleware {
    let transport: DryRunTransport

    func willRun(_ invocation: Invocation, in session: isolated SellerShell) async throws {
        let effect = invocation.spec.effect
        guard let location = invocation.location, effect != .none, effect != .script else { return }
        // A variable is the script's own business: no request, no heading.
        if let set = invocation.command as? SetVariable, case .variable = set.action { return }
        session.console.write("\n# \(location): \(invocation.text)")
        if effect == .creates, let line = invocation.line {
            // A real run of the file keeps a journal (not inside `source`), which asks for the
            // newest id before the first create: shown and counted here too.
            if session.scripting.sourceDepth == 0 { await session.noteNewestBeforeFirstCreate() }
            transport.label(nextCreate: invocation.bindAs ?? "line \(line.number)")
        }
    }

    func didRun(_ invocation: Invocation, outcome: CommandOutcome, in session: isolated SellerShell) async -> CommandOutcome {
        guard invocation.spec.effect != .none else { return outcome }
        var quiet = outcome
        quiet.output = []
        return quiet
    }
}
