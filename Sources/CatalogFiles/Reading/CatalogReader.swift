// Why CSV.swift (yaslab/CSV.swift 2.5.2) rather than SwiftCSV (swiftcsv/SwiftCSV 0.10.0):
// measured in a throwaway release-build package (/tmp/csvbench, best of 5 runs, this 2-core
// machine) on a 10,000-row, 1.29 MB catalog (Korean names, quoted commas and doubled quotes, a
// CRLF inside every third description, a BOM, CRLF rows). Parsing: CSV.swift 285,000 rows/s from
// a String, 65,600 rows/s streaming from an InputStream; SwiftCSV 65,000 rows/s, whole string
// only (it builds the array of every row at once). Writing 10,000 rows: CSV.swift 20,000 rows/s
// (streaming to an OutputStream, CRLF), SwiftCSV 55,000 rows/s (one String of the whole file).
// Both parse quoted commas, doubled quotes, quoted CR/LF/CRLF and CRLF rows. CSV.swift's String
// reader keeps a UTF-8 BOM in the first header (its stream reader drops it); we drop it ourselves
// before parsing, since the bytes are decoded first anyway (UTF-8 or CP949). SwiftCSV is wrong for
// us twice: it trims spaces around unquoted cells (" g" reads as "g"), and its writer quotes only
// cells with a comma or quote, so a cell holding a newline or CR is written bare and does not read
// back. CSV.swift streams both ways and round-trips every cell; its 20,000 rows/s write is 4x the
// 5,000 products/s an export needs. So CSV.swift, for reading and writing.
// Through this module (/tmp/catbench, release, same file): CatalogReader.read 141,000 rows/s
// (decode, parse, map to columns); CatalogWriter to a file: CSV 28,500, JSON Lines 52,000 rows/s.
import Foundation
import OpenMarketContract

/// Reads catalog files: CSV (RFC 4180, UTF-8 with or without a BOM, or Korean Excel's CP949),
/// JSON Lines, or a JSON array.
public enum CatalogReader {
    /// The most product rows one catalog may have, 100,000: a million rows took nearly 1 GB of
    /// memory to read and check. A larger catalog is split into files of at most this many rows.
    public static let maxRows = 100_000

    /// The problem of a file with more than `limit` rows.
    static func tooManyRows(_ name: String, limit: Int) -> CatalogProblem {
        // Digits grouped by hand: SellerShell's `TextLayout.grouped` is above this module.
        var digits = String(limit)
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return CatalogProblem(file: name, "more than \(digits) rows, the most one catalog may have: split it into smaller files")
    }

    /// Reads a whole catalog file. Never throws and never crashes on any bytes: every problem
    /// is in `problems`. Only a regular file of at most `LocalFile.maxCatalogBytes` (256 MiB)
    /// is read (a FIFO, a device or a `/proc` file is refused before reading). `format` nil:
    /// from the extension (an unknown extension is a problem saying to use .csv, .jsonl or
    /// .json, or --format).
    public static func read(_ path: String, format: CatalogFormat? = nil) -> CatalogContents {
        guard let format = format ?? CatalogFormat(path: path) else {
            return failed(path, .csv, "not a catalog file by its name; use .csv, .jsonl or .json, or --format csv|jsonl|json")
        }
        do {
            let data = try LocalFile.read(path, limit: LocalFile.maxCatalogBytes, what: "a catalog")
            return read(data, name: path, format: format)
        } catch {
            return CatalogContents(
                path: path, format: format, columns: [], rows: [], problems: [AtomicFile.problem(error)], encodingNote: nil)
        }
    }

    /// The same from bytes (for tests and the fuzzer); `name` is used in problems.
    public static func read(_ data: Data, name: String, format: CatalogFormat) -> CatalogContents {
        read(data, name: name, format: format, maxRows: maxRows)
    }

    /// The same with another row limit (for tests).
    static func read(_ data: Data, name: String, format: CatalogFormat, maxRows: Int) -> CatalogContents {
        guard let decoded = CatalogText.decode(data, allowingCP949: format == .csv) else {
            return failed(name, format, format == .csv ? CatalogText.saveAsHint : "not UTF-8 text (JSON files are UTF-8)")
        }
        let (text, note) = decoded
        switch format {
        case .csv:
            let parsed = CSVCatalogParser.parse(text, name: name, maxRows: maxRows)
            var contents = CatalogContents(
                path: name, format: format, columns: parsed.columns, rows: parsed.rows, problems: parsed.problems,
                encodingNote: note)
            contents.ignoredColumns = parsed.ignored
            contents.delimiter = parsed.delimiter
            contents.headers = parsed.headers
            return contents
        case .jsonl, .json:
            let parsed =
                format == .jsonl
                ? JSONCatalogParser.parseLines(text, name: name, maxRows: maxRows)
                : JSONCatalogParser.parseArray(text, name: name, maxRows: maxRows)
            var contents = CatalogContents(
                path: name, format: format, columns: parsed.columns, rows: parsed.rows, problems: parsed.problems,
                encodingNote: note)
            contents.ignoredColumns = parsed.ignored
            return contents
        }
    }

    private static func failed(_ path: String, _ format: CatalogFormat, _ message: String) -> CatalogContents {
        CatalogContents(
            path: path, format: format, columns: [], rows: [], problems: [CatalogProblem(file: path, message)], encodingNote: nil)
    }
}
