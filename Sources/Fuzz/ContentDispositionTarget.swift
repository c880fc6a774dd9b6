import Foundation
import OpenMarketContract
import OpenMarketServer

/// `ContentDisposition.init?(_:)` over any header value (decoded as UTF-8, as MultipartKit hands
/// it over). Invariant: what it parsed, written back canonically (every value quoted, `name*`
/// values as RFC 8187 percent-encoded UTF-8), parses to the same thing.
enum ContentDispositionTarget {
    @Sendable static func run(_ input: [UInt8]) {
        guard let parsed = ContentDisposition(String(decoding: input, as: UTF8.self)) else { return }
        _ = parsed.filename
        let written = write(parsed)
        invariant(ContentDisposition(written) == parsed, "\(parsed) written as \(written) parses differently")
    }

    /// Letters and digits only: everything else in an RFC 8187 value is percent-encoded.
    static let plain = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    static func write(_ disposition: ContentDisposition) -> String {
        var text = disposition.type
        for (name, value) in disposition.parameters.sorted(by: { $0.key < $1.key }) {
            if name.hasSuffix("*") {
                text += "; \(name)=UTF-8''" + (value.addingPercentEncoding(withAllowedCharacters: plain) ?? "")
            } else {
                // Escaped scalar by scalar, as the parser reads: a String replacement works on
                // characters and would miss a backslash that a combining mark after it joins (U+07A7, say).
                var escaped = String.UnicodeScalarView()
                for scalar in value.unicodeScalars {
                    if scalar == .backslash || scalar == .doubleQuote { escaped.append("\\") }
                    escaped.append(scalar)
                }
                text += "; \(name)=\"\(String(escaped))\""
            }
        }
        return text
    }
}
