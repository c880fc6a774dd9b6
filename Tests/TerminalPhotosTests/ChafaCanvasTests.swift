import Foundation
import MarketImages
import MarketTestSupport
import OpenMarketContract
import SellerShell
import TerminalPhotos
import Testing

/// libchafa through `ChafaCanvas`: the terminal database's choice for an environment, and a
/// fixture photo drawn in each style.
@Suite("Photos drawn by libchafa")
struct ChafaCanvasTests {
    static func coffee() throws -> Pixels {
        let data = try Data(contentsOf: Fixtures.image("coffee-small.jpg"))
        return try MarketImages.pixels(of: data, fittingWidth: 200, height: 200)
    }

    @Test func theTerminalDatabaseChoosesTheBestStyleForTheEnvironment() {
        #expect(ChafaCanvas(environment: ["TERM": "xterm-kitty"]).detectedStyle == .kitty)
        #expect(ChafaCanvas(environment: ["TERM": "foot"]).detectedStyle == .sixel)
        #expect(ChafaCanvas(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]).detectedStyle == .iterm2)
        #expect(ChafaCanvas(environment: ["TERM": "xterm-256color"]).detectedStyle == .symbols)
        #expect(ChafaCanvas(environment: ["TERM": "xterm-256color"]).unavailable == nil)
    }

    @Test func pixelsAreDecodedToFitTheBoxAsSRGB() throws {
        let pixels = try Self.coffee()
        #expect(max(pixels.width, pixels.height) == 200)
        #expect(pixels.bands == 3 || pixels.bands == 4)
        #expect(pixels.bytes.count == pixels.width * pixels.height * pixels.bands)
        // A GIF's first frame, with its alpha.
        let gif = try MarketImages.pixels(
            of: Data(contentsOf: Fixtures.image("tiny-animated.gif")), fittingWidth: 50, height: 50)
        #expect(gif.bytes.count == gif.width * gif.height * gif.bands)
        #expect(throws: ImageProcessingError.self) {
            try MarketImages.pixels(of: Data(contentsOf: Fixtures.image("truncated.jpg")), fittingWidth: 50, height: 50)
        }
    }

    @Test func symbolsAreRowsOfColouredBlocksExactlyAsWideAsAsked() throws {
        let drawing = try #require(terminalCanvas().draw(Self.coffee(), style: .symbols, columns: 20, rows: 10))
        let rows = drawing.split(separator: "\n")
        #expect(rows.count == 10)
        #expect(drawing.contains("\u{1B}[38;2;"), "24-bit colour")
        for row in rows {
            // Escapes taken out, each row is 20 one-column symbols.
            let visible = row.replacing(/\x{1B}\[[0-9;]*m/, with: "")
            #expect(visible.unicodeScalars.count == 20, "\(visible.debugDescription)")
        }
    }

    @Test func aCellIsAtMostTheLargestWhateverTheTerminalReports() {
        // 16 bits' most: 65535 × 65535 pixels in 80 × 24 cells would be 819 × 2730 a cell.
        let huge = CellSize.of(pixelWidth: 65535, pixelHeight: 65535, columns: 80, rows: 24)
        #expect(huge.width <= CellSize.largest.width && huge.height <= CellSize.largest.height)
        #expect(CellSize.of(pixelWidth: 800, pixelHeight: 480, columns: 80, rows: 24) == CellSize(width: 10, height: 20))
        #expect(CellSize.of(pixelWidth: 0, pixelHeight: 0, columns: 80, rows: 24) == CellSize.assumed)
    }

    @Test func sixelKittyAndITerm2AreOneImageEach() throws {
        let canvas = terminalCanvas()
        let pixels = try Self.coffee()
        let sixel = try #require(canvas.draw(pixels, style: .sixel, columns: 20, rows: 10))
        #expect(sixel.hasPrefix("\u{1B}P") && sixel.contains("q") && sixel.hasSuffix("\u{1B}\\"))
        let kitty = try #require(canvas.draw(pixels, style: .kitty, columns: 20, rows: 10))
        #expect(kitty.hasPrefix("\u{1B}_G") && kitty.contains("c=20,r=10"))
        let iterm = try #require(canvas.draw(pixels, style: .iterm2, columns: 20, rows: 10))
        #expect(iterm.hasPrefix("\u{1B}]1337;File=inline=1;width=20;height=10"))
    }
}
