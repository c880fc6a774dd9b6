import OpenMarketContract
import SellerShell

/// Writes each command that succeeded to the recording, when one is running.
struct RecordingMiddleware: CommandMiddleware {
    func didRun(_ invocation: Invocation, outcome: CommandOutcome, in session: isolated SellerShell) async -> CommandOutcome {
        guard let recorder = session.scripting.recorder else { return outcome }
        let context = Recorder.Context(secrets: session.secrets.all, pathBase: session.pathBase)
        recorder.record(invocation, outcome: outcome, context: context)
        return outcome
    }
}
