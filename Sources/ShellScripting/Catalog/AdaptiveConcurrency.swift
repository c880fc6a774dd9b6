import Foundation
import OpenMarketAPI
import Synchronization

/// How many of an import's requests are in flight at once, found as the import goes: additive
/// increase, multiplicative decrease (AIMD), as TCP finds a connection's window.
///
/// The answers are counted in rounds of `limit` (at least `minimumRound`). At the end of a round
/// the limiter looks at how long its requests took, each against the quickest seen for its kind
/// (a `POST` with photos takes longer than a `GET`):
///
/// - no longer than `tolerance` times that (the market is not queueing them): one more in
///   flight (`+1`), or twice as many while it is still starting (slow start from one);
///   only when the round used the whole limit (a limit nobody uses proves nothing);
/// - longer (the market queues them: more in flight only adds waiting): the limit times
///   `latencyBackoff`, never below `floor` (four, the import's old fixed number).
///
/// A `429` or `503` (`busy`) cuts the limit at once by `busyBackoff`, and nothing starts before
/// the wait the market asked for (`Retry-After`) is over. After a cut, the answers of the
/// requests that were already in flight are not counted (they went out at the old limit).
///
/// A value with no clock: the caller says when and what, so that a test can play a market to it.
struct AdaptiveConcurrency: Sendable, Equatable {
    /// The most in flight when the seller gives no `--jobs` (the flag's own highest).
    static let highest = 32
    /// How much longer than the quickest a round's requests may take before the limit comes down.
    static let tolerance = 2.0
    /// The cut after a round that took too long.
    static let latencyBackoff = 0.75
    /// The cut after a `429` or `503`.
    static let busyBackoff = 0.5
    /// The fewest answers a round is judged on (one answer alone says little).
    static let minimumRound = 3
    /// How many recent answers of a kind its quickest is taken over (their median), so that
    /// one lucky answer does not set the bar.
    static let baselineSamples = 3

    /// The fewest in flight that slower answers bring the limit down to (the import's old fixed
    /// number): on a machine others share, their load makes answers slower too, and yielding to
    /// it would starve the import. Only a `429` or `503` takes the limit below.
    static let steady = 4

    /// The most in flight: `--jobs N`, or `highest`.
    let cap: Int
    /// `steady`, or `--jobs N` when it is fewer.
    let floor: Int
    /// How many may be in flight now.
    private(set) var limit: Int
    /// Requests started and not yet answered.
    private(set) var inFlight = 0
    /// Still doubling (no cut yet).
    private(set) var startingUp: Bool
    /// Nothing starts before this (the market's `Retry-After`), measured from the import's start.
    private(set) var pausedUntil: Duration = .zero

    /// The quickest (a median of `baselineSamples`) seen for each kind of request.
    private(set) var baselines: [String: Double] = [:]
    /// Each kind's last few times, in seconds.
    private var recent: [String: [Double]] = [:]
    /// This round: each answer's time against its kind's quickest.
    private var ratios: [Double] = []
    private var answers = 0
    private var usedWholeLimit = false
    /// Answers still to come from requests started before the last cut: not counted.
    private var stale = 0

    /// - Parameter jobs: `--jobs N` (then the limit starts at N and never goes above), or nil
    ///   (it starts at one request and finds its own, up to `highest`).
    init(jobs: Int?) {
        cap = max(1, jobs ?? Self.highest)
        floor = min(cap, Self.steady)
        limit = jobs.map { max(1, $0) } ?? 1
        startingUp = jobs == nil
    }

    /// Whether a request may start now (`now` since the import's start).
    func mayStart(at now: Duration) -> Bool { inFlight < limit && now >= pausedUntil }

    /// A request started.
    mutating func started() {
        inFlight += 1
        if inFlight >= limit { usedWholeLimit = true }
    }

    /// A request was answered after `seconds` (nil when its time says nothing of the market: it
    /// failed, or was refused). `kind` sorts requests that take alike.
    mutating func finished(kind: String, seconds: Double?) {
        inFlight = max(0, inFlight - 1)
        if stale > 0 {
            stale -= 1
            return
        }
        if let seconds { ratios.append(sample(kind: kind, seconds: seconds)) }
        answers += 1
        if answers >= max(limit, Self.minimumRound) { endRound() }
    }

    /// The market said `429` or `503` and asked to wait `wait` (`now` since the import's start).
    mutating func busy(wait: Duration, at now: Duration) {
        pausedUntil = max(pausedUntil, now + wait)
        // One cut for the requests in flight together: the others' refusals are old news.
        guard stale == 0 else { return }
        cut(by: Self.busyBackoff, to: 1)
    }

