import CEditLine
import Foundation

/// What one call to `LineReader.readLine()` produced.
public enum ReadResult: Equatable, Sendable {
    /// A line, without its line ending.
    case line(String)
    /// Ctrl-C while the line was being edited; the reader has already moved to a fresh line.
    case interrupted
    /// End of input (Ctrl-D on an empty line, or a closed pipe); on a terminal the reader has
    /// already moved to a fresh line.
    case eof
}

/// One completion candidate: the full replacement for the word being completed, and an optional
/// note shown beside it in the candidate list (never inserted).
public struct Completion: Sendable, Equatable {
    public var text: String
    public var hint: String?

    public init(_ text: String, hint: String? = nil) {
        self.text = text
        self.hint = hint
    }
}

/// Called on TAB with the line up to the cursor; returns the word being completed (a suffix of
/// `lineBeforeCursor`) and its candidates (full replacements for that word).
public typealias Completer = @Sendable (_ lineBeforeCursor: String) -> (word: String, candidates: [Completion])

/// Reads command lines: with editing, history and completion on a terminal, plainly otherwise.
/// One caller at a time; any thread: a reader is handed between tasks (the prompt reads a line,
/// then the command it starts may ask a question through the same reader).
public protocol LineReader: AnyObject, Sendable {
    /// May contain colour codes bracketed by "\u{1}" on both sides, so they take no width.
    var prompt: String { get set }
    var isInteractive: Bool { get }
    /// Blocks until a line, Ctrl-C or end of input. The line ending is stripped.
    func readLine() -> ReadResult
    /// Blank lines are skipped. Never pass secrets.
    func addHistory(_ line: String)
    /// Takes back the newest entry equal to `line` (one that turned out to hold a secret): it is
    /// neither recalled nor saved.
    func forgetHistory(_ line: String)
    /// Reads one line without echo on a terminal. nil on end of input or Ctrl-C.
    func readSecret(prompt: String) -> String?
    /// Adds this reader's lines to the history file (mode 0600, parent folders created) if it
    /// has one, after what the file holds then: another shell's lines saved meanwhile stay.
    func saveHistory()
    /// The history, oldest first.
    func history() -> [String]
    /// What Ctrl-R shows before the text searched for, while an entry holds it (`found`) and
    /// once none does: the reader's language's words. A reader without the search ignores them.
    func setSearchLabels(found: String, failed: String)
}

extension LineReader {
    public func setSearchLabels(found: String, failed: String) {}
}

public enum LineReaders {
    /// Makes the C library decode and measure UTF-8 (libedit reads through mbrtowc/wcwidth; in
    /// the "C" locale Korean input is dropped). Uses the environment's locale when it is UTF-8,
    /// else C.UTF-8. Call it early: setlocale is not thread-safe. Returns the LC_CTYPE locale.
    @discardableResult
    public static func ensureUTF8Locale() -> String {
        if setlocale(LC_CTYPE, "") == nil || !codesetIsUTF8() {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
        return setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
    }

    static func codesetIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// An editing reader when stdin and stdout are both terminals (and `forcePlain` is false),
    /// else a plain one: `Swift.readLine`, no prompt, no echo, history kept for this run only.
    public static func make(
        programName: String,
        historyFile: URL?,
        completer: Completer?,
        forcePlain: Bool = false
    ) -> any LineReader {
        if !forcePlain, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
            // An application that chose a UTF-8 locale itself keeps it.
            if !codesetIsUTF8() {
                ensureUTF8Locale()
            }
            if let reader = EditLineReader(programName: programName, historyFile: historyFile, completer: completer) {
                return reader
            }
        }
        return PlainLineReader()
    }
}

extension String {
    /// Strips "\n", "\r\n" or "\r" by scalars: "\r\n" is a single Character, so
    /// `hasSuffix("\n")` would miss it.
    func strippingLineEnding() -> String {
        var scalars = Substring(self).unicodeScalars
        if scalars.last == "\n" {
            scalars.removeLast()
        }
        if scalars.last == "\r" {
            scalars.removeLast()
        }
        return String(scalars)
    }
}
