import CEditLine
import Foundation
import LineEditor
import OpenMarketContract
import SellerShell
import ShellScripting
import Synchronization
import TerminalText

/// The shell's console over a line reader: results to stdout, everything else to stderr,
/// questions through the reader (libedit on a terminal, the next input line otherwise).
final class TerminalConsole: ShellConsole, Sendable {
    // The reader is used by one caller at a time: the REPL reads a line, then the shell runs it
    // and may ask a question through the same reader before the next line is read.
    private let reader: any LineReader
    /// Held while a question, the editor or the pager has the terminal.
    private let terminal = Mutex(())
    private let progress: ProgressLine?
    /// Whether errors and warnings are coloured (a terminal, no --no-color, NO_COLOR or TERM=dumb).
    private let color: Bool
    /// The line editor's completion, told when a question wants a path.
    private let completion: IndexBox?

    /// Where photos are drawn: set only when standard output is a terminal.
    let photoCanvas: (any PhotoCanvas)?

    /// `--step`'s screenful while one runs: the rows filled since it began (or since the last
    /// pause), the screen's rows, and whether the person said to stop pausing.
    private struct Screenful {
        var used: Int
        let rows: Int
        let columns: Int
        var pausing = true
        /// What the person answered at a pause (`q`: nothing more is shown until it ends).
        var answer: ScreenfulEnd = .shown
    }

    private let screenful = Mutex<Screenful?>(nil)

    init(
        reader: any LineReader, progress: ProgressLine? = nil, color: Bool = false, completion: IndexBox? = nil,
        photoCanvas: (any PhotoCanvas)? = nil
    ) {
        self.reader = reader
        self.photoCanvas = photoCanvas
        self.progress = progress
        self.color = color
        self.completion = completion
        outputIsTerminal = isatty(STDOUT_FILENO) == 1
    }

    /// Whether standard output is a terminal, asked once: what it is does not change while the
    /// program runs, and asking again cost a system call for every line a script prints.
    private let outputIsTerminal: Bool

    var isInteractive: Bool { reader.isInteractive }

    /// The width of the terminal on standard output (read each time: a window can be resized).
    var columns: Int? { outputIsTerminal ? Pager.terminalColumns(of: STDOUT_FILENO) : nil }

    /// Home, erase the screen and its scrollback, when standard output is a terminal.
    func clearScreen() -> Bool {
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        progress?.clear()
        StandardStreams.write("\u{1B}[H\u{1B}[2J\u{1B}[3J")
        return true
    }

    func write(_ text: String) {
        guard !text.isEmpty else { return }
        progress?.clear()
        emit(text.hasSuffix("\n") ? text : text + "\n", to: STDOUT_FILENO)
    }

    func beginScreenful(keeping lines: [String]) {
        guard reader.isInteractive, isatty(STDIN_FILENO) == 1, let window = TerminalWindow.of(STDOUT_FILENO) else { return }
        let kept = lines.reduce(0) { $0 + Self.rows(of: $1, columns: window.columns) }
        screenful.withLock { $0 = Screenful(used: kept, rows: window.rows, columns: window.columns) }
    }

    @discardableResult func endScreenful() -> ScreenfulEnd {
        screenful.withLock { state in
            defer { state = nil }
            return state?.answer ?? .shown
        }
    }

