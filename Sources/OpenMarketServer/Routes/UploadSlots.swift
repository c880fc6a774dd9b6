import Synchronization

/// How many request bodies each identifier has being read at once, so that one identifier cannot
/// hold the connection bound with uploads whose body never comes: past `limit`, the next one is
/// refused from its head (429), before a byte of its body is read.
///
/// Only identifiers of real vendors get here (the vendor is looked up first), and an entry goes
/// when its count falls to zero, so the table is bounded by the number of vendors.
final class UploadSlots: Sendable {
    private let limit: Int
    private let counts = Mutex<[String: Int]>([:])

    init(limit: Int) { self.limit = max(1, limit) }

    /// Runs `body` (which reads a request body) holding one of `identifier`'s places, or throws
    /// 429 at once when it has none left.
    func reading<T>(for identifier: String, _ body: () async throws -> T) async throws -> T {
        let claimed = counts.withLock { counts in
            let current = counts[identifier, default: 0]
            guard current < limit else { return false }
            counts[identifier] = current + 1
            return true
        }
        guard claimed else {
            throw APIError(.tooManyRequests, .uploadsBusy(limit: limit), retryAfter: 1)
        }
        defer {
            self.counts.withLock { counts in
                let left = counts[identifier, default: 1] - 1
                counts[identifier] = left > 0 ? left : nil
            }
        }
        return try await body()
    }

    /// Bodies being read for `identifier` now (for tests).
    func count(for identifier: String) -> Int { counts.withLock { $0[identifier, default: 0] } }
}
