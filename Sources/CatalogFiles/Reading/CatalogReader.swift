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

    /// Reads a whole catalog file, a chunk at a time (`CatalogInput`): memory holds the rows
    /// read and one batch of the file, never the file. Never throws and never crashes on any
    /// bytes: every problem is in `problems`. Only a regular file of at most
    /// `LocalFile.maxCatalogBytes` (256 MiB) is read (a FIFO, a device or a `/proc` file is
    /// refused before reading); a cell over `maxCellBytes`, a row over `maxRowBytes` or a NUL
    /// byte stops the reading there, with the row and column. `format` nil: from the extension
    /// (an unknown extension is a problem saying to use .csv, .jsonl or .json, or --format).
    public static func read(_ path: String, format: CatalogFormat? = nil) -> CatalogContents {
        guard let format = format ?? CatalogFormat(path: path) else {
            return failed(path, .csv, .notACatalogName)
        }
        do {
            let limit = LocalFile.maxCatalogBytes
            let (descriptor, _) = try LocalFile.open(path, limit: limit, what: "a catalog")
            defer { close(descriptor) }
            var input = CatalogInput.file(descriptor, path: path, limit: limit, what: "a catalog")
            return read(&input, name: path, format: format)
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
        var input = CatalogInput.bytes(data)
        return read(&input, name: name, format: format, maxRows: maxRows)
    }

    /// The same from any input, read only as far as needed (a test counts how far).
    public static func read(
        _ input: inout CatalogInput, name: String, format: CatalogFormat, maxRows: Int = CatalogReader.maxRows
    ) -> CatalogContents {
        do {
            // The first chunk, at least `chunkBytes` unless the file is shorter: its BOM, and
            // the header line that says the delimiter, are in it.
            var first: [UInt8] = []
            while first.count < CatalogInput.chunkBytes, let more = try input.next() { first += more }
            if first.isEmpty {
                var empty = CatalogAssembly(name: name, format: format, maxRows: maxRows, delimiter: UInt8(ascii: ","))
                return empty.contents(unclosedQuote: nil)
            }
            if first.starts(with: [0xEF, 0xBB, 0xBF]) { first.removeFirst(3) }
            // UTF-16 (a BOM either way round) is neither text: said before its NULs are met.
            if first.starts(with: [0xFF, 0xFE]) || first.starts(with: [0xFE, 0xFF]) {
                return failed(name, format, format == .csv ? .saveAsUTF8 : .jsonNotUTF8)
            }
            let delimiter = format == .csv ? CSVCatalogParser.delimiter(of: first) : UInt8(ascii: ",")
            var assembly = CatalogAssembly(name: name, format: format, maxRows: maxRows, delimiter: delimiter)
            var splitter = CatalogSplitter(format: format, delimiter: delimiter, maxCell: maxCellBytes, maxRow: maxRowBytes)
            var chunk: [UInt8]? = first
            while let bytes = chunk, !assembly.isDone {
                let breach = splitter.feed(bytes)
                assembly.take(splitter.take())
                if let breach { assembly.stop(assembly.problem(breach)) }
                if splitter.notAnArray { break }
                chunk = assembly.isDone ? nil : try input.next()
            }
            if assembly.isDone { return assembly.contents(unclosedQuote: nil) }
            if splitter.notAnArray { return notAnArray(name) }
            let end = splitter.finish()
            assembly.take(end.records)
            if splitter.notAnArray { return notAnArray(name) }
            return assembly.contents(unclosedQuote: end.unclosedQuote)
        } catch {
            return CatalogContents(
                path: name, format: format, columns: [], rows: [], problems: [AtomicFile.problem(error)], encodingNote: nil)
        }
    }

    private static func notAnArray(_ name: String) -> CatalogContents {
        failed(name, .json, .notAJSONArray)
    }

    private static func failed(_ path: String, _ format: CatalogFormat, _ message: CatalogProblemMessage) -> CatalogContents {
        CatalogContents(
            path: path, format: format, columns: [], rows: [], problems: [CatalogProblem(file: path, message)], encodingNote: nil)
    }
}
