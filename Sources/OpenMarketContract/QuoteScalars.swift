/// The scalars that quoting and escaping code compares against, by name. Such code works on
/// Unicode scalars (or UTF-8 bytes), never on `Character`s: a quote followed by a combining mark
/// is one `Character` that is not a quote, but bash, a terminal and a parser still read the quote.
extension Unicode.Scalar {
    public static let singleQuote: Unicode.Scalar = "'"
    public static let doubleQuote: Unicode.Scalar = "\""
    public static let backslash: Unicode.Scalar = "\\"
    public static let dollar: Unicode.Scalar = "$"
    public static let backtick: Unicode.Scalar = "`"
}
