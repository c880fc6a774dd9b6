import Foundation
import OpenMarketAPI
import Synchronization

/// Every HTTP exchange of the session, numbered and kept for `exchanges`, `exchange N` and the
/// HAR and notebook exports. Bounded: at most `capacity` exchanges and `byteBudget` bytes of
/// bodies (each body kept up to `bodyLimit`); the oldest go first, and their numbers are never
/// reused. Shared between the session and its transport, behind a lock, because requests are
/// recorded on the client's tasks (an import sends several at once).
public final class ExchangeLog: Sendable {
    public let capacity: Int
    public let bodyLimit: Int
    public let byteBudget: Int

    private struct State {
        /// `storage[first...]` are the exchanges kept. The oldest is dropped by moving `first`,
        /// and the array is compacted once half of it is dropped ones: `removeFirst()` on a full
        /// log moved every kept exchange on every request (a 1,000-line script spent a tenth
        /// of its time there).
        var storage: [Exchange] = []
        var first = 0
        var next = 1
        var bytes = 0
        var explain = false

        var kept: ArraySlice<Exchange> { storage[first...] }

        /// Drops the oldest exchange kept; answers the bytes it was counted for. (Not a copy of
        /// it: copying each dropped exchange out cost a tenth of the log's time.)
        mutating func dropOldest() -> Int {
            let bytes = storage[first].keptBytes
            first += 1
            if first >= 64, first * 2 >= storage.count {
                storage.removeFirst(first)
                first = 0
            }
            return bytes
        }
    }

    private let state = Mutex(State())

    public init(capacity: Int = 500, bodyLimit: Int = 256 * 1024, byteBudget: Int = 32 * 1024 * 1024) {
        self.capacity = max(1, capacity)
        self.bodyLimit = max(0, bodyLimit)
        self.byteBudget = max(0, byteBudget)
    }

    /// Whether each exchange is followed by an explanation (`set explain on`).
    public var explains: Bool {
        get { state.withLock { $0.explain } }
        set { state.withLock { $0.explain = newValue } }
    }

    /// Keeps a request about to be sent and answers its number.
    func begin(
        _ request: Exchange.Request, command: String?, bookkeeping: String?, sentBy: CommandSpec.Effect? = nil,
        dryRun: Bool = false
    ) -> Int {
        state.withLock { state in
            let number = state.next
            state.next += 1
            var exchange = Exchange(
                number: number, startedAt: Date(), elapsed: nil, command: command, bookkeeping: bookkeeping,
                sentBy: sentBy, request: request, response: nil, failure: nil, dryRun: dryRun)
            exchange.keptBytes = Self.size(of: request)
            state.bytes += exchange.keptBytes
            state.storage.append(exchange)
            Self.trim(&state, capacity: capacity, budget: byteBudget)
            return number
        }
    }

    /// Adds the answer (or the failure) to exchange `number`, and answers it as now kept when
    /// `returning` (a copy only for who needs one).
    @discardableResult
    func finish(
        _ number: Int, response: Exchange.Response?, failure: String?, elapsed: Duration, returning: Bool = true
    ) -> Exchange? {
        state.withLock { state in
            guard let index = state.kept.lastIndex(where: { $0.number == number }) else { return nil }
            state.storage[index].response = response
            state.storage[index].failure = failure
            state.storage[index].elapsed = elapsed
            let added = response?.body.keptByteCount ?? 0
            state.storage[index].keptBytes += added
            state.bytes += added
            let finished = returning ? state.storage[index] : nil
            Self.trim(&state, capacity: capacity, budget: byteBudget)
            return finished
        }
    }

    /// The exchanges still kept, oldest first.
    public var exchanges: [Exchange] { state.withLock { Array($0.kept) } }

    /// Exchange `number`, or why there is none.
    public func exchange(_ number: Int) -> Result<Exchange, LookupFailure> {
        state.withLock { state in
            if let found = state.kept.first(where: { $0.number == number }) { return .success(found) }
            if number >= 1, number < state.next { return .failure(.forgotten(oldest: state.kept.first?.number)) }
            return .failure(.notYet(last: state.next - 1))
        }
    }

    /// The number the last exchange got (0 before the first).
    public var lastNumber: Int { state.withLock { $0.next - 1 } }

    public enum LookupFailure: Error, Equatable {
        /// Dropped to keep the log bounded.
        case forgotten(oldest: Int?)
        /// Not sent yet: `last` is the newest number.
        case notYet(last: Int)
    }

    private static func size(of request: Exchange.Request) -> Int {
        (request.body?.keptByteCount ?? 0)
            + (request.outline ?? []).reduce(0) {
                if case .bytes(let sent) = $1 { $0 + sent.masked.count } else { $0 }
            }
    }

    private static func trim(_ state: inout State, capacity: Int, budget: Int) {
        while state.kept.count > capacity || (state.bytes > budget && state.kept.count > 1) {
            state.bytes -= state.dropOldest()
        }
    }
}
