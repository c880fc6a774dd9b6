import Foundation
import MarketTestSupport
import SellerShell
import TerminalPhotos

/// A recording console that plays a terminal for photos: it offers `canvas`, as the program's
/// console does when standard output is a terminal.
final class PhotoConsole: ShellConsole, Sendable {
    let recording = RecordingConsole()
    let canvas: (any PhotoCanvas)?

    init(canvas: (any PhotoCanvas)?) { self.canvas = canvas }

    var photoCanvas: (any PhotoCanvas)? { canvas }
    var out: String { recording.out }
    var notes: String { recording.notes }
    var outputs: [String] { recording.outputs }

    func write(_ text: String) { recording.write(text) }
    func note(_ text: String) { recording.note(text) }
    func ask(_ prompt: String) -> String? { recording.ask(prompt) }
    func askSecret(_ prompt: String) -> String? { recording.askSecret(prompt) }
    var isInteractive: Bool { false }
    func history() -> [String] { [] }
}

/// A terminal with 24-bit colour, 100 columns wide, as chafa's database sees it.
func terminalCanvas() -> ChafaCanvas {
    ChafaCanvas(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "COLUMNS": "100"])
}
