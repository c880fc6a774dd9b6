import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// Text layout for a terminal: widths as a terminal draws them, money as sellers write it.
public enum TextLayout {
    /// Columns a string occupies (the one width table, `TerminalText`).
    public static func width(_ text: String) -> Int { TerminalText.width(text) }

    /// Cuts to at most `columns`, ending in `…` when something was cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = width(String(character))
            if used + w > columns - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// Server text made safe for a terminal (`TerminalText.visible`).
    public static func visible(_ text: String, keepingNewlines: Bool = false) -> String {
        TerminalText.visible(text, keepingNewlines: keepingNewlines)
    }

    /// `visible`, cut to at most `limit` characters (a hostile server's megabyte description
    /// is not printed whole).
    public static func visible(_ text: String, limit: Int, keepingNewlines: Bool = false) -> String {
        let cut = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return visible(cut, keepingNewlines: keepingNewlines)
    }

    public static func pad(_ text: String, to columns: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, columns - width(text)))
        return right ? fill + text : text + fill
    }

    /// `₩3,500`, `$19.99`; other currencies as `JPY 100`.
    public static func money(_ amount: Decimal, _ currency: Currency) -> String {
        let negative = amount < 0
        let magnitude = negative ? -amount : amount
        let digits: Int
        let symbol: String
        switch currency {
        case .krw: (digits, symbol) = (0, "₩")
        case .usd: (digits, symbol) = (2, "$")
        default: (digits, symbol) = (2, currency.rawValue + " ")
        }
        var rounded = Decimal()
        var value = magnitude
        NSDecimalRound(&rounded, &value, digits, .bankers)
        // A KRW price with decimals (allowed by the contract) keeps them rather than hiding them.
        let shown = (currency == .krw && rounded != magnitude) ? magnitude : rounded
        let text = NSDecimalNumber(decimal: shown).stringValue
        var parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        var fraction = parts.count > 1 ? parts[1] : ""
        if digits > 0 { while fraction.count < digits { fraction += "0" } }
        let whole = parts.removeFirst()
        var grouped = ""
        for (index, character) in whole.reversed().enumerated() {
            if index > 0, index % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        let body = String(grouped.reversed()) + (fraction.isEmpty ? "" : "." + fraction)
        return (negative ? "-" : "") + symbol + body
    }
}

/// Aligned tables and detail views of products.
public enum ProductRendering {
    public static let nameColumns = 28

    public static func table(_ products: [Product], soldOut: String = "sold out") -> String {
        let headers = ["id", "name", "price", "discount", "final", "stock", "vendor"]
        let rows = products.map { p -> [String] in
            [
                String(p.id), TextLayout.truncate(TextLayout.visible(p.name, limit: 200), to: nameColumns),
                TextLayout.money(p.price, p.currency),
                p.discountedPrice == 0 ? "-" : TextLayout.money(p.discountedPrice, p.currency),
                TextLayout.money(p.bargainPrice, p.currency), p.stock == 0 ? soldOut : String(p.stock),
                TextLayout.visible(p.vendorName ?? p.vendor?.name ?? (p.vendorID.map { "#\($0)" } ?? ""), limit: 40),
            ]
        }
        let rightAligned: Set<Int> = [0, 2, 3, 4, 5]
        var widths = headers.map(TextLayout.width)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], TextLayout.width(cell)) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in TextLayout.pad(cell, to: widths[i], right: rightAligned.contains(i)) }
                .joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return ([line(headers), line(widths.map { String(repeating: "─", count: $0) })] + rows.map(line))
            .joined(separator: "\n")
    }

    /// Every text the server sent is passed through `TextLayout.visible` and bounded: a product
    /// is the server's to write, the terminal is the seller's.
    public static func detail(_ p: Product) -> String {
        func show(_ text: String, _ limit: Int = 300) -> String { TextLayout.visible(text, limit: limit) }
        var lines: [String] = []
        lines.append("#\(p.id)  \(show(p.name))")
        lines.append("  vendor       \(show(p.vendor.map { "\($0.name) (#\($0.id))" } ?? p.vendorName ?? "-"))")
        var price = "  price        \(TextLayout.money(p.price, p.currency))"
        if p.discountedPrice != 0 {
            price += " − \(TextLayout.money(p.discountedPrice, p.currency)) = \(TextLayout.money(p.bargainPrice, p.currency))"
        }
        lines.append(price)
        lines.append("  stock        \(p.stock == 0 ? "0 (sold out)" : String(p.stock))")
        lines.append("  created      \(show(p.createdAt?.text ?? "-", 40))")
        if let issued = p.issuedAt, issued != p.createdAt { lines.append("  changed      \(show(issued.text, 40))") }
        let description = TextLayout.visible(p.description, limit: 3000, keepingNewlines: true)
        lines.append("  description  \(description.replacingOccurrences(of: "\n", with: "\n               "))")
        if let thumbnail = p.thumbnail { lines.append("  thumbnail    \(show("\(thumbnail)"))") }
        for (index, image) in (p.images ?? []).enumerated() {
            lines.append("  image \(index + 1) (id \(image.id))")
            lines.append("      \(show("\(image.url)"))")
            lines.append("      thumbnail \(show("\(image.thumbnailURL)"))")
        }
        return lines.joined(separator: "\n")
    }
}
