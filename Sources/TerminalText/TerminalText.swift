/// Text as a terminal draws it: how many columns it takes, and how to show control characters
/// without the terminal acting on them. The one East Asian width table of the project (the
/// shell's tables and the line editor's completion lists both align by it).
public enum TerminalText {
    /// Columns a string occupies: East Asian wide and full-width characters (Hangul, CJK, most
    /// emoji) take two, combining marks and controls none.
    /// - Parameter text: the text as it will be printed.
    /// - Returns: the number of terminal columns.
    public static func width(_ text: String) -> Int {
        // Printable ASCII is a column a byte: counted without looking up any scalar's Unicode
        // properties (every label and value of a product's detail view is measured).
        if isPlainASCII(text) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// Columns one scalar occupies: 0, 1 or 2. Written by hand because Foundation has no
    /// `wcwidth`, and the C library's knows nothing outside a UTF-8 locale.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v < 0x20 ? 0 : 1 }
        if v < 0xA0 { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(scalar) ? 2 : 1
    }

    /// Each line of `text` folded to at most `columns` columns at spaces, its continuation lines
    /// under the start of its text: after the line's leading spaces and its marker (`↳ `, `- `,
    /// `• `, `# `, `▶ `), so an explanation or a list item keeps its hanging indent; a row of a
    /// two-column table (`  --match name|id    how a row…`) continues under its second column.
    /// Spaces between words are kept as they were. A word wider than a whole line is cut where
    /// the line ends (`longWords: .cut`, as a terminal would), shown on its own line cut with
    /// `…` (`.ellipsis`, for a command: a piece of a word on the next line reads as another
    /// word), or on its own line whole (`.whole`, for a server's text holding URLs). Lines that hold an escape sequence (colour) are left as they are: their width is
    /// not their length. Written by hand: Foundation has no display-width-aware wrapping, and a
    /// terminal folds mid-word.
    public static func wrapped(_ text: String, columns: Int, longWords: LongWords = .cut) -> String {
        guard columns >= 20 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { LineFolding(String($0), columns: columns, longWords: longWords).folded() }
            .joined(separator: "\n")
    }

    /// What `wrapped` does with a word wider than a whole line.
    public enum LongWords: Sendable {
        /// Cut where the line ends, the rest on the next line (as a terminal would).
        case cut
        /// On a line of its own, cut with `…`: the rest is not shown.
        case ellipsis
        /// On a line of its own, whole (the terminal folds it, and a URL copied from the screen
        /// is the whole URL).
        case whole
    }

    /// Whether the scalar is East Asian wide or full-width (two columns).
    public static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// Text made safe for a terminal: C0 controls shown as their Unicode pictures (ESC as `␛`,
    /// so `\e[2J` prints as `␛[2J` instead of clearing the screen), DEL as `␡`, C1 controls as
    /// `�`, and invisible format characters (Unicode Cf: bidi overrides and isolates such as
    /// U+202E and U+2066–U+2069, zero-width spaces, the BOM, tags) as `<U+202E>`, so that text
    /// cannot reorder or hide what is printed around it; line breaks kept only when
    /// `keepingNewlines`. The joiners U+200C and U+200D stay (emoji and scripts need them).
    public static func visible(_ text: String, keepingNewlines: Bool = false) -> String {
        // Most text has nothing to show differently: ASCII without controls is returned as it is,
        // without a copy, and so is other text once no scalar of it needs showing.
        if isPlainASCII(text) { return text }
        if !text.unicodeScalars.contains(where: needsShowing) { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            let v = scalar.value
            if keepingNewlines, scalar == "\n" {
                // A CR LF line break (a description typed on Windows, or kept from an old sheet) is
                // one line break, not a `␍` at the end of each line.
                if previous == "\r" { out.unicodeScalars.removeLast() }
                out.unicodeScalars.append(scalar)
            } else if v < 0x20 {
                out.unicodeScalars.append(Unicode.Scalar(0x2400 + v)!)
            } else if v == 0x7F {
                out.unicodeScalars.append("\u{2421}")
            } else if (0x80...0x9F).contains(v) {
                out.unicodeScalars.append("\u{FFFD}")
            } else if isHiddenFormat(scalar) {
                out += "<U+" + String(v, radix: 16, uppercase: true).leftPadded(to: 4) + ">"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `text` is printable ASCII (no controls), over its UTF-8 bytes in place: every
    /// product field drawn goes through `visible` and `width`, and the same check over the
    /// `String.UTF8View` was a hundredth of a script's `show` line (scripts/bench-instructions,
    /// TOP=20).
    static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy(isPrintableASCII) }
            ?? text.utf8.allSatisfy(isPrintableASCII)
    }

    /// 0x20...0x7E: under 0x5F, and nothing else is, once 0x20 is taken off (wrapping).
    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte &- 0x20 < 0x5F }

    /// Whether `visible` shows the scalar differently: a control (C0, DEL, C1) or a hidden
    /// format character.
    static func needsShowing(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || isHiddenFormat(scalar)
    }

    /// A format character (Cf) other than the zero-width joiners: invisible, and some of them
    /// (bidi overrides) reorder the text around them.
    public static func isHiddenFormat(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0xAD, scalar.value != 0x200C, scalar.value != 0x200D else { return false }
        return scalar.properties.generalCategory == .format
    }
}

extension String {
    /// The string with `0`s in front up to `width` characters (hex code points).
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension TerminalText {
    /// A foreground colour (its SGR number).
    public enum Colour: Int, Sendable {
        case red = 31
        case yellow = 33
    }

    /// `text` in `colour`, each line opened and closed on its own so no colour leaks past a line
    /// break or the end. The one place the project writes colour codes into output; a caller
    /// asks for it only when colour is on, and computes widths before painting.
    public static func painted(_ text: String, _ colour: Colour) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "\u{1B}[\(colour.rawValue)m\($0)\u{1B}[0m" }
            .joined(separator: "\n")
    }
}
