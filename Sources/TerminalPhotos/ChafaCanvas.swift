import CChafaLoader
import Foundation
import MarketImages
import SellerShell
import Synchronization
import TerminalText

#if canImport(Glibc)
import Glibc
#endif

/// Photos drawn on the terminal standard output is, by libchafa: the style chafa's terminal
/// database finds for the environment (kitty or iTerm2 images, sixels, else symbols in 24-bit or
/// 256 colours), the size from the terminal itself.
///
/// libchafa is opened, and its terminal database read, when a photo is first drawn (or its
/// style first asked), not when the canvas is made: the shell makes its canvas before the first
/// prompt, and opening chafa and its libraries there cost a third of a millisecond of a start
/// that may draw nothing.
public struct ChafaCanvas: PhotoCanvas {
    let environment: [String: String]
    private let detection: Detection

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        detection = Detection(environment)
    }

    /// What chafa's terminal database says the terminal can draw, found once.
    var capabilities: Chafa.Capabilities { detection.capabilities }

    public var detectedStyle: PhotoStyle {
        let found = capabilities
        return found.contains(.kitty)
            ? .kitty : found.contains(.iterm2) ? .iterm2 : found.contains(.sixels) ? .sixel : .symbols
    }

    /// Chafa's answer for the environment, asked the first time it is needed.
    private final class Detection: Sendable {
        let environment: [String: String]
        private let found = Mutex<Chafa.Capabilities?>(nil)

        init(_ environment: [String: String]) { self.environment = environment }

        var capabilities: Chafa.Capabilities {
            found.withLock { found in
                if let found { return found }
                let detected = Chafa.detect(environment)
                found = detected
                return detected
            }
        }
    }

    public var unavailable: String? { Chafa.available ? nil : Chafa.missing }

    /// Symbols in 24-bit colour where the terminal has it (chafa's database, or `COLORTERM`),
    /// else in the 256-colour palette.
    var truecolor: Bool {
        capabilities.contains(.truecolor) || ["truecolor", "24bit"].contains(environment["COLORTERM"] ?? "")
    }

    public var columns: Int { TerminalWindow.of()?.columns ?? Int(environment["COLUMNS"] ?? "") ?? 80 }

    /// From the terminal's pixel size when it reports one, at most `CellSize.largest`; else
    /// `CellSize.assumed`.
    public var cellSize: CellSize {
        guard let window = TerminalWindow.of() else { return CellSize.assumed }
        return CellSize.of(
            pixelWidth: window.pixelWidth, pixelHeight: window.pixelHeight, columns: window.columns, rows: window.rows)
    }

    public func draw(_ pixels: Pixels, style: PhotoStyle, columns: Int, rows: Int) -> String? {
        let mode: Int32 =
            switch style {
            case .symbols: MC_SYMBOLS
            case .sixel: MC_SIXELS
            case .kitty: MC_KITTY
            case .iterm2: MC_ITERM2
            }
        let cell = cellSize
        return Chafa.draw(
            pixels, mode: mode, truecolor: truecolor, columns: columns, rows: rows, cell: (cell.width, cell.height),
            environment: environment)
    }
}
