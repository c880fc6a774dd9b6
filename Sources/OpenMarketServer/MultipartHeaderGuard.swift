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
/// judged as a name; inside the block, a line starts
/// after any CR or LF, its name runs to the first `:`, and an empty line ends the block. A name
/// byte of 0x80 or more is refused; everything else goes on to the parser, which judges it.
/// State carries across chunks, so a body split anywhere is judged the same.
struct MultipartHeaderGuard {
    private enum Position {
        /// In a part's body, the preamble or the epilogue: any byte is fine.
        case outside
        /// In a header block at the start of a line.
        case lineStart
        /// In a header name, before its `:`; also the rest of a delimiter's own line (the parser
        /// wants CRLF or `--` there and refuses anything else, so judging it as a name loses nothing).
        case name
        /// After the `:` of a header line, until CR or LF.
        case value
    }

    private let delimiter: [UInt8]
    /// KMP failure table of `delimiter`, so a match is found in one pass across chunk borders.
    private let failure: [Int]
    private var matched = 0
    private var position = Position.outside
    /// The previous byte was a CR that ended a line (so an LF right after it starts nothing new).
    private var afterCR = false

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
        let wasAfterCR = afterCR
        afterCR = false
        var forbidden = false
        switch position {
        case .outside:
            break
        case .lineStart:
            if byte == 0x0D {
                // An empty line ends the block (the parser wants an LF next, or it refuses).
                position = .outside
            } else if byte == 0x0A {
                // The LF of the CRLF that ended the previous line; an LF alone ends a line too.
                if !wasAfterCR { position = .lineStart }
            } else if byte == UInt8(ascii: ":") {
                position = .value
            } else {
                forbidden = byte >= 0x80
                position = .name
            }
        case .name:
            if byte == UInt8(ascii: ":") {
                position = .value
            } else if byte == 0x0D || byte == 0x0A {
                position = .lineStart
                afterCR = byte == 0x0D
            } else {
                forbidden = byte >= 0x80
            }
        case .value:
            if byte == 0x0D || byte == 0x0A {
                position = .lineStart
                afterCR = byte == 0x0D
            }
        }
        // Any delimiter, wherever it stands, starts a header block after it.
        while matched > 0, byte != delimiter[matched] { matched = failure[matched - 1] }
        if byte == delimiter[matched] { matched += 1 }
        if matched == delimiter.count {
            matched = failure[matched - 1]
            position = .name
            afterCR = false
        }
        return forbidden
    }
}
