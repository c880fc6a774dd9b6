/// Waits until `condition` holds, asking it again every few milliseconds; answers whether it
/// held within `limit`. For state that announces no change (the market's table of connections, a
/// child process's products, a socket's end): what is awaited is still the thing itself, never a
/// number of milliseconds. Where there is an event, wait on the event (`Watched`, a stream).
/// `every` is the interval between two looks.
public func eventually(
    within limit: Duration = .seconds(30), every interval: Duration = .milliseconds(10), _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        do { try await Task.sleep(for: interval) } catch { break }
    }
    return try await condition()
}
