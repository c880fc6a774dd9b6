import Foundation

/// The spellings of a set of secrets (``SecretMasking/spellings(of:)``) made ready to be looked
/// for, once, where the same secrets are looked for in everything that passes: a session masks
/// every answer it keeps and every line it prints.
///
/// Each spelling is searched for by its rarest byte (`memchr`, then `memcmp` of the whole
/// spelling around each one found), as the `memchr` crate's `memmem` does. Searched by its first
/// byte, a secret starting with a letter common in text (an `e`) stopped at most of the letters of
/// every answer, and a script's `show` line cost thousands of instructions more or less with each
/// random secret (scripts/bench-instructions). Which byte is rarest is a guess made once per
/// spelling; a spelling is found whichever byte is looked for.
public struct SecretSearch: Sendable {
    /// The spellings, longest first, as ``SecretMasking`` masks them.
    public let spellings: [String]
    private let needles: [Needle]
    /// The fewest bytes a spelling has: a shorter text holds none.
    private let shortest: Int

    private struct Needle: Sendable {
        let bytes: [UInt8]
        /// Where its rarest byte is.
        let rare: Int
    }

    public init(spellings: [String]) {
        self.spellings = spellings
        needles = spellings.map { spelling in
            let bytes = Array(spelling.utf8)
            var rare = 0
            for index in bytes.indices where Self.rarity(of: bytes[index]) > Self.rarity(of: bytes[rare]) { rare = index }
            return Needle(bytes: bytes, rare: rare)
        }
        shortest = needles.map(\.bytes.count).min() ?? 0
    }

    public var isEmpty: Bool { needles.isEmpty }

    public func occurs(in text: String) -> Bool {
        guard !needles.isEmpty, text.utf8.count >= shortest else { return false }
        var text = text
        return text.withUTF8 { occurs(in: UnsafeRawBufferPointer($0)) }
    }

    public func occurs(in data: Data) -> Bool {
        guard !needles.isEmpty, data.count >= shortest else { return false }
        return data.withUnsafeBytes { occurs(in: $0) }
    }

    public func occurs(in bytes: UnsafeRawBufferPointer) -> Bool {
        guard !needles.isEmpty, bytes.count >= shortest else { return false }
        // No bytes at all: only an empty spelling occurs there.
        guard let base = bytes.baseAddress else { return shortest == 0 }
        for needle in needles where Self.occurs(needle, in: base, count: bytes.count) { return true }
        return false
    }

    /// `text` with every spelling replaced by `replacement` (searched first, and returned as it
    /// is when it holds none: almost every text).
    public func masked(_ text: String, replacement: String = SecretMasking.mask) -> String {
        guard occurs(in: text) else { return text }
        return SecretMasking.masked(text, spellings: spellings, replacement: replacement)
    }

    private static func occurs(_ needle: Needle, in base: UnsafeRawPointer, count: Int) -> Bool {
        needle.bytes.withUnsafeBytes { occurs($0, rare: needle.rare, in: base, count: count) }
    }

    /// Whether `pattern` is among the `count` bytes at `base`: `memchr` for its byte at `rare`,
    /// then `memcmp` of the whole pattern around each one found. `SecretMasking`'s one-off
    /// searches use it too, by the first byte.
    static func occurs(_ pattern: UnsafeRawBufferPointer, rare: Int, in base: UnsafeRawPointer, count: Int) -> Bool {
        let length = pattern.count
        guard length > 0 else { return true }
        guard count >= length, let start = pattern.baseAddress else { return false }
        let byte = Int32(pattern[rare])
        // Where the rare byte can be with the whole pattern around it.
        var offset = rare
        let last = count - length + rare
        while offset <= last {
            guard let found = memchr(base + offset, byte, last - offset + 1) else { return false }
            let at = base.distance(to: UnsafeRawPointer(found))
            if memcmp(base + (at - rare), start, length) == 0 { return true }
            offset = at + 1
        }
        return false
    }

    /// How rare a byte is in what a session searches (products' text in English and Korean,
    /// JSON, URLs, headers): higher is rarer.
    static func rarity(of byte: UInt8) -> Int {
        // English letters by how often they occur, the commonest first.
        if let rank = commonLetters.firstIndex(of: byte) { return rank * 2 }
        switch byte {
        case 0x20, 0x22, 0x2C, 0x2E, 0x2F, 0x3A, 0x30...0x39: return 0  // space " , . / : digits
        case 0x80...0xFF: return 10  // Korean text is all bytes above 0x7F
        case 0x0A, 0x2D, 0x5F, 0x7B, 0x7D, 0x3D: return 20  // newline - _ { } =
        case 0x41...0x5A: return 60  // capitals
        default: return 80  // other punctuation, controls
        }
    }

    private static let commonLetters = Array("etaoinshrdlcumwfgypbvkjxqz".utf8)
}

/// Never the spellings themselves: a search printed (a test's failed expectation, a debugger, a
/// log's `\(value)`) would show the secrets.
extension SecretSearch: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "SecretSearch(\(spellings.count) spellings)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["spellings": spellings.count]) }
}
