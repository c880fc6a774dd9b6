import CSV
import Foundation
import OpenMarketContract

/// A CSV catalog's records (CSV.swift splits them) turned into columns, rows and problems.
struct CSVCatalogParser {
    let name: String
    var columns: [CatalogColumn] = []
    var rows: [CatalogRow] = []
    var problems: [CatalogProblem] = []
    /// Headers that name no product field (SKU, cost, memo): their cells are ignored.
    var ignored: [String] = []
    /// The character between cells.
    var delimiter: Character = ","
    /// Each column's header as written.
    var headers: [CatalogColumn: String] = [:]
    /// The column of each header cell; nil for an empty, unknown or repeated header.
    private var headerColumns: [CatalogColumn?] = []

    init(name: String) { self.name = name }

    /// Every record of `text` (no BOM). The header is record 1; blank records count as rows,
    /// as a spreadsheet shows them, and are skipped.
    static func records(of text: String, delimiter: Unicode.Scalar = ",") -> AnyIterator<[String]> {
        // CSV.swift's String reader throws only when asked for a header row, which this is not.
        guard let reader = try? CSVReader(string: text, hasHeaderRow: false, delimiter: delimiter) else {
            return AnyIterator { nil }
        }
        return AnyIterator { reader.next() }
    }

    /// The parsed contents of `text`. A quote that never closes is a problem naming its row
    /// (CSV.swift would read the rest of the file as that cell); more than `CatalogReader.maxRows`
    /// records is a problem and the rest is not read. Each cell loses one leading `'`
    /// (`CSVFormulaGuard`).
    static func parse(_ text: String, name: String, maxRows: Int = CatalogReader.maxRows) -> CSVCatalogParser {
        var parser = CSVCatalogParser(name: name)
        let delimiter = Self.delimiter(of: text)
        parser.delimiter = Character(delimiter)
        if let row = unclosedQuoteRow(in: text, delimiter: delimiter) {
            parser.problems.append(
                CatalogProblem(
                    file: name, row: row,
                    "an unclosed quote: a cell here starts with \" and no \" ends it, so the rows after it "
                        + "would be read as its text; close the quote (a quote inside a cell is written \"\")"))
            return parser
        }
        let records = Self.records(of: text, delimiter: delimiter)
        guard let header = records.next() else {
            parser.problems.append(
                CatalogProblem(file: name, "empty: the first row names the columns (\(CatalogColumn.namesList))"))
            return parser
        }
        parser.readHeader(header)
        var number = 1
        while let record = records.next() {
            number += 1
            if number - 1 > maxRows {
                parser.problems.append(CatalogReader.tooManyRows(name, limit: maxRows))
                break
            }
            parser.readRecord(record, number: number)
        }
        return parser
    }

    /// The character between cells: `;` when the header line (outside quotes) has semicolons
    /// and no comma, as Excel writes a CSV where the decimal mark is a comma; else `,`.
    static func delimiter(of text: String) -> Unicode.Scalar {
        var (commas, semicolons) = (0, 0)
        var quoted = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{22}" { quoted.toggle() }  // `"`, compared as a Unicode.Scalar
            if quoted { continue }
            if scalar == "\n" || scalar == "\r" { break }
            if scalar == "," { commas += 1 }
            if scalar == ";" { semicolons += 1 }
        }
        return semicolons > 0 && commas == 0 ? ";" : ","
    }

    /// The record (row) where a quoted cell opens and never closes; nil when every quote closes.
    /// Written by hand because CSV.swift's reader ends such a cell at the end of the file without
    /// a word; this follows its rules: a quote opens a cell only as the cell's first character,
    /// `""` inside is a quote, and a record ends at CR, LF or CRLF outside quotes.
    static func unclosedQuoteRow(in text: String, delimiter: Unicode.Scalar = ",") -> Int? {
        var row = 1
        var atCellStart = true
        var quotedSince: Int?
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if quotedSince != nil {
                guard scalar == .doubleQuote else { continue }
                let next = scalars.next()
                if next == .doubleQuote { continue }
                // CSV.swift ends the cell at a quote before a comma, a line end or the end, and
                // otherwise keeps reading the cell as quoted.
                if next == nil || next == delimiter || next == "\r" || next == "\n" {
                    quotedSince = nil
                    atCellStart = false
                    pending = next
                }
                continue
            }
            switch scalar {
            case .doubleQuote where atCellStart:
                quotedSince = row
                atCellStart = false
            case delimiter:
                atCellStart = true
            case "\r", "\n":
                if scalar == "\r" {
                    let next = scalars.next()
                    if next != "\n" { pending = next }
                }
                row += 1
                atCellStart = true
            default:
                atCellStart = false
            }
        }
        return quotedSince
    }

    private mutating func readHeader(_ header: [String]) {
        var seen: [CatalogColumn: Int] = [:]
        for (index, text) in header.enumerated() {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else {
                headerColumns.append(nil)
                continue
            }
            guard let column = CatalogColumn(header: trimmed) else {
                if let meant = CatalogColumn.nearMiss(trimmed) {
                    problems.append(
                        CatalogProblem(
                            file: name, row: 1, column: trimmed,
                            "unknown column '\(trimmed)': did you mean '\(meant.rawValue)'? The columns are \(CatalogColumn.namesList)"
                        ))
                } else {
                    ignored.append(trimmed)
                }
                headerColumns.append(nil)
                continue
            }
            if let earlier = seen[column] {
                problems.append(
                    CatalogProblem(
                        file: name, row: 1, column: column.rawValue,
                        "column '\(trimmed)' is given twice (columns \(earlier + 1) and \(index + 1)); keep one"))
                headerColumns.append(nil)
                continue
            }
            seen[column] = index
            headers[column] = trimmed
            columns.append(column)
            headerColumns.append(column)
        }
    }

    private mutating func readRecord(_ record: [String], number: Int) {
        guard record.contains(where: { !$0.isEmpty }) else { return }
        // Excel pads short rows with empty cells when a later row is longer: only extra text counts.
        if record.count > headerColumns.count, record[headerColumns.count...].contains(where: { !$0.isEmpty }) {
            problems.append(
                CatalogProblem(
                    file: name, row: number,
                    "\(record.count) cells but the header names \(headerColumns.count) columns; quote cells that hold a comma"))
            return
        }
        var values: [CatalogColumn: String] = [:]
        for (index, cell) in record.prefix(headerColumns.count).enumerated() where !cell.isEmpty {
            if let column = headerColumns[index] {
                let restored = CSVFormulaGuard.restored(cell)
                if !restored.isEmpty { values[column] = restored }
            }
        }
        if !values.isEmpty { rows.append(CatalogRow(number: number, values: values)) }
    }
}
