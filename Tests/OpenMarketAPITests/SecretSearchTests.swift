import Foundation
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
}
