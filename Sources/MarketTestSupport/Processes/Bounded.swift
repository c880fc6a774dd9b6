import Foundation

/// Runs `body` and gives up waiting after `limit`: the result, or nil when it took longer (the
/// task is then cancelled and left behind). For tests that must fail, not hang, when the code
/// under test waits for ever.
public func finished<T: Sendable>(
    within limit: Duration, _ body: @escaping @Sendable () async throws -> T
) async -> Result<T, any Error>? {
    let outcome = Watched<Result<T, any Error>?>(nil)
    let task = Task {
        let result: Result<T, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        outcome.change { $0 = result }
    }
    guard await outcome.wait(within: limit, until: { $0 != nil }) else {
        task.cancel()
        return outcome.value
    }
    return outcome.value
}
