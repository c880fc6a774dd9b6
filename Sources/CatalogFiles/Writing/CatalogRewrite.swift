import Foundation
import OpenMarketContract

/// Writing new ids back into the file they came from.
public enum CatalogRewrite {
    /// `--write-ids`: the file again with `id` filled in for the given rows (row number → new
    /// id), every other cell and column as it was (an `id` column is added first when the file
    /// has none), atomically (temporary file + rename, same permissions). Reads the file again
    /// itself.
    ///
    /// A CSV keeps every record, blank ones and unknown columns included, so row numbers stay;
    /// it is written with CRLF as UTF-8 with a BOM, or in CP949 when it was read as CP949 (no
    /// silent change of encoding). JSON Lines keeps every line it does not change byte for
    /// byte; a changed line is written again as `export` writes one (same cells, id first). A
    /// JSON array is written again as `export` writes one.
    public static func writeIDs(_ ids: [Int: Int], into path: String, format: CatalogFormat) throws(CatalogProblem) {
        let data: Data
        do {
            data = try LocalFile.read(path, limit: LocalFile.maxCatalogBytes, what: "a catalog")
        } catch {
            throw AtomicFile.problem(error)
        }
        guard let (text, note) = CatalogText.decode(data, allowingCP949: format == .csv) else {
            throw CatalogProblem(file: path, .saveAsUTF8)
        }
        switch format {
        case .csv: try rewriteCSV(text, ids: ids, path: path, cp949: note != nil)
        case .jsonl: try rewriteLines(text, ids: ids, path: path)
        case .json: try rewriteArray(data, ids: ids, path: path)
        }
    }

    private static func rewriteCSV(_ text: String, ids: [Int: Int], path: String, cp949: Bool) throws(CatalogProblem) {
        // A `;`-separated file is written back with `;`, as it came.
        let delimiter = CSVCatalogParser.delimiter(of: text)
        let records = Array(CSVCatalogParser.records(of: text, delimiter: delimiter))
        guard let header = records.first else { throw CatalogProblem(file: path, .emptyNoHeader) }
        let existing = header.firstIndex { CatalogColumn(header: $0) == .id }
        let idIndex = existing ?? 0
        let file = try AtomicFile(path: path, replacing: true)
        let encoder = try CSVRecordEncoder(delimiter: delimiter)
        var out = Data([0xEF, 0xBB, 0xBF])
        for (index, original) in records.enumerated() {
            var record = original
            if existing == nil, index == 0 {
                record.insert("id", at: 0)
            } else if existing == nil, record != [""] {
                record.insert("", at: 0)
            }
            if index > 0, let id = ids[index + 1] {
                while record.count <= idIndex { record.append("") }
                record[idIndex] = String(id)
            }
            out.append(try encoder.encode(record))
        }
        if cp949 {
            // A CP949 file stays CP949 (no BOM), as Korean Excel saved it: every cell came from
            // CP949 and the ids are ASCII, so each character has its code.
            guard let encoded = KoreanExcelText.toCP949(String(decoding: out.dropFirst(3), as: UTF8.self)) else {
                throw CatalogProblem(file: path, .cannotWriteCP949)
            }
            out = encoded
        }
        try file.write(out)
        try file.commit()
    }

    private static func rewriteLines(_ text: String, ids: [Int: Int], path: String) throws(CatalogProblem) {
        // Split at each `\n` scalar, a `\r` before it kept on its line: split by `Character`, a
        // Windows file's `\r\n` (one grapheme) was no break, and its ids were never written.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
        let json = JSONObjectText()
        let order = [CatalogColumn.id] + CatalogColumn.exported.filter { $0 != .id } + [.action]
        for (number, id) in ids where number >= 1 && number <= lines.count {
            let line = lines[number - 1]
            let parsed = JSONCatalogParser.parseLines(line, name: path)
            guard parsed.problems.isEmpty, var values = parsed.rows.first?.values else {
                throw CatalogProblem(file: path, row: number, .notAProductObject)
            }
            values[.id] = String(id)
            lines[number - 1] = json.object(values, columns: order) + (line.hasSuffix("\r") ? "\r" : "")
        }
        let file = try AtomicFile(path: path, replacing: true)
        try file.write(Data(lines.joined(separator: "\n").utf8))
        try file.commit()
    }

    private static func rewriteArray(_ data: Data, ids: [Int: Int], path: String) throws(CatalogProblem) {
        let contents = CatalogReader.read(data, name: path, format: .json)
        if let problem = contents.problems.first { throw problem }
        let order = [CatalogColumn.id] + CatalogColumn.exported.filter { $0 != .id } + [.action]
        let writer = try CatalogWriter(path: path, format: .json, columns: order, replacing: true)
        for row in contents.rows {
            var values = row.values
            if let id = ids[row.number] { values[.id] = String(id) }
            try writer.write(values)
        }
        try writer.finish()
    }
}
