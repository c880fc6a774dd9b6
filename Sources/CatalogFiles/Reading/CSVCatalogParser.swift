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
    /// An ignored column's header to the Korean name it comes near (`CatalogContents.near`).
    var near: [String: String] = [:]
    /// The character between cells.
    var delimiter: Character = ","
    /// Each column's header as written.
    var headers: [CatalogColumn: String] = [:]
    /// The column of each header cell; nil for an empty, unknown or repeated header.
    private var headerColumns: [CatalogColumn?] = []
    /// Each header cell as written, trimmed.
    private var headerTexts: [String] = []

    init(name: String) { self.name = name }

    /// The rows read since the last call, handed over once (a stream reads them as they come).
    mutating func takeRows() -> [CatalogRow] {
        let taken = rows
        rows = []
        return taken
    }

    /// Every record of `text` (no BOM). The header is record 1; blank records count as rows,
    /// as a spreadsheet shows them, and are skipped.
    static func records(of text: String, delimiter: Unicode.Scalar = ",") -> AnyIterator<[String]> {
        // CSV.swift's String reader throws only when asked for a header row, which this is not.
        guard let reader = try? CSVReader(string: text, hasHeaderRow: false, delimiter: delimiter) else {
            return AnyIterator { nil }
        }
        return AnyIterator { reader.next() }
    }

    /// Record numbers read so far (the header is 1): the next record is `number + 1`.
    private(set) var number = 0
    /// Set once more than `maxRows` records were met: the rest is not read.
    private(set) var full = false

    /// Reads `text`, whole records (no BOM; a blank record counts as a row, as a spreadsheet
    /// shows it, and is skipped): the first record read is the header. More than `maxRows`
    /// records is a problem and the rest is not read. Each cell loses one leading `'`
    /// (`CSVFormulaGuard`).
    mutating func read(_ text: String, maxRows: Int = CatalogReader.maxRows) {
        let records = Self.records(of: text, delimiter: delimiter.unicodeScalars.first!)
        while !full, let record = records.next() {
            number += 1
            if number == 1 {
                readHeader(record)
            } else if number - 1 > maxRows {
                problems.append(CatalogReader.tooManyRows(name, limit: maxRows))
                full = true
            } else {
                readRecord(record, number: number)
            }
        }
    }

    /// The header cell at `index` as written (trimmed), nil when there is none.
    func header(at index: Int) -> String? {
        guard index < headerTexts.count else { return nil }
        let text = headerTexts[index]
        return text.isEmpty ? nil : text
    }

    /// The character between cells: `;` when the header line (outside quotes) has semicolons
    /// and no comma, as Excel writes a CSV where the decimal mark is a comma; else `,`.
    static func delimiter(of text: String) -> Unicode.Scalar {
        Unicode.Scalar(delimiter(of: Array(text.utf8)))
    }

    /// The same from the file's first bytes (the header line is all it looks at).
    static func delimiter(of bytes: [UInt8]) -> UInt8 {
        var (commas, semicolons) = (0, 0)
        var quoted = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if quoted { continue }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            if byte == UInt8(ascii: ",") { commas += 1 }
            if byte == UInt8(ascii: ";") { semicolons += 1 }
        }
        return semicolons > 0 && commas == 0 ? UInt8(ascii: ";") : UInt8(ascii: ",")
    }

    private mutating func readHeader(_ header: [String]) {
        var seen: [CatalogColumn: Int] = [:]
        headerTexts = header.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        for (index, trimmed) in headerTexts.enumerated() {
            guard !trimmed.isEmpty else {
                headerColumns.append(nil)
                continue
            }
            guard let column = CatalogColumn(header: trimmed) else {
                switch CatalogColumn.unknown(trimmed) {
                case .slip(let meant):
                    problems.append(
                        CatalogProblem(
                            file: name, row: 1, column: trimmed,
                            .unknownColumn(trimmed, meant: meant, columns: CatalogColumn.allNames)))
                case .near(let column):
                    ignored.append(trimmed)
                    near[trimmed] = column
                case .unrelated:
                    ignored.append(trimmed)
                }
                headerColumns.append(nil)
                continue
            }
            if let earlier = seen[column] {
                problems.append(
                    CatalogProblem(
                        file: name, row: 1, column: column.rawValue,
                        .columnTwice(trimmed, first: earlier + 1, second: index + 1)))
                headerColumns.append(nil)
                continue
            }
            seen[column] = index
            headers[column] = trimmed
            columns.append(column)
            headerColumns.append(column)
        }
    }

    /// A line break inside a cell, LF or CR LF (as a spreadsheet on Windows writes one), as the
    /// one line break a value holds, `\n`: a description read from a spreadsheet then shows its
    /// lines as lines, not a `␍` at the end of each. A CR alone is no line break and stays.
    /// Read on scalars: `\r\n` is one `Character`.
    static func lineBreaks(_ cell: String) -> String {
        guard cell.utf8.contains(UInt8(ascii: "\r")) else { return cell }
        let scalars = Array(cell.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { continue }
            out.append(scalar)
        }
        return String(out)
    }

    private mutating func readRecord(_ record: [String], number: Int) {
        guard record.contains(where: { !$0.isEmpty }) else { return }
        // Excel pads short rows with empty cells when a later row is longer: only extra text counts.
        if record.count > headerColumns.count, record[headerColumns.count...].contains(where: { !$0.isEmpty }) {
            problems.append(
                CatalogProblem(
                    file: name, row: number,
                    .cellsButColumns(cells: record.count, columns: headerColumns.count)))
            return
        }
        var values: [CatalogColumn: String] = [:]
        for (index, cell) in record.prefix(headerColumns.count).enumerated() where !cell.isEmpty {
            if let column = headerColumns[index] {
                let restored = Self.lineBreaks(CSVFormulaGuard.restored(cell))
                if !restored.isEmpty { values[column] = restored }
            }
        }
        if !values.isEmpty { rows.append(CatalogRow(number: number, values: values)) }
    }
}
