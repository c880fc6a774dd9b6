import Crypto
import CryptoExtras
import Foundation

/// A salted, slow hash of a vendor secret.
struct SecretHash: Sendable, Hashable {
    var hash: Data
    var salt: Data
    var rounds: Int

    /// OWASP's floor for PBKDF2-HMAC-SHA256 at the time of writing is 600,000; swift-crypto
    /// refuses fewer than 210,000. The verified-secret cache below keeps the cost to one
    /// derivation per vendor per server run, so the higher figure costs little.
    static let defaultRounds = 600_000

    static func make(secret: String, rounds: Int = defaultRounds) throws -> SecretHash {
        let salt = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        return SecretHash(hash: try derive(secret: secret, salt: salt, rounds: rounds), salt: salt, rounds: rounds)
    }

    static func derive(secret: String, salt: Data, rounds: Int) throws -> Data {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Data(secret.utf8), salt: salt, using: .sha256, outputByteCount: 32, rounds: rounds)
        return key.withUnsafeBytes { Data($0) }
    }
}

/// Checks vendor secrets against their stored hashes.
///
/// Deriving PBKDF2 takes a few hundred milliseconds on purpose, which no request should pay each
/// time. A secret that verified once is remembered as an HMAC under a key that exists only in
/// this process's memory, so the cache holds nothing an attacker reading it could reverse, and
/// a changed hash (a vendor whose secret was reset) stops matching at once.
final class SecretVerifier: @unchecked Sendable {
    private let cacheKey = SymmetricKey(size: .bits256)
    // Both guarded by `lock`.
    private let lock = NSLock()
    private var verified: Set<Data> = []
    /// Derivations under way, so fifty parallel uploads from one vendor derive once, not fifty times.
    private var inFlight: [Data: Task<Bool, Never>] = [:]

    func verify(_ secret: String, for vendor: StoredVendor) async -> Bool {
        let fingerprint = Data(
            HMAC<SHA256>.authenticationCode(
                for: Data("\(vendor.identifier)\u{0}\(secret)\u{0}".utf8) + vendor.secretHash, using: cacheKey))
        let task: Task<Bool, Never>? = lock.withLock {
            if verified.contains(fingerprint) { return nil }
            if let running = inFlight[fingerprint] { return running }
            let started = Task {
                guard let derived = try? SecretHash.derive(secret: secret, salt: vendor.secretSalt, rounds: vendor.secretRounds)
                else { return false }
                return Self.constantTimeEqual(derived, vendor.secretHash)
            }
            inFlight[fingerprint] = started
            return started
        }
        guard let task else { return true }
        let matches = await task.value
        lock.withLock {
            inFlight[fingerprint] = nil
            if matches { verified.insert(fingerprint) }
        }
        return matches
    }

    /// Compares without stopping at the first difference, so timing reveals nothing.
    static func constantTimeEqual(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}

/// New vendor secrets: 16 characters from letters, digits and the symbols the contract mentions.
enum SecretGenerator {
    static func vendorSecret() -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789$#@_-")
        var generator = SystemRandomNumberGenerator()
        return String((0..<16).map { _ in alphabet.randomElement(using: &generator)! })
    }
}