    /// Writes `text` (whole lines) to `descriptor`; while a screenful runs, line by line, pausing
    /// with `ScreenMessage.morePrompt` before a line that would push the kept lines off the
    /// screen: Enter (or any other key) shows the next screenful, `c` the rest without stopping,
    /// `q` (or Ctrl-C, Ctrl-\) nothing more until the screenful ends.
    private func emit(_ text: String, to descriptor: Int32) {
        screenful.withLock { state in
            guard var current = state else { return StandardStreams.write(text, to: descriptor) }
            guard current.answer != .quit else { return }
            guard current.pausing else { return StandardStreams.write(text, to: descriptor) }
            defer { state = current }
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                let rows = Self.rows(of: String(line), columns: current.columns)
                // The last row is the pause's own.
                if current.pausing, current.used + rows > current.rows - 1, current.used > 0 {
                    let key = terminal.withLock { _ in Self.readKey(prompting: ScreenMessage.morePrompt.text).answer }
                    current.used = 0
                    switch key {
                    case "c", "ㅊ":
                        current.pausing = false
                        current.answer = .continueToEnd
                    case "q", "ㅂ", nil:
                        current.answer = .quit
                        return
                    default: break
                    }
                }
                StandardStreams.write(line + "\n", to: descriptor)
                current.used += rows
            }
        }
    }

    /// The rows `line` fills on a terminal `columns` wide (colour escapes take none).
    static func rows(of line: String, columns: Int) -> Int {
        var width = 0
        var inEscape = false
        for scalar in line.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value), scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            width += TerminalText.width(of: scalar)
        }
        return max(1, (width + max(columns, 1) - 1) / max(columns, 1))
    }

    func note(_ text: String) { note(text, kind: .info) }

    /// Errors in red and warnings in yellow when colour is on; plain text otherwise.
    func note(_ text: String, kind: NoteKind) {
        progress?.clear()
        var line = text.hasSuffix("\n") ? String(text.dropLast()) : text
        // Folded at spaces to the terminal's width, continuation lines under the text's start,
        // so the terminal never breaks a word (an explanation on an 80-column projector).
        if let width = Pager.terminalColumns(of: STDERR_FILENO) { line = TerminalText.wrapped(line, columns: width - 1) }
        emit(TextLayout.painted(line, as: kind, color: color) + "\n", to: STDERR_FILENO)
    }

    func ask(_ prompt: String) -> String? {
        guard reader.isInteractive else { return nil }
        return terminal.withLock { _ in
            let saved = reader.prompt
            reader.prompt = prompt
            defer { reader.prompt = saved }
            if case .line(let answer) = reader.readLine() { return answer }
            return nil
        }
    }

    /// On a terminal, the key is read as it is pressed: the terminal is put in non-canonical
    /// mode without echo or signals for the one read (Ctrl-C comes as a byte, and means no
    /// answer), and restored after. What was typed before the prompt showed is dropped first, so
    /// a key pressed early (or the Enter after a habitual `s⏎`) never answers a question the
    /// person has not seen. termios by hand: libedit reads lines, not single keys.
    func askKey(_ prompt: String) -> String? {
        guard reader.isInteractive else { return nil }
        guard isatty(STDIN_FILENO) == 1 else { return ask(prompt) }
        return terminal.withLock { _ -> String? in
            progress?.clear()
            let key = Self.readKey(prompting: prompt, erasing: false)
            let shown: String =
                switch key {
                case .stop(let typed): typed
                case .answer(""): "⏎"
                case .answer(let typed): TextLayout.visible(typed, limit: 8)
                }
            StandardStreams.write(shown + "\n", to: STDERR_FILENO)
            return key.answer
        }
    }

    /// Shows `prompt` on standard error and reads one key with the terminal in non-canonical
    /// mode without echo or signals, restored after; with `erasing`, the prompt is wiped from
    /// its line afterwards (a pause that leaves nothing behind).
    private static func readKey(prompting prompt: String, erasing: Bool = true) -> Key {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return .stop("") }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return .stop("") }
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        tcflush(STDIN_FILENO, TCIFLUSH)
        StandardStreams.write(prompt, to: STDERR_FILENO)
        let key = readKey()
        if erasing { StandardStreams.write("\r\u{1B}[K", to: STDERR_FILENO) }
        return key
    }

    /// A key read at a question or a pause.
    enum Key: Equatable {
        /// "" for Enter, the character (a whole UTF-8 sequence) otherwise; an escape sequence
        /// (an arrow key) is read whole and answered as "\u{1B}", which no question takes.
        case answer(String)
        /// Ctrl-C, Ctrl-\ or Ctrl-D, as the terminal shows it (`^C`, `^\`, `^D`), or the end of
        /// input (""): the question is not answered.
        case stop(String)

        /// The answer; nil when stopped.
        var answer: String? {
            if case .answer(let text) = self { text } else { nil }
        }
    }

    /// One key from standard input in non-canonical mode.
    private static func readKey() -> Key {
        func byte() -> UInt8? {
            var value: UInt8 = 0
            while true {
                let count = read(STDIN_FILENO, &value, 1)
                if count == 1 { return value }
                if count < 0, errno == EINTR { continue }
                return nil
            }
        }
        guard let first = byte() else { return .stop("") }
        switch first {
        // As the terminal would echo them: `^` and the letter or mark 64 above the byte.
        case 0x03, 0x1C, 0x04: return .stop("^" + String(UnicodeScalar(first + 0x40)))
        case 0x0A, 0x0D: return .answer("")
        case 0x1B:
            // The rest of the sequence arrives with it; a short poll takes it so it does not
            // answer the next question.
            var pending = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            while poll(&pending, 1, 30) > 0, byte() != nil {}
            return .answer("\u{1B}")
        default:
            var bytes = [first]
            let more = first >= 0xF0 ? 3 : first >= 0xE0 ? 2 : first >= 0xC0 ? 1 : 0
            for _ in 0..<more { if let next = byte() { bytes.append(next) } }
            return .answer(String(decoding: bytes, as: UTF8.self))
        }
    }

    func askSecret(_ prompt: String) -> String? {
        terminal.withLock { _ in reader.readSecret(prompt: prompt) }
    }

    func history() -> [String] { reader.history() }

    func addToHistory(_ line: String) { reader.addHistory(line) }

    /// A question whose answer is a path: TAB completes paths, not commands, while it is asked.
    func askPath(_ prompt: String) -> String? {
        completion?.completingPaths = true
        defer { completion?.completingPaths = false }
        return ask(prompt)
    }

    /// Runs the editor on the terminal and waits for it. While it runs the editor owns Ctrl-C
    /// (see `handingOverCtrlC`): the running `edit` is not cancelled.
    func editFile(at path: String) -> EditorOutcome {
        guard reader.isInteractive, isatty(STDIN_FILENO) == 1 else { return .noTerminal }
        progress?.clear()
        return terminal.withLock { _ in Self.handingOverCtrlC { EditorLaunch.run(on: path) } }
    }

    /// Runs `program`, a program that has the terminal (the editor, the pager), with Ctrl-C and
    /// Ctrl-\ its alone: the shell ignores SIGINT and SIGQUIT meanwhile, so the kernel drops
    /// them on arrival instead of leaving one to reach the shell once the program has ended
    /// (where it would cancel the next command). As for a reader waiting for input, a running
    /// command is not cancelled, and a ^C that came before is forgotten afterwards.
    private static func handingOverCtrlC<T>(_ program: () -> T) -> T {
        cel_set_reading(1)
        cel_signals_hand_over()
        defer {
            cel_signals_take_back()
            cel_sigint_discard()
            cel_set_reading(0)
        }
        return program()
    }

    /// A result taller than the terminal goes through `$PAGER` (see `Pager`); with no pager
    /// (`PAGER=`), or for photos drawn with escapes a pager would show as text, it pauses at
    /// each screenful as a stepped lesson does (`emit`); inside a stepped lesson's screenful it
    /// is written there. Anything shorter, or when stdout is not a terminal, is written as it
    /// is. While the pager runs it owns Ctrl-C, as the editor does (`handingOverCtrlC`).
    func page(_ text: String) {
        guard let window = TerminalWindow.of(STDOUT_FILENO), screenful.withLock({ $0 == nil }),
            Self.rows(ofText: text, columns: window.columns) > window.rows
        else { return write(text) }
        guard let command = Pager.command(), !Self.drawsPictures(text) else {
            // Keys are read from standard input: without a terminal there, nothing can answer.
            guard isatty(STDIN_FILENO) == 1 else { return write(text) }
            screenful.withLock { $0 = Screenful(used: 0, rows: window.rows, columns: window.columns) }
            write(text)
            endScreenful()
            return
        }
        progress?.clear()
        let problem: ScreenMessage? = terminal.withLock { _ in Self.handingOverCtrlC { Pager.show(text, command: command) } }
        if let problem {
            note(problem.text, kind: .warning)
            write(text)
        }
    }

    /// The rows `text` fills on a terminal `columns` wide.
    static func rows(ofText text: String, columns: Int) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) {
            $0 + rows(of: String($1), columns: columns)
        }
    }

    /// Whether `text` holds escapes other than colours (sixels, kitty's or iTerm2's images),
    /// which a pager would show as text.
    static func drawsPictures(_ text: String) -> Bool {
        var afterEscape = false
        for scalar in text.unicodeScalars {
            if afterEscape, scalar != "[" { return true }
            afterEscape = scalar == "\u{1B}"
        }
        return false
    }

    /// The next line of a script read from standard input; nil at its end.
    func nextScriptLine() -> String? {
        terminal.withLock { _ in
            while true {
                switch reader.readLine() {
                case .line(let line): return line
                case .eof: return nil
                case .interrupted: continue
                }
            }
        }
    }
}

