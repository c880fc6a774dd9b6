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

    /// `columns`: the terminal's width (nil: no terminal, laid out for 80 columns).
    public static func table(_ products: [Product], columns: Int? = nil, color: Bool = false) -> String {
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
        // The names take the room the other columns leave on the terminal's line (80 columns
        // without a terminal): at most `nameColumns` on a line of 80 or fewer, all of it on a
        // wider one (a long vendor name shortens them rather than widening the table).
        let others = (0..<headers.count).filter { $0 != 1 }.reduce(0) { sum, column in
            sum + ([headers[column]] + rows.map { $0[column] }).map(TerminalText.width).max()! + 2
        }
        let line = (columns ?? 80) - 1
        let room = line > 79 ? max(12, line - others) : min(nameColumns, max(12, line - others))
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
        // Written into one buffer of bytes (`TextBytes`), its labels' table looked up once: as a
        // list of lines, each concatenated and its label looked up on its own, then joined,
        // drawing took a fifth more of every script `show` line (perf record); appended to a
        // `String`, a third of the view's instructions were the appends.
        let language = Language.current
        let label = labeller(in: language)
        var out = TextBytes(capacity: 256 + p.description.utf8.count + 160 * (p.images?.count ?? 0))
        out += "#"
        out.append(p.id)
        out += "  "
        out += show(p.name)
        out.append(ascii: 0x0A)
        out += label(.vendor)
        out += show(p.vendor.map { "\($0.name) (#\($0.id))" } ?? p.vendorName ?? "-")
        out.append(ascii: 0x0A)
        out += label(.price)
        out += TextLayout.money(p.price, p.currency)
        if p.discountedPrice != 0 {
            out += " − "
            out += TextLayout.money(p.discountedPrice, p.currency)
            out += " = "
            out += TextLayout.money(p.bargainPrice, p.currency)
        }
        out.append(ascii: 0x0A)
        out += label(.stock)
        out += stockText(p.stock, color: color)
        out.append(ascii: 0x0A)
        out += label(.created)
        out += p.createdAt.map { TextLayout.localTime($0, in: timeZone) } ?? "-"
        if let issued = p.issuedAt, issued != p.createdAt {
            out.append(ascii: 0x0A)
            out += label(.changed)
            out += TextLayout.localTime(issued, in: timeZone)
        }
        out.append(ascii: 0x0A)
        out += label(.description)
        let description = TextLayout.visible(p.description, limit: 3000, keepingNewlines: true)
        // Split by hand: `replacingOccurrences` bridges through NSString on every `show`.
        if description.utf8.contains(0x0A) {
            var lines = description.split(separator: "\n", omittingEmptySubsequences: false)[...]
            if let first = lines.popFirst() { out.append(first) }
            for line in lines {
                out += "\n               "
                out.append(line)
            }
        } else {
            out += description
        }
        appendImageLines(p, label: label, imageWord: words[language]?[.image] ?? Message.heading(.image).text, to: &out)
        return out.string
    }

    /// `thumbnail    image 1 (id 35)` and `image 1      id 35  http://…/9f2c_origin.jpg`, each on
    /// a line of its own after `out`. Written straight into the view (not a list of lines, each
    /// an interpolation), its word for "image" looked up once a language: a tenth of the view.
    private static func appendImageLines(
        _ p: Product, label: (Message.Heading) -> String, imageWord image: String, to out: inout TextBytes
    ) {
        let images = p.images ?? []
        guard p.thumbnail != nil || !images.isEmpty else { return }
        if let thumbnail = p.thumbnail {
            out.append(ascii: 0x0A)
            out += label(.thumbnail)
            if let index = images.firstIndex(where: { $0.thumbnailURL == thumbnail }) {
                out += image
                out += " "
                out.append(index + 1)
                out += " (id "
                out.append(images[index].id)
                out += ")"
            } else {
                out += TextLayout.visible(thumbnail, limit: 300)
            }
        }
        // The label's padding: "  image 1" is padded to 15 columns, as `TextLayout.pad` would.
        let imageColumns = 2 + TerminalText.width(image) + 1
        for (index, each) in images.enumerated() {
            out.append(ascii: 0x0A)
            out += "  "
            out += image
            out += " "
            let number = String(index + 1)
            out += number
            for _ in 0..<max(0, 15 - imageColumns - number.utf8.count) { out.append(ascii: 0x20) }
            out += "id "
            out.append(each.id)
            out += "  "
            out += TextLayout.visible(each.url, limit: 300)
        }
    }

    /// `  price        `: a detail view's label, indented, padded to the values' column by the
    /// columns it takes (a Korean label is two columns a letter).
    static func label(_ heading: Message.Heading) -> String { labeller(in: Language.current)(heading) }

    /// `label` in `language`, its table looked up once for a whole detail view.
    private static func labeller(in language: Language) -> (Message.Heading) -> String {
        let table = labels[language]
        return { heading in table?[heading] ?? padded(heading, in: language) }
    }

    private static func padded(_ heading: Message.Heading, in language: Language) -> String {
        padded(Message.heading(heading).text(in: language))
    }

    private static func padded(_ word: String) -> String { TextLayout.pad("  " + word, to: 15) }

    /// Every heading in every language, looked up once rather than on every `show`.
    private static let words: [Language: [Message.Heading: String]] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { language in
            (
                language,
                Dictionary(uniqueKeysWithValues: Message.Heading.allCases.map { ($0, Message.heading($0).text(in: language)) })
            )
        })

    /// Every label in every language, padded once rather than on every `show`.
    private static let labels: [Language: [Message.Heading: String]] = words.mapValues { $0.mapValues(padded) }
}
