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

    /// The item written back so that it reads again as this item: as typed, unless a `\` made a
    /// separator character plain, which is then escaped again (HTTPie's rules; a `\` the value
    /// holds before a separator character cannot be said, in HTTPie either).
    public var text: String {
        var out = Array(key.utf8).flatMap { Self.special.contains($0) ? [Self.backslash, $0] : [$0] }
        out += Array(kind.rawValue.utf8)
        var rest = Array(value.utf8)
        // A value that would lengthen the separator (`name=@x` is a file, `name==x` a query).
        if let first = rest.first, Self.httpieSeparators.contains(where: { $0.starts(with: Array(kind.rawValue.utf8) + [first]) })
        {
            rest.insert(Self.backslash, at: 0)
        }
        return String(decoding: out + rest, as: UTF8.self)
    }

    /// The separators, longest first where one begins another.
    static let separators: [Kind] = [.jsonFile, .textFile, .json, .query, .text, .file, .header]
    /// The characters a `\` makes plain: those of the separators, and HTTPie's `;` (`Header;`).
    /// The one list: the HTTPie export escapes the same ones (`HTTPieItems`).
    static let special: Set<UInt8> = Set(":;=@".utf8)
    static let backslash = UInt8(ascii: "\\")
    /// Every separator HTTPie 3 knows, some of which this shell does not take (`Header;`,
    /// `Header:@file`, `name==@file`): a value written back never begins one.
    static let httpieSeparators = [":", ";", ":@", "==", "==@", "=", ":=", "@", "=@", ":=@"].map { Array($0.utf8) }

    /// Reads one word as HTTPie 3 does (`KeyValueArgType` in `httpie/cli/argtypes.py`), on its
    /// UTF-8 bytes: a `\` before a separator character makes that character plain (a `\` before
    /// any other stays), and the first separator in the rest, the longest at its place, splits
    /// the key from the value. Nil when it has no separator or nothing before it.
    public init?(_ word: Word) {
        let bytes = Array(word.text.utf8)
        // Runs of bytes, each either typed plain or one escaped separator character.
        var tokens: [(bytes: [UInt8], escaped: Bool)] = [([], false)]
        var index = 0
        while index < bytes.count {
            if bytes[index] == Self.backslash, index + 1 < bytes.count, Self.special.contains(bytes[index + 1]) {
                tokens += [([bytes[index + 1]], true), ([], false)]
                index += 2
            } else {
                tokens[tokens.count - 1].bytes.append(bytes[index])
                index += 1
            }
        }
        for (number, token) in tokens.enumerated() where !token.escaped {
            var best: (offset: Int, kind: Kind)?
            for kind in Self.separators {
                let separator = Array(kind.rawValue.utf8)
                guard let at = token.bytes.indices.first(where: { token.bytes[$0...].starts(with: separator) }) else {
                    continue
                }
                if best == nil || at < best!.offset || (at == best!.offset && separator.count > best!.kind.rawValue.utf8.count) {
                    best = (at, kind)
                }
            }
            guard let best else { continue }
            let key = tokens[..<number].flatMap(\.bytes) + token.bytes[..<best.offset]
            guard !key.isEmpty else { return nil }
            let value =
                Array(token.bytes[(best.offset + best.kind.rawValue.utf8.count)...]) + tokens[(number + 1)...].flatMap(\.bytes)
            self.init(
                kind: best.kind, key: String(decoding: key, as: UTF8.self), value: String(decoding: value, as: UTF8.self),
                wasQuoted: word.wasQuoted)
            return
        }
        return nil
    }
}
