import Foundation
import OpenMarketContract

/// One word of a command line, after quotes and escapes are removed.
public struct Word: Sendable, Hashable {
    public var text: String
    /// True when any part of it was quoted or escaped: such a word is never glob-expanded, so
    /// `image='sku*.jpg'` means a file literally named `sku*.jpg`.
    public var wasQuoted: Bool
    /// True when some of it is a variable's value (`$id`): what the seller wrote is the
    /// reference, so a hint about the text as if typed (`show abc` → `$abc`) does not fit. Not
    /// part of what the word is: equal words are equal wherever their text came from.
    public var holdsAValue = false

    public init(_ text: String, wasQuoted: Bool = false) {
        self.text = text
        self.wasQuoted = wasQuoted
    }

    public static func == (a: Word, b: Word) -> Bool { a.text == b.text && a.wasQuoted == b.wasQuoted }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(wasQuoted)
    }

    /// One of a program's arguments, which the calling shell already split (and globbed): it
    /// counts as quoted when it holds what a bare word could not (a `*` in it is a file's name,
    /// a space part of the word), and `--mine` stays a flag.
    public init(argument: String) {
        self.init(argument, wasQuoted: WordQuoting.quote(argument) != argument)
    }
}

public enum WordSplitError: Error, Equatable, CustomStringConvertible {
    case unterminatedQuote(Character)
    case danglingEscape
    /// A NUL typed or pasted, or written `$'\0'`, `$'\x00'`: no text field can hold one.
    case nulCharacter
    /// `$'\xE9'`: bytes that do not spell UTF-8 text.
    case invalidBytes(String)
    /// `${name` with no `}` (only where references are read: a script's line).
    case unclosedReference
    /// `${}`.
    case emptyReference

    public var description: String {
        message.text
    }

    /// What is wrong, as the shell says it.
    public var message: Message {
        switch self {
        case .unterminatedQuote(let quote): .unterminatedQuote(String(quote))
        case .danglingEscape: .danglingEscape
        case .nulCharacter: .nulCharacter
        case .invalidBytes(let escapes): .invalidBytes(escapes)
        case .unclosedReference: .unclosedReference
        case .emptyReference: .emptyReference
        }
    }
}

/// A piece of a word as written: text (its quotes and escapes already taken off), or a
/// reference to a variable (`$mug` is `mug`, `${mug.price}` is `mug.price`).
public enum WordPiece: Sendable, Hashable {
    case text(String)
    case reference(String)
}

/// A word of a script's line before its variables are known: text and references, split
/// once. Filling a reference puts its value in as text, never read for quotes or spaces again,
/// so a value with a space stays in its word.
public struct WordTemplate: Sendable, Hashable {
    public private(set) var pieces: [WordPiece] = []
    /// True when any part of it was quoted or escaped (as `Word.wasQuoted`).
    public var wasQuoted = false

    public init(_ pieces: [WordPiece] = [], wasQuoted: Bool = false) {
        self.pieces = pieces
        self.wasQuoted = wasQuoted
    }

    /// The references in it, in order.
    public var references: [String] {
        pieces.compactMap { if case .reference(let name) = $0 { name } else { nil } }
    }

    /// The word itself when it has no reference.
    public var literal: Word? {
        switch pieces.count {
        case 0: Word("", wasQuoted: wasQuoted)
        case 1: if case .text(let text) = pieces[0] { Word(text, wasQuoted: wasQuoted) } else { nil }
        default: nil
        }
    }

    /// Adds text after the last piece (a word's text is gathered whole, then added once).
    mutating func append(text: String) {
        guard !text.isEmpty else { return }
        if case .text(let before)? = pieces.last {
            pieces[pieces.count - 1] = .text(before + text)
        } else {
            pieces.append(.text(text))
        }
    }

    mutating func append(reference: String) { pieces.append(.reference(reference)) }
}

/// Splits a line into words the way a POSIX shell does: white space separates, `"…"` and
/// `'…'` group, backslash escapes the next character (inside double quotes only before `"`,
/// `\` and `$`, as in sh), and `$'…'` understands bash's escapes (``AnsiCQuoting``). A script's
/// line (`words(_:)`) also has references, `$name` and `${name.field}`, outside single quotes;
/// `$5` or a lone `$` is text. Written by hand because the grammar is ten lines of rules and no
/// package offers exactly these.
public enum WordSplitter {
    /// The words of a line in which `$` is text: the shell without its scripting layer, completion.
    public static func split(_ line: String) throws(WordSplitError) -> [Word] {
        if let plain = plainWords(line) { return plain.map { Word($0) } }
        var scanner = LineScanner(line, references: false)
        return try scanner.words().map { $0.literal ?? Word("") }
    }

