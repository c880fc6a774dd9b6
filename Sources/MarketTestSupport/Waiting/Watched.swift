import Synchronization

/// A value that tests wait on: changed from any task or thread, and awaited until a condition
/// holds. Each change wakes the waiters whose condition now holds, so a test waits for the thing
/// it needs, not for a number of milliseconds.
///
/// ```swift
/// let answered = Watched(0)
/// // in a transport: answered.change { $0 += 1 }
/// #expect(await answered.wait { $0 >= 1 })
/// ```
public final class Watched<Value: Sendable>: Sendable {
    private struct Waiter {
        let condition: @Sendable (Value) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var value: Value
        var waiters: [UInt64: Waiter] = [:]
        /// Waits given up (timed out or cancelled) before they were registered.
        var abandoned: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    private let state: Mutex<State>

    public init(_ value: Value) { state = Mutex(State(value: value)) }

    /// The value now.
    public var value: Value { state.withLock { $0.value } }

    /// Changes the value and wakes each waiter whose condition now holds; answers what `body` answers.
    @discardableResult
    public func change<T: Sendable>(_ body: (inout Value) -> T) -> T {
        let (result, ready) = state.withLock { state in
            let result = body(&state.value)
            let value = state.value
            let ready = state.waiters.filter { $0.value.condition(value) }
            for id in ready.keys { state.waiters[id] = nil }
            return (result, ready.values.map(\.continuation))
        }
        for continuation in ready { continuation.resume(returning: true) }
        return result
    }

    /// Waits until `condition` holds for the value (at once if it already does). False when
    /// `limit` passed first or the task was cancelled: a test that waits for something that
    /// never comes fails instead of hanging.
    public func wait(within limit: Duration = .seconds(60), until condition: @escaping @Sendable (Value) -> Bool) async -> Bool {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let timer = Task { [weak self] in
            // Cancelled when the wait ended first.
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            self?.giveUp(id)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now: Bool? = state.withLock { state in
                    if state.abandoned.remove(id) != nil { return false }
                    if condition(state.value) { return true }
                    state.waiters[id] = Waiter(condition: condition, continuation: continuation)
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            giveUp(id)
        }
    }

    private func giveUp(_ id: UInt64) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard let waiter = state.waiters.removeValue(forKey: id) else {
                state.abandoned.insert(id)
                return nil
            }
            return waiter.continuation
        }
        waiter?.resume(returning: false)
    }
}
