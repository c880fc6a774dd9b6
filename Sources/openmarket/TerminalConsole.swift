import Foundation
import LineEditor
import SellerShell

/// The shell's console over a line reader: results to stdout, everything else to stderr,
/// questions through the reader (libedit on a terminal, the next input line otherwise).
final class TerminalConsole: ShellConsole, @unchecked Sendable {
    // The reader is used by one caller at a time: the REPL reads a line, then the shell runs it
    // and may ask a question through the same reader before the next line is read.
    private let reader: any LineReader
    private let lock = NSLock()

    init(reader: any LineReader) { self.reader = reader }

    var isInteractive: Bool { reader.isInteractive }

    func write(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    func note(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    func ask(_ prompt: String) -> String? {
        guard reader.isInteractive else { return nil }
        return lock.withLock {
            let saved = reader.prompt
            reader.prompt = prompt
            defer { reader.prompt = saved }
            if case .line(let answer) = reader.readLine() { return answer }
            return nil
        }
    }

    func askSecret(_ prompt: String) -> String? {
        lock.withLock { reader.readSecret(prompt: prompt) }
    }

    func history() -> [String] { reader.history() }
}
