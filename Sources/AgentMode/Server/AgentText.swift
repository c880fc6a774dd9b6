/// Text agent mode repeats back (a URI, a request's body, a client's error) cut to a bound:
/// measured and cut on Unicode scalars, never `Character`s (one `Character` of a letter and a
/// million combining marks would otherwise pass whole).
enum AgentText {
    /// `text` cut at `limit` Unicode scalars, ending in `…` when something was cut.
    static func cut(_ text: String, at limit: Int) -> String {
        // A text of at most `limit` bytes has at most `limit` scalars: no need to count them.
        guard text.utf8.count > limit, text.unicodeScalars.count > limit else { return text }
        var kept = String.UnicodeScalarView(text.unicodeScalars.prefix(limit))
        kept.append("…")
        return String(kept)
    }

    /// The first line of `text` (up to a line feed or carriage return), on scalars.
    static func firstLine(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let end = scalars.firstIndex(where: { $0 == "\n" || $0 == "\r" }) else { return text }
        return String(scalars[..<end])
    }
}
