import Foundation
import MarketTestSupport

/// Values appended from any task or thread (a server's closure, an `onPause` callback), read by
/// the test afterwards or waited for while they come.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Watched<[Value]>([])

    /// Appends and answers how many values there are now.
    @discardableResult
    func append(_ value: Value) -> Int {
        values.change { values in
            values.append(value)
            return values.count
        }
    }

    var all: [Value] { values.value }

    /// Waits until `count` values have been appended; false when they were not within `limit`.
    func wait(for count: Int, within limit: Duration = .seconds(60)) async -> Bool {
        await values.wait(within: limit) { $0.count >= count }
    }
}
