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

    @Test func maskingReplacesEveryOccurrence() {
        #expect(SecretMasking.masked("a hunter22 b hunter22", spellings: ["hunter22"]) == "a •••••• b ••••••")
    }
}
