import Foundation
import OpenMarketContract

/// Where the shell's words go and where its questions come from. The shell knows nothing of
/// terminals: the `openmarket` executable implements this over libedit or plain pipes, and
/// tests implement it with scripted answers.
public protocol ShellConsole: AnyObject, Sendable {
    /// A command's result (stdout). In JSON mode, only the server's documents go here.
    func write(_ text: String)
    /// Messages, warnings, errors and traces (stderr).
    func note(_ text: String)
    /// A note that says what it is (an error, a warning), so a terminal can colour it.
    func note(_ text: String, kind: NoteKind)
    /// Asks a question and returns the answer, or nil when there is no one to ask (a script, a
    /// pipe) or the person cancelled.
    func ask(_ prompt: String) -> String?
    /// Asks for a secret without echoing it; nil as for `ask`.
    func askSecret(_ prompt: String) -> String?
    /// Whether a person is there to answer questions.
    var isInteractive: Bool { get }
    /// The entries of the line history, oldest first (empty when there is none).
    func history() -> [String]
}

extension ShellConsole {
    /// A console without colours prints every kind of note alike.
    public func note(_ text: String, kind: NoteKind) { note(text) }
}

/// How a command ended; the raw value is the process exit status the outer command line uses.
public enum CommandStatus: Int32, Sendable, Comparable {
    case ok = 0
    /// The server refused, or a local check failed.
    case failed = 1
    /// Unknown command or bad arguments.
    case usage = 2
    /// The server could not be reached or did not answer in time.
    case unreachable = 3
    case interrupted = 130

    public static func < (a: CommandStatus, b: CommandStatus) -> Bool { a.rawValue < b.rawValue }
}
