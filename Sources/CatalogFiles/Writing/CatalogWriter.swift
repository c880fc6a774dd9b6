import Foundation
import OpenMarketContract

/// Writes a catalog, streaming: CSV (UTF-8 with a BOM so Excel opens Korean text right, CRLF
/// line ends, RFC 4180 quoting, a header row), JSON Lines (one object per product, keys = column
/// names, id/stock as JSON integers, price/discount as JSON numbers written exactly as the cell
/// text, images as an array of strings) or a JSON array of the same objects, pretty enough to
/// read (one object per line is fine).
///
/// A CSV cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab
/// or a carriage return) is written with a `'` before it, and a cell starting with `'` gets one
/// more; `CatalogReader` drops one leading `'`, so every cell reads back exactly (see
/// `CSVFormulaGuard`).
public final class CatalogWriter {
    private let format: CatalogFormat
    private let columns: [CatalogColumn]
    private let file: AtomicFile?
    private let sink: ((Data) -> Void)?
    private let csv: CSVRecordEncoder
    private let json = JSONObjectText()
    private var pending = Data()
    private var written = 0
    private var finished = false
    /// Bytes kept before they go to the file or sink.
    private static let bufferSize = 64 * 1024

    /// To a file, atomically: written to a temporary file beside it and put in place by
    /// `finish()` (a half-written catalog never replaces a good one). An existing file is
    /// refused by `finish()` unless `replacing` (see `LocalFile`: no race between a check and
    /// the write).
    public init(
        path: String, format: CatalogFormat, columns: [CatalogColumn] = CatalogColumn.exported, replacing: Bool = false
    ) throws(CatalogProblem) {
        self.format = format
        self.columns = columns
        file = try AtomicFile(path: path, replacing: replacing)
        sink = nil
        csv = try CSVRecordEncoder()
        try start(bom: true)
    }

    /// To a sink (standard output for `list --format csv`); no BOM when `bom` is false.
    public init(format: CatalogFormat, columns: [CatalogColumn], bom: Bool, sink: @escaping (Data) -> Void) {
        self.format = format
        self.columns = columns
        file = nil
        self.sink = sink
        // CSVWriter fails only on a stream that will not open; this one always does.
        guard let csv = try? CSVRecordEncoder() else { fatalError("CSVWriter refused an in-memory stream") }
        self.csv = csv
        // Starting writes the header into memory, which fails only as the line above would.
        try? start(bom: bom)
    }

    private func start(bom: Bool) throws(CatalogProblem) {
        switch format {
        case .csv:
            if bom { pending.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
            pending.append(try csv.encode(columns.map(\.rawValue)))
        case .jsonl: break
        case .json: pending.append(contentsOf: Array("[\n".utf8))
        }
    }

    /// One row; cells missing from `values` are written empty (CSV) or left out (JSON).
    public func write(_ values: [CatalogColumn: String]) throws(CatalogProblem) {
        guard !finished else { throw CatalogProblem(file: file?.path ?? "-", .writtenAfterFinish) }
        switch format {
        case .csv: pending.append(try csv.encode(columns.map { CSVFormulaGuard.neutralised(values[$0] ?? "", column: $0) }))
        case .jsonl: pending.append(contentsOf: Array((json.object(values, columns: columns) + "\n").utf8))
        case .json:
            let separator = written == 0 ? "" : ",\n"
            pending.append(contentsOf: Array((separator + json.object(values, columns: columns)).utf8))
        }
        written += 1
        if pending.count >= Self.bufferSize { try flush() }
    }

    /// Convenience: a product's row (`images` and `photoDigests` as for `CatalogColumn.cell`).
    public func write(_ product: Product, images: String? = nil, photoDigests: [String] = []) throws(CatalogProblem) {
        var values: [CatalogColumn: String] = [:]
        for column in columns { values[column] = column.cell(of: product, images: images, photoDigests: photoDigests) }
        try write(values)
    }

    /// Ends the catalog (the JSON array's bracket), writes what is kept and, for a file,
    /// renames it into place. Once only.
    public func finish() throws(CatalogProblem) {
        guard !finished else { return }
        finished = true
        if format == .json { pending.append(contentsOf: Array((written == 0 ? "]\n" : "\n]\n").utf8)) }
        try flush()
        try file?.commit()
    }

    private func flush() throws(CatalogProblem) {
        guard !pending.isEmpty else { return }
        if let file { try file.write(pending) } else { sink?(pending) }
        pending = Data()
    }
}
