import MarketImages

/// How a photo is drawn in a terminal.
public enum PhotoStyle: String, Sendable, CaseIterable {
    /// Coloured block symbols, in 24-bit colour or the 256-colour palette: any colour terminal.
    case symbols
    /// DEC sixel graphics (xterm -ti vt340, mlterm, foot, WezTerm, …).
    case sixel
    /// The kitty graphics protocol (kitty, WezTerm, Konsole, Ghostty).
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm).
    case iterm2
}

/// `set photos off|auto|symbols|sixel|kitty`: what the session draws.
public enum PhotoSetting: Sendable, Equatable {
    /// The best the terminal supports, as its environment says (the default).
    case auto
    case off
    case style(PhotoStyle)

    /// The words `set photos` takes.
    public static let words = ["auto", "off", "symbols", "sixel", "kitty"]

    public init?(word: String) {
        switch word {
        case "auto": self = .auto
        case "off": self = .off
        case "symbols", "sixel", "kitty": self = .style(PhotoStyle(rawValue: word)!)
        default: return nil
        }
    }

    public var word: String {
        switch self {
        case .auto: "auto"
        case .off: "off"
        case .style(let style): style.rawValue
        }
    }
}

/// The size of one terminal cell in pixels.
public struct CellSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
    }

    /// The cell assumed when the terminal reports no pixel size: 10 × 20, a common font's cell.
    public static let assumed = CellSize(width: 10, height: 20)

    /// The largest cell photos are drawn for: 64 × 128 pixels, twice a large font on a 4K screen
    /// (about 32 × 64). Sixel and kitty images are sized by the cell, and a terminal may report
    /// any window (65535 × 65535 pixels, 16 bits' most, made one photo 20.8 MB of sixel): a
    /// larger cell is scaled down, its shape kept, to fit this.
    public static let largest = CellSize(width: 64, height: 128)

    /// The cell of a window `pixelWidth` × `pixelHeight` pixels and `columns` × `rows` cells, as
    /// the terminal reports it, at most `largest`; `assumed` when a size is not reported (0).
    public static func of(pixelWidth: Int, pixelHeight: Int, columns: Int, rows: Int) -> CellSize {
        guard pixelWidth > 0, pixelHeight > 0, columns > 0, rows > 0 else { return assumed }
        let (width, height) = (Double(max(pixelWidth / columns, 1)), Double(max(pixelHeight / rows, 1)))
        let scale = min(1, Double(largest.width) / width, Double(largest.height) / height)
        return CellSize(width: Int(width * scale), height: Int(height * scale))
    }
}

/// What a terminal console offers for drawing photos; the shell core knows no terminal, so the
/// console that has one provides this (`ShellConsole.photoCanvas`), and every other console (a
/// pipe, a script, a test) has none, so nothing is drawn there.
public protocol PhotoCanvas: Sendable {
    /// The best style this terminal draws, as its environment says.
    var detectedStyle: PhotoStyle { get }
    /// One line saying why nothing can be drawn and how to fix it (the drawing library is not
    /// installed); nil when drawing works.
    var unavailable: String? { get }
    /// The terminal's width in columns, now.
    var columns: Int { get }
    /// A cell's size in pixels (what sixel and kitty images are sized by).
    var cellSize: CellSize { get }
    /// `pixels` drawn in `style` into `columns` × `rows` cells: rows of symbols separated by
    /// newlines, or one image's escape sequence. Nil when it cannot be drawn.
    func draw(_ pixels: Pixels, style: PhotoStyle, columns: Int, rows: Int) -> String?
}
