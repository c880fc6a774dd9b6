import Foundation
import SellerShell
import Synchronization

/// The session's recording (`record FILE`, `--record FILE`): the `Recorder` running, if any.
/// Read by every command's middleware, so behind a lock of its own rather than an actor's;
/// the recorder keeps its own order (an import's rows finish at once).
final class Recording: Sendable {
    private let running = Mutex<Recorder?>(nil)

    /// The recording running, if any.
    var recorder: Recorder? { running.withLock { $0 } }

    /// Starts writing to `path` (`~` from the session's `$HOME`, in `variables`' environment),
    /// for a session on `server`; the names `variables` holds are reserved, and `index` (what
    /// the prompt shows) learns where the recording goes.
    func begin(
        _ path: String, all: Bool, server: URL, variables: ScriptVariables, index: ShellIndex, asTest: Bool = false
    ) throws(CommandFailure) {
        if let recorder {
            throw .usage(ScriptMessage.alreadyRecording(recorder.path).text)
        }
        let typed = TypedPaths(environment: variables.environment)
        let recorder = try Recorder(path: typed.expandingTilde(path), all: all, server: server, asTest: asTest)
        for name in variables.values.keys { recorder.reserve(name) }
        running.withLock { $0 = recorder }
        index.setRecording(recorder.path)
    }

    /// Writes a command that succeeded, when a recording is running.
    func record(_ invocation: Invocation, outcome: CommandOutcome, context: Recorder.Context) {
        recorder?.record(invocation, outcome: outcome, context: context)
    }

    /// Ends the recording, if one runs.
    func stop(index: ShellIndex) {
        running.withLock { running in
            running?.close()
            running = nil
        }
        index.setRecording(nil)
    }
}
