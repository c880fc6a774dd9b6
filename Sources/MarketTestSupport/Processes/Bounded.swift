import Foundation

/// Runs `body` and gives up waiting after `limit`: the result, or nil when it took longer (the
/// task is then cancelled and left behind). For tests that must fail, not hang, when the code
/// under test waits for ever.
public func finished<T: Sendable>(
    within limit: Duration, _ body: @escaping @Sendable () async throws -> T
) async -> Result<T, any Error>? {
    let box = ResultBox<T>()
    let task = Task {
        do { box.set(.success(try await body())) } catch { box.set(.failure(error)) }
    }
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if let result = box.value { return result }
        try? await Task.sleep(for: .milliseconds(10))
    }
    if let result = box.value { return result }
    task.cancel()
    return nil
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stored: Result<T, any Error>?
    var value: Result<T, any Error>? { lock.withLock { stored } }
    func set(_ result: Result<T, any Error>) { lock.withLock { stored = result } }
}
