import Foundation
import OpenMarketContract

/// The `Retry-After` header (RFC 9110 §10.2.3): either delay-seconds (`120`) or an HTTP-date
/// (`Fri, 31 Dec 1999 23:59:59 GMT`), in any of the three forms a recipient must accept
/// (§5.6.7: IMF-fixdate, the obsolete RFC 850 form and asctime's).
///
/// Parsed here with `DateFormatter` rather than a library: no HTTP library in the dependency
/// graph exposes a parser for it (AsyncHTTPClient and NIO only format dates), and the three
/// fixed formats are a few lines.
enum RetryAfter {
    /// The largest delay kept as given; longer ones are this (a day: far beyond any `maxWait`).
    static let longest = Duration.seconds(86_400)

    /// The pause the value asks for, or nil when it is neither form (garbage, a negative
    /// number, a fraction): the caller then uses its own backoff. A date in the past is zero.
    static func parse(_ value: String, now: Date = Date()) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            // Any number of digits is valid delay-seconds; past Int's range it is simply "long".
            guard let seconds = Int64(text), seconds < Int64(longest.components.seconds) else { return longest }
            return .seconds(seconds)
        }
        guard let date = httpDate(text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds > 0 else { return .zero }
        return seconds >= Double(longest.components.seconds) ? longest : .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// An HTTP-date in any of its three forms, always GMT.
    static func httpDate(_ text: String) -> Date? {
        // asctime pads a one-digit day with a space (`Nov  6`): collapse runs of spaces first.
        let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: collapsed) { return date }
        }
        return nil
    }

    /// A pause as people read it: `200 ms`, `1 s`, `2.5 s`, `90 s`.
    static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        let tenths = Int((milliseconds / 100).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
}
