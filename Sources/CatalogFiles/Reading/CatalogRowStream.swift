import Foundation
import OpenMarketContract

/// A catalog's rows as the file is parsed, one at a time: the input is read a chunk at a time,
/// cut into records (`CatalogSplitter`) and parsed (`CatalogAssembly`), and the rows of each
/// chunk are handed out before the next chunk is read. Memory holds one chunk, one batch of
/// records and the rows parsed from it, never the file nor its rows. What is said of the file
/// as a whole (its columns, its problems, its encoding) is `finish()`'s, once `next()` has
/// returned nil: a problem that stops the reading (a NUL byte, a cell over its bound, text that
/// is no text) is known only then, and then every row handed out must be dropped (`dropsRows`).
struct CatalogRowStream {
    let name: String
    let format: CatalogFormat
    let maxRows: Int
    /// The input, as far as it was read.
    private(set) var input: CatalogInput
    private var assembly: CatalogAssembly
    private var splitter: CatalogSplitter
    /// Rows parsed and not yet handed out, from `position` on.
    private var rows: [CatalogRow] = []
    private var position = 0
    private var started = false
    /// The file as a whole, once the end was reached or reading stopped; `dropsRows` when a
    /// problem stopped it (the rows handed out are not the file's).
    private var end: (contents: CatalogContents, dropsRows: Bool)?

    init(_ input: CatalogInput, name: String, format: CatalogFormat, maxRows: Int) {
        self.input = input
        self.name = name
        self.format = format
        self.maxRows = maxRows
        assembly = CatalogAssembly(name: name, format: format, maxRows: maxRows, delimiter: UInt8(ascii: ","))
        splitter = CatalogSplitter(
            format: format, delimiter: UInt8(ascii: ","), maxCell: CatalogReader.maxCellBytes,
            maxRow: CatalogReader.maxRowBytes)
    }

    /// The next row, nil at the end of the file or where reading stopped.
    mutating func next() -> CatalogRow? {
        while true {
            if position < rows.count {
                position += 1
                return rows[position - 1]
            }
            rows.removeAll(keepingCapacity: true)
            position = 0
            if end != nil { return nil }
            advance()
            if let left = end?.contents.rows {
                // The file's end: its contents hold the rows not yet handed out.
                rows = Array(left)
                end?.contents.rows = []
            } else {
                rows = assembly.takeRows()
            }
        }
    }

    /// The file as a whole (its rows left out: they were handed out), and whether a problem
    /// stopped the reading, so that the rows handed out are to be dropped. Reads to the end
    /// first when `next()` has not.
    mutating func finish() -> (contents: CatalogContents, dropsRows: Bool) {
        while next() != nil {}
        return end ?? (CatalogContents(path: name, format: format, columns: [], rows: [], problems: [], encodingNote: nil), false)
    }

    /// Reads one more chunk (the first: at least `chunkBytes`, for its BOM and its header line).
    private mutating func advance() {
        do {
            guard started else { return try start() }
            guard let bytes = try input.next() else { return reachEnd() }
            feed(bytes)
        } catch {
            end = (failed(AtomicFile.problem(error)), true)
        }
    }

    private mutating func start() throws(LocalFileError) {
        started = true
        var first: [UInt8] = []
        while first.count < CatalogInput.chunkBytes, let more = try input.next() { first += more }
        if first.isEmpty {
            end = (assembly.contents(unclosedQuote: nil), assembly.fatal != nil)
            return
        }
        if first.starts(with: [0xEF, 0xBB, 0xBF]) { first.removeFirst(3) }
        // UTF-16 (a BOM either way round) is neither text: said before its NULs are met.
        if first.starts(with: [0xFF, 0xFE]) || first.starts(with: [0xFE, 0xFF]) {
            end = (failed(CatalogProblem(file: name, format == .csv ? .saveAsUTF8 : .jsonNotUTF8)), true)
            return
        }
        let delimiter = format == .csv ? CSVCatalogParser.delimiter(of: first) : UInt8(ascii: ",")
        assembly = CatalogAssembly(name: name, format: format, maxRows: maxRows, delimiter: delimiter)
        splitter = CatalogSplitter(
            format: format, delimiter: delimiter, maxCell: CatalogReader.maxCellBytes, maxRow: CatalogReader.maxRowBytes)
        feed(first)
    }

    private mutating func feed(_ bytes: [UInt8]) {
        let breach = splitter.feed(bytes)
        assembly.take(splitter.take())
        if let breach { assembly.stop(assembly.problem(breach)) }
        if assembly.isDone {
            end = (assembly.contents(unclosedQuote: nil), assembly.fatal != nil)
        } else if splitter.notAnArray {
            end = (failed(CatalogProblem(file: name, .notAJSONArray)), true)
        }
    }

    /// At the end of the input: the last record, and what the file was.
    private mutating func reachEnd() {
        let last = splitter.finish()
        assembly.take(last.records)
        if splitter.notAnArray {
            end = (failed(CatalogProblem(file: name, .notAJSONArray)), true)
        } else {
            end = (assembly.contents(unclosedQuote: last.unclosedQuote), assembly.fatal != nil)
        }
    }

    private func failed(_ problem: CatalogProblem) -> CatalogContents {
        CatalogContents(path: name, format: format, columns: [], rows: [], problems: [problem], encodingNote: nil)
    }
}
