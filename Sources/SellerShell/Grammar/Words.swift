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

    public var description: String {
        switch self {
        case .unterminatedQuote(let quote): "unterminated \(quote)…\(quote) quote: close it, or escape it with \\"
        case .danglingEscape: "the line ends with a lone \\: add the character it should escape"
        }
    }
}

/// Splits a line into words the way a POSIX shell does, minus expansions: white space separates,
/// `"…"` and `'…'` group, backslash escapes the next character (inside double quotes only
/// before `"`, `\` and `$`, as in sh). Written by hand because the grammar is ten lines of
/// rules and no package offers exactly these. `split` is one loop over the characters with a
/// case per rule and runs past 60 lines: a parser reads best whole, as sh's own grammar does.
public enum WordSplitter {
    public static func split(_ line: String) throws(WordSplitError) -> [Word] {
        var words: [Word] = []
        var current = ""
        var inWord = false
        var quoted = false
        var iterator = Array(line).makeIterator()
        func next() -> Character? { iterator.next() }
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
                current.append(escaped)
                inWord = true
                quoted = true
            case "'":
                inWord = true
                quoted = true
                var closed = false
                while let q = next() {
                    if q == "'" {
                        closed = true
                        break
                    }
                    current.append(q)
                }
                if !closed { throw .unterminatedQuote("'") }
            case "\"":
                inWord = true
                quoted = true
                var closed = false
                while let q = next() {
                    if q == "\"" {
                        closed = true
                        break
                    }
                    if q == "\\" {
                        guard let e = next() else { throw .unterminatedQuote("\"") }
                        if e == "\"" || e == "\\" || e == "$" {
                            current.append(e)
                        } else {
                            current.append("\\")
                            current.append(e)
                        }
                        continue
                    }
                    current.append(q)
                }
                if !closed { throw .unterminatedQuote("\"") }
            default:
                current.append(c)
                inWord = true
            }
        }
        if inWord { words.append(Word(current, wasQuoted: quoted)) }
        return words
    }
}
