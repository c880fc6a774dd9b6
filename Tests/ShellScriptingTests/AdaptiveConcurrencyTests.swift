import Testing

@testable import ShellScripting

/// The import's limiter as a value: a market is played to it (how long a row takes with so many
/// in flight), no network, no clock.
@Suite("Adaptive concurrency: additive increase, multiplicative decrease")
struct AdaptiveConcurrencyTests {
    /// Rows fill the limit, then one answers after the time `market` gives for the rows in flight
    /// (`nil`: it failed); repeated `answers` times. The limit after each answer.
    static func play(
        _ limiter: inout AdaptiveConcurrency, answers: Int, kind: String = "register", market: (Int) -> Double?
    ) -> [Int] {
        var limits: [Int] = []
        for _ in 0..<answers {
            while limiter.mayStart(at: .seconds(86_400)) { limiter.started() }
            limiter.finished(kind: kind, seconds: market(limiter.inFlight))
            limits.append(limiter.limit)
        }
        return limits
    }

    /// A market with two cores: up to two rows at once take 10 ms, more wait their turn.
    static func twoCores(_ inFlight: Int) -> Double { 0.010 * max(1, Double(inFlight) / 2) }

    @Test func withoutJobsItStartsAtOneRowAndDoublesWhileTheMarketKeepsUp() {
        var limiter = AdaptiveConcurrency(jobs: nil)
        #expect(limiter.limit == 1 && limiter.cap == AdaptiveConcurrency.highest)
        let limits = Self.play(&limiter, answers: 3 + 3 + 4 + 8) { _ in 0.010 }
        #expect(limits[2] == 2 && limits[5] == 4 && limits[9] == 8 && limits[17] == 16, "\(limits)")
    }

    @Test func aMarketThatQueuesKeepsTheLimitNearWhatItServesAtOnce() {
        var limiter = AdaptiveConcurrency(jobs: nil)
        let limits = Self.play(&limiter, answers: 600, market: Self.twoCores)
        let settled = limits.suffix(400)
        // Never fewer than the two the market serves at once (its full speed; and never below
        // the floor of four), never far above: more would only wait in its queue.
        #expect(settled.min()! >= AdaptiveConcurrency.steady, "\(settled)")
        #expect(settled.max()! <= 6, "\(settled)")
        #expect(limits.max()! < AdaptiveConcurrency.highest)
    }

    @Test func rowsTakingTwiceTheQuickestCutTheLimitByAQuarter() {
        var limiter = AdaptiveConcurrency(jobs: 8)
        _ = Self.play(&limiter, answers: 8) { _ in 0.010 }
        #expect(limiter.limit == 8)
        _ = Self.play(&limiter, answers: 8) { _ in 0.030 }
        #expect(limiter.limit == 6)
    }

    @Test func jobsIsACapTheLimitNeverPasses() {
        var limiter = AdaptiveConcurrency(jobs: 4)
        #expect(limiter.limit == 4 && limiter.cap == 4)
        let limits = Self.play(&limiter, answers: 200) { _ in 0.010 }
        #expect(limits.allSatisfy { $0 == 4 })
    }

    @Test func aBusyAnswerHalvesTheLimitOnceForTheRowsInFlightTogetherAndPausesStarts() {
        var limiter = AdaptiveConcurrency(jobs: 8)
        for _ in 0..<8 { limiter.started() }
        for _ in 0..<8 { limiter.busy(wait: .seconds(1), at: .milliseconds(500)) }
        #expect(limiter.limit == 4)
        limiter.finished(kind: "register", seconds: nil)
        for _ in 0..<4 { limiter.finished(kind: "register", seconds: 0.010) }
        #expect(limiter.inFlight == 3)
        // Below the limit, but the market asked for a second's rest.
        #expect(!limiter.mayStart(at: .milliseconds(1400)))
        #expect(limiter.mayStart(at: .milliseconds(1500)))
        // The rows in flight at the cut have answered: a new refusal is news and cuts again.
        for _ in 0..<3 { limiter.finished(kind: "register", seconds: 0.010) }
        limiter.busy(wait: .seconds(1), at: .seconds(2))
        #expect(limiter.limit == 2)
    }

    @Test func slowerAnswersNeverTakeTheLimitBelowFourOnlyRefusalsDo() {
        var limiter = AdaptiveConcurrency(jobs: 16)
        #expect(limiter.floor == 4)
        _ = Self.play(&limiter, answers: 32) { _ in 0.010 }
        // Then each answer waits for every other in flight: far slower, but never below four.
        let limits = Self.play(&limiter, answers: 300) { inFlight in 0.010 * Double(inFlight) }
        #expect(limits.min() == 4, "\(limits)")
        #expect(AdaptiveConcurrency(jobs: 2).floor == 2)
    }

    @Test func theLimitNeverFallsBelowOneRow() {
        var limiter = AdaptiveConcurrency(jobs: 2)
        for round in 0..<5 {
            limiter.started()
            limiter.busy(wait: .zero, at: .seconds(round))
            limiter.finished(kind: "register", seconds: nil)
        }
        #expect(limiter.limit == 1)
        #expect(limiter.mayStart(at: .seconds(5)))
    }

    @Test func aMarketGrownSlowerForEveryoneIsTheNewBarOnceTheLimitIsOneRow() {
        var limiter = AdaptiveConcurrency(jobs: nil)
        _ = Self.play(&limiter, answers: 40) { _ in 0.010 }
        // Five times slower whatever is in flight: the limit falls to its floor, takes that
        // time as the market's own, and climbs again.
        let limits = Self.play(&limiter, answers: 400) { _ in 0.050 }
        #expect(limits.contains(AdaptiveConcurrency.steady), "\(limits)")
        #expect(!limits.contains { $0 < AdaptiveConcurrency.steady }, "\(limits)")
        #expect(limits.last! >= 8, "\(limits)")
    }

    @Test func eachKindOfRowIsMeasuredAgainstItsOwnQuickest() {
        var limiter = AdaptiveConcurrency(jobs: 6)
        // Updates answer in 5 ms, registers with photos in 40 ms: neither is the other's queue.
        var limits: [Int] = []
        for index in 0..<120 {
            while limiter.mayStart(at: .zero) { limiter.started() }
            let register = index % 2 == 0
            limiter.finished(kind: register ? "register" : "update", seconds: register ? 0.040 : 0.005)
            limits.append(limiter.limit)
        }
        #expect(limits.allSatisfy { $0 == 6 }, "\(limits)")
    }

    @Test func failedRowsSayNothingOfTheMarketsSpeed() {
        var limiter = AdaptiveConcurrency(jobs: 4)
        _ = Self.play(&limiter, answers: 8) { _ in 0.010 }
        let limits = Self.play(&limiter, answers: 40) { _ in nil }
        #expect(limits.allSatisfy { $0 == 4 })
    }
}
