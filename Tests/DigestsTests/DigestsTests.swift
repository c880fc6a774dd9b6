import Foundation
import OpenMarketContract
import Testing

@testable import Digests

/// The published test vectors of each function: the wrappers give the standard answers, so
/// hashes kept by earlier builds (vendor secrets, file names) still match.
@Suite struct DigestsTests {
    @Test func sha256GivesTheStandardsVectors() {
        // FIPS 180-4 examples, and the empty message.
        #expect(
            SHA256.hash(data: Data("abc".utf8)).hexadecimal == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hash(data: Data()).hexadecimal == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hash(data: long).hexadecimal == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// The fallback by EVP, for a libcrypto without the direct functions, gives the same answers.
    @Test func sha256ByEVPGivesTheSameVectors() {
        for text in ["abc", "", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "우유병 텀블러"] {
            #expect(SHA256.hashByEVP(data: Data(text.utf8)) == SHA256.hash(data: Data(text.utf8)))
        }
        #expect(
            SHA256.hashByEVP(data: Data("abc".utf8)).hexadecimal
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// Each thread keeps its digest's context for the next: digests one after another, on
    /// several threads at once, each give the standard answer.
    @Test func sha256AgainAndOnThreadsAtOnceGivesTheVectorsEachTime() async {
        let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        let empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<500).allSatisfy { _ in
                        SHA256.hash(data: Data("abc".utf8)).hexadecimal == abc && SHA256.hash(data: Data()).hexadecimal == empty
                    }
                }
            }
            for await same in group { #expect(same) }
        }
    }

    @Test func sha256OfARawBufferIsThatOfItsBytes() {
        let text = "우유병 텀블러"
        let viaBuffer = Array(text.utf8).withUnsafeBytes { SHA256.hash(data: $0) }
        #expect(viaBuffer == SHA256.hash(data: Data(text.utf8)))
        #expect(viaBuffer.count == 32)
    }

    @Test func hmacSHA256GivesRFC4231sVectors() {
        // RFC 4231 test cases 1 and 2.
        let key1 = Data(repeating: 0x0b, count: 20)
        #expect(
            HMACSHA256.authenticationCode(for: Data("Hi There".utf8), key: key1).hexadecimal
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            HMACSHA256.authenticationCode(for: Data("what do ya want for nothing?".utf8), key: Data("Jefe".utf8)).hexadecimal
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func pbkdf2SHA256GivesTheKnownVectors() throws {
        // The PBKDF2-HMAC-SHA256 vectors widely published beside RFC 6070's SHA-1 ones.
        let one = try PBKDF2SHA256.deriveKey(password: Data("password".utf8), salt: Data("salt".utf8), rounds: 1, byteCount: 32)
        #expect(one.hexadecimal == "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b")
        let many = try PBKDF2SHA256.deriveKey(
            password: Data("password".utf8), salt: Data("salt".utf8), rounds: 4096, byteCount: 32)
        #expect(many.hexadecimal == "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a")
    }

    @Test func pbkdf2RefusesNoRoundsAndNoBytes() {
        #expect(throws: PBKDF2SHA256.Failure.self) {
            try PBKDF2SHA256.deriveKey(password: Data("p".utf8), salt: Data("s".utf8), rounds: 0, byteCount: 32)
        }
        #expect(throws: PBKDF2SHA256.Failure.self) {
            try PBKDF2SHA256.deriveKey(password: Data("p".utf8), salt: Data("s".utf8), rounds: 1, byteCount: 0)
        }
    }

    /// libcrypto is opened at the first digest, not linked: a machine without it gets one line
    /// naming what is missing and why, not a crash.
    @Test func aLibcryptoThatCannotBeOpenedIsNamedInOneLine() throws {
        LibCrypto.open()
        let line = try #require(LibCrypto.failure(opening: ["libopenmarket-absent.so.3"]))
        #expect(line.contains("cannot open OpenSSL 3's libcrypto (Debian package libssl3 or libssl3t64)"))
        #expect(line.contains("libopenmarket-absent.so.3: cannot open shared object file"))
        #expect(!line.contains("\n"))
    }

    @Test func aLibraryWithoutTheFunctionsIsRefusedByName() throws {
        LibCrypto.open()
        let line = try #require(LibCrypto.failure(opening: ["libc.so.6"]))
        #expect(line.hasSuffix("libc.so.6 has no function SHA256"))
    }
}
