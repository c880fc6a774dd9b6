import Foundation
import OpenMarketContract
import SellerShell

/// The plans waiting for their token: each token 128 random bits, used once, good for the
/// plan's lifetime, bound to the words it was planned for; at most `kept` at once (the oldest
/// forgotten first).
struct PlanTokens {
    struct Kept {
        var plan: Plan
        var words: [Word]
        var made: ContinuousClock.Instant
    }

    /// Why a token gives no plan.
    enum Refusal: Error {
        case unknown
        case expired
    }

    let lifetime: Duration
    let kept: Int
    private var plans: [String: Kept] = [:]
    private var order: [String] = []

    init(lifetime: Duration, kept: Int) {
        self.lifetime = lifetime
        self.kept = max(1, kept)
    }

    /// The lifetime in whole minutes, at least 1, as a plan says it.
    var minutes: Int { Int(max(1, lifetime.components.seconds / 60)) }

    /// Keeps `plan` under a new token.
    mutating func add(_ plan: Plan, words: [Word], now: ContinuousClock.Instant = .now) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let token = bytes.hexadecimal
        plans[token] = Kept(plan: plan, words: words, made: now)
        order.append(token)
        while order.count > kept { plans[order.removeFirst()] = nil }
        return token
    }

    /// The plan `token` names, left kept.
    func peek(_ token: String, now: ContinuousClock.Instant = .now) -> Result<Kept, Refusal> {
        guard let found = plans[token] else { return .failure(.unknown) }
        guard now - found.made <= lifetime else { return .failure(.expired) }
        return .success(found)
    }

    /// The plan `token` names; the token is used up whatever the answer.
    mutating func take(_ token: String, now: ContinuousClock.Instant = .now) -> Result<Kept, Refusal> {
        let found = peek(token, now: now)
        remove(token)
        return found
    }

    /// Forgets `token` (used up).
    mutating func remove(_ token: String) {
        plans[token] = nil
        order.removeAll { $0 == token }
    }
}
