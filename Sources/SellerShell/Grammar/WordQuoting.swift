import OpenMarketContract

/// Writes words back as a line the shell splits into the same words (recordings, the
/// history of a completed command, a program's arguments run as a command).
public enum WordQuoting {
    public static func quote(_ word: Word) -> String {
        // A glob that was typed bare stays bare, so it matches again on replay.
        if !word.wasQuoted, word.text.contains(where: { "*?[".contains($0) }), !word.text.contains(where: { $0.isWhitespace }) {
            return word.text
        }
        if let equals = word.text.firstIndex(of: "="), equals != word.text.startIndex,
            word.text[..<equals].allSatisfy({ $0.isLetter || $0 == "_" })
        {
            return String(word.text[...equals]) + quote(String(word.text[word.text.index(after: equals)...]))
        }
        return quote(word.text)
    }

    public static func quote(_ text: String) -> String { WordSplitter.quote(text) }

    /// `'…'`, with a `'` inside written `'\''` as in sh.
    public static func singleQuoted(_ text: String) -> String { WordSplitter.singleQuoted(text) }
}

extension WordQuoting {
    /// `words` as one line.
    public static func line(_ words: [Word]) -> String { words.map { quote($0) }.joined(separator: " ") }
}
