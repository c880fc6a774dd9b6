import Digests
import Foundation
import Logging
import Synchronization

/// Vendor secrets that verified, remembered as HMAC-SHA256 fingerprints under a random key of
/// the data directory, so the next request with the same secret passes without the slow PBKDF2
/// check and without counting towards any throttle: also after a restart, so an attacker who
/// keeps an identifier throttled cannot lock out its owner by waiting for one.
///
/// One fingerprint per vendor (the secret that verified last), in the `remembered_secrets` table;
/// the key is `remembered-secrets.key` (32 random bytes, mode 0600) beside it. The fingerprint
/// covers the identifier, the secret and the stored PBKDF2 hash, so a secret reset makes it stale.
/// What this gives away: someone who can read both the key and the database can test guesses at
/// HMAC speed rather than PBKDF2 speed; vendor secrets are 16 random characters (about 94 bits)
/// made by the market, so that is still out of reach, and such a reader has the catalog anyway.
final class RememberedSecrets: Sendable {
    static let keyFileName = "remembered-secrets.key"

    private let key: Data
    private let store: MarketStore?
    private let logger: Logger
    /// Vendor id → fingerprint of its secret that verified last.
    private let fingerprints: Mutex<[Int: Data]>

    /// Remembered for this process only: a fresh key, nothing stored (tests of the verifier alone).
    init() {
        key = Self.newKey()
        store = nil
        logger = Logger(label: "openmarket.remembered-secrets")
        fingerprints = Mutex([:])
    }

    private init(key: Data, store: MarketStore, remembered: [Int: Data], logger: Logger) {
        self.key = key
        self.store = store
        self.logger = logger
        fingerprints = Mutex(remembered)
    }

    /// The data directory's key (made on first use) and the fingerprints its database keeps.
    static func open(directory: URL, store: MarketStore, logger: Logger) throws -> RememberedSecrets {
        let key = try directoryKey(directory.appendingPathComponent(keyFileName))
        return RememberedSecrets(key: key, store: store, remembered: try store.rememberedSecrets(), logger: logger)
    }

    /// Reads the key, or makes it: written whole to a file of its own, then linked into place,
    /// which fails when the name exists, so two processes opening a new directory at once (a
    /// market and `vendor add`) end up with the same key.
    private static func directoryKey(_ file: URL) throws -> Data {
        for _ in 0..<2 {
            if let bytes = try? Data(contentsOf: file), bytes.count == 32 { return bytes }
            // Missing, or not a key (cut short by a crash): a fresh one. Fingerprints made under a
            // lost key no longer match; each is replaced when its secret verifies again.
            if FileManager.default.fileExists(atPath: file.path) { try? FileManager.default.removeItem(at: file) }
            let key = Self.newKey()
            let draft = file.deletingLastPathComponent().appendingPathComponent(".\(keyFileName).\(UUID().uuidString)")
            guard
                FileManager.default.createFile(
                    atPath: draft.path, contents: key, attributes: [.posixPermissions: 0o600])
            else { throw MarketServerError.dataDirectory(.cannotWrite(path: file.path)) }
            defer { unlink(draft.path) }
            if link(draft.path, file.path) == 0 { return key }
            guard errno == EEXIST else { throw MarketServerError.dataDirectory(.cannotWrite(path: file.path)) }
        }
        throw MarketServerError.dataDirectory(.cannotRead(path: file.path))
    }

    /// 32 random bytes: the system's generator (getrandom(2) on Linux) is cryptographically secure.
    private static func newKey() -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    func fingerprint(_ secret: String, for vendor: StoredVendor) -> Data {
        Data(
            HMACSHA256.authenticationCode(
                for: Data("\(vendor.identifier)\u{0}\(secret)\u{0}".utf8) + vendor.secretHash, key: key))
    }

    func matches(_ fingerprint: Data, vendorID: Int) -> Bool {
        guard let known = fingerprints.withLock({ $0[vendorID] }) else { return false }
        return SecretVerifier.constantTimeEqual(known, fingerprint)
    }

    /// Remembers `fingerprint` for the vendor, in memory at once and in the database before
    /// returning (a failed write is logged: the secret then costs one derivation after a restart).
    func remember(_ fingerprint: Data, vendorID: Int) async {
        let known = fingerprints.withLock { fingerprints in
            defer { fingerprints[vendorID] = fingerprint }
            return fingerprints[vendorID] == fingerprint
        }
        guard !known, let store else { return }
        do {
            try await store.remember(fingerprint: fingerprint, vendorID: vendorID)
        } catch {
            logger.error("could not keep a verified secret's fingerprint: \(String(describing: error))")
        }
    }
}
