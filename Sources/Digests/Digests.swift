import CCryptoLoader
import Foundation

// SHA-256, HMAC-SHA256 and PBKDF2-HMAC-SHA256 from the system's OpenSSL libcrypto, which every
// Debian machine has (libssl3; headers in libssl-dev).
//
// Why not swift-crypto, the kept Swift library for these: on Linux it compiles its own copy of
// BoringSSL, next to the one swift-nio-ssl already compiles for AsyncHTTPClient, and the project
// needs only these three standard functions from it. That second copy, with Crypto and
// CryptoExtras, was about a fifth of the CPU of the shell's release build, and the first run from
// a fresh clone took 560 s with it and 462 s without (docs/benchmarks.md, "The first build"). The wrappers below only move bytes in and out of one C call each.
//
// libcrypto is opened at the first digest, not linked (CCryptoLoader.h says why). A machine
// without it cannot name a file or check a vendor's secret: the program then stops with one line
// saying what is missing, as the dynamic loader did when it was linked.

/// The opened libcrypto.
enum LibCrypto {
    /// The names tried in turn: OpenSSL 3's soname, then the development link.
    static let names = ["libcrypto.so.3", "libcrypto.so"]

    /// Why libcrypto could not be opened, nil when it was: tried once, on first use, thread-safely
    /// (a `static let` initialiser runs exactly once).
    private static let failure: String? = failure(opening: names)

    /// Opens libcrypto if not yet open; stops the program with one line when it cannot.
    static func open() {
        guard let failure else { return }
        FileHandle.standardError.write(Data((failure + "\n").utf8))
        exit(127)
    }

    /// Opens libcrypto if not yet tried, and says whether it is open, stopping nothing: for a
    /// program getting ready (`SHA256.prepare`), whose first digest says what is missing.
    static func isOpen() -> Bool { failure == nil }

    /// Nil when one of `names` opened with every function needed; else the line that says why not.
    static func failure(opening names: [String]) -> String? {
        var reasons: [String] = []
        for name in names {
            if mcr_open(name) == 0 { return nil }
            reasons.append(String(cString: mcr_error()))
        }
        let program = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "openmarket"
        return "\(program): cannot open OpenSSL 3's libcrypto (Debian package libssl3 or libssl3t64): "
            + reasons.joined(separator: "; ")
    }
}

/// SHA-256 (FIPS 180-4).
public enum SHA256 {
    /// Opens libcrypto and makes a first digest, for a program that will soon need digests (a
    /// script's run hashes each of its lines before the first is sent) and calls this on another
    /// thread than its main one: loading the library (0.4 ms) then happens while the program gets
    /// on with the rest. A digest asked for meanwhile waits for it to end. When libcrypto is
    /// missing this says nothing: the first digest asked for does.
    public static func prepare() {
        if LibCrypto.isOpen() { _ = hash(data: [UInt8]()) }
    }

    /// The 32-byte digest of `data`.
    public static func hash(data: some ContiguousBytes) -> [UInt8] {
        LibCrypto.open()
        return data.withUnsafeBytes { bytes in
            [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
                mcr_sha256(bytes.baseAddress, bytes.count, digest.baseAddress)
                count = 32
            }
        }
    }

    /// The same digest by OpenSSL's EVP calls, what `hash` falls back to without the direct ones.
    static func hashByEVP(data: some ContiguousBytes) -> [UInt8] {
        LibCrypto.open()
        return data.withUnsafeBytes { bytes in
            [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
                mcr_sha256_evp(bytes.baseAddress, bytes.count, digest.baseAddress)
                count = 32
            }
        }
    }
}

/// HMAC-SHA256 (RFC 2104).
public enum HMACSHA256 {
    /// The 32-byte authentication code of `data` under `key`.
    public static func authenticationCode(for data: some ContiguousBytes, key: some ContiguousBytes) -> [UInt8] {
        LibCrypto.open()
        return key.withUnsafeBytes { key in
            data.withUnsafeBytes { data in
                // 64 bytes: OpenSSL's EVP_MAX_MD_SIZE, room for any digest.
                [UInt8](unsafeUninitializedCapacity: 64) { code, count in
                    let length = mcr_hmac_sha256(key.baseAddress, key.count, data.baseAddress, data.count, code.baseAddress)
                    // HMAC fails only when OpenSSL cannot allocate; nothing sensible can go on.
                    precondition(length != 0, "libcrypto's HMAC failed")
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
        LibCrypto.open()
        let key = password.withUnsafeBytes { password in
            salt.withUnsafeBytes { salt in
                [UInt8](unsafeUninitializedCapacity: byteCount) { key, count in
                    let made = mcr_pbkdf2_sha256(
                        password.baseAddress, Int32(clamping: password.count), salt.baseAddress,
                        Int32(clamping: salt.count), Int32(rounds), key.baseAddress, Int32(byteCount))
                    count = made == 1 ? byteCount : 0
                }
            }
        }
        guard key.count == byteCount else { throw Failure() }
        return key
    }
}
