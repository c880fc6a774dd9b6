import Foundation
import OpenMarketContract
import Synchronization

/// The one redaction helper for vendor secrets: errors, the trace, printed output, journals and
/// recordings all mask through it, and the client refuses through it to send a secret anywhere
/// but the `secret` field.
///
/// A secret is found as typed, as JSON escapes it (`\"`, `\/`) and percent-encoded (in a URL).
/// Secrets shorter than `minimumLength` are ignored: masking "ab" everywhere would garble every
/// line, and such a secret protects nothing anyway.
public enum SecretMasking {
    public static let mask = Secret.mask
    public static let minimumLength = 4

    /// The spellings under which `secret` can appear in text, longest first. Remembered per
    /// secret: the client checks every request, and working them out (a JSON encoding, two
    /// percent-encodings) each time cost a twentieth of a script's time.
    public static func spellings(of secret: String) -> [String] {
        if let known = knownSpellings.withLock({ $0[secret] }) { return known }
        let computed = computeSpellings(of: secret)
        knownSpellings.withLock { known in
            if known.count > 64 { known.removeAll() }
            known[secret] = computed
        }
        return computed
    }

    private static let knownSpellings = Mutex<[String: [String]]>([:])

    static func computeSpellings(of secret: String) -> [String] {
        guard secret.count >= minimumLength else { return [] }
        var variants: Set<String> = [secret]
        // As the project's encoder writes it (slashes as they are), and as other encoders
        // write it (slashes escaped).
        let escaped = jsonEscaped(secret)
        variants.insert(escaped)
        variants.insert(slashesEscaped(escaped))
        variants.insert(percentEncoded(secret, keeping: { isAlphanumeric($0) }))
        variants.insert(percentEncoded(secret, keeping: { isAlphanumeric($0) || queryMarks.contains($0) }))
        return variants.sorted { $0.count > $1.count }
    }

    // The three spellings are written by hand rather than asked of `JSONEncoder` and
    // `addingPercentEncoding`: those took half a millisecond of every start (the environment's
    // secret is spelled before the first prompt), mostly in making their types and character
    // sets the first time. Their rules are few, and `SecretSpellingTests` holds these to the
    // libraries' answers for many random strings.

