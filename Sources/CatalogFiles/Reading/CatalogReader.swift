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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads catalog files: CSV (RFC 4180, UTF-8 with or without a BOM, or Korean Excel's CP949),
/// JSON Lines, or a JSON array.
public enum CatalogReader {
    /// The most product rows one catalog may have, 1,048,575: what one sheet of Excel holds
    /// under its header (1,048,576 rows). A larger catalog is split into files of at most this
    /// many rows. Rows are streamed (`CatalogRows`): a million rows are checked in far less
    /// memory than they take (`scripts/bench-catalog-scale`).
    public static let maxRows = 1_048_575

    /// The problem of a file with more than `limit` rows.
    static func tooManyRows(_ name: String, limit: Int) -> CatalogProblem {
        // Digits grouped by hand: SellerShell's `TextLayout.grouped` is above this module.
        var digits = String(limit)
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return CatalogProblem(file: name, .tooManyRows(digits))
    }

    /// The most bytes one cell may hold, 64 KiB: a description is at most 1,000 characters (4,000
    /// bytes of UTF-8, `ProductRules.descriptionLength`), a name 100, and `images` a few paths;
    /// 64 KiB is sixteen times the longest a product can send. Reading stops at the first cell
    /// over it, before the rest of the cell is read (a 240 MB cell once cost 970 MB to read).
    public static let maxCellBytes = 64 * 1024
    /// The most bytes one row may hold, 1 MiB: every column's cell at its longest, and more.
    public static let maxRowBytes = 1024 * 1024

    /// `bytes` as the docs write a bound (`64 KiB`, `1 MiB`).
    static func bound(_ bytes: Int) -> String {
        bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MiB" : "\(bytes / 1024) KiB"
    }

    /// Reads a catalog file, a chunk at a time (`CatalogInput`), parsing rows as it goes
    /// (`CatalogRowStream`): memory holds one batch of the file and the rows parsed from it,
    /// never the file. A file of at most `holdRows` rows keeps its rows in memory; a larger one
    /// is read once here (its problems, its counts and `CatalogCheck`'s checks across rows), and
    /// its rows are read again from the file at each walk (`CatalogRows`). Never throws and
    /// never crashes on any bytes: every problem is in `problems`. Only a regular file of at
    /// most `LocalFile.maxCatalogBytes` (256 MiB) is read (a FIFO, a device or a `/proc` file is
    /// refused before reading); a cell over `maxCellBytes`, a row over `maxRowBytes` or a NUL
    /// byte stops the reading there, with the row and column. `format` nil: from the extension
    /// (an unknown extension is a problem saying to use .csv, .jsonl or .json, or --format).
    public static func read(_ path: String, format: CatalogFormat? = nil) -> CatalogContents {
        read(path, format: format, holding: holdRows)
    }

    /// Spreadsheet programs' own files, which are saved as CSV to be imported.
    static let spreadsheetExtensions: Set<String> = ["xlsx", "xls", "xlsm", "ods", "numbers"]

    /// The most rows a catalog file keeps in memory when read: 10,000 (about 10 MB of rows).
    /// A larger file streams its rows from the file.
    public static let holdRows = 10_000

    /// The same, keeping at most `holding` rows in memory (0 streams every file: for tests).
    public static func read(_ path: String, format: CatalogFormat? = nil, holding: Int) -> CatalogContents {
        guard let format = format ?? CatalogFormat(path: path) else {
            let ext = (path as NSString).pathExtension.lowercased()
            return failed(path, .csv, spreadsheetExtensions.contains(ext) ? .spreadsheetFile(ext) : .notACatalogName)
        }
        do {
            let limit = LocalFile.maxCatalogBytes
            let (descriptor, _) = try LocalFile.open(path, limit: limit, what: "a catalog")
            let source = CatalogFileSource(descriptor: descriptor, name: path, format: format, maxRows: maxRows)
            return firstReading(source, holding: holding)
        } catch {
            return CatalogContents(
                path: path, format: format, columns: [], rows: [], problems: [AtomicFile.problem(error)], encodingNote: nil)
        }
    }

    /// Reads `source` once: its rows held when there are at most `holding`, else streamed
    /// from it after, with the counts and checks this reading made.
    private static func firstReading(_ source: CatalogFileSource, holding: Int) -> CatalogContents {
        var stream = source.stream()
        var held: [CatalogRow]? = []
        var tally = CatalogCheck.Tally(file: source.name)
        var (count, withID) = (0, 0)
        while let row = stream.next() {
            count += 1
            if row[.id] != nil { withID += 1 }
            tally.add(row)
            if held != nil, held!.count < holding {
                held!.append(row)
            } else {
                held = nil
            }
        }
        var (contents, dropsRows) = stream.finish()
        guard !dropsRows else { return contents }
        if let held {
            contents.rows = CatalogRows(held, checked: tally.findings)
        } else {
            source.rows.withLock { $0 = count }
            contents.rows = CatalogRows(source, count: count, withID: withID, checked: tally.findings)
        }
        return contents
    }

    /// The same from bytes (for tests and the fuzzer); `name` is used in problems.
    public static func read(_ data: Data, name: String, format: CatalogFormat) -> CatalogContents {
        read(data, name: name, format: format, maxRows: maxRows)
    }

    /// The same with another row limit (for tests).
    static func read(_ data: Data, name: String, format: CatalogFormat, maxRows: Int) -> CatalogContents {
        var input = CatalogInput.bytes(data)
        return read(&input, name: name, format: format, maxRows: maxRows)
    }

    /// The same from any input, read only as far as needed (a test counts how far); the rows
    /// are held.
    public static func read(
        _ input: inout CatalogInput, name: String, format: CatalogFormat, maxRows: Int = CatalogReader.maxRows
    ) -> CatalogContents {
        var stream = CatalogRowStream(input, name: name, format: format, maxRows: maxRows)
        var rows: [CatalogRow] = []
        while let row = stream.next() { rows.append(row) }
        var (contents, dropsRows) = stream.finish()
        input = stream.input
        if !dropsRows { contents.rows = CatalogRows(rows) }
        return contents
    }

    private static func notAnArray(_ name: String) -> CatalogContents {
        failed(name, .json, .notAJSONArray)
    }

    private static func failed(_ path: String, _ format: CatalogFormat, _ message: CatalogProblemMessage) -> CatalogContents {
        CatalogContents(
            path: path, format: format, columns: [], rows: [], problems: [CatalogProblem(file: path, message)], encodingNote: nil)
    }
}
