/// One record of a catalog as bytes: a CSV record (without its line end), a JSON Lines line, or
/// an element of a JSON array; `row` as `CatalogRow.number` counts.
struct CatalogRecord {
    var bytes: [UInt8]
    var row: Int
}

/// Why reading stopped before the end of the file: a cell or a row over its bound
/// (`CatalogReader.maxCellBytes`, `maxRowBytes`), or a NUL byte, which no text holds.
struct CatalogBreach: Equatable {
    enum Kind: Equatable {
        case cell, row, nul
    }
    var kind: Kind
    var row: Int
    /// CSV: the cell's place in its record, from 0 (named by the header).
    var cell: Int?
    /// JSON: the key the value belongs to, as far as it was read.
    var key: String?
}

/// A catalog's bytes cut into records as they arrive, a chunk at a time, never holding more
/// than the record being cut: the bounds are checked on each byte, so a 240 MB cell is refused
/// at its 64 KiB and first byte, and a NUL byte where it is met. Records split by the rules of
/// the parsers that read them after: CSV.swift's (a quote opens a cell only as its first
/// character, `""` inside is a quote, a record ends at CR, LF or CRLF outside quotes), JSON
/// Lines at each LF, a JSON array at each comma between its elements (strings and nesting
/// followed). Written by hand: neither CSV.swift nor JSONDecoder bounds a cell or reads a
/// piece at a time.
struct CatalogSplitter {
    let format: CatalogFormat
    let delimiter: UInt8
    let maxCell: Int
    let maxRow: Int
    /// Records cut and not yet taken (`take`).
    private var records: [CatalogRecord] = []
    private var current: [UInt8] = []
    private var row = 1
    private var cellBytes = 0
    // CSV
    private var cell = 0
    private var quoted = false
    private var afterQuote = false
    private var atCellStart = true
    private var pendingCR = false
    private var quotedSince = 1
    // JSON
    private var json = JSONLexer()
    private var array = ArrayPlace.before
    /// Set when a `.json` file is not an array of elements.
    private(set) var notAnArray = false

    private enum ArrayPlace { case before, inside, after }

    init(format: CatalogFormat, delimiter: UInt8, maxCell: Int, maxRow: Int) {
        self.format = format
        self.delimiter = delimiter
        self.maxCell = maxCell
        self.maxRow = maxRow
    }

    /// The records cut so far, handed over once.
    mutating func take() -> [CatalogRecord] {
        defer { records.removeAll(keepingCapacity: true) }
        return records
    }

    /// Cuts `bytes`; a breach stops it (and everything after it is never read).
    mutating func feed(_ bytes: [UInt8]) -> CatalogBreach? {
        for byte in bytes {
            let breach: CatalogBreach? =
                switch format {
                case .csv: csv(byte)
                case .jsonl: jsonLine(byte)
                case .json: jsonArray(byte)
                }
            if let breach { return breach }
            if notAnArray { return nil }
        }
        return nil
    }

    /// At the end of the file: the last record cut; for CSV, the row where a quote opened and
    /// never closed, if one did.
    mutating func finish() -> (unclosedQuote: Int?, records: [CatalogRecord]) {
        switch format {
        case .csv:
            if quoted && !afterQuote { return (quotedSince, take()) }
            if !current.isEmpty || cell > 0 { endRecord() }
        case .jsonl:
            if !current.isEmpty { endRecord() }
        case .json:
            if array != .after { notAnArray = true }
        }
        return (nil, take())
    }

    private mutating func endRecord() {
        records.append(CatalogRecord(bytes: current, row: row))
        current.removeAll(keepingCapacity: true)
        row += 1
        (cell, cellBytes, atCellStart) = (0, 0, true)
        json = JSONLexer()
    }

    /// Keeps `byte` in the record and its cell, within their bounds.
    private mutating func keep(_ byte: UInt8, inCell: Bool = true) -> CatalogBreach? {
        current.append(byte)
        if inCell { cellBytes += 1 }
        if cellBytes > maxCell { return breach(.cell) }
        if current.count > maxRow { return breach(.row) }
        return nil
    }

