import Foundation
import OpenMarketContract

/// The records `CatalogSplitter` cuts, decoded and parsed as they come: CSV records in batches
/// of about `batchBytes` through CSV.swift (the header alone first), JSON records one by one. The
/// text is UTF-8, or for CSV Korean Excel's CP949, told apart as it is read: a CSV whose first
/// bytes that are not ASCII are not UTF-8 is read as CP949 from there on.
struct CatalogAssembly {
    /// CSV read at a time: 256 KiB of records.
    static let batchBytes = 256 * 1024

    let name: String
    let format: CatalogFormat
    let maxRows: Int
    private var csv: CSVCatalogParser
    private var json: JSONCatalogParser
    private var batch: [UInt8] = []
    private var cp949 = false
    private var sawNonASCII = false
    /// The one problem that stopped the reading (the text is no text, a bound was broken).
    private(set) var fatal: CatalogProblem?

    init(name: String, format: CatalogFormat, maxRows: Int, delimiter: UInt8) {
        self.name = name
        self.format = format
        self.maxRows = maxRows
        csv = CSVCatalogParser(name: name)
        csv.delimiter = Character(Unicode.Scalar(delimiter))
        json = JSONCatalogParser(name: name)
    }

    /// Whether the rest of the file need not be read.
    var isDone: Bool { fatal != nil || csv.full || json.full }

    /// Reads `records`.
    mutating func take(_ records: [CatalogRecord]) {
        for record in records where !isDone {
            switch format {
            case .csv:
                batch += record.bytes
                batch.append(.lineFeed)
                // The header alone, so that a cell over its bound is named by its column.
                if record.row == 1 || batch.count >= Self.batchBytes { flush() }
            case .jsonl, .json:
                guard let text = decode(record.bytes) else { return }
                json.read(text, number: record.row, what: format == .jsonl ? "line" : "element", maxRows: maxRows)
            }
        }
    }

    /// The rows read since the last call, handed over once.
    mutating func takeRows() -> [CatalogRow] {
        format == .csv ? csv.takeRows() : json.takeRows()
    }

    /// Reads the CSV records kept.
    mutating func flush() {
        guard !batch.isEmpty, !isDone else { return }
        defer { batch.removeAll(keepingCapacity: true) }
        guard let text = decode(batch) else { return }
        csv.read(text, maxRows: maxRows)
    }

    /// `bytes` as text; nil (and `fatal` set) when they are not text of the file's encoding.
    private mutating func decode(_ bytes: [UInt8]) -> String? {
        if !cp949, let text = String(validating: bytes, as: UTF8.self) {
            if !sawNonASCII, bytes.contains(where: { $0 >= 0x80 }) { sawNonASCII = true }
            return text
        }
        // Only a CSV whose earlier text was ASCII alone (the same in both) is read as CP949.
        if format == .csv, cp949 || !sawNonASCII, let text = KoreanExcelText.fromCP949(bytes) {
            cp949 = true
            return text
        }
        stop(CatalogProblem(file: name, format == .csv ? .saveAsUTF8 : .jsonNotUTF8))
        return nil
    }

    /// Stops reading with `problem`, the only one told: the rows read before it are dropped, so
    /// that no import sends part of a file it did not read to the end.
    mutating func stop(_ problem: CatalogProblem) {
        if fatal == nil { fatal = problem }
    }

    /// The problem a breach is: one line naming the row and the column.
    func problem(_ breach: CatalogBreach) -> CatalogProblem {
        let column: String? =
            format == .csv
            ? (breach.row == 1 ? nil : breach.cell.map { csv.header(at: $0) ?? "column \($0 + 1)" })
            : breach.key
        let message: CatalogProblemMessage =
            switch breach.kind {
            case .cell: .cellTooLarge(bound: CatalogReader.bound(CatalogReader.maxCellBytes))
            case .row: .rowTooLarge(bound: CatalogReader.bound(CatalogReader.maxRowBytes))
            case .nul: .nulByte
            }
        return CatalogProblem(file: name, row: breach.row, column: column, message)
    }

    /// The file as read, once the end was reached or reading stopped.
    mutating func contents(unclosedQuote: Int?) -> CatalogContents {
        flush()
        if let row = unclosedQuote {
            stop(CatalogProblem(file: name, row: row, .unclosedQuote))
        }
        if format == .csv, csv.number == 0 {
            stop(CatalogProblem(file: name, .emptyNoColumns(columns: CatalogColumn.namesList)))
        }
        var contents: CatalogContents
        if let fatal {
            contents = CatalogContents(
                path: name, format: format, columns: [], rows: [], problems: [fatal], encodingNote: nil)
        } else if format == .csv {
            contents = CatalogContents(
                path: name, format: format, columns: csv.columns, rows: csv.rows, problems: csv.problems,
                encodingNote: cp949 ? CatalogProblemMessage.readAsCP949.text : nil)
            contents.ignoredColumns = csv.ignored
            contents.near = csv.near
            contents.delimiter = csv.delimiter
            contents.headers = csv.headers
        } else {
            contents = CatalogContents(
                path: name, format: format, columns: json.columns, rows: json.rows, problems: json.problems, encodingNote: nil)
            contents.ignoredColumns = json.ignored
            contents.near = json.near
        }
        return contents
    }
}
