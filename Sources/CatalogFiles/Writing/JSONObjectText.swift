import Foundation

/// One catalog row as a JSON object on one line: keys are column names in column order, id and
/// stock as integers, price and discount as numbers written as the cell text, images as a list.
/// A cell that would not read back as the same text (e.g. "0.50" or "12a") is a JSON string.
struct JSONObjectText {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    /// `{"name": "…", "price": 3500, …}` without the empty cells.
    func object(_ values: [CatalogColumn: String], columns: [CatalogColumn]) -> String {
        var parts: [String] = []
        for column in columns {
            guard let text = values[column], !text.isEmpty else { continue }
            parts.append("\(string(column.rawValue)): \(value(text, column: column))")
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    private func value(_ text: String, column: CatalogColumn) -> String {
        switch column {
        case .id, .stock: Self.isExactNumber(text) && !text.contains(".") ? text : string(text)
        case .price, .discount: Self.isExactNumber(text) ? text : string(text)
        case .images:
            CatalogRow.splitImages(text).joined(separator: ";") == text
                ? "[" + CatalogRow.splitImages(text).map(string).joined(separator: ", ") + "]" : string(text)
        default: string(text)
        }
    }

    /// A JSON string, escaped by JSONEncoder.
    private func string(_ text: String) -> String {
        // Encoding a String cannot fail; the fallback only keeps the compiler content.
        guard let data = try? encoder.encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether `text` is a JSON number that reads back (as a `Decimal`) to the same text:
    /// plain digits, an optional "-" and fraction, no leading zeros, no trailing zeros after ".".
    static func isExactNumber(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars.prefix(2))
        guard let first = scalars.first, first.properties.numericType != nil || first == "-" else { return false }
        guard first != "-" || (scalars.count == 2 && ("0"..."9").contains(scalars[1])) else { return false }
        guard text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." || $0 == "-" }) else { return false }
        return Decimal(string: text)?.description == text
    }
}
