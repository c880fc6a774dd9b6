import Foundation
import OpenMarketContract

/// When and how long `MarketClient.send` waits and sends a request again after the server
/// answered `429 Too Many Requests` or `503 Service Unavailable`.
///
/// Both statuses mean the request was not carried out, so resending it is safe even for a
/// `POST` that creates a product. The pause is the server's `Retry-After` when it sends a usable
/// one, else an exponential backoff with full jitter (a random pause between zero and
/// `basePause × 2^(retry − 1)`, capped at `maxWait`), so that many clients told "busy" at the
/// same moment do not all come back at the same moment.
///
/// A client has none by default (`MarketClient.retryPolicy` is nil): a seller at a prompt hears
/// about a 429 at once rather than waiting silently. Bulk work (an import, an export) sets one.
public struct RetryPolicy: Sendable {
    /// How many times a request is sent at most, the first time included.
    public var maxAttempts: Int
    /// The longest single pause. A `Retry-After` asking for more ends the retries at once with
    /// an error naming the wait the server asked for; a backoff is capped here.
    public var maxWait: Duration
    /// The most time spent pausing for one request, all pauses together.
    public var budget: Duration
    /// The backoff's first ceiling, doubled on each retry.
    public var basePause: Duration
    /// The statuses that are retried.
    public var statuses: Set<Int>
    /// Called before each pause with the status that caused it and the pause, so that a
    /// progress line can say "server busy, waiting 2 s". Called on the sending task.
    public var onPause: (@Sendable (_ status: Int, _ wait: Duration) -> Void)?
    /// The time a `Retry-After` HTTP-date is measured from: the clock, unless a test gives
    /// another.
    public var now: @Sendable () -> Date

    public init(
        maxAttempts: Int = 6, maxWait: Duration = .seconds(30), budget: Duration = .seconds(120),
        basePause: Duration = .milliseconds(200), statuses: Set<Int> = [429, 503],
        onPause: (@Sendable (_ status: Int, _ wait: Duration) -> Void)? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.maxAttempts = maxAttempts
        self.maxWait = maxWait
        self.budget = budget
        self.basePause = basePause
        self.statuses = statuses
        self.onPause = onPause
        self.now = now
    }

    /// What to do after attempt number `attempt` (1 for the first) was refused.
    enum Decision: Equatable {
        /// Wait this long, then send again.
        case pause(Duration)
        /// Stop and throw the refusal as it is.
        case giveUp
        /// Stop and throw the refusal with this sentence added.
        case giveUpSaying(String)
    }

    /// - Parameters:
    ///   - status: the refusal's status.
    ///   - retryAfter: the refusal's `Retry-After` header, if any.
    ///   - attempt: how many times the request was sent so far.
    ///   - waited: the pauses so far, added up.
    ///   - now: the time an HTTP-date is measured from.
    func decide(status: Int, retryAfter: String?, attempt: Int, waited: Duration, now: Date) -> Decision {
        guard statuses.contains(status), attempt < maxAttempts else { return .giveUp }
        let pause: Duration
        if let asked = retryAfter.flatMap({ RetryAfter.parse($0, now: now) }) {
            if asked > maxWait {
                return .giveUpSaying(ClientMessage.waitTooLong(asked: asked, limit: maxWait).text)
            }
            pause = asked
        } else {
            pause = backoff(retry: attempt)
        }
        if waited + pause > budget {
            return .giveUpSaying(ClientMessage.stillBusy(attempts: attempt, waited: waited).text)
        }
        return .pause(pause)
    }

    /// The backoff before retry number `retry` (1 for the first): full jitter below a ceiling
    /// that doubles each time, capped at `maxWait`.
    func backoff(retry: Int) -> Duration {
        let base = max(0, basePause.milliseconds)
        let ceiling = min(maxWait.milliseconds, base * pow(2, Double(min(max(retry - 1, 0), 60))))
        guard ceiling > 0 else { return .zero }
        return .milliseconds(Int(Double.random(in: 0...ceiling).rounded()))
    }
}
