import CLibCrypto
import Foundation

// SHA-256, HMAC-SHA256 and PBKDF2-HMAC-SHA256 from the system's OpenSSL libcrypto, which every
// Debian machine has (libssl3; headers in libssl-dev).
//
// Why not swift-crypto, the kept Swift library for these: on Linux it compiles its own copy of
// BoringSSL, next to the one swift-nio-ssl already compiles for AsyncHTTPClient, and the project
// needs only these three standard functions from it. That second copy, with Crypto and
// CryptoExtras, was about a fifth of the CPU of the shell's release build, and the first run from
// a fresh clone took 560 s with it and 462 s without (docs/benchmarks.md, "The first build"). The wrappers below only move bytes in and out of one C call each.

/// SHA-256 (FIPS 180-4).
public enum SHA256 {
    /// The 32-byte digest of `data`.
    public static func hash(data: some ContiguousBytes) -> [UInt8] {
        data.withUnsafeBytes { bytes in
            [UInt8](unsafeUninitializedCapacity: Int(SHA256_DIGEST_LENGTH)) { digest, count in
                _ = CLibCrypto.SHA256(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, digest.baseAddress)
                count = Int(SHA256_DIGEST_LENGTH)
            }
        }
    }
}

/// HMAC-SHA256 (RFC 2104).
public enum HMACSHA256 {
    /// The 32-byte authentication code of `data` under `key`.
    public static func authenticationCode(for data: some ContiguousBytes, key: some ContiguousBytes) -> [UInt8] {
        key.withUnsafeBytes { key in
            data.withUnsafeBytes { data in
                [UInt8](unsafeUninitializedCapacity: Int(EVP_MAX_MD_SIZE)) { code, count in
                    var length: UInt32 = 0
                    let made = HMAC(
                        EVP_sha256(), key.baseAddress, Int32(clamping: key.count),
                        data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, code.baseAddress, &length)
                    // HMAC fails only when OpenSSL cannot allocate; nothing sensible can go on.
                    precondition(made != nil, "libcrypto's HMAC failed")
                    count = Int(length)
                }
            }
        }
    }
}

/// PBKDF2 with HMAC-SHA256 (RFC 8018).
public enum PBKDF2SHA256 {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String { "libcrypto could not derive the key" }
    }

    /// `byteCount` bytes derived from `password` and `salt` in `rounds` iterations.
    public static func deriveKey(
        password: some ContiguousBytes, salt: some ContiguousBytes, rounds: Int, byteCount: Int
    ) throws(Failure) -> [UInt8] {
        guard rounds > 0, rounds <= Int32.max, byteCount > 0, byteCount <= Int32.max else { throw Failure() }
        let key = password.withUnsafeBytes { password in
            salt.withUnsafeBytes { salt in
                [UInt8](unsafeUninitializedCapacity: byteCount) { key, count in
                    let made = PKCS5_PBKDF2_HMAC(
                        password.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(clamping: password.count),
                        salt.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(clamping: salt.count),
                        Int32(rounds), EVP_sha256(), Int32(byteCount), key.baseAddress)
                    count = made == 1 ? byteCount : 0
                }
            }
        }
        guard key.count == byteCount else { throw Failure() }
        return key
    }
}
