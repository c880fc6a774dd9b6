/// Text as a terminal draws it: how many columns it takes, and how to show control characters
/// without the terminal acting on them. The one East Asian width table of the project (the
/// shell's tables and the line editor's completion lists both align by it).
public enum TerminalText {
    /// Columns a string occupies: East Asian wide and full-width characters (Hangul, CJK, most
    /// emoji) take two, combining marks and controls none.
    /// - Parameter text: the text as it will be printed.
    /// - Returns: the number of terminal columns.
    public static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// Columns one scalar occupies: 0, 1 or 2. Written by hand because Foundation has no
    /// `wcwidth`, and the C library's knows nothing outside a UTF-8 locale.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(scalar) ? 2 : 1
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
    /// `�`; line breaks kept only when `keepingNewlines`.
    public static func visible(_ text: String, keepingNewlines: Bool = false) -> String {
        // Most text has nothing to show differently: no C0 byte, no DEL, and no 0xC2 lead byte
        // (which starts every C1 control). Then it is returned as it is, without a copy.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if keepingNewlines, scalar == "\n" {
                out.unicodeScalars.append(scalar)
            } else if v < 0x20 {
                out.unicodeScalars.append(Unicode.Scalar(0x2400 + v)!)
            } else if v == 0x7F {
                out.unicodeScalars.append("\u{2421}")
            } else if (0x80...0x9F).contains(v) {
                out.unicodeScalars.append("\u{FFFD}")
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
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
