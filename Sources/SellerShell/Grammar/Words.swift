import Foundation
import OpenMarketContract

/// One word of a command line, after quotes and escapes are removed.
public struct Word: Sendable, Hashable {
    public var text: String
    /// True when any part of it was quoted or escaped: such a word is never glob-expanded, so
    /// `image='sku*.jpg'` means a file literally named `sku*.jpg`.
    public var wasQuoted: Bool

    public init(_ text: String, wasQuoted: Bool = false) {
        self.text = text
        self.wasQuoted = wasQuoted
    }
}

public enum WordSplitError: Error, Equatable, CustomStringConvertible {
    case unterminatedQuote(Character)
    case danglingEscape
    /// A NUL typed or pasted, or written `$'\0'`, `$'\x00'`: no text field can hold one.
    case nulCharacter
    /// `$'\xE9'`: bytes that do not spell UTF-8 text.
    case invalidBytes(String)

    public var description: String {
        switch self {
        case .unterminatedQuote(let quote): "unterminated \(quote)…\(quote) quote: close it, or escape it with \\"
        case .danglingEscape: "the line ends with a lone \\: add the character it should escape"
        case .nulCharacter: "the line holds a NUL character (\\0), which no text field can hold: remove it"
        case .invalidBytes(let escapes):
            "$'…' bytes \(escapes) are not UTF-8 text: write the character itself, or \\uHHHH"
        }
    }
}

/// Splits a line into words the way a POSIX shell does, minus expansions: white space separates,
/// `"…"` and `'…'` group, backslash escapes the next character (inside double quotes only
/// before `"`, `\` and `$`, as in sh), and `$'…'` understands bash's escapes (``AnsiCQuoting``).
/// Written by hand because the grammar is ten lines of rules and no package offers exactly
/// these. `split` is one loop over the characters with a case per rule and runs past 60 lines:
/// a parser reads best whole, as sh's own grammar does.
public enum WordSplitter {
    public static func split(_ line: String) throws(WordSplitError) -> [Word] {
        // Refused as `$'\0'` is, so that every word can be written back (`quote`) and split again.
        if line.utf8.contains(0) { throw .nulCharacter }
        var words: [Word] = []
        var current = ""
        var inWord = false
        var quoted = false
        // Unicode scalars, not `Character`s, as bash reads its input: a quote followed by a
        // combining mark is one `Character` but still a quote to bash, and `\r\n` is one
        // `Character` but two separators.
        let chars = Array(line.unicodeScalars)
        var position = 0
        func next() -> Unicode.Scalar? {
            guard position < chars.count else { return nil }
            defer { position += 1 }
            return chars[position]
        }
        while let c = next() {
            switch c {
            case " ", "\t", "\n", "\r":
                if inWord {
                    words.append(Word(current, wasQuoted: quoted))
                    current = ""
                    inWord = false
                    quoted = false
                }
            case "\\":
                guard let escaped = next() else { throw .danglingEscape }
                current.unicodeScalars.append(escaped)
                inWord = true
                quoted = true
            case .dollar where position < chars.count && chars[position] == .singleQuote:
                position += 1
                current += try AnsiCQuoting.decode(chars, from: &position)
                inWord = true
                quoted = true
            case .singleQuote:
                inWord = true
                quoted = true
                var closed = false
                while let q = next() {
                    if q == .singleQuote {
                        closed = true
                        break
                    }
                    current.unicodeScalars.append(q)
                }
                if !closed { throw .unterminatedQuote("'") }
            case .doubleQuote:
                inWord = true
                quoted = true
                var closed = false
                while let q = next() {
                    if q == .doubleQuote {
                        closed = true
                        break
                    }
                    if q == "\\" {
                        guard let e = next() else { throw .unterminatedQuote("\"") }
                        if e == .doubleQuote || e == .backslash || e == .dollar {
                            current.unicodeScalars.append(e)
                        } else {
                            current.unicodeScalars.append("\\")
                            current.unicodeScalars.append(e)
                        }
                        continue
                    }
                    current.unicodeScalars.append(q)
                }
                if !closed { throw .unterminatedQuote("\"") }
            default:
                current.unicodeScalars.append(c)
                inWord = true
            }
        }
        if inWord { words.append(Word(current, wasQuoted: quoted)) }
        return words
    }

    /// The index just after the `'` that closes a `$'…'` whose text starts at `start` (or the
    /// end when it is never closed), for code that must skip such a quote as the splitter does.
    public static func endOfAnsiCQuote(_ chars: [Unicode.Scalar], from start: Int) -> Int {
        var position = start
        while position < chars.count {
            if chars[position] == .singleQuote { return position + 1 }
            position += chars[position] == "\\" ? 2 : 1
        }
        return chars.count
    }
}

/// bash's `$'…'` quoting: `\n \t \r \\ \' \" \a \b \e \f \v`, `\xHH`, `\uHHHH`, `\UHHHHHHHH` and
/// octal `\NNN`. A NUL is refused (no text field holds one); an unknown escape keeps its
/// backslash, as bash does. `\x`/octal escapes are bytes: consecutive ones must spell UTF-8
/// (`$'\xEC\x95\x88'` is 안).
public enum AnsiCQuoting {
    static let simple: [Unicode.Scalar: Unicode.Scalar] = [
        "n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", "\"": "\"", "a": "\u{07}", "b": "\u{08}",
        "e": "\u{1B}", "E": "\u{1B}", "f": "\u{0C}", "v": "\u{0B}", "?": "?",
    ]

