import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// Aligned tables, one-line summaries and detail views of products.
///
/// Every text the server sent is passed through `TextLayout.visible` and bounded: a product is
/// the server's to write, the terminal is the seller's. Colour (only when asked) is added after
/// widths are computed, so escape codes never count as columns.
public enum ProductRendering {
    public static let nameColumns = 28
    /// How much of a name a one-line summary shows.
    public static let summaryNameColumns = 40

    public static func table(_ products: [Product], color: Bool = false) -> String {
        let headers = [Message.Heading.id, .name, .price, .discount, .final, .stock, .vendor].map { Message.heading($0).text }
        let soldOut = Message.soldOut.text
        let stockColumn = 5
        var rows = products.map { p -> [String] in
            [
                String(p.id), TextLayout.visible(p.name, limit: 200),
                TextLayout.money(p.price, p.currency),
                p.discountedPrice == 0 ? "-" : TextLayout.money(p.discountedPrice, p.currency),
                TextLayout.money(p.bargainPrice, p.currency), p.stock == 0 ? soldOut : String(p.stock),
                TextLayout.visible(p.vendorName ?? p.vendor?.name ?? (p.vendorID.map { "#\($0)" } ?? ""), limit: 40),
            ]
        }
        // The names take the room the other columns leave on an 80-column line, at most
        // `nameColumns` (a long vendor name shortens them rather than widening the table).
        let others = (0..<headers.count).filter { $0 != 1 }.reduce(0) { sum, column in
            sum + ([headers[column]] + rows.map { $0[column] }).map(TerminalText.width).max()! + 2
        }
        let room = min(nameColumns, max(12, 79 - others))
        for index in rows.indices { rows[index][1] = TextLayout.truncate(rows[index][1], to: room) }
        // Only the sold-out cell's text is painted, and padded by its own width.
        return TextLayout.table(headers, rows, rightAligned: [0, 2, 3, 4, 5]) { row, column, cell in
            color && column == stockColumn && products[row].stock == 0 ? TerminalText.painted(cell, .red) : nil
        }
    }

    /// One line for a product just made or changed: `#12 우유병 텀블러 ₩3,400 (₩3,500 − ₩100) ·
    /// stock 5 · registered`; `stock 5 → 15` when the stock was adjusted.
    public static func summary(_ p: Product, verb: Message.Verb, stockBefore: Int? = nil, color: Bool = false) -> String {
        let name = TextLayout.truncate(TextLayout.visible(p.name, limit: 200), to: summaryNameColumns)
        var price = TextLayout.money(p.bargainPrice, p.currency)
        if p.discountedPrice != 0 {
            price += " (\(TextLayout.money(p.price, p.currency)) − \(TextLayout.money(p.discountedPrice, p.currency)))"
        }
        let stock = (stockBefore.map { "\($0) → " } ?? "") + stockText(p.stock, color: color)
        return "#\(p.id) \(name) \(price) · " + Message.stockAndVerb(stock: stock, verb: verb).text
    }

    /// `5`, or `0 (sold out)` (in red when colour is on).
    static func stockText(_ stock: Int, color: Bool) -> String {
        guard stock == 0 else { return String(stock) }
        let soldOut = "(" + Message.soldOut.text + ")"
        return color ? "0 " + TerminalText.painted(soldOut, .red) : "0 " + soldOut
    }

    /// The product in full, dates in `timeZone`; each image on one line, with its URL once (the
    /// thumbnail is named by the image it belongs to rather than by a third URL).
    public static func detail(_ p: Product, timeZone: TimeZone = .current, color: Bool = false) -> String {
        func show(_ text: String, _ limit: Int = 300) -> String { TextLayout.visible(text, limit: limit) }
        var lines: [String] = []
        lines.append("#\(p.id)  \(show(p.name))")
        lines.append(label(.vendor) + show(p.vendor.map { "\($0.name) (#\($0.id))" } ?? p.vendorName ?? "-"))
        var price = label(.price) + TextLayout.money(p.price, p.currency)
        if p.discountedPrice != 0 {
            price += " − \(TextLayout.money(p.discountedPrice, p.currency)) = \(TextLayout.money(p.bargainPrice, p.currency))"
        }
        lines.append(price)
        lines.append(label(.stock) + stockText(p.stock, color: color))
        lines.append(label(.created) + (p.createdAt.map { TextLayout.localTime($0, in: timeZone) } ?? "-"))
        if let issued = p.issuedAt, issued != p.createdAt {
            lines.append(label(.changed) + TextLayout.localTime(issued, in: timeZone))
        }
        let description = TextLayout.visible(p.description, limit: 3000, keepingNewlines: true)
        // Split by hand: `replacingOccurrences` bridges through NSString on every `show`.
        let indented =
            description.utf8.contains(0x0A)
            ? description.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n               ")
            : description
        lines.append(label(.description) + indented)
        return (lines + imageLines(p)).joined(separator: "\n")
    }

    /// `thumbnail    image 1 (id 35)` and `image 1      id 35  http://…/9f2c_origin.jpg`.
    static func imageLines(_ p: Product) -> [String] {
        func show(_ text: String) -> String { TextLayout.visible(text, limit: 300) }
        let images = p.images ?? []
        var lines: [String] = []
        if let thumbnail = p.thumbnail {
            if let index = images.firstIndex(where: { $0.thumbnailURL == thumbnail }) {
                lines.append(label(.thumbnail) + "\(Message.heading(.image).text) \(index + 1) (id \(images[index].id))")
            } else {
                lines.append(label(.thumbnail) + show(thumbnail))
            }
        }
        for (index, image) in images.enumerated() {
            lines.append(
                TextLayout.pad("  \(Message.heading(.image).text) \(index + 1)", to: 15) + "id \(image.id)  \(show(image.url))")
        }
        return lines
    }

    /// `  price        `: a detail view's label, indented, padded to the values' column by the
    /// columns it takes (a Korean label is two columns a letter).
    static func label(_ heading: Message.Heading) -> String {
        labels[Language.current]?[heading] ?? padded(heading, in: Language.current)
    }

    private static func padded(_ heading: Message.Heading, in language: Language) -> String {
        TextLayout.pad("  " + Message.heading(heading).text(in: language), to: 15)
    }

    /// Every label in every language, padded once rather than on every `show`.
    private static let labels: [Language: [Message.Heading: String]] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { language in
            (language, Dictionary(uniqueKeysWithValues: Message.Heading.allCases.map { ($0, padded($0, in: language)) }))
        })
}
