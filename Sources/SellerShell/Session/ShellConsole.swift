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
    /// Asks for a one-key answer (`--step`'s Enter, `s`, `c`, `q`): a terminal takes the key as
    /// it is pressed, without Enter (Enter itself answers ""); other consoles read a line. Nil as
    /// for `ask` (Ctrl-C and Ctrl-D are no answer).
    func askKey(_ prompt: String) -> String?
    /// Asks for a secret without echoing it; nil as for `ask`.
    func askSecret(_ prompt: String) -> String?
    /// Whether a person is there to answer questions.
    var isInteractive: Bool { get }
    /// The width of the terminal results are written to, in columns; nil when they do not go to
    /// a terminal (a pipe, a file, a test), where nothing is folded.
    var columns: Int? { get }
    /// The entries of the line history, oldest first (empty when there is none).
    func history() -> [String]
    /// Adds a line to the history (a command completed by questions, so Up-arrow retries it
    /// whole); nothing where there is no history.
    func addToHistory(_ line: String)
    /// Asks for a file path, completing paths on TAB where the console can.
    func askPath(_ prompt: String) -> String?
    /// Opens the file at `path` in the person's text editor and returns once it has exited.
    /// Without a terminal (a script, a pipe) there is no one to edit: `.noTerminal`.
    func editFile(at path: String) -> EditorOutcome
    /// A result that may be taller than the screen (a product table): a terminal shows it
    /// through `$PAGER` when it does not fit; everywhere else it is `write`.
    func page(_ text: String)
    /// Clears the terminal's screen (`clear`); false when there is no terminal to clear.
    func clearScreen() -> Bool
    /// Where photos can be drawn: only a console writing to a terminal has one (nil: nothing is
    /// drawn, as in a pipe, a script's output or a test).
    var photoCanvas: (any PhotoCanvas)? { get }
    /// From now until `endScreenful`, what is written pauses each time the screen is full, as
    /// `more` does, so the lines `keeping` (a stepped lesson's command) stay on the screen with
    /// the first lines of a long answer. A console without a terminal has no screen: no-op.
    func beginScreenful(keeping: [String])
    /// Ends the screenful, and says what the person answered at its pauses: `c` (the rest
    /// without stopping), `q` (stop: the rest of it was not shown), or nothing of the kind.
    @discardableResult func endScreenful() -> ScreenfulEnd
}

/// How a screenful's pauses were answered (`ShellConsole.endScreenful`).
public enum ScreenfulEnd: Sendable, Equatable {
    /// Shown whole, each pause answered with Enter (or no pause at all).
    case shown
    /// `c` at a pause: the rest without stopping, and a stepped run to its end without pages.
    case continueToEnd
    /// `q` (or Ctrl-C) at a pause: the rest was not shown, and a stepped run stops.
    case quit
}

extension ShellConsole {
    /// `warning: …`, coloured as a warning where the console can.
    public func warn(_ text: String) { note(Message.warning(text).text, kind: .warning) }
    public func page(_ text: String) { write(text) }
    public func clearScreen() -> Bool { false }
    public var photoCanvas: (any PhotoCanvas)? { nil }
    public func addToHistory(_ line: String) {}
    public func askPath(_ prompt: String) -> String? { ask(prompt) }
    public func askKey(_ prompt: String) -> String? { ask(prompt) }
    public var columns: Int? { nil }
    public func beginScreenful(keeping: [String]) {}
    @discardableResult public func endScreenful() -> ScreenfulEnd { .shown }
    public func editFile(at path: String) -> EditorOutcome { .noTerminal }
}

/// How opening a file in an editor ended.
public enum EditorOutcome: Sendable, Equatable {
    /// The editor exited normally; the file holds whatever was saved.
    case edited
    /// There is no terminal to run an editor on.
    case noTerminal
    /// The editor could not start, or exited with a failure (the message says which).
    case failed(Message)
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
