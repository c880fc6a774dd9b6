import OpenMarketContract

/// Writes words back as a line the shell splits into the same words (recordings, the
/// history of a completed command, a program's arguments run as a command).
public enum WordQuoting {
    /// On Unicode scalars, as the splitter reads: a letter followed by `'` can be one `Character`
    /// that is a letter, but the `'` still opens a quote.
    public static func quote(_ word: Word) -> String {
        let scalars = word.text.unicodeScalars
        // A glob that was typed bare stays bare, so it matches again on replay.
        if !word.wasQuoted, scalars.contains(where: { "*?[".unicodeScalars.contains($0) }),
            !scalars.contains(where: { $0.properties.isWhitespace })
        {
            return word.text
        }
        if let equals = scalars.firstIndex(of: "="), equals != scalars.startIndex,
            scalars[..<equals].allSatisfy({ isLetter($0) || $0 == "_" })
        {
            return String(scalars[...equals]) + quote(String(scalars[scalars.index(after: equals)...]))
        }
        return quote(word.text)
    }

    /// A letter of any script (`generalCategory` L*), as field keys and variable names take.
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    /// The scalars that make a bare word mean something else to the splitter or to bash.
    static let special: Set<Unicode.Scalar> = Set("'\"\\$#*?[;&|<>(){}`~".unicodeScalars)

    /// `text` written so that `WordSplitter.split` (and bash) gives it back as one word: bare
    /// when it holds nothing special, `'…'` otherwise, and `$'…'` when it holds a line break or
    /// another control character (a recording stays one command per line, and no terminal acts
    /// on it).
    public static func quote(_ text: String) -> String {
        if text.unicodeScalars.contains(where: AnsiCQuoting.needsEscape) { return AnsiCQuoting.encode(text) }
        if !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || special.contains($0) }) {
            return text
        }
        return singleQuoted(text)
    }

    /// `'…'`, with a `'` inside written `'\''` as in sh: the one single-quoter of the package
    /// (recordings, exports, variables). On Unicode scalars: a `'` followed by a combining mark
    /// is one `Character` that is not `'`, but bash still reads the quote. For bash, text without
    /// control characters only (`BashWords.quoted` sends the rest to `$'…'`): a raw CR on a later
    /// line of the quote misleads bash 5.2's history scan, and a terminal acts on it when shown.
    public static func singleQuoted(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars {
            if scalar == .singleQuote { out += "'\\''" } else { out.unicodeScalars.append(scalar) }
        }
        return out + "'"
    }
}

extension WordQuoting {
    /// `words` as one line.
    public static func line(_ words: [Word]) -> String { words.map { quote($0) }.joined(separator: " ") }
}
