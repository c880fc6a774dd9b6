import Foundation
import OpenMarketContract
import Synchronization

/// Counts an import's results as they come back, for the one-line progress display (done/total,
/// registered, updated, failed, rate, time left) and the summary. The rate and the time left are
/// the last few seconds' (`RecentRate`), not the average since the start: an import that slows
/// down (a busy market, larger photos) says so at once.
final class ImportProgress: Sendable {
    let total: Int
    private let started = ContinuousClock.now

    private struct Tally {
        var counts: [RowResult.Status: Int] = [:]
        var done = 0
        var recent = RecentRate()
    }

    private let tally = Mutex(Tally())

    init(total: Int) { self.total = total }

    func record(_ result: RowResult) {
        let now = elapsed
        tally.withLock { tally in
            tally.counts[result.status, default: 0] += 1
            tally.done += 1
            tally.recent.record(at: now)
        }
    }

    var elapsed: Duration { ContinuousClock.now - started }

    /// `120/1000 · 95 registered · 20 updated · 5 failed · 48/s · 0:18 left`
    func line() -> String {
        let now = elapsed
        let (done, counts, rate) = tally.withLock { ($0.done, $0.counts, $0.recent.rate(at: now)) }
        let pace = Pace(rate: rate, left: total - done)
        var parts = ["\(done)/\(total)"]
        for status in [RowResult.Status.registered, .updated, .deleted, .unchanged, .failed] {
            if let count = counts[status], count > 0, let spoken = status.spoken {
                parts.append(CatalogMessage.tally(spoken, count).text)
            }
        }
        parts.append(pace.rateText)
        if let left = pace.secondsLeft { parts.append(CatalogMessage.timeLeft(Pace.clock(left)).text) }
        return parts.joined(separator: " · ")
    }
}

/// How fast a long run goes and how long it has left, from what is done so far: the one clock
/// behind a script's progress line and an import's.
public struct Pace: Sendable {
    /// Done per second so far (0 before anything is done).
    public let rate: Double
    /// Seconds until the rest is done at that rate; nil while the rate is 0.
    public let secondsLeft: Double?

    public init(done: Int, total: Int, elapsed: Duration) {
        let seconds = elapsed.milliseconds / 1000
        rate = seconds > 0 ? Double(done) / seconds : 0
        secondsLeft = rate > 0 ? Double(total - done) / rate : nil
    }

    /// At `rate` a second, with `left` still to do.
    public init(rate: Double, left: Int) {
        self.rate = rate
        secondsLeft = rate > 0 ? Double(left) / rate : nil
    }

    /// `48/s`, or `1.5/s` under ten a second.
    public var rateText: String { String(format: rate >= 10 ? "%.0f/s" : "%.1f/s", rate) }

    /// `1:05`, or `1:02:03` past an hour.
    public static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 3600
            ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }
}

/// How many answers came in the last `span` (or since the start, when that is shorter): the
/// rate an import goes at now, which its time left is measured by.
struct RecentRate: Sendable, Equatable {
    /// How far back the rate looks.
    static let span = Duration.seconds(10)

    /// Each answer's time since the start, oldest first, from `first` on (the ones before are
    /// out of the span, kept until there are many, then dropped at once).
    private var instants: [Duration] = []
    private var first = 0

    /// An answer came at `now` (since the start; never earlier than the one before).
    mutating func record(at now: Duration) {
        instants.append(now)
        forget(before: now - Self.span)
    }

    /// Answers a second over the span that ends at `now`; 0 before any time has passed.
    func rate(at now: Duration) -> Double {
        let window = min(Self.span, now)
        guard window > .zero else { return 0 }
        // The first answer inside the window (all of them while the import is younger than it).
        let start = now - window
        var (low, high) = (first, instants.count)
        while low < high, window < now {
            let middle = (low + high) / 2
            if instants[middle] > start { high = middle } else { low = middle + 1 }
        }
        return Double(instants.count - low) / (window.milliseconds / 1000)
    }

