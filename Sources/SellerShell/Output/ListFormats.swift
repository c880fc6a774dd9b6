import CatalogFiles
import Foundation
import OpenMarketContract
import TerminalText

/// How `list` writes products: a table for people, or JSON, JSON Lines, CSV or bare ids for
/// pipes (`list --format ids | xargs …`).
public enum ListFormat: String, Sendable, CaseIterable {
    case table, json, jsonl, csv, ids
    /// How many products there are (after the filters): one number.
    case count

    /// `--format X` or `set output X`; a usage error naming the formats otherwise.
    public static func parse(_ text: String, option: String = "--format") throws(CommandFailure) -> ListFormat {
        guard let format = ListFormat(rawValue: text.lowercased()) else {
            throw .usage(
                "\(option) takes \(allCases.map(\.rawValue).joined(separator: ", ")) "
                    + "(got '\(TerminalText.visible(String(text.prefix(40))))')")
        }
        return format
    }
}

/// A column of a product list: the catalog file's columns themselves (`CatalogColumn`), so
/// `list --fields`, `list --format csv` and `export` speak of the same things.
public typealias ListField = CatalogColumn

extension CatalogColumn {
    /// `--fields id,name,price` (any case; `discounted_price` is `discount`); an unknown name is a
    /// usage error listing the known ones.
    public static func parse(_ text: String) throws(CommandFailure) -> [ListField] {
        var fields: [ListField] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let field = CatalogColumn(header: String(part)) else {
                let name = part.trimmingCharacters(in: .whitespaces)
                let known = allCases.map(\.rawValue).joined(separator: ", ")
                throw .usage(
                    Message.unknownListField(field: TerminalText.visible(String(name.prefix(40))), known: known).text)
            }
            if !fields.contains(field) { fields.append(field) }
        }
        return fields
    }

    /// The product document's keys that carry this column.
    var wireKeys: [String] {
        switch self {
        case .discount: ["discounted_price"]
        case .updatedAt: ["issued_at"]
        case .vendor: ["vendor_id", "vendorName", "vendors"]
        default: [rawValue]
        }
    }
}

/// Products written in the formats meant for pipes, and tables of chosen columns.
public enum ListFormats {
    /// Products in a non-table format: `ids` one id a line; `jsonl` one compact product
    /// document a line (`fields` keeps only those keys); `json` an array of the documents.
    public static func rows(_ products: [Product], format: ListFormat, fields: [ListField]) throws(CommandFailure) -> String {
        switch format {
        case .ids:
            return products.map { String($0.id) }.joined(separator: "\n")
        case .count:
            return String(products.count)
        case .jsonl:
            return try products.map { product throws(CommandFailure) in try document(product, fields: fields) }
                .joined(separator: "\n")
        case .json:
            let documents = try products.map { product throws(CommandFailure) in try document(product, fields: fields) }
            return "[" + documents.joined(separator: ",") + "]"
        case .csv:
            // The catalog's own writer, so a listed CSV imports as an exported one does (no BOM:
            // this goes to a pipe, not to Excel).
            let buffer = DataBuffer()
            let writer = CatalogWriter(
                format: .csv, columns: fields.isEmpty ? CatalogColumn.allCases : fields, bom: false, sink: buffer.append)
            do {
                for product in products { try writer.write(product) }
                try writer.finish()
            } catch {
                throw .failed(Message.csvNotWritten(reason: error.message).text)
            }
            // Every row ends with CRLF, the last too: its LF is left to the console, which ends
            // what it writes with one. Cut as a byte: "\r\n" is one Character, so trimming
            // newlines as text took the last row's CR with it.
            var rows = buffer.data
            if rows.last == UInt8(ascii: "\n") { rows.removeLast() }
            return String(decoding: rows, as: UTF8.self)
        case .table:
            return fields.isEmpty ? ProductRendering.table(products) : table(products, fields: fields)
        }
    }

    /// One product as one line of JSON with sorted keys, only `fields`' keys when given.
    static func document(_ product: Product, fields: [ListField]) throws(CommandFailure) -> String {
        do {
            let data = try MarketJSON.encoder.encode(product)
            guard !fields.isEmpty else { return String(decoding: data, as: UTF8.self) }
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw CommandFailure.failed(Message.jsonNotWritten(reason: nil).text)
            }
            let keys = Set(fields.flatMap(\.wireKeys))
            let kept = object.filter { keys.contains($0.key) }
            let out = try JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys, .withoutEscapingSlashes])
            return String(decoding: out, as: UTF8.self)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw .failed(Message.jsonNotWritten(reason: "\(error)").text)
        }
    }

    /// A table of the chosen columns (every server text made visible and bounded).
    public static func table(_ products: [Product], fields: [ListField], color: Bool = false) -> String {
        let rows = products.map { product in fields.map { cell($0, of: product) } }
        let right = Set(fields.indices.filter { [.id, .price, .discount, .stock].contains(fields[$0]) })
        let stockColumn = fields.firstIndex(of: .stock)
        return TextLayout.table(fields.map(\.rawValue), rows, rightAligned: right) { row, column, cell in
            color && column == stockColumn && products[row].stock == 0 ? TerminalText.painted(cell, .red) : nil
        }
    }

    static func cell(_ field: ListField, of p: Product) -> String {
        func shown(_ text: String, _ columns: Int) -> String {
            TextLayout.truncate(TextLayout.visible(text, limit: 200), to: columns)
        }
        switch field {
        case .id: return String(p.id)
        case .name: return shown(p.name, ProductRendering.nameColumns)
        case .description: return shown(p.description, 40)
        case .price: return TextLayout.money(p.price, p.currency)
        case .currency: return TextLayout.visible(p.currency.rawValue, limit: 10)
        case .discount: return p.discountedPrice == 0 ? "-" : TextLayout.money(p.discountedPrice, p.currency)
        case .stock: return p.stock == 0 ? Message.soldOut.text : String(p.stock)
        case .images: return p.images.map { String($0.count) } ?? "-"
        case .thumbnail: return p.thumbnail.map { shown($0, 40) } ?? "-"
        case .createdAt: return p.createdAt.map { TextLayout.localTime($0) } ?? "-"
        case .updatedAt: return p.issuedAt.map { TextLayout.localTime($0) } ?? "-"
        case .vendor: return shown(p.vendorName ?? p.vendor?.name ?? (p.vendorID.map { "#\($0)" } ?? ""), 40)
        case .revision, .action: return shown(field.cell(of: p), 40)
        }
    }
}

/// Collects what a writer hands its sink.
private final class DataBuffer {
    var data = Data()
    func append(_ more: Data) { data.append(more) }
}
