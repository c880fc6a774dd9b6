import Testing

@testable import ShellScripting

@Suite("Progress: the pace and the time left")
struct ImportProgressTests {
    @Test func thePaceSaysTheRateAndTheTimeLeftAtThatRate() {
        let pace = Pace(done: 120, total: 1000, elapsed: .milliseconds(2500))
        #expect(pace.rateText == "48/s")
        #expect(pace.secondsLeft == 880.0 / 48)
        #expect(Pace.clock(pace.secondsLeft ?? 0) == "0:18")
        #expect(Pace(done: 3, total: 10, elapsed: .seconds(2)).rateText == "1.5/s")
    }

    @Test func nothingDoneYetHasNoTimeLeftToSay() {
        let pace = Pace(done: 0, total: 10, elapsed: .seconds(1))
        #expect(pace.rate == 0)
        #expect(pace.secondsLeft == nil)
        #expect(Pace(done: 5, total: 10, elapsed: .zero).secondsLeft == nil)
    }

    @Test func theClockShowsHoursOnlyPastAnHour() {
        #expect(Pace.clock(65) == "1:05")
        #expect(Pace.clock(3599.4) == "59:59")
        #expect(Pace.clock(3723) == "1:02:03")
    }

    @Test func anImportsLineCountsEachStatusThenThePace() {
        let progress = ImportProgress(total: 4)
        progress.record(RowResult(row: 2, action: .register, id: 7, status: .registered))
        progress.record(RowResult(row: 3, action: .update, id: 8, status: .failed))
        let parts = progress.line().components(separatedBy: " · ")
        #expect(Array(parts.prefix(3)) == ["2/4", "1 registered", "1 failed"])
        #expect(parts[3].hasSuffix("/s"))
    }
}

@Suite("Progress: the rate and the time left are the last seconds'")
struct RecentRateTests {
    @Test func theRateIsTheLastTenSecondsNotTheAverageSinceTheStart() {
        var recent = RecentRate()
        // 100 a second for 20 s, then 10 a second for 10 s.
        for tick in 1...2000 { recent.record(at: .milliseconds(tick * 10)) }
        for tick in 1...100 { recent.record(at: .seconds(20) + .milliseconds(tick * 100)) }
        #expect(abs(recent.rate(at: .seconds(30)) - 10) < 0.2)
        let pace = Pace(rate: recent.rate(at: .seconds(30)), left: 300)
        #expect(pace.secondsLeft.map { abs($0 - 30) < 1 } == true)
    }

    @Test func beforeTenSecondsItIsTheAverageSoFar() {
        var recent = RecentRate()
        for tick in 1...40 { recent.record(at: .milliseconds(tick * 50)) }
        #expect(abs(recent.rate(at: .seconds(2)) - 20) < 0.01)
        #expect(RecentRate().rate(at: .zero) == 0)
    }

    @Test func anImportThatStoppedAnsweringHasNoTimeLeftToSay() {
        var recent = RecentRate()
        for tick in 1...50 { recent.record(at: .milliseconds(tick * 100)) }
        // Waiting for the market for longer than the span: nothing came, so no guess.
        let rate = recent.rate(at: .seconds(16))
        #expect(rate == 0)
        #expect(Pace(rate: rate, left: 10).secondsLeft == nil)
    }
}

@Suite("The summary of an import that sent nothing")
struct ImportLeftNothingTests {
    static let doneBefore = [
        RowResult(row: 2, action: .register, id: 7, status: .doneBefore),
        RowResult(row: 3, action: .register, id: 8, status: .doneBefore),
    ]

    /// Resumed with every row done, the import said "2 done before the interruption, 0 failed
    /// in 0.0 s, 0.0/s": a time and a rate of nothing sent.
    @Test func everyRowDoneBeforeIsSaidWithNoTimeNorRate() {
        let summary = ImportSummary(file: "cat.csv", results: Self.doneBefore, elapsed: .milliseconds(40))
        #expect(summary.lines == ["cat.csv: 2 done before the interruption; nothing left to send"])
    }

    /// Under a second the time is said in milliseconds, with no rate (it said "in 0.0 s,
    /// 169.4/s": a rate next to no time); from a second, in seconds with the rate.
    @Test func aShortImportSaysItsMillisecondsAndNoRate() {
        let rows = [
            RowResult(row: 2, action: .register, id: 7, status: .registered),
            RowResult(row: 3, action: .update, id: 8, status: .updated),
        ]
        let short = ImportSummary(file: "cat.csv", results: rows, elapsed: .milliseconds(12))
        #expect(short.lines == ["cat.csv: 1 registered, 1 updated, 0 failed in 12 ms"])
        let long = ImportSummary(file: "cat.csv", results: rows, elapsed: .milliseconds(2500))
        #expect(long.lines == ["cat.csv: 1 registered, 1 updated, 0 failed in 2.5 s, 0.8/s"])
    }

    /// A conflict the plan held back is still said: not sent, it is not "nothing left".
    @Test func aConflictHeldBackIsStillSaid() {
        var summary = ImportSummary(file: "cat.csv", results: Self.doneBefore, elapsed: .milliseconds(40))
        summary.heldBack.conflicts = 1
        #expect(summary.lines.count == 1)
        #expect(!summary.lines[0].contains("nothing left to send"), "\(summary.lines)")
        #expect(summary.lines[0].contains("2 done before the interruption"), "\(summary.lines)")
        #expect(summary.lines[0].contains("1 conflict"), "\(summary.lines)")
        #expect(!summary.lines[0].contains("/s"), "\(summary.lines)")
    }
}