    /// Reads from just after `$'` to the closing `'`, leaving `position` after it.
    static func decode(_ chars: [Unicode.Scalar], from position: inout Int) throws(WordSplitError) -> String {
        var out = ""
        var bytes: [UInt8] = []
        func flush() throws(WordSplitError) {
            guard !bytes.isEmpty else { return }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .invalidBytes(bytes.map { String(format: "\\x%02X", $0) }.joined())
            }
            out += text
            bytes = []
        }
        while position < chars.count {
            let c = chars[position]
            position += 1
            if c == .singleQuote {
                try flush()
                return out
            }
            guard c == "\\", position < chars.count else {
                try flush()
                out.unicodeScalars.append(c)
                continue
            }
            let e = chars[position]
            position += 1
            if let byte = try byteEscape(e, chars, &position) {
                if byte == 0 { throw .nulCharacter }
                bytes.append(byte)
                continue
            }
            try flush()
            out += try scalarEscape(e, chars, &position)
        }
        throw .unterminatedQuote("'")
    }

    /// `\xHH` and `\NNN`: one byte, or nil for another escape.
    private static func byteEscape(
        _ e: Unicode.Scalar, _ chars: [Unicode.Scalar], _ position: inout Int
    ) throws(WordSplitError) -> UInt8? {
        if e == "x" {
            let digits = hexDigits(chars, &position, max: 2)
            return digits.isEmpty ? nil : UInt8(digits.value)
        }
        guard let first = octalValue(e) else { return nil }
        var value = first
        for _ in 0..<2 {
            guard position < chars.count, let digit = octalValue(chars[position]) else { break }
            value = value * 8 + digit
            position += 1
        }
        return UInt8(value & 0xFF)
    }

    /// Every other escape, as text; an unknown one (or `\x`/`\u` with no digits) keeps its backslash.
    private static func scalarEscape(
        _ e: Unicode.Scalar, _ chars: [Unicode.Scalar], _ position: inout Int
    ) throws(WordSplitError) -> String {
        if let scalar = simple[e] { return String(scalar) }
        if e == "u" || e == "U" {
            let digits = hexDigits(chars, &position, max: e == "u" ? 4 : 8)
            if digits.isEmpty { return "\\" + String(e) }
            if digits.value == 0 { throw .nulCharacter }
            // A surrogate or a number past U+10FFFF names no character: kept as written.
            guard let scalar = Unicode.Scalar(digits.value) else { return "\\" + String(e) + digits.text }
            return String(scalar)
        }
        return "\\" + String(e)
    }

    private static func hexDigits(
        _ chars: [Unicode.Scalar], _ position: inout Int, max: Int
    ) -> (text: String, value: UInt32, isEmpty: Bool) {
        var text = ""
        var value: UInt32 = 0
        while text.unicodeScalars.count < max, position < chars.count, let digit = hexValue(chars[position]) {
            text.unicodeScalars.append(chars[position])
            value = value &* 16 &+ digit
            position += 1
        }
        return (text, value, text.isEmpty)
    }

    private static func octalValue(_ scalar: Unicode.Scalar) -> UInt32? {
        ("0"..."7").contains(scalar) ? scalar.value - 0x30 : nil
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    /// Whether a scalar must be written as an escape: control characters (C0, DEL, C1), the line
    /// and paragraph separators, and the invisible ones that join the character before them (a
    /// combining mark after a quote would make the quote part of another character).
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Who reads the quote. The shell's own recordings and documents write an escaped scalar
    /// past ASCII as `\uHHHH` and other text as it is (readable). For bash, `.bash` writes every
    /// scalar past ASCII as its UTF-8 bytes `\xHH`, so the quote holds ASCII only: bash reads it
    /// the same in every locale (in the C locale it leaves `$'\u0301'` as six characters, and
    /// in GBK, GB18030 or BIG5-HKSCS a UTF-8 byte followed by `\` is one character, which would
    /// swallow the backslash of `\'` and end the quote). `!` is written `\x21`: an interactive
    /// bash expands `!!` inside `$'…'`, though not inside `'…'`. `\` is written `\x5C`: with
    /// history on, bash 5.2 takes a `'` after a backslash as escaped even when that backslash is
    /// itself escaped, so `$'\\'` would run on into the next quote and parse a `$(…)` there.
    public enum Escapes: Sendable {
        case unicode
        case bash
    }

    /// `$'…'` holding `text`, every control character escaped; everything else as it is
    /// (Korean stays readable). Works on Unicode scalars.
    public static func encode(_ text: String, escapes: Escapes = .unicode) -> String {
        var out = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\" where escapes == .bash: out += "\\x5C"
            case "\\": out += "\\\\"
            case .singleQuote: out += "\\'"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{1B}": out += "\\e"
            case "!" where escapes == .bash: out += "\\x21"
            case _ where escapes == .bash && !scalar.isASCII:
                for byte in String(scalar).utf8 { out += String(format: "\\x%02X", byte) }
            case _ where needsEscape(scalar):
                if scalar.value < 0x80 {
                    out += String(format: "\\x%02X", scalar.value)
                } else {
                    out += String(format: scalar.value > 0xFFFF ? "\\U%08X" : "\\u%04X", scalar.value)
                }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }
}