    /// The words of a script's line, references kept as holes to fill.
    public static func words(_ line: String) throws(WordSplitError) -> [WordTemplate] {
        if let plain = plainWords(line) { return plain.map { WordTemplate([.text($0)]) } }
        var scanner = LineScanner(line, references: true)
        return try scanner.words()
    }

    /// The words of a line with no quote, backslash, `$` or NUL, split at its white space on
    /// UTF-8 bytes; nil for any other line. In such a line the scan takes every scalar but the
    /// four separators as text, so this is what it answers (a test holds the two together over
    /// random lines). Most lines are such (`show 7`), and copying each into an array of scalars
    /// first showed in every script line's cost. A byte of a multi-byte scalar is never ASCII,
    /// so none is taken for a separator or a quote.
    static func plainWords(_ line: String) -> [String]? {
        var line = line
        return line.withUTF8 { bytes -> [String]? in
            var words: [String] = []
            var start: Int?
            for index in bytes.indices {
                switch bytes[index] {
                case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "$"), 0: return nil
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    if let first = start {
                        words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self))
                    }
                    start = nil
                default: if start == nil { start = index }
                }
            }
            if let first = start { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first...]), as: UTF8.self)) }
            return words
        }
    }
}

/// One pass over a line's Unicode scalars, not `Character`s, as bash reads its input: a quote
/// followed by a combining mark is one `Character` but still a quote to bash, and `\r\n` is
/// one `Character` but two separators. A rule a method.
struct LineScanner {
    private let chars: [Unicode.Scalar]
    private let references: Bool
    private var position = 0
    private var done: [WordTemplate] = []
    private var current = WordTemplate()
    /// The text since the last reference, added to `current` at once.
    private var text = ""
    private var inWord = false

    init(_ line: String, references: Bool) {
        chars = Array(line.unicodeScalars)
        self.references = references
    }

    mutating func words() throws(WordSplitError) -> [WordTemplate] {
        // Refused as `$'\0'` is, so that every word can be written back (`quote`) and split again.
        if chars.contains("\u{0}") { throw .nulCharacter }
        while let c = next() {
            switch c {
            case " ", "\t", "\n", "\r": endWord()
            case "\\":
                guard let escaped = next() else { throw .danglingEscape }
                quoted()
                text.unicodeScalars.append(escaped)
            case .dollar where peek == .singleQuote:
                position += 1
                quoted()
                text += try AnsiCQuoting.decode(chars, from: &position)
            case .dollar where references:
                try reference()
            case .singleQuote: try singleQuoted()
            case .doubleQuote: try doubleQuoted()
            default:
                text.unicodeScalars.append(c)
                inWord = true
            }
        }
        endWord()
        return done
    }

    private var peek: Unicode.Scalar? { position < chars.count ? chars[position] : nil }

    private mutating func next() -> Unicode.Scalar? {
        guard position < chars.count else { return nil }
        defer { position += 1 }
        return chars[position]
    }

    private mutating func quoted() {
        inWord = true
        current.wasQuoted = true
    }

    private mutating func endWord() {
        guard inWord else { return }
        current.append(text: text)
        done.append(current)
        current = WordTemplate()
        text = ""
        inWord = false
    }

    private mutating func append(reference name: String) {
        current.append(text: text)
        text = ""
        current.append(reference: name)
    }

    private mutating func singleQuoted() throws(WordSplitError) {
        quoted()
        while let q = next() {
            if q == .singleQuote { return }
            text.unicodeScalars.append(q)
        }
        throw .unterminatedQuote("'")
    }

    private mutating func doubleQuoted() throws(WordSplitError) {
        quoted()
        while let q = next() {
            switch q {
            case .doubleQuote: return
            case "\\":
                guard let e = next() else { throw .unterminatedQuote("\"") }
                if e != .doubleQuote && e != .backslash && e != .dollar { text.unicodeScalars.append("\\") }
                text.unicodeScalars.append(e)
            case .dollar where references: try reference()
            default: text.unicodeScalars.append(q)
            }
        }
        throw .unterminatedQuote("\"")
    }

    /// Just after a `$`: `{name.field}` or a name, else the `$` is text.
    private mutating func reference() throws(WordSplitError) {
        inWord = true
        if peek == "{" {
            guard let close = chars[(position + 1)...].firstIndex(of: "}") else { throw .unclosedReference }
            let name = String(String.UnicodeScalarView(chars[(position + 1)..<close])).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw .emptyReference }
            append(reference: name)
            position = close + 1
        } else if let first = peek, Self.isNameStart(first) {
            let start = position
            while let c = peek, Self.isNameStart(c) || Self.isDigit(c) { position += 1 }
            append(reference: String(String.UnicodeScalarView(chars[start..<position])))
        } else {
            // `$5` or a lone `$` is text (a price in dollars, say).
            text.unicodeScalars.append(.dollar)
        }
    }

    /// A letter (any script: `$상품` is a name) or `_`.
    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: scalar == "_"
        }
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .decimalNumber }
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