    private func breach(_ kind: CatalogBreach.Kind) -> CatalogBreach {
        // A row is named by its number alone.
        if kind == .row { return CatalogBreach(kind: kind, row: row) }
        return format == .csv
            ? CatalogBreach(kind: kind, row: row, cell: cell)
            : CatalogBreach(kind: kind, row: row, key: json.key.map { String(decoding: $0, as: UTF8.self) })
    }

    private mutating func csv(_ byte: UInt8) -> CatalogBreach? {
        if byte == 0 { return breach(.nul) }
        if pendingCR {
            pendingCR = false
            if byte == .lineFeed { return nil }
        }
        if quoted {
            if afterQuote {
                afterQuote = false
                // CSV.swift ends the cell at a quote before a delimiter or a line end, and
                // otherwise keeps reading the cell as quoted.
                if byte == .quote || !(byte == delimiter || byte == .carriageReturn || byte == .lineFeed) {
                    return keep(byte)
                }
                quoted = false
            } else {
                if byte == .quote { afterQuote = true }
                return keep(byte)
            }
        }
        switch byte {
        case .quote where atCellStart:
            (quoted, quotedSince, atCellStart) = (true, row, false)
            return keep(byte)
        case delimiter:
            (cell, cellBytes, atCellStart) = (cell + 1, 0, true)
            return keep(byte, inCell: false)
        case .carriageReturn, .lineFeed:
            pendingCR = byte == .carriageReturn
            endRecord()
            return nil
        default:
            atCellStart = false
            return keep(byte)
        }
    }

    private mutating func jsonLine(_ byte: UInt8) -> CatalogBreach? {
        if byte == 0 { return breach(.nul) }
        if byte == .lineFeed {
            endRecord()
            return nil
        }
        let inCell = json.read(byte)
        if !inCell { cellBytes = 0 }
        return keep(byte, inCell: inCell)
    }

    private mutating func jsonArray(_ byte: UInt8) -> CatalogBreach? {
        if byte == 0 { return breach(.nul) }
        switch array {
        case .before, .after:
            if byte.isJSONSpace { return nil }
            if array == .before && byte == .openBracket {
                array = .inside
            } else {
                notAnArray = true
            }
            return nil
        case .inside:
            if json.atTop, byte == .comma || byte == .closeBracket {
                // An element left out (`[1,,2]`, `[1,]`) is not JSON; `[]` has none.
                let blank = current.allSatisfy(\.isJSONSpace)
                if blank && (byte == .comma || row > 1) { notAnArray = true }
                if !blank { endRecord() }
                if byte == .closeBracket { array = .after }
                return nil
            }
            let inCell = json.read(byte)
            if !inCell { cellBytes = 0 }
            return keep(byte, inCell: inCell)
        }
    }
}

/// Just enough of JSON to tell strings and values from the structure around them: which byte is
/// in a cell (a string, a number, a literal), how deep the element is, and the key of the value
/// being read.
struct JSONLexer {
    private var inString = false
    private var escaped = false
    private var containers: [UInt8] = []
    /// The first bytes of the last string read, and of the one being read.
    private var lastString: [UInt8] = []
    private var reading: [UInt8] = []
    /// The key of the value being read (its first 40 bytes), nil before a `:`.
    private(set) var key: [UInt8]?

    /// Whether nothing is open: between the elements of the array around it.
    var atTop: Bool { containers.isEmpty && !inString }

    /// Reads `byte`; true when it belongs to a cell (a string or a number or literal).
    mutating func read(_ byte: UInt8) -> Bool {
        if inString {
            if escaped {
                escaped = false
            } else if byte == .backslash {
                escaped = true
            } else if byte == .quote {
                inString = false
                lastString = reading
            } else if reading.count < 40 {
                reading.append(byte)
            }
            return true
        }
        switch byte {
        case .quote:
            (inString, reading) = (true, [])
            return true
        case .openBrace, .openBracket:
            containers.append(byte)
            if byte == .openBrace { key = nil }
        case .closeBrace, .closeBracket:
            _ = containers.popLast()
        case .comma:
            if containers.last == .openBrace { key = nil }
        case .colon:
            key = lastString
        default:
            return !byte.isJSONSpace
        }
        return false
    }
}

extension UInt8 {
    static let quote = UInt8(ascii: "\"")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let backslash = UInt8(ascii: "\\")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")

    /// JSON's white space: space, tab, CR, LF.
    var isJSONSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
