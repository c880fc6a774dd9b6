/// JSON text syntax-coloured for a terminal: keys, strings, numbers and `true`/`false`/`null`
/// each in a colour, punctuation as it is. For pretty-printed bodies already made safe to print
/// (`TerminalText.visible`); the caller decides whether colour is on (a terminal, no `NO_COLOR`).
///
/// Written by hand (no library here colours JSON for a terminal) as a scanner on Unicode
/// scalars. A colour code is put only around a whole token, never inside a string, so the
/// console's secret masking still finds a secret as one run of text.
public enum JSONColouring {
    static let key = "\u{1B}[34m"
    static let string = "\u{1B}[32m"
    static let number = "\u{1B}[33m"
    static let literal = "\u{1B}[35m"
    static let reset = "\u{1B}[0m"
    /// The scalar that opens and closes a JSON string, and the one that escapes within it.
    static let quote: Unicode.Scalar = "\u{22}"
    static let backslash: Unicode.Scalar = "\u{5C}"

    public static func coloured(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func append(_ code: String, _ range: Range<Int>) {
            out.append(contentsOf: code.unicodeScalars)
            out.append(contentsOf: scalars[range])
            out.append(contentsOf: reset.unicodeScalars)
        }
        while i < scalars.count {
            let scalar = scalars[i]
            switch scalar {
            case quote:
                var end = i + 1
                while end < scalars.count, scalars[end] != quote {
                    end += scalars[end] == backslash ? 2 : 1
                }
                end = min(end + 1, scalars.count)
                // A key is a string followed (after spaces) by a colon.
                var next = end
                while next < scalars.count, scalars[next] == " " { next += 1 }
                append(next < scalars.count && scalars[next] == ":" ? key : string, i..<end)
                i = end
            case "-", "0"..."9":
                var end = i + 1
                while end < scalars.count, "0123456789.eE+-".unicodeScalars.contains(scalars[end]) { end += 1 }
                append(number, i..<end)
                i = end
            case "t", "f", "n":
                let word = ["true", "false", "null"].first { literal in
                    let letters = Array(literal.unicodeScalars)
                    return i + letters.count <= scalars.count && Array(scalars[i..<(i + letters.count)]) == letters
                }
                if let word {
                    append(literal, i..<(i + word.unicodeScalars.count))
                    i += word.unicodeScalars.count
                } else {
                    out.append(scalar)
                    i += 1
                }
            default:
                out.append(scalar)
                i += 1
            }
        }
        return String(out)
    }
}
