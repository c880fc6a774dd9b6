import SellerShell
import Synchronization

/// The console of an agent's session: nobody is there to answer (every question answers nil),
/// and what the commands write and note is kept, to be taken after each call.
final class CapturingConsole: ShellConsole, Sendable {
    private let lines = Mutex<[String]>([])

    func write(_ text: String) { keep(text) }
    func note(_ text: String) { keep(text) }
    func ask(_ prompt: String) -> String? { nil }
    func askSecret(_ prompt: String) -> String? { nil }
    var isInteractive: Bool { false }
    func history() -> [String] { [] }

    /// What was written since the last call, one entry a line, and forgets it.
    func take() -> String {
        lines.withLock { lines in
            defer { lines = [] }
            return lines.joined(separator: "\n")
        }
    }

    /// `text` without its trailing line breaks (`\n`, `\r`), by Unicode scalar: a `\r\n` is one
    /// Character, which `hasSuffix("\n")` would not match.
    private func keep(_ text: String) {
        var scalars = text.unicodeScalars[...]
        while let last = scalars.last, last == "\n" || last == "\r" { scalars.removeLast() }
        lines.withLock { $0.append(String(String.UnicodeScalarView(scalars))) }
    }
}
