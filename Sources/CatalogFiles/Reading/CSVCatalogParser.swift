import CSV
import Foundation

/// A CSV catalog's records (CSV.swift splits them) turned into columns, rows and problems.
struct CSVCatalogParser {
    let name: String
    var columns: [CatalogColumn] = []
    var rows: [CatalogRow] = []
    var problems: [CatalogProblem] = []
    /// The column of each header cell; nil for an empty, unknown or repeated header.
    private var headerColumns: [CatalogColumn?] = []

    init(name: String) { self.name = name }

    /// Every record of `text` (no BOM). The header is record 1; blank records count as rows,
    /// as a spreadsheet shows them, and are skipped.
    static func records(of text: String) -> AnyIterator<[String]> {
        // CSV.swift's String reader throws only when asked for a header row, which this is not.
        guard let reader = try? CSVReader(string: text, hasHeaderRow: false) else { return AnyIterator { nil } }
        return AnyIterator { reader.next() }
    }

    /// The parsed contents of `text`.
    static func parse(_ text: String, name: String) -> CSVCatalogParser {
        var parser = CSVCatalogParser(name: name)
        let records = Self.records(of: text)
        guard let header = records.next() else {
            parser.problems.append(
                CatalogProblem(file: name, "empty: the first row names the columns (\(CatalogColumn.namesList))"))
            return parser
        }
        parser.readHeader(header)
        var number = 1
        while let record = records.next() {
            number += 1
            parser.readRecord(record, number: number)
        }
        return parser
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
                problems.append(
                    CatalogProblem(
                        file: name, row: 1, column: trimmed,
                        "unknown column '\(trimmed)'; the columns are \(CatalogColumn.namesList)"))
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
            if let column = headerColumns[index] { values[column] = cell }
        }
        if !values.isEmpty { rows.append(CatalogRow(number: number, values: values)) }
    }
}
