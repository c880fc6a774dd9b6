import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketAPI

@Suite("Finding a secret in text")
struct SecretSearchTests {
    @Test(arguments: [
        ("s3cr3t", "s3cr3t", true), ("s3cr3t", "xx s3cr3t", true), ("s3cr3t", "s3cr3t yy", true),
        ("s3cr3t", "a s3cr3t b", true), ("s3cr3t", "s3cr3", false), ("s3cr3t", "ss3cr3 s3cr3", false),
        ("s3cr3t", "", false), ("비밀번호", "내 비밀번호는", true), ("비밀번호", "비밀번", false), ("aab", "aaab", true),
    ])
    func bytesAreSearchedExactly(needle: String, text: String, found: Bool) {
        #expect(SecretMasking.occurs(needle, in: text) == found)
        #expect(SecretMasking.contains(Data(text.utf8), spellings: [needle]) == found)
    }

    /// A text shorter than every spelling is passed over unsearched; one exactly as long as the
    /// shortest (counted in bytes, not characters) is still searched and masked.
    @Test func aTextAsLongAsTheShortestSpellingIsStillSearched() {
        // Longest first by characters, as spellings come; yet "비밀" (2 characters, 6 bytes) is
        // not the shortest in bytes.
        let spellings = ["abcdefg", "abcde", "비밀"]
        #expect(SecretMasking.masked("abcde", spellings: spellings) == "••••••")
        #expect(SecretMasking.contains("abcde", spellings: spellings))
        #expect(SecretMasking.masked("비밀", spellings: spellings) == "••••••")
        #expect(SecretMasking.masked("abcd", spellings: spellings) == "abcd")
        #expect(!SecretMasking.contains("abcd", spellings: spellings))
        #expect(!SecretMasking.contains("abcde", spellings: []))
    }

    /// Several secrets' spellings, merged once and then remembered, are always those of the
    /// secrets asked about: a different set (another login, one more profile) is merged again.
    @Test func theSpellingsOfSeveralSecretsAreThoseOfTheSecretsAsked() {
        let (first, second, third) = ("first-secret-1/2", "second-secret-2", "third-secret-33")
        func expected(_ secrets: [String]) -> Set<String> { Set(secrets.flatMap { SecretMasking.spellings(of: $0) }) }
        for secrets in [
            [first, second], [first, second], [first, third], [third, first], [first, second, third], [first, second],
        ] {
            let spellings = SecretMasking.spellings(of: secrets)
            #expect(Set(spellings) == expected(secrets), "\(secrets)")
            #expect(spellings.count == expected(secrets).count)
            #expect(zip(spellings, spellings.dropFirst()).allSatisfy { $0.count >= $1.count }, "longest first")
        }
        #expect(SecretMasking.masked("a \(third) b", secrets: [first, third]) == "a •••••• b")
        #expect(SecretMasking.masked("a \(third) b", secrets: [first, second]) == "a \(third) b")
    }

    @Test func maskingReplacesEveryOccurrence() {
        #expect(SecretMasking.masked("a hunter22 b hunter22", spellings: ["hunter22"]) == "a •••••• b ••••••")
    }

    /// The search jumps from one of the needle's first byte to the next (`memchr`) and compares
    /// there: held to a plain search of every position, over texts of a few letters where
    /// needles occur anywhere (at the start, the end, overlapping, one inside another).
    @Test func theSearchFindsWhatAPlainSearchFinds() {
        var random = SplitMix64(seed: 39)
        let alphabet = Array("aeZ$é ".utf8)
        func pick(_ count: Int) -> [UInt8] { (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] } }
        for _ in 0..<4000 {
            let needle = pick(1 + Int(random.next() % 4))
            let text = pick(Int(random.next() % 12))
            let plain =
                text.count >= needle.count
                && (0...(text.count - needle.count)).contains { at in
                    Array(text[at..<(at + needle.count)]) == needle
                }
            let found = text.withUnsafeBytes { SecretMasking.occurs(String(decoding: needle, as: UTF8.self), in: $0) }
            // A needle cut inside a character is made whole by `String(decoding:)`; those are
            // left to the plain search of the bytes it became.
            guard String(decoding: needle, as: UTF8.self).utf8.elementsEqual(needle) else { continue }
            #expect(found == plain, "\(needle) in \(text)")
        }
    }

    /// A session's search (each spelling looked for by its rarest byte) finds what a plain search
    /// of every position finds, in text and in bytes, and masks as `SecretMasking` does.
    @Test func aSessionsSearchFindsAndMasksWhatAPlainSearchDoes() {
        var random = SplitMix64(seed: 40)
        let alphabet = ["a", "e", "Z", "$", "é", " ", "\"", "9"]
        func pick(_ count: Int) -> String {
            (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
        }
        for _ in 0..<3000 {
            let spellings = (0..<Int(random.next() % 3)).map { _ in pick(1 + Int(random.next() % 4)) }
            let text = pick(Int(random.next() % 14))
            let search = SecretSearch(spellings: spellings)
            let plain = spellings.contains { spelling in
                let (needle, haystack) = (Array(spelling.utf8), Array(text.utf8))
                return haystack.count >= needle.count
                    && (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
            }
            #expect(search.occurs(in: text) == plain, "\(spellings) in \(text)")
            #expect(search.occurs(in: Data(text.utf8)) == plain, "\(spellings) in \(text)")
            #expect(search.masked(text) == SecretMasking.masked(text, spellings: spellings), "\(spellings) in \(text)")
        }
        #expect(!SecretSearch(spellings: []).occurs(in: "anything"))
    }

    /// A secret is masked as bytes: followed by a combining mark (a server's product text can
    /// put one after it), its last letter and the mark are one `Character`, and a replacement
    /// over `Character`s (`components(separatedBy:)`) found no secret to replace, so the text was
    /// printed with the secret in it, though the byte search had said it was there.
    @Test(arguments: ["\u{301}", "\u{20DD}", "\u{FE0F}", "\u{200D}\u{1F600}"])
    func aSecretFollowedByAMarkThatJoinsItsLastLetterIsMasked(mark: String) {
        let secret = "S3cret-abcd"
        let text = "description: \(secret)\(mark) and \(secret)"
        let masked = SecretMasking.masked(text, spellings: [secret])
        #expect(!masked.utf8.elementsEqual(text.utf8))
        #expect(!SecretSearch(spellings: [secret]).occurs(in: masked), "\(masked)")
        #expect(masked == "description: ••••••\(mark) and ••••••")
        #expect(SecretMasking.counted(text, spellings: [secret]).replaced == 2)
        #expect(SecretSearch(spellings: [secret]).masked(text) == masked)
    }
}
