import Foundation
import Synchronization

/// What changed in the catalog, told to every open storefront page (Server-Sent Events).
struct CatalogChange: Sendable, Equatable {
    enum Kind: String, Sendable { case created, changed, deleted }
    var kind: Kind
    var id: Int

    /// One SSE event: `event: product` and a JSON line the page's script reads.
    var eventText: String { "event: product\ndata: {\"kind\":\"\(kind.rawValue)\",\"id\":\(id)}\n\n" }
}

/// The open event streams of the storefront's pages, and what is sent to them. Bounded: a page
/// past `maxSubscribers` is refused (its browser retries), and each stream ends after
/// `lifetime` (the browser's EventSource reconnects at once), so a forgotten tab holds nothing
/// for ever.
final class StorefrontEvents: Sendable {
    static let maxSubscribers = 256
    static let lifetime: Duration = .seconds(600)
    static let keepAlive: Duration = .seconds(15)

    private let subscribers = Mutex<[UUID: AsyncStream<String>.Continuation]>([:])

    /// A new stream of event texts, or nil when too many are open.
    func subscribe() -> (id: UUID, stream: AsyncStream<String>)? {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        let added = subscribers.withLock { open -> Bool in
            guard open.count < Self.maxSubscribers else { return false }
            open[id] = continuation
            return true
        }
        guard added else { return nil }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) {
        let continuation = subscribers.withLock { $0.removeValue(forKey: id) }
        continuation?.finish()
    }

    /// Sends `text` to one stream (its keep-alive comments).
    func send(_ text: String, to id: UUID) {
        _ = subscribers.withLock { $0[id] }?.yield(text)
    }

    func publish(_ change: CatalogChange) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(change.eventText) }
    }

    var count: Int { subscribers.withLock { $0.count } }
}
