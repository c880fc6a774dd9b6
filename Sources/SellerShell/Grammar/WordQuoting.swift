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

    public static func quote(_ text: String) -> String { WordSplitter.quote(text) }

    /// `'…'`, with a `'` inside written `'\''` as in sh.
    public static func singleQuoted(_ text: String) -> String { WordSplitter.singleQuoted(text) }
}

extension WordQuoting {
    /// `words` as one line.
    public static func line(_ words: [Word]) -> String { words.map { quote($0) }.joined(separator: " ") }
}