    /// This answer's time against its kind's quickest, which it may lower.
    private mutating func sample(kind: String, seconds: Double) -> Double {
        var times = recent[kind, default: []]
        times.append(seconds)
        if times.count > Self.baselineSamples { times.removeFirst() }
        recent[kind] = times
        let median = times.sorted()[times.count / 2]
        if times.count == Self.baselineSamples || baselines[kind] == nil {
            baselines[kind] = min(baselines[kind] ?? median, median)
        }
        return seconds / max(baselines[kind] ?? seconds, 1e-6)
    }

    private mutating func endRound() {
        let sorted = ratios.sorted()
        let queueing = !sorted.isEmpty && sorted[sorted.count / 2] > Self.tolerance
        let used = usedWholeLimit
        ratios = []
        answers = 0
        usedWholeLimit = inFlight >= limit
        if queueing, limit <= floor {
            // As little in flight as slower answers allow, and still slow: the market has become
            // slower for everyone, and its time now is the bar.
            for (kind, times) in recent { baselines[kind] = times.sorted()[times.count / 2] }
            startingUp = false
        } else if queueing {
            cut(by: Self.latencyBackoff, to: floor)
        } else if used {
            limit = min(cap, startingUp ? limit * 2 : limit + 1)
        }
    }

    private mutating func cut(by factor: Double, to lowest: Int) {
        limit = max(min(lowest, limit), Int((Double(limit) * factor).rounded(.down)))
        startingUp = false
        stale = inFlight
        ratios = []
        answers = 0
        usedWholeLimit = false
    }
}

/// The limiter shared by an import's loop, which starts rows while fewer than its limit are in
/// flight, and its rows' requests, each of which waits here for its turn (`GatedTransport`): a
/// request sent again after a `429` waits like a new one, so the rows refused together do not
/// all come back at the same moment.
final class ConcurrencyGate: Sendable {
    private struct State {
        var limiter: AdaptiveConcurrency
        /// Requests waiting for one in flight to end.
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state: Mutex<State>
    private let start = ContinuousClock.now

    init(jobs: Int?) { state = Mutex(State(limiter: AdaptiveConcurrency(jobs: jobs))) }

    private var now: Duration { ContinuousClock.now - start }

    /// How many requests (and so rows) may be in flight now.
    var limit: Int { state.withLock { $0.limiter.limit } }

    private enum Turn {
        case go
        case rest(Duration)
        case wait
    }

    /// Waits until a request may go (within the limit, and not before a `Retry-After` is over),
    /// then counts it in flight. A cancelled task waits no more (its request then fails at once).
    func enter() async {
        while true {
            let now = now
            let turn = state.withLock { state -> Turn in
                let limiter = state.limiter
                if limiter.mayStart(at: now) || Task.isCancelled {
                    state.limiter.started()
                    return .go
                }
                return limiter.inFlight < limiter.limit ? .rest(limiter.pausedUntil - now) : .wait
            }
            switch turn {
            case .go: return
            case .rest(let pause): try? await Task.sleep(for: pause)
            case .wait: await nextExit()
            }
        }
    }

    /// A request of `kind` was answered after `elapsed` with `status` (nil: no answer came).
    func exit(kind: String, elapsed: Duration, status: Int?, retryAfter: String?) {
        let now = now
        let waiting = state.withLock { state in
            if let status, status == 429 || status == 503 {
                state.limiter.busy(wait: Self.pause(retryAfter), at: now)
            }
            let answered = status.map { (200..<300).contains($0) } ?? false
            state.limiter.finished(kind: kind, seconds: answered ? elapsed.milliseconds / 1000 : nil)
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiting { waiter.resume() }
    }

    /// The rest a `Retry-After` asks for (its seconds form; a date, or none, is one second: the
    /// client's own retry waits exactly, this only keeps new requests back meanwhile).
    static func pause(_ retryAfter: String?) -> Duration {
        guard let text = retryAfter?.trimmingCharacters(in: .whitespaces), let seconds = Int(text), seconds >= 0 else {
            return .seconds(1)
        }
        return .seconds(min(seconds, 30))
    }

    /// Until a request in flight ends (or the task is cancelled).
    private func nextExit() async {
        let key = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if Task.isCancelled || state.limiter.inFlight < state.limiter.limit { return true }
                    state.waiters[key] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: key) }?.resume()
        }
    }
}

/// A transport whose requests take their turn at an import's `ConcurrencyGate` and tell it how
/// long the market took, and when it refused (`429`, `503`).
struct GatedTransport: HTTPTransport {
    let inner: any HTTPTransport
    let gate: ConcurrencyGate

    var taskExecutor: (any TaskExecutor)? { inner.taskExecutor }

    nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        await gate.enter()
        let began = ContinuousClock.now
        let kind = request.method.rawValue
        do {
            let response = try await inner.send(request, timeout: timeout)
            gate.exit(
                kind: kind, elapsed: ContinuousClock.now - began, status: response.status,
                retryAfter: response.headers["Retry-After"])
            return response
        } catch {
            gate.exit(kind: kind, elapsed: ContinuousClock.now - began, status: nil, retryAfter: nil)
            throw error
        }
    }
}