/// One self-updating line on a terminal's stderr while a long script runs: done/total, rate and
/// time left. Cleared before anything else is printed and when the run ends, so it never mixes
/// with output (and nothing of it reaches stdout).
final class ProgressLine: ScriptProgress, Sendable {
    private struct State {
        var visible = false
        var lastDraw = ContinuousClock.now - .seconds(1)
    }

    /// Held while the line is drawn or cleared, so that draws never interleave.
    private let state = Mutex(State())

    /// Below this many lines a script is over before a progress line helps.
    static let minimumLines = 6

    func update(done: Int, total: Int, elapsed: Duration) {
        guard total >= Self.minimumLines else { return }
        state.withLock { state in
            let now = ContinuousClock.now
            // A tenth of a second between redraws, and nothing in the first half second.
            guard now - state.lastDraw >= .milliseconds(100), elapsed >= .milliseconds(500) else { return }
            state.lastDraw = now
            let pace = Pace(done: done, total: total, elapsed: elapsed)
            let text = "\(done)/\(total) lines · \(pace.rateText) · \(Pace.clock(pace.secondsLeft ?? 0)) left"
            StandardStreams.write("\r\u{1B}[K\(text)", to: STDERR_FILENO)
            state.visible = true
        }
    }

    /// A line of its own (an import's counts, an export's pages), at most every tenth of a
    /// second, cut to fit an ordinary terminal line.
    func show(_ line: String) {
        state.withLock { state in
            let now = ContinuousClock.now
            guard now - state.lastDraw >= .milliseconds(100) else { return }
            state.lastDraw = now
            StandardStreams.write("\r\u{1B}[K\(String(line.prefix(Self.maxColumns)))", to: STDERR_FILENO)
            state.visible = true
        }
    }

    /// Longer progress text would wrap on an 80-column terminal and leave lines behind.
    static let maxColumns = 79

    func finish() { clear() }

    func clear() {
        state.withLock { state in
            guard state.visible else { return }
            StandardStreams.write("\r\u{1B}[K", to: STDERR_FILENO)
            state.visible = false
        }
    }
}
