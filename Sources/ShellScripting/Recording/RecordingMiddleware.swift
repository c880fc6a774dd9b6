import OpenMarketContract
import SellerShell

/// Writes each command that succeeded to the recording, when one is running, with the names
/// the layer inside bound (in the outcome).
struct RecordingMiddleware: CommandMiddleware {
    func handle(_ invocation: Invocation, context: CommandContext, next: CommandHandler) async throws -> CommandOutcome {
        let outcome = try await next(invocation, context)
        guard let runtime = context.scope?.runtime, runtime.recorder != nil else { return outcome }
        let recording = Recorder.Context(secrets: context.session.secrets.all, pathBase: context.pathBase)
        runtime.record(invocation, outcome: outcome, context: recording)
        return outcome
    }
}
