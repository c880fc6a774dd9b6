import Foundation
import GRDB
import Synchronization

/// Every vendor's requests as the market answered them: kept in the market's SQLite database
/// (they survive a restart) and told live to whoever listens (`updates()`, the teacher's board).
///
/// `record(_:)` returns at once: records wait in memory and are written in batches, each batch
/// in one transaction, by a task that drains whatever has arrived meanwhile, so a busy class
/// costs one write per batch rather than one per request. Reading (`records`, `summary`) first
/// writes what is waiting, so it sees every record made before it was called.
public final class ClassActivity: Sendable {
    private let pool: DatabasePool
    private struct State {
        var pending: [ActivityRecord] = []
        var flushing = false
        var listeners: [UUID: AsyncStream<ActivityRecord>.Continuation] = [:]
        var closed = false
    }
    private let state = Mutex(State())

    init(pool: DatabasePool) {
        self.pool = pool
    }

    /// Keeps `record` and tells every listener.
    public func record(_ record: ActivityRecord) {
        let (listeners, startFlush) = state.withLock { state -> ([AsyncStream<ActivityRecord>.Continuation], Bool) in
            guard !state.closed else { return ([], false) }
            state.pending.append(record)
            let start = !state.flushing
            state.flushing = true
            return (Array(state.listeners.values), start)
        }
        for listener in listeners { listener.yield(record) }
        if startFlush { Task { await self.flushInBackground() } }
    }

    /// New records as they are made, from now on, until the caller stops listening (or the
    /// market closes). A listener that falls behind keeps the newest 10,000.
    public func updates() -> AsyncStream<ActivityRecord> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ActivityRecord.self, bufferingPolicy: .bufferingNewest(10_000))
        let key = UUID()
        let added = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.listeners[key] = continuation
            return true
        }
        if !added { continuation.finish() }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: key) }
        }
        return stream
    }

    /// The records of `vendor` (every vendor when nil) made at or after `since`, oldest first.
    public func records(vendor: Int? = nil, since: Date? = nil) async throws -> [ActivityRecord] {
        try await flush()
        return try await pool.read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let vendor {
                conditions.append("vendor_id = ?")
                arguments += [vendor]
            }
            if let since {
                conditions.append("time >= ?")
                arguments += [since.timeIntervalSince1970]
            }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            return try Row.fetchAll(db, sql: "SELECT * FROM class_activity \(filter) ORDER BY seq", arguments: arguments)
                .map(ClassTables.record(from:))
        }
    }

    /// What `vendor` has done so far.
    public func summary(vendor: Int) async throws -> ActivitySummary {
        try await flush()
        return try await pool.read { db in try Self.summary(vendor: vendor, db) }
    }

    /// Writes every waiting record now.
    public func flush() async throws {
        try await pool.write { db in try self.drain(db) }
    }

    /// Writes what is waiting and stops taking records: the market is closing its database.
    func close() {
        let listeners = state.withLock { state in
            state.closed = true
            defer { state.listeners = [:] }
            return Array(state.listeners.values)
        }
        for listener in listeners { listener.finish() }
        try? pool.write { db in try drain(db) }
    }

    private func flushInBackground() async {
        while true {
            try? await pool.write { db in try self.drain(db) }
            let again = state.withLock { state -> Bool in
                if state.pending.isEmpty || state.closed {
                    state.flushing = false
                    return false
                }
                return true
            }
            if !again { return }
        }
    }

    /// Takes the waiting records inside the write, so a reader's flush, queued after a batch
    /// already taken, runs after that batch is in the database.
    private func drain(_ db: Database) throws {
        let batch = state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
        for record in batch { try ClassTables.insert(record, db) }
    }

    private static func summary(vendor: Int, _ db: Database) throws -> ActivitySummary {
        var summary = ActivitySummary(vendorID: vendor)
        let counts = try Row.fetchOne(
            db,
            sql: """
                SELECT COUNT(*) AS n, SUM(status BETWEEN 200 AND 299) AS ok, SUM(status BETWEEN 400 AND 499) AS client,
                    SUM(status >= 500) AS server,
                    SUM(method = 'POST' AND route = '/api/products' AND status = 201) AS registered, MAX(time) AS last
                FROM class_activity WHERE vendor_id = ?
                """, arguments: [vendor])
        if let counts {
            summary.requests = counts["n"] ?? 0
            summary.successes = counts["ok"] ?? 0
            summary.clientErrors = counts["client"] ?? 0
            summary.serverErrors = counts["server"] ?? 0
            summary.productsRegistered = counts["registered"] ?? 0
            summary.lastSeen = (counts["last"] as Double?).map(Date.init(timeIntervalSince1970:))
        }
        for row in try Row.fetchAll(
            db, sql: "SELECT method, COUNT(*) AS n FROM class_activity WHERE vendor_id = ? GROUP BY method",
            arguments: [vendor])
        {
            summary.methods[row["method"]] = row["n"]
        }
        summary.lastError = try Row.fetchOne(
            db, sql: "SELECT * FROM class_activity WHERE vendor_id = ? AND status >= 400 ORDER BY seq DESC LIMIT 1",
            arguments: [vendor]
        ).map(ClassTables.record(from:))
        return summary
    }
}
