/// Stands in front of MultipartKit's parser and refuses, before the parser sees it, any byte the
/// parser would trap on.
///
/// MultipartKit 4.7.1 (the only version the package mirror has) checks each byte of a part's
/// header *name* by indexing a 128-entry table with it (`allowedHeaderFieldNameCharacterFlags`
/// `[Int(self)]` in `MultipartParser.swift`), so a byte of 0x80 or more in a header-name position
/// (`--B\r\n\xff: x\r\n\r\n…`) is an out-of-range index: a trap that stops the whole server,
/// reachable by anyone with a vendor identifier. Header *values* (a UTF-8 `filename`) and part
/// bodies (image bytes) may hold any byte, so the guard follows the framing far enough to know
/// where names are.
///
/// It over-approximates the parser on purpose, so it can never miss a position the parser reads
/// as a name: every occurrence of `--boundary` (the parser's delimiter always ends with those
/// bytes, with or without the CRLF before it) starts a header block, its own line's remainder
/// judged as a name. Inside the block a name runs from a line start to the first `:`. The
/// parser starts a line only after CR LF, and so does the guard; it also checks after a lone LF
/// (which the parser keeps as part of a value), but only an empty line after CR LF ends the
/// block, as only that one ends it for the parser. (Ending it at a CR after a lone LF, as the
/// first version did, let `x: a\n\r\n\xff…` through: the fuzzer found it.) A name byte of 0x80
/// or more is refused; everything else goes on to the parser, which judges it. State carries
/// across chunks, so a body split anywhere is judged the same.
struct MultipartHeaderGuard {
    private enum Position: Equatable {
        /// In a part's body, the preamble or the epilogue: any byte is fine.
        case outside
        /// In a header name, before its `:`. `empty`: nothing read yet on this line. `parserLine`:
        /// the line began after CR LF, where the parser too starts a name (a CR here, on an empty
        /// name, ends the block); otherwise it began after a lone LF or is the rest of a
        /// delimiter's own line, judged as a name only to be safe.
        case name(empty: Bool, parserLine: Bool)
        /// After the `:` of a header line, until CR or LF.
        case value
        /// Just after a CR that ended a line; an LF next starts a line the parser reads.
        case afterCR
    }

    private let delimiter: [UInt8]
    /// KMP failure table of `delimiter`, so a match is found in one pass across chunk borders.
    private let failure: [Int]
    private var matched = 0
    private var position = Position.outside

    init(boundary: String) {
        delimiter = Array("--\(boundary)".utf8)
        var table = [Int](repeating: 0, count: delimiter.count)
        var k = 0
        for i in 1..<max(delimiter.count, 1) {
            while k > 0, delimiter[i] != delimiter[k] { k = table[k - 1] }
            if delimiter[i] == delimiter[k] { k += 1 }
            table[i] = k
        }
        failure = table
    }

    /// The offset of the first byte the parser must not see, or nil when every byte may go on.
    mutating func firstForbiddenByte<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> Int? {
        for (offset, byte) in bytes.enumerated() {
            if step(byte) { return offset }
        }
        return nil
    }

    /// Advances over one byte; true when it is a non-ASCII byte where a header name is read.
    private mutating func step(_ byte: UInt8) -> Bool {
        var forbidden = false
        switch position {
        case .outside:
            break
        case .name(let empty, let parserLine):
            if byte == UInt8(ascii: ":") {
                position = .value
            } else if byte == 0x0D {
                // An empty line where the parser reads a name ends the block (the parser wants an
                // LF next, or it refuses); any other CR ends a line.
                position = empty && parserLine ? .outside : .afterCR
            } else if byte == 0x0A {
                position = .name(empty: true, parserLine: false)
            } else {
                forbidden = byte >= 0x80
                position = .name(empty: false, parserLine: parserLine)
            }
        case .value:
            if byte == 0x0D {
                position = .afterCR
            } else if byte == 0x0A {
                position = .name(empty: true, parserLine: false)
            }
        case .afterCR:
            if byte == 0x0A {
                position = .name(empty: true, parserLine: true)
            } else {
                // The parser refuses anything but LF here; judge the byte as a name to be safe.
                forbidden = byte >= 0x80
                position = byte == 0x0D ? .afterCR : .name(empty: false, parserLine: false)
            }
        }
        // Any delimiter, wherever it stands, starts a header block after it.
        while matched > 0, byte != delimiter[matched] { matched = failure[matched - 1] }
        if byte == delimiter[matched] { matched += 1 }
        if matched == delimiter.count {
            matched = failure[matched - 1]
            position = .name(empty: false, parserLine: false)
        }
        return forbidden
    }
}
