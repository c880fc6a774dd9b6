import Foundation
import OpenMarketContract
import SellerShell

/// What the scripting layer keeps in the session: variables and named products, the recording,
/// the journal of the file being run, and what the last command bound. Kept in the session
/// actor (`SellerShell.state(_:)`) and only ever touched from its executor, through
/// `SellerShell.scripting`; a class so that the commands and middleware share one instance.
final class ScriptingState: @unchecked Sendable {
    var variables: ScriptVariables
    var recorder: Recorder? {
        didSet { recordingChanged?(recorder?.path) }
    }
    /// Told when a recording starts or stops (the prompt shows it).
    var recordingChanged: (@Sendable (String?) -> Void)?
    let dryRun: DryRunTransport?
    var progress: (any ScriptProgress)?
    /// How many times Ctrl-C has been pressed (the program counts them): a second one while
    /// an import lets its rows in flight finish cancels them.
    var interrupts: (@Sendable () -> AsyncStream<Void>)?
    var sourceDepth = 0
    /// The highest product id any command has returned: a product made by a create sent later
    /// has a higher one (ids only grow), which tells it apart from an older namesake.
    var highestSeenID = 0
    /// The journal of the file being run at the top level (nil inside `source` and at the prompt).
    var journal: JournalFile?
    /// Why the journal could not be written: the run stops so that --resume stays safe.
    var journalFailure: String?
    /// Whether the script reads `last` (only then is `last` kept in the journal).
    var readsLast = false
    /// Whether this run has asked the server for its newest id before its first create.
    var askedNewest = false
    /// What the command that just ran bound, and the variables it set, for the journal.
    var bound: [String: ProductBinding] = [:]
    var setVariables: [String: String] = [:]
    /// The status a script's `exit N` asked the program to leave with.
    var exitCode: Int32?

    init(variables: ScriptVariables, dryRun: DryRunTransport?, progress: (any ScriptProgress)?) {
        self.variables = variables
        self.dryRun = dryRun
        self.progress = progress
    }
}

extension SellerShell {
    /// The scripting layer's state in this session.
    var scripting: ScriptingState {
        if let state = state(ScriptingState.self) { return state }
        let state = ScriptingState(variables: ScriptVariables(), dryRun: nil, progress: nil)
        setState(state)
        return state
    }
}

extension SellerShell {
    /// See `ScriptSession.requestedExitCode`.
    var scriptExitCode: Int32? { scripting.exitCode }
}
