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

/// How many wrong secrets an identifier may send before they are refused unheard, and how many
/// derivations may wait for the hashing thread.
public struct WrongSecretPolicy: Sendable {
    public var freeFailures: Int
    public var failureWindow: Duration
    public var maxQueuedDerivations: Int

    public init(freeFailures: Int = 5, failureWindow: Duration = .seconds(60), maxQueuedDerivations: Int = 16) {
        self.freeFailures = freeFailures
        self.failureWindow = failureWindow
        self.maxQueuedDerivations = maxQueuedDerivations
    }
}

/// Checks vendor secrets against their stored hashes, and keeps wrong ones from costing the
/// market more than they cost the sender.
///
/// Deriving PBKDF2 takes a few hundred milliseconds on purpose, which no request should pay each
/// time. A secret that verified once is remembered as an HMAC under a key that exists only in
/// this process's memory, so the cache holds nothing an attacker reading it could reverse, and
/// a changed hash (a vendor whose secret was reset) stops matching at once.
///
/// Wrong secrets are the expensive case, so:
/// - derivations run one at a time on a thread of their own, never on the concurrency pool that
///   handles requests (two of them there used to stall every request on a two-core machine), and at most
///   `maxQueuedDerivations` wait for it: past that the answer is "busy, retry" at no cost;
/// - after `freeFailures` wrong secrets for one identifier within `failureWindow`, further
///   unknown secrets for it are refused without deriving anything (429 with `Retry-After`),
///   counting derivations still under way so a burst in parallel cannot slip past. A secret
///   that already verified in this run still passes at once, so an attacker hammering someone's
///   identifier does not lock its owner out of a session already in use.
final class SecretVerifier: @unchecked Sendable {
    enum Verdict: Equatable {
        case verified
        case wrong
        /// Too many wrong secrets for this identifier lately; try again after this many seconds.
        case throttled(retryAfter: Int)
        /// Too many derivations waiting; try again shortly.
        case busy(retryAfter: Int)
    }

    /// This market's hashing, one derivation at a time on a Dispatch thread: at most one core's
    /// worth, whatever arrives, and never a thread of the concurrency pool. Per market rather than
    /// per process, so markets sharing a process (tests, the shell's embedded one) do not queue
    /// behind each other's derivations.
    private let hashing = DispatchQueue(label: "openmarket.secret-hashing")

    private let policy: WrongSecretPolicy
    private let clock = ContinuousClock()
    private let cacheKey = SymmetricKey(size: .bits256)
    // All guarded by `lock`.
    private let lock = NSLock()
    private var verified: Set<Data> = []
    /// Derivations under way, so fifty parallel uploads from one vendor derive once, not fifty times.
    private var inFlight: [Data: (identifier: String, task: Task<Bool, Never>)] = [:]
    /// Recent wrong secrets per identifier (only identifiers of real vendors get here, so this is
    /// bounded by the number of vendors), oldest first, at most `freeFailures` kept.
    private var failures: [String: [ContinuousClock.Instant]] = [:]

    init(policy: WrongSecretPolicy = WrongSecretPolicy()) { self.policy = policy }

    private enum Start {
        case answered(Verdict)
        case waiting(Task<Bool, Never>)
    }

    func verify(_ secret: String, for vendor: StoredVendor) async -> Verdict {
        let fingerprint = Data(
            HMAC<SHA256>.authenticationCode(
                for: Data("\(vendor.identifier)\u{0}\(secret)\u{0}".utf8) + vendor.secretHash, using: cacheKey))
        let now = clock.now
        let started: Start = lock.withLock {
            if verified.contains(fingerprint) { return .answered(.verified) }
            if let running = inFlight[fingerprint] { return .waiting(running.task) }
            let recent = (failures[vendor.identifier] ?? []).filter { now - $0 < policy.failureWindow }
            failures[vendor.identifier] = recent
            let pending = inFlight.values.count { $0.identifier == vendor.identifier }
            if recent.count + pending >= policy.freeFailures {
                let oldest = recent.first ?? now
                let wait = policy.failureWindow - (now - oldest)
                return .answered(.throttled(retryAfter: max(1, Int(wait.components.seconds) + 1)))
            }
            if inFlight.count >= policy.maxQueuedDerivations { return .answered(.busy(retryAfter: 1)) }
            let salt = vendor.secretSalt
            let rounds = vendor.secretRounds
            let expected = vendor.secretHash
            let queue = hashing
            let task = Task {
                await withCheckedContinuation { continuation in
                    queue.async {
                        let derived = try? SecretHash.derive(secret: secret, salt: salt, rounds: rounds)
                        continuation.resume(returning: derived.map { Self.constantTimeEqual($0, expected) } ?? false)
                    }
                }
            }
            inFlight[fingerprint] = (vendor.identifier, task)
            return .waiting(task)
        }
        let task: Task<Bool, Never>
        switch started {
        case .answered(let verdict): return verdict
        case .waiting(let running): task = running
        }
        let matches = await task.value
        lock.withLock {
            guard inFlight.removeValue(forKey: fingerprint) != nil else { return }
            if matches {
                verified.insert(fingerprint)
                failures[vendor.identifier] = nil
            } else {
                var recent = failures[vendor.identifier] ?? []
                recent.append(clock.now)
                failures[vendor.identifier] = Array(recent.suffix(policy.freeFailures))
            }
        }
        return matches ? .verified : .wrong
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
