import Foundation
import OpenMarketContract
import Testing

@testable import OpenMarketAPI

/// `SecretMasking` spells a secret by hand (JSON-escaped, percent-encoded) rather than through
/// `JSONEncoder` and `addingPercentEncoding`, to keep them off the start: these hold each
/// spelling to the library's answer for many random strings.
@Suite("Spelling a secret as the libraries would")
struct SecretSpellingTests {
    /// Random text drawn from what makes the rules differ: ASCII (controls, quotes, slashes,
    /// every mark), DEL, C1 controls, Latin letters, combining marks, Hangul, line separators and
    /// emoji.
    static func randomText(_ generator: inout some RandomNumberGenerator) -> String {
        let ranges: [ClosedRange<UInt32>] = [
            0x00...0x7F, 0x00...0x7F, 0x00...0x7F, 0x20...0x2F, 0x7F...0xFF, 0x300...0x36F, 0xAC00...0xAC20,
            0x2028...0x2029, 0x1F600...0x1F64F,
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            let range = ranges.randomElement(using: &generator)!
            scalars.append(Unicode.Scalar(UInt32.random(in: range, using: &generator))!)
        }
        return String(scalars)
    }

    /// As the project's encoder writes a string (slashes as they are), and as an encoder that
    /// escapes slashes does (`JSONEncoder`'s default), a slash before a combining mark too.
    @Test func theJSONSpellingsAreJSONEncoders() throws {
        var generator = SystemRandomNumberGenerator()
        let every = (0..<0x80).map { String(Unicode.Scalar(UInt8($0))) }
        func inside(_ json: Data) -> String { String(decoding: json.dropFirst(2).dropLast(2), as: UTF8.self) }
        for text in every + (0..<3000).map({ _ in Self.randomText(&generator) }) {
            let escaped = SecretMasking.jsonEscaped(text)
            #expect(escaped == inside(try MarketJSON.encoder.encode([text])), "\(Array(text.unicodeScalars))")
            #expect(
                SecretMasking.slashesEscaped(escaped) == inside(try JSONEncoder().encode([text])),
                "\(Array(text.unicodeScalars))")
        }
    }

    @Test func thePercentSpellingsAreAddingPercentEncodings() {
        var generator = SystemRandomNumberGenerator()
        let every = (0..<0x80).map { String(Unicode.Scalar(UInt8($0))) }
        for text in every + (0..<3000).map({ _ in Self.randomText(&generator) }) {
            #expect(
                SecretMasking.percentEncoded(text, keeping: SecretMasking.isAlphanumeric)
                    == text.addingPercentEncoding(withAllowedCharacters: .alphanumerics), "\(Array(text.unicodeScalars))")
            #expect(
                SecretMasking.percentEncoded(text) { SecretMasking.isAlphanumeric($0) || SecretMasking.queryMarks.contains($0) }
                    == text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed), "\(Array(text.unicodeScalars))")
        }
    }

    /// The spellings of a secret are the secret, its JSON spellings (slashes as they are, and
    /// escaped: before a combining mark too, which Foundation's `replacingOccurrences`, used
    /// before, passed over) and its two percent-encodings, longest first; none for a secret too short.
    @Test func aSecretsSpellingsAreTheLibrariesSpellings() throws {
        var generator = SystemRandomNumberGenerator()
        for secret in ["a/\"b\\c\n", "ab/\u{301}cd", "Yft5JkQe2n-6etYv", "비밀번호/1", "abc"]
            + (0..<300).map({ _ in Self.randomText(&generator) })
        {
            let escaped = String(decoding: try MarketJSON.encoder.encode([secret]).dropFirst(2).dropLast(2), as: UTF8.self)
            let slashed = String(decoding: try JSONEncoder().encode([secret]).dropFirst(2).dropLast(2), as: UTF8.self)
            let expected: Set<String> =
                secret.count < SecretMasking.minimumLength
                ? []
                : [
                    secret, escaped, slashed,
                    secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                    secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!,
                ]
            let spellings = SecretMasking.computeSpellings(of: secret)
            #expect(Set(spellings) == expected, "\(Array(secret.unicodeScalars))")
            #expect(spellings.count == expected.count)
            #expect(zip(spellings, spellings.dropFirst()).allSatisfy { $0.count >= $1.count }, "longest first")
        }
    }
}
