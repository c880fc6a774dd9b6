import CEditLine
import Foundation
import Synchronization

/// Reads lines from a pipe or file (or a terminal whose output is redirected): no prompt, no
/// echo, no editing. All reading goes through `Swift.readLine`, so its stdin buffer is the only
/// one and no bytes are lost between calls.
final class PlainLineReader: LineReader {
    private struct State {
        /// Never shown: kept because the protocol has it.
        var prompt = ""
        /// The session's history (never written to a file).
        var entries: [String] = []
    }

    private let state = Mutex(State())
    let isInteractive = false

    var prompt: String {
        get { state.withLock { $0.prompt } }
        set { state.withLock { $0.prompt = newValue } }
    }

    func readLine() -> ReadResult {
        cel_set_reading(1)
        let line = Swift.readLine(strippingNewline: false)
        cel_set_reading(0)
        // A Ctrl-C pressed while waiting here was meant for the wait, not for the command
        // this line starts.
        cel_sigint_discard()
        guard let line else { return .eof }
        return .line(line.strippingLineEnding())
    }

    func addHistory(_ line: String) {
        guard !line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        state.withLock { $0.entries.append(line) }
    }

    func forgetHistory(_ line: String) {
        state.withLock { state in
            if let index = state.entries.lastIndex(of: line) { state.entries.remove(at: index) }
        }
    }

    func readSecret(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else {
            let line = Swift.readLine(strippingNewline: false)
            cel_sigint_discard()
            return line?.strippingLineEnding()
        }
        // Typed on a terminal even though output is redirected: still no echo. The prompt goes
        // to stderr when that is the terminal, so it is not written into the redirected output.
        // The terminal is in canonical mode, so Swift.readLine's buffer never holds more than
        // the line it returned, and reading fd 0 directly here loses nothing.
        return readSecretFromTerminal(prompt: prompt, promptFD: isatty(STDERR_FILENO) == 1 ? STDERR_FILENO : -1)
    }

    func saveHistory() {}

    func history() -> [String] { state.withLock { $0.entries } }
}

/// The no-echo read shared by both readers: SIGINT-aware, termios restored on every path.
func readSecretFromTerminal(prompt: String, promptFD: Int32) -> String? {
    cel_sigint_acquire()
    defer { cel_sigint_release() }
    cel_sigint_discard()
    cel_set_reading(1)
    defer { cel_set_reading(0) }

    let capacity = 4096
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
    defer {
        // The secret should not linger in freed memory.
        buffer.update(repeating: 0, count: capacity)
        buffer.deallocate()
    }
    let visiblePrompt = prompt.replacingOccurrences(of: "\u{1}", with: "")
    let length = cel_read_secret(visiblePrompt, promptFD, buffer, capacity)
    if length < 0 {
        // Echo is off, so neither the tty nor anyone else ended the line.
        let ending = length == -1 ? "^C\n" : "\n"
        if promptFD >= 0 {
            _ = ending.withCString { write(promptFD, $0, strlen($0)) }
        }
        return nil
    }
    let bytes = UnsafeRawBufferPointer(start: buffer, count: length)
    return String(decoding: bytes, as: UTF8.self)
}
