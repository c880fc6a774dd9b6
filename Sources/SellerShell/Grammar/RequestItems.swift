import Foundation
import OpenMarketContract

/// One HTTPie-style item of a raw request (`GET /api/products search_value==mug`), as HTTPie
/// reads them (https://httpie.io/docs/cli/request-items): the separator that comes first in
/// the word decides, the longer one winning a tie. Written by hand because the rules are
/// HTTPie's (a Python program), not a library's.
public struct RequestItem: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// `Header:value` (an empty value leaves the header out).
        case header = ":"
        /// `search_value==mug`: a query parameter.
        case query = "=="
        /// `name=value`: a JSON string field.
        case text = "="
        /// `price:=3500`: a raw JSON field.
        case json = ":="
        /// `images@photo.jpg`: a file part; any file makes the body multipart.
        case file = "@"
        /// `description=@notes.txt`: a string field read from a file; `secret=@secret` is the
        /// session's secret, never typed.
        case textFile = "=@"
        /// `tags:=@tags.json`: a raw JSON field read from a file.
        case jsonFile = ":=@"
    }

    public var kind: Kind
    public var key: String
    public var value: String
    /// The value word was quoted (a file path is then not a glob).
    public var wasQuoted: Bool

    public init(kind: Kind, key: String, value: String, wasQuoted: Bool = false) {
        self.kind = kind
        self.key = key
        self.value = value
        self.wasQuoted = wasQuoted
    }

    /// `secret=@secret`: the session's secret goes here.
    public static let secretWord = "secret"
    public var isSessionSecret: Bool { kind == .textFile && value == Self.secretWord }

    /// The item written back as typed.
    public var text: String { key + kind.rawValue + value }

    /// The separators, longest first where one begins another.
    static let separators: [Kind] = [.jsonFile, .textFile, .json, .query, .text, .file, .header]

    /// Reads one word; nil when it has no separator (or nothing before it).
    public init?(_ word: Word) {
        let text = word.text
        var best: (offset: Int, kind: Kind)?
        for kind in Self.separators {
            guard let range = text.range(of: kind.rawValue) else { continue }
            let offset = text.distance(from: text.startIndex, to: range.lowerBound)
            if best == nil || offset < best!.offset
                || (offset == best!.offset && kind.rawValue.count > best!.kind.rawValue.count)
            {
                best = (offset, kind)
            }
        }
        guard let best, best.offset > 0 else { return nil }
        let start = text.index(text.startIndex, offsetBy: best.offset)
        key = String(text[..<start])
        value = String(text[text.index(start, offsetBy: best.kind.rawValue.count)...])
        kind = best.kind
        wasQuoted = word.wasQuoted
    }

}
