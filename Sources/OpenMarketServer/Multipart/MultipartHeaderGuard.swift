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
/// It follows the framing exactly as that parser does, so that it judges the bytes the parser
/// reads as names, and no others:
/// - in the preamble, the parser's own matching of the first delimiter is repeated step by step
///   (it accepts `--boundary` with or without a CR LF before it, with its quirks);
/// - in a part's body, a delimiter is CR LF, `--` and the boundary (RFC 2046 §5.1.1; the parser
///   looks for exactly that), so `--B` among an image's bytes is body, not a header block. (The
///   first version took any `--boundary` for a delimiter, to be safe, and so refused valid
///   images whose bytes held `--B` followed by a line with a byte of 0x80 or more.)
/// - after a delimiter, a `-` starts the epilogue, which the parser ignores; a CR LF starts a
///   header block.
///
/// Inside a header block a name runs from a line start to the first `:`. The parser starts a
/// line only after CR LF, and so does the guard; it also checks after a lone LF (which the
/// parser keeps as part of a value), but only an empty line after CR LF ends the block, as only
/// that one ends it for the parser. (Ending it at a CR after a lone LF, as the first version did,
/// let `x: a\n\r\n\xff…` through: the fuzzer found it.) A name byte of 0x80 or more is refused;
/// everything else goes on to the parser, which judges it. Where the parser would throw (a byte
/// other than CR or `-` after a delimiter, say), the guard judges what follows as a name, to be
/// safe. State carries across chunks, so a body split anywhere is judged the same.
struct MultipartHeaderGuard {
    private enum Position: Equatable {
        /// Before the first delimiter; `matched` bytes of it are matched, as the parser counts.
        case preamble(matched: Int)
        /// In a part's body; `matched` bytes of CR LF `--boundary` are matched.
        case body(matched: Int)
        /// Just after a delimiter.
        case afterDelimiter
        /// After the closing delimiter: the parser reads nothing more.
        case epilogue
        /// In a header name, before its `:`. `empty`: nothing read yet on this line. `parserLine`:
        /// the line began after CR LF, where the parser too starts a name (a CR here, on an empty
        /// name, ends the block); otherwise it began after a lone LF or follows a byte the
        /// parser refuses, judged as a name only to be safe.
        case name(empty: Bool, parserLine: Bool)
        /// After the `:` of a header line, until CR or LF.
        case value
        /// Just after a CR that ended a line; an LF next starts a line the parser reads.
        case afterCR
        /// Just after the CR of the empty line that ends a header block; the body follows the LF.
        case endOfHeaders
    }

    /// CR LF `--boundary`, as the parser searches for it.
    private let delimiter: [UInt8]
    /// KMP failure table of `delimiter`, so a match is found in one pass across chunk borders.
    private let failure: [Int]
    private var position = Position.preamble(matched: 0)

    init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
        var table = [Int](repeating: 0, count: delimiter.count)
        var k = 0
        for i in 1..<delimiter.count {
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
        switch position {
        case .preamble(let matched):
            position = preamble(after: byte, matched: matched)
        case .body(var matched):
            while matched > 0, byte != delimiter[matched] { matched = failure[matched - 1] }
            if byte == delimiter[matched] { matched += 1 }
            position = matched == delimiter.count ? .afterDelimiter : .body(matched: matched)
        case .afterDelimiter:
            switch byte {
            case UInt8(ascii: "-"): position = .epilogue
            case 0x0D: position = .afterCR
            default: return nameByte(byte, parserLine: false)
            }
        case .epilogue:
            break
        case .name(let empty, let parserLine):
            if byte == UInt8(ascii: ":") {
                position = .value
            } else if byte == 0x0D {
                // An empty line where the parser reads a name ends the block (the parser wants an
                // LF next, or it refuses); any other CR ends a line.
                position = empty && parserLine ? .endOfHeaders : .afterCR
            } else if byte == 0x0A {
                position = .name(empty: true, parserLine: false)
            } else {
                return nameByte(byte, parserLine: parserLine)
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
            } else if byte == 0x0D {
                position = .afterCR
            } else {
                // The parser refuses anything but LF here; judge the byte as a name to be safe.
                return nameByte(byte, parserLine: false)
            }
        case .endOfHeaders:
            // The parser wants LF here and refuses anything else; either way the body starts.
            position = .body(matched: 0)
        }
        return false
    }

    /// Where `byte` leaves the preamble, `matched` bytes of the delimiter matched before it:
    /// MultipartKit's `parsePreamble`, step for step.
    private func preamble(after byte: UInt8, matched: Int) -> Position {
        var index = matched
        if index == 0, byte == delimiter[2] {
            index = 3
        } else if byte == delimiter[index] {
            index += 1
        } else if index > 0, byte == delimiter[0] {
            index = 1
        } else {
            index = 0
        }
        // The parser then wants CR LF before the first header line.
        return index == delimiter.count ? .afterDelimiter : .preamble(matched: index)
    }

    /// A byte of a header name: forbidden when it is not ASCII.
    private mutating func nameByte(_ byte: UInt8, parserLine: Bool) -> Bool {
        position = .name(empty: false, parserLine: parserLine)
        return byte >= 0x80
    }
}
