import Foundation
import Synchronization

extension ThrottlingProxy.Refusal {
    /// A market that takes at most `perSecond` matching requests a second and refuses the rest
    /// with `status` and `Retry-After` (as a market's rate limit does), for as long as the proxy
    /// runs: a token bucket that holds at most `burst` requests and fills at `perSecond`.
    ///
    /// ```swift
    /// let proxy = try ThrottlingProxy(
    ///     target: market.baseURL, refusals: [.rateLimit(method: "POST", path: "/api/products", perSecond: 10, burst: 3)])
    /// ```
    public static func rateLimit(
        method: String? = nil, path: String? = nil, perSecond: Double, burst: Int, status: Int = 429,
        retryAfter: String? = "1"
    ) -> Self {
        let bucket = TokenBucket(perSecond: perSecond, burst: burst)
        return Self(times: Int.max, status: status, retryAfter: retryAfter) { requestMethod, requestPath in
            (method == nil || method == requestMethod) && (path == nil || path == requestPath) && !bucket.take()
        }
    }
}

/// Requests allowed at a steady rate with a little room for a burst: `take()` answers whether
/// one more may go now, and counts it when it may.
public final class TokenBucket: Sendable {
    private struct State {
        var tokens: Double
        var filled: ContinuousClock.Instant
    }

    public let perSecond: Double
    public let burst: Int
    private let state: Mutex<State>

    public init(perSecond: Double, burst: Int) {
        self.perSecond = perSecond
        self.burst = max(1, burst)
        state = Mutex(State(tokens: Double(max(1, burst)), filled: .now))
    }

    /// Whether a request may go now (it then takes a token).
    public func take() -> Bool {
        let now = ContinuousClock.now
        return state.withLock { state in
            let seconds =
                Double((now - state.filled).components.attoseconds) / 1e18 + Double((now - state.filled).components.seconds)
            state.tokens = min(Double(burst), state.tokens + seconds * perSecond)
            state.filled = now
            guard state.tokens >= 1 else { return false }
            state.tokens -= 1
            return true
        }
    }
}
