/// One CSV field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break,
/// each quote doubled. Written on Unicode scalars: a quote followed by a combining mark is one
/// `Character` that is not a quote (and Foundation's `replacingOccurrences` does not match it),
/// but a CSV reader still reads the quote. The one CSV quoting that the import's report and the
/// class gradebook share.
public enum CSVField {
    public static func quoted(_ text: String) -> String {
        let special: Set<Unicode.Scalar> = [",", .doubleQuote, "\n", "\r"]
        guard text.unicodeScalars.contains(where: special.contains) else { return text }
        var field = String.UnicodeScalarView()
        field.append(.doubleQuote)
        for scalar in text.unicodeScalars {
            field.append(scalar)
            if scalar == .doubleQuote { field.append(.doubleQuote) }
        }
        field.append(.doubleQuote)
        return String(field)
    }
}
