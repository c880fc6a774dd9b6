import OpenMarketContract
import SellerShell

/// Writes each command that succeeded to the recording, when one is running, with the names
/// the layer inside bound (in the outcome).
struct RecordingMiddleware: CommandMiddleware {
    nonisolated(nonsending) func handle(
        _ invocation: Invocation, context: CommandContext, next: CommandHandler
    ) async throws -> CommandOutcome {
        let outcome = try await next(invocation, context)
        guard let recording = context.scope?.runtime.recording, recording.recorder != nil else { return outcome }
        let written = Recorder.Context(secrets: context.records.secrets.all, pathBase: context.pathBase)
        recording.record(invocation, outcome: outcome, context: written)
        return outcome
    }
}
