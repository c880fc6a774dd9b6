import Foundation

/// Values appended from any task or thread (a server's closure, an `onPause` callback), read by
/// the test afterwards.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var values: [Value] = []

    /// Appends and answers how many values there are now.
    @discardableResult
    func append(_ value: Value) -> Int {
        lock.withLock {
            values.append(value)
            return values.count
        }
    }

    var all: [Value] { lock.withLock { values } }
}
