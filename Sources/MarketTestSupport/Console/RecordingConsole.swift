import Foundation
import SellerShell
import Synchronization

/// A `ShellConsole` for tests: keeps everything written to it and answers questions from lists.
///
/// ```swift
/// let console = RecordingConsole(interactive: true, answers: ["y"])
/// let shell = ShellSession(configuration: ShellConfiguration(serverURL: market.baseURL), console: console)
/// _ = await shell.execute("health")
/// #expect(console.out.contains("answers OK"))
/// ```
public final class RecordingConsole: ShellConsole, Sendable {
    private struct State {
        var outLines: [String] = []
        var noteLines: [String] = []
        var answers: [String]
        var secrets: [String]
        var history: [String] = []
        var pages: [String] = []
        /// Writes and notes together, in the order they came.
        var both: [String] = []
        var screenClears = 0
    }

    private let state: Mutex<State>
    public let isInteractive: Bool
    private let editor: (@Sendable (_ path: String) -> EditorOutcome)?

    /// - Parameters:
    ///   - interactive: whether a person is there to answer (`isInteractive`).
    ///   - answers: the answers to `ask`, in order; nil once they run out.
    ///   - secrets: the answers to `askSecret`, in order; nil once they run out.
    ///   - editor: plays the person's text editor for `editFile(at:)` (changes the file at the
    ///     path it is given); without it there is no terminal to edit on.
    public init(
        interactive: Bool = false, answers: [String] = [], secrets: [String] = [],
        editor: (@Sendable (_ path: String) -> EditorOutcome)? = nil
    ) {
        isInteractive = interactive
        self.editor = editor
        state = Mutex(State(answers: answers, secrets: secrets))
    }

    /// Everything written (stdout), one entry per `write`, joined by line breaks.
    public var out: String { state.withLock { $0.outLines.joined(separator: "\n") } }
    /// Everything noted (stderr), and `? PROMPT` for each question asked, joined by line breaks.
    public var notes: String { state.withLock { $0.noteLines.joined(separator: "\n") } }
    /// Everything written and noted, in the order it came, joined by line breaks.
    public var transcript: String { state.withLock { $0.both.joined(separator: "\n") } }
    /// Each `write`, in order.
    public var outputs: [String] { state.withLock { $0.outLines } }
    /// Each `write` and `note`, in the order they came.
    public var entries: [String] { state.withLock { $0.both } }

    /// How many times the screen was cleared (`clear`, on an interactive console).
    public var screenClears: Int { state.withLock { $0.screenClears } }

    /// An interactive console plays a terminal: the clear is counted.
    public func clearScreen() -> Bool {
        guard isInteractive else { return false }
        state.withLock { $0.screenClears += 1 }
        return true
    }

    /// The entries `history()` returns.
    public var historyEntries: [String] {
        get { state.withLock { $0.history } }
        set { state.withLock { $0.history = newValue } }
    }

    /// Forgets what was written and noted so far.
    public func clear() {
        state.withLock {
            $0.outLines = []
            $0.noteLines = []
            $0.both = []
        }
    }

    public func write(_ text: String) {
        state.withLock {
            $0.outLines.append(text)
            $0.both.append(text)
        }
    }

    /// A result meant for the pager: written (it is in `out`) and kept in `pages` too.
    public func page(_ text: String) {
        state.withLock {
            $0.outLines.append(text)
            $0.both.append(text)
            $0.pages.append(text)
        }
    }

    /// Each `page`, in order (what a terminal would have shown through `$PAGER`).
    public var pages: [String] { state.withLock { $0.pages } }
    public func note(_ text: String) {
        state.withLock {
            $0.noteLines.append(text)
            $0.both.append(text)
        }
    }

    public func ask(_ prompt: String) -> String? {
        state.withLock {
            $0.noteLines.append("? " + prompt)
            return $0.answers.isEmpty ? nil : $0.answers.removeFirst()
        }
    }

    public func askSecret(_ prompt: String) -> String? {
        state.withLock { $0.secrets.isEmpty ? nil : $0.secrets.removeFirst() }
    }

    public func history() -> [String] { historyEntries }

    public func addToHistory(_ line: String) { state.withLock { $0.history.append(line) } }

    /// Adds answers to `ask` and `askSecret` (a secret known only once the market is running).
    public func queue(answers: [String] = [], secrets: [String] = []) {
        state.withLock {
            $0.answers += answers
            $0.secrets += secrets
        }
    }

    public func editFile(at path: String) -> EditorOutcome { editor?(path) ?? .noTerminal }
}