    /// `secret` inside a JSON string as `MarketJSON.encoder` writes it (`JSONEncoder` with
    /// slashes unescaped): `"` and `\` escaped, the controls below U+0020 as `\b \t \n \f \r`
    /// or `\u00xx`, everything else as it is.
    static func jsonEscaped(_ secret: String) -> String {
        guard secret.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return secret }
        var out = String.UnicodeScalarView()
        for scalar in secret.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\u{08}": out.append(contentsOf: "\\b".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\u{0C}": out.append(contentsOf: "\\f".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// `text` with each `/` written `\/`.
    static func slashesEscaped(_ text: String) -> String {
        guard text.utf8.contains(0x2F) else { return text }
        return String(decoding: text.utf8.flatMap { $0 == 0x2F ? [0x5C, 0x2F] : [$0] }, as: UTF8.self)
    }

    /// `secret` percent-encoded as `addingPercentEncoding(withAllowedCharacters:)` does it: each
    /// UTF-8 byte kept when it is an ASCII character `keeping` allows, else `%XX` (upper case).
    /// Only ASCII is ever kept, whatever the character set: a letter beyond ASCII (`é`) is
    /// encoded even where `.alphanumerics` holds it.
    static func percentEncoded(_ secret: String, keeping: (UInt8) -> Bool) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(secret.utf8.count)
        for byte in secret.utf8 {
            if byte < 0x80, keeping(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// ASCII letters and digits: the ASCII part of `CharacterSet.alphanumerics`.
    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// What `CharacterSet.urlQueryAllowed` allows in ASCII besides letters and digits.
    static let queryMarks = Set("!$&'()*+,-./:;=?@_~".utf8)

    /// Every spelling of every secret, longest first (computed once per check, not per string).
    public static func spellings(of secrets: [String]) -> [String] {
        // One secret (a login, and no other) is what the client checks on every request: its
        // spellings are already longest first.
        switch secrets.count {
        case 0: return []
        case 1: return spellings(of: secrets[0])
        default:
            // The same few secrets on every request (a login and the profiles'): merged and
            // sorted once, not on every request (3 µs of a script's `show` line, with perf).
            if let last = lastMerged.withLock({ $0 }), last.secrets == secrets { return last.spellings }
            let merged = secrets.flatMap { spellings(of: $0) }.sorted { $0.count > $1.count }
            lastMerged.withLock { $0 = (secrets, merged) }
            return merged
        }
    }

    private static let lastMerged = Mutex<(secrets: [String], spellings: [String])?>(nil)

    /// The search for these spellings: made once for the same spellings on every request (the
    /// client checks each request it sends), not for each.
    static func search(for spellings: [String]) -> SecretSearch {
        if let last = lastSearch.withLock({ $0 }), last.spellings == spellings { return last }
        let search = SecretSearch(spellings: spellings)
        lastSearch.withLock { $0 = search }
        return search
    }

    private static let lastSearch = Mutex<SecretSearch?>(nil)

    /// `text` with every spelling of every secret replaced by `replacement` (the mask, or what
    /// a recording writes instead: `${env.OPENMARKET_SECRET}`).
    public static func masked(_ text: String, secrets: [String], replacement: String = mask) -> String {
        masked(text, spellings: spellings(of: secrets), replacement: replacement)
    }

    /// `text` with each of these spellings replaced by `replacement`.
    public static func masked(_ text: String, spellings: [String], replacement: String = mask) -> String {
        counted(text, spellings: spellings, replacement: replacement).text
    }

    /// `masked`, and how many spellings were replaced (agent mode's guard reports the count).
    public static func counted(
        _ text: String, spellings: [String], replacement: String = mask
    ) -> (text: String, replaced: Int) {
        guard mayHold(text, spellings) else { return (text, 0) }
        var out = Array(text.utf8)
        var replaced = 0
        for spelling in spellings where out.withUnsafeBytes({ occurs(spelling, in: $0) }) {
            replaced += replace(Array(spelling.utf8), with: Array(replacement.utf8), in: &out)
        }
        return replaced == 0 ? (text, 0) : (String(decoding: out, as: UTF8.self), replaced)
    }

    /// Replaces every `pattern` in `bytes`, left to right, and says how many. On bytes, as the
    /// search finds them: a replacement over `Character`s (`components(separatedBy:)`) missed a
    /// secret whose last letter a combining mark after it joined into one `Character`, and
    /// printed it. A valid UTF-8 pattern found in valid UTF-8 starts and ends on scalars, so the
    /// bytes stay valid.
    private static func replace(_ pattern: [UInt8], with replacement: [UInt8], in bytes: inout [UInt8]) -> Int {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return 0 }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var count = 0
        var index = 0
        while index < bytes.count {
            if index + pattern.count <= bytes.count, bytes[index] == pattern[0],
                bytes[index..<(index + pattern.count)].elementsEqual(pattern)
            {
                out += replacement
                index += pattern.count
                count += 1
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        bytes = out
        return count
    }

    /// Whether any spelling of any secret occurs in `text`.
    public static func contains(_ text: String, secrets: [String]) -> Bool {
        contains(text, spellings: spellings(of: secrets))
    }

    public static func contains(_ text: String, spellings: [String]) -> Bool {
        mayHold(text, spellings) && spellings.contains { occurs($0, in: text) }
    }

    /// Whether `text` has as many bytes as the shortest spelling. Most texts checked (an answer's
    /// headers, a line's words) are shorter than any spelling of a secret, and are answered
    /// without a search for each spelling.
    private static func mayHold(_ text: String, _ spellings: [String]) -> Bool {
        guard let shortest = spellings.lazy.map(\.utf8.count).min() else { return false }
        return text.utf8.count >= shortest
    }

    /// Whether one of the spellings occurs in `data` as bytes (an image part, say).
    public static func contains(_ data: Data, spellings: [String]) -> Bool {
        data.withUnsafeBytes { bytes in spellings.contains { occurs($0, in: bytes) } }
    }

    /// Whether `needle` occurs in `text`, as UTF-8 bytes. Written with memchr/memcmp because every
    /// line the shell prints is checked: Foundation's `contains` goes through CFString and took a
    /// tenth of a script's CPU (measured with perf on scripts/bench-scripts' 1,000 `show` lines).
    static func occurs(_ needle: String, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { occurs(needle, in: UnsafeRawBufferPointer($0)) }
    }

    static func occurs(_ needle: String, in bytes: UnsafeRawBufferPointer) -> Bool {
        var needle = needle
        // By its first byte: a one-off search has no time to pick a rarer one (`SecretSearch`).
        return needle.withUTF8 { pattern in
            guard !pattern.isEmpty else { return true }
            guard let base = bytes.baseAddress else { return false }
            return SecretSearch.occurs(UnsafeRawBufferPointer(pattern), rare: 0, in: base, count: bytes.count)
        }
    }

    /// Where in a request a secret would travel outside a `secret` field: "the URL", "the header
    /// X", "name", "params.description", "an image part"; nil when it goes nowhere else.
    ///
    /// A JSON body may carry the secret only as the value of its top-level `secret` key (edit,
    /// delete), and a multipart body only there in its `params` part (create): that is where the
    /// contract puts it. Written here because no library knows the contract's rule.
    ///
    /// `foreign` are secrets that may not travel even there: the session protects them, but they
    /// are not the login's (the environment's secret after `connect` to another server). In the
    /// `secret` field such a secret is found as `"secret"`.
    public static func leak(in request: HTTPRequestData, secrets: [String], foreign: [String] = []) -> String? {
        place(in: request, secrets: secrets, foreign: foreign)?.text
    }

    /// Where in a request a secret would travel outside a `secret` field, typed (`leak(in:…)`
    /// says it in the reader's language); `.secretField` for a foreign secret in that field.
    public static func place(in request: HTTPRequestData, secrets: [String], foreign: [String] = []) -> SecretPlace? {
        let spellings = spellings(of: secrets)
        guard !spellings.isEmpty else { return nil }
        let foreign = Self.spellings(of: foreign)
        let search = search(for: spellings)
        let url = request.url.absoluteString
        if search.occurs(in: url) || (url.utf8.contains(0x25) && search.occurs(in: url.removingPercentEncoding ?? url)) {
            return .url
        }
        for field in request.headers where search.occurs(in: field.value) || search.occurs(in: field.name) {
            return .header(field.name)
        }
        guard let body = request.body, !body.isEmpty else { return nil }
        let type = request.headers["Content-Type"]?.lowercased() ?? ""
        if type.hasPrefix("multipart/form-data"),
            let boundary = request.headers["Content-Type"]?.components(separatedBy: "boundary=").last
        {
            return leak(
                inMultipart: body, boundary: boundary.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")),
                spellings: spellings, foreign: foreign)
        }
        return leak(inJSONOrText: body, spellings: spellings, foreign: foreign)
    }

    private static func leak(inJSONOrText body: Data, spellings: [String], foreign: [String]) -> SecretPlace? {
        if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            return leak(inJSON: object, path: "", topLevel: true, spellings: spellings, foreign: foreign)
        }
        return contains(body, spellings: spellings) || contains(String(decoding: body, as: UTF8.self), spellings: spellings)
            ? .body : nil
    }

    private static func leak(
        inJSON value: Any, path: String, topLevel: Bool, spellings: [String], foreign: [String] = []
    ) -> SecretPlace? {
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                let inner = object[key]!
                let here = path.isEmpty ? key : "\(path).\(key)"
                if contains(key, spellings: spellings) { return .fieldName(in: path.isEmpty ? nil : path) }
                // The one place the secret belongs: the top-level `secret` string.
                if topLevel, key == "secret", let text = inner as? String {
                    if contains(text, spellings: foreign) { return .secretField }
                    continue
                }
                if let found = leak(inJSON: inner, path: here, topLevel: false, spellings: spellings) { return found }
            }
            return nil
        }
        if let array = value as? [Any] {
            for (index, inner) in array.enumerated() {
                if let found = leak(inJSON: inner, path: "\(path)[\(index)]", topLevel: false, spellings: spellings) {
                    return found
                }
            }
            return nil
        }
        if let text = value as? String, contains(text, spellings: spellings) { return path.isEmpty ? .body : .field(path) }
        return nil
    }

    private static func leak(
        inMultipart body: Data, boundary: String, spellings: [String], foreign: [String]
    )
        -> SecretPlace?
    {
        let delimiter = Data("--\(boundary)".utf8)
        var starts: [Int] = []
        var searchStart = body.startIndex
        while let range = body.range(of: delimiter, in: searchStart..<body.endIndex) {
            starts.append(range.upperBound)
            searchStart = range.upperBound
        }
        for (index, start) in starts.enumerated() where index + 1 < starts.count {
            let part = body[start..<(starts[index + 1] - delimiter.count)]
            guard let split = part.range(of: Data("\r\n\r\n".utf8)) else {
                if contains(Data(part), spellings: spellings) { return .body }
                continue
            }
            let head = String(decoding: part[part.startIndex..<split.lowerBound], as: UTF8.self)
            let content = Data(part[split.upperBound...])
            let isParams = head.contains("name=\"params\"")
            if contains(head, spellings: spellings) { return .partHeaders(params: isParams) }
            if isParams {
                if let found = leak(inJSONOrText: content, spellings: spellings, foreign: foreign) { return found }
            } else if contains(content, spellings: spellings) {
                return .imagePart
            }
        }
        return nil
    }
}
