import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// A page of products as a grid of cards, the way the apps' grid view shows them: each card a
/// photo, `#ID name`, the price with the original struck through when discounted, and the stock
/// or sold out (품절 in Korean).
public struct PhotoGrid: Sendable {
    public var products: [Product]
    /// By index in `products`; a product without one gets an empty frame.
    public var photos: [Int: DrawnPhoto]
    /// A card's width in columns, and the rows its photo may fill.
    public var cardColumns: Int
    public var photoRows: Int
    /// Cards on one line of the grid.
    public var perRow: Int
    public var style: PhotoStyle?
}

/// Photos placed beside or under text, and the grid of cards. Widths are measured on the text
/// before any escape is added (`TerminalText.width`, Korean two columns), so escapes never count
/// as columns.
///
/// Written by hand: chafa draws one image; placing several beside text is ours. Symbols are
/// rows of text, joined line by line. Sixel, kitty and iTerm2 images are placed with the cursor:
/// the rows they take are made first (newlines, then back up), so the screen has scrolled before
/// any image is drawn; each image is drawn between a cursor save and restore (`ESC 7`, `ESC 8`),
/// and the text beside it is moved right past it (`ESC [ n C`).
enum PhotoRendering {
    static let gap = 2
    static let escape = "\u{1B}"
    static let reset = "\u{1B}[0m"

    /// `show`: the details with the thumbnail to their left, or (`--photos`) followed by every photo.
    static func detail(
        _ product: Product, photos: [DrawnPhoto], beside: Bool, canvas: any PhotoCanvas, color: Bool
    ) -> String {
        let text = ProductRendering.detail(product, color: color)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if beside, let photo = photos.first {
            let room = max(canvas.columns - photo.columns - gap, 10)
            lines = lines.map { $0.contains(escape) || TerminalText.width($0) <= room ? $0 : TextLayout.truncate($0, to: room) }
            return placed(photo, beside: lines)
        }
        var blocks = [text]
        for (index, photo) in photos.enumerated() {
            blocks.append("  " + Message.photoOf(index: index + 1, total: photos.count).text)
            blocks.append(placed(photo, beside: []))
        }
        return blocks.joined(separator: "\n")
    }

    /// The cards, `perRow` to a line of the grid, a blank line between lines.
    static func grid(_ grid: PhotoGrid, color: Bool) -> String {
        var out: [String] = []
        var start = 0
        while start < grid.products.count {
            let indices = Array(start..<min(start + grid.perRow, grid.products.count))
            let drawings = indices.map { grid.photos[$0] }
            var row = ""
            // As tall as this line's tallest photo (none: no room is kept for photos).
            let rows = min(drawings.compactMap { $0?.rows }.max() ?? 0, grid.photoRows)
            if let style = grid.style, rows > 0 {
                row += photoRow(drawings, cardColumns: grid.cardColumns, rows: rows, style: style)
            }
            let cards = indices.map { card(grid.products[$0], columns: grid.cardColumns, color: color) }
            for line in 0..<3 {
                let cells = cards.map { $0[line] }
                row += (row.isEmpty ? "" : "\n") + join(cells, columns: grid.cardColumns)
            }
            out.append(row)
            start += grid.perRow
        }
        return out.joined(separator: "\n\n")
    }

    /// The photos of one line of cards, each at its card's left edge.
    static func photoRow(
        _ drawings: [DrawnPhoto?], cardColumns: Int, rows: Int, style: PhotoStyle
    ) -> String {
        let stride = cardColumns + gap
        if style == .symbols {
            let blocks = drawings.map { photo in photo.map { symbolLines($0.drawing) } ?? [] }
            let lines = (0..<rows).map { line in
                blocks.map { block in line < block.count ? block[line] : "" }
            }
            return lines.map { cells in
                var text = ""
                for (index, cell) in cells.enumerated() {
                    let shown = drawings[index].map { min($0.columns, cardColumns) } ?? 0
                    let filled = cell.isEmpty ? 0 : shown
                    text += cell + String(repeating: " ", count: max(0, (index == cells.count - 1 ? 0 : stride) - filled))
                }
                return text
            }.joined(separator: "\n")
        }
        var text = reserve(rows)
        for (index, drawing) in drawings.enumerated() {
            guard let drawing else { continue }
            text += "\(escape)7" + right(index * stride) + drawing.drawing + "\(escape)8"
        }
        // On the photos' last row: the text's first line comes after the next newline.
        return text + down(rows - 1) + "\r"
    }

    /// A card's three lines, each exactly `columns` wide: `#ID name`, the price, the stock.
    static func card(_ product: Product, columns: Int, color: Bool) -> [String] {
        let name = TextLayout.truncate(TextLayout.visible("#\(product.id) " + product.name, limit: 200), to: columns)
        let final = TextLayout.money(product.bargainPrice, product.currency)
        var price = TextLayout.pad(final, to: columns)
        if product.discountedPrice != 0 {
            let original = TextLayout.money(product.price, product.currency)
            let plain = final + " " + original
            if TerminalText.width(plain) <= columns {
                // Struck through (SGR 9), as the apps show the price before the discount.
                price = TextLayout.pad(plain, to: columns, showing: final + " \(escape)[9m" + original + "\(escape)[29m")
            }
        }
        let stock: String
        if product.stock == 0 {
            let soldOut = Message.soldOut.text
            stock = TextLayout.pad(soldOut, to: columns, showing: color ? TerminalText.painted(soldOut, .red) : soldOut)
        } else {
            stock = TextLayout.pad(TextLayout.truncate(Message.stockCount(product.stock).text, to: columns), to: columns)
        }
        return [TextLayout.pad(name, to: columns), price, stock]
    }

    /// Cells side by side, `gap` apart, trailing spaces dropped.
    static func join(_ cells: [String], columns: Int) -> String {
        var line = cells.joined(separator: String(repeating: " ", count: gap))
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    /// An image with `text` to its right, line by line.
    static func placed(_ photo: DrawnPhoto, beside text: [String]) -> String {
        let height = max(photo.rows, text.count)
        if photo.style == .symbols {
            let block = symbolLines(photo.drawing)
            return (0..<height).map { index in
                let image = index < block.count ? block[index] : String(repeating: " ", count: photo.columns)
                let words = index < text.count ? text[index] : ""
                return words.isEmpty ? image : image + String(repeating: " ", count: gap) + words
            }.joined(separator: "\n")
        }
        var out = reserve(height) + "\(escape)7" + photo.drawing + "\(escape)8"
        for line in text { out += right(photo.columns + gap) + line + "\n" }
        out += String(repeating: "\n", count: max(0, height - text.count))
        return out.hasSuffix("\n") ? String(out.dropLast()) : out
    }

    /// A symbols drawing as its rows, each ending with its colours reset.
    static func symbolLines(_ drawing: String) -> [String] {
        drawing.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var row = String(line)
            if row.hasSuffix("\r") { row.removeLast() }
            return row + reset
        }.filter { $0 != reset }
    }

    /// `rows` lines made (scrolling the screen if need be), and the cursor back on the first.
    static func reserve(_ rows: Int) -> String {
        rows > 0 ? String(repeating: "\n", count: rows) + "\(escape)[\(rows)A\r" : "\r"
    }

    static func right(_ columns: Int) -> String { columns > 0 ? "\(escape)[\(columns)C" : "" }
    static func down(_ rows: Int) -> String { rows > 0 ? "\(escape)[\(rows)B" : "" }
}