    private mutating func forget(before start: Duration) {
        while first < instants.count, instants[first] <= start { first += 1 }
        if first > 1024, first * 2 > instants.count {
            instants.removeFirst(first)
            first = 0
        }
    }
}

/// The end of an import in words: what was done, then each failure at its row, in row order
/// (never in the order answers happened to arrive).
struct ImportSummary {
    var file: String
    var results: [RowResult]
    var elapsed: Duration
    var interrupted: Interruption?
    /// What the plan held back or replaced, said after the tallies (`ImportHeldBack.swift`).
    var heldBack = HeldBack()

    /// How Ctrl-C ended an import: once (rows in flight finished) or twice (cancelled).
    enum Interruption {
        case stopped, cancelled
        /// The market stopped answering: no more rows were started.
        case unreachable
    }

    var sorted: [RowResult] {
        results.sorted { ($0.row ?? Int.max, $0.id ?? 0) < ($1.row ?? Int.max, $1.id ?? 0) }
    }

    /// How many failed or skipped rows the summary names one by one.
    static let listed = 20

    func count(_ status: RowResult.Status) -> Int { results.filter { $0.status == status }.count }

    /// `3 registered`, one for each of `statuses` the results have (`evenNone`: also at 0).
    private func tallies(_ statuses: [RowResult.Status], evenNone: RowResult.Status? = nil) -> [String] {
        statuses.compactMap { status in
            let count = count(status)
            guard let spoken = status.spoken, count > 0 || status == evenNone else { return nil }
            return CatalogMessage.tally(spoken, count).text
        }
    }

    var lines: [String] {
        let seconds = elapsed.milliseconds / 1000
        let unsent: Set<RowResult.Status> = [.notRun, .skipped, .unchanged, .held, .doneBefore]
        let sent = results.filter { !unsent.contains($0.status) }.count
        // A rate over less than a second says little (2 rows in 12 ms: 169.4/s): the time alone.
        let rate = seconds >= 1 && sent > 0 ? String(format: "%.1f", Double(sent) / seconds) : nil
        // A resumed import whose rows were all done before: nothing timed, no failures to count
        // (unless the plan held back a conflict or a rename, which the usual line says).
        let leftNothing: Set<RowResult.Status> = [.doneBefore, .unchanged]
        let held = heldBack.tallies(results)
        if interrupted == nil, held.isEmpty, !results.isEmpty, results.allSatisfy({ leftNothing.contains($0.status) }) {
            let done = tallies([.unchanged, .doneBefore]).joined(separator: ", ")
            return [CatalogMessage.importLeftNothing(file: file, tallies: done).text]
        }
        let counts =
            tallies([.registered, .updated, .unchanged, .doneBefore, .deleted, .failed, .skipped, .notRun], evenNone: .failed)
            + held
        var lines = [
            CatalogMessage.importTook(
                file: file, tallies: counts.joined(separator: ", "), milliseconds: Int(elapsed.milliseconds), rate: rate
            ).text
        ]
        let troubled = sorted.filter { $0.status == .failed || $0.status == .skipped }
        for result in troubled.prefix(Self.listed) {
            let place = result.row.map { "\(file):\($0)" } ?? "\(file): #\(result.id ?? 0)"
            lines.append("  \(place): \(result.summaryText)")
        }
        if troubled.count > Self.listed {
            lines.append("  " + CatalogMessage.andMoreInReport(troubled.count - Self.listed).text)
        }
        switch interrupted {
        case .stopped?:
            lines.append(CatalogMessage.interruptedOnce.text)
        case .cancelled?:
            lines.append(CatalogMessage.interruptedTwice.text)
        case .unreachable?:
            lines.append(CatalogMessage.stoppedUnreachable.text)
        case nil:
            break
        }
        return lines
    }
}
