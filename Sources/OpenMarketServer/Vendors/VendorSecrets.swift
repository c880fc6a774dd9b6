import Digests
import Foundation
import Synchronization

/// A salted, slow hash of a vendor secret.
struct SecretHash: Sendable, Hashable {
    var hash: Data
    var salt: Data
    var rounds: Int

    /// OWASP's floor for PBKDF2-HMAC-SHA256 at the time of writing is 600,000. The verified-secret
    /// cache below keeps the cost to one derivation per vendor per server run, so the higher figure
    /// costs little.
    static let defaultRounds = 600_000

    static func make(secret: String, rounds: Int = defaultRounds) throws -> SecretHash {
        let salt = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        return SecretHash(hash: try derive(secret: secret, salt: salt, rounds: rounds), salt: salt, rounds: rounds)
    }

    static func derive(secret: String, salt: Data, rounds: Int) throws -> Data {
        Data(try PBKDF2SHA256.deriveKey(password: Data(secret.utf8), salt: salt, rounds: rounds, byteCount: 32))
    }
}

/// How many wrong secrets one sender may send for an identifier before they are refused unheard,
/// and how many derivations may wait for the hashing thread.
public struct WrongSecretPolicy: Sendable {
    public var freeFailures: Int
    public var failureWindow: Duration
    public var maxQueuedDerivations: Int
    /// Identifier and address pairs with recent failures kept at most; past it (a guessing
    /// campaign from thousands of addresses), a new pair is refused unheard until old ones expire.
    public var maxTrackedSenders: Int

    public init(
        freeFailures: Int = 5, failureWindow: Duration = .seconds(60), maxQueuedDerivations: Int = 16,
        maxTrackedSenders: Int = 10_000
    ) {
        self.freeFailures = freeFailures
        self.failureWindow = failureWindow
        self.maxQueuedDerivations = maxQueuedDerivations
        self.maxTrackedSenders = maxTrackedSenders
    }
}

/// Checks vendor secrets against their stored hashes, and keeps wrong ones from costing the
/// market more than they cost the sender, without letting a stranger lock a vendor out.
///
/// Deriving PBKDF2 takes a few hundred milliseconds on purpose, which no request should pay each
/// time. A secret that verified is remembered as a keyed fingerprint (`RememberedSecrets`, kept
/// in the data directory), so it passes at once, also after a restart, and never counts as a
/// failure; a changed hash (a vendor whose secret was reset) stops matching at once.
///
/// Wrong secrets are the expensive case, so:
/// - derivations run one at a time on a thread of their own, never on the concurrency pool that
///   handles requests (two of them there used to stall every request on a two-core machine), and at most
///   `maxQueuedDerivations` wait for it: past that the answer is "busy, retry" at no cost;
/// - after `freeFailures` wrong secrets for one identifier *from one address* within
///   `failureWindow`, further unknown secrets from there are refused without deriving anything
///   (429 with `Retry-After`), counting derivations still under way so a burst in parallel
///   cannot slip past. Counting per identifier alone let anyone who knew an identifier lock its
///   owner out, five guesses a minute, restarts included; per address, the owner elsewhere is
///   checked as usual, and the owner on the attacker's own address (a shared NAT) still gets in
///   with a secret that verified before.
final class SecretVerifier: Sendable {
    enum Verdict: Equatable {
        case verified
        case wrong
        /// Too many wrong secrets for this identifier from this sender lately; try again after this many seconds.
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
    private let remembered: RememberedSecrets
    private let clock = ContinuousClock()

    private struct State {
        /// Derivations under way, so fifty parallel uploads from one vendor derive once, not fifty times.
        var inFlight: [Data: (sender: String, task: Task<Bool, Never>)] = [:]
        /// Recent wrong secrets per identifier and address, oldest first, at most `freeFailures`
        /// kept; at most `maxTrackedSenders` pairs.
        var failures: [String: [ContinuousClock.Instant]] = [:]
    }

    private let state = Mutex(State())

    init(policy: WrongSecretPolicy = WrongSecretPolicy(), remembered: RememberedSecrets = RememberedSecrets()) {
        self.policy = policy
        self.remembered = remembered
    }

    private enum Start {
        case answered(Verdict)
        case waiting(Task<Bool, Never>)
    }

    /// Checks `secret` for `vendor`, sent from `client` (an address, as `MarketRequestContext.clientKey` names it).
    func verify(_ secret: String, for vendor: StoredVendor, from client: String) async -> Verdict {
        let fingerprint = remembered.fingerprint(secret, for: vendor)
        if remembered.matches(fingerprint, vendorID: vendor.id) { return .verified }
        let sender = "\(vendor.identifier)\u{0}\(client)"
        let now = clock.now
        let started: Start = state.withLock { state in
            if let running = state.inFlight[fingerprint] { return .waiting(running.task) }
            let window = policy.failureWindow
            let recent = (state.failures[sender] ?? []).filter { now - $0 < window }
            state.failures[sender] = recent.isEmpty ? nil : recent
            let pending = state.inFlight.values.count { $0.sender == sender }
            if recent.count + pending >= policy.freeFailures {
                let wait = window - (now - (recent.first ?? now))
                return .answered(.throttled(retryAfter: max(1, Int(wait.components.seconds) + 1)))
            }
            if state.failures.count >= policy.maxTrackedSenders, state.failures[sender] == nil {
                state.failures = state.failures.filter { now - ($0.value.last ?? now) < window }
                if state.failures.count >= policy.maxTrackedSenders {
                    return .answered(.throttled(retryAfter: max(1, Int(window.components.seconds))))
                }
            }
            if state.inFlight.count >= policy.maxQueuedDerivations { return .answered(.busy(retryAfter: 1)) }
            let task = derivation(of: secret, for: vendor)
            state.inFlight[fingerprint] = (sender, task)
            return .waiting(task)
        }
        let task: Task<Bool, Never>
        switch started {
        case .answered(let verdict): return verdict
        case .waiting(let running): task = running
        }
        let matches = await task.value
        let settled = state.withLock { state in
            guard state.inFlight.removeValue(forKey: fingerprint) != nil else { return false }
            if matches {
                state.failures[sender] = nil
            } else {
                var recent = state.failures[sender] ?? []
                recent.append(clock.now)
                state.failures[sender] = Array(recent.suffix(policy.freeFailures))
            }
            return true
        }
        // Remembered before the answer goes out, so a restart right after it still knows it.
        if matches, settled { await remembered.remember(fingerprint, vendorID: vendor.id) }
        return matches ? .verified : .wrong
    }

    private func derivation(of secret: String, for vendor: StoredVendor) -> Task<Bool, Never> {
        let salt = vendor.secretSalt
        let rounds = vendor.secretRounds
        let expected = vendor.secretHash
        let queue = hashing
        return Task {
            await withCheckedContinuation { continuation in
                queue.async {
                    let derived = try? SecretHash.derive(secret: secret, salt: salt, rounds: rounds)
                    continuation.resume(returning: derived.map { Self.constantTimeEqual($0, expected) } ?? false)
                }
            }
        }
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
