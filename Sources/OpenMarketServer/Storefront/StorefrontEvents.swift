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
/// past `maxSubscribers`, or past `maxPerClient` from one address (one machine cannot take every
/// place), is refused with 503 and `Retry-After` (the page's script tries again later, see
/// `StorefrontAssets.script`), and each stream ends after `lifetime` (the browser's EventSource
/// reconnects at once), so a forgotten tab holds nothing for ever.
final class StorefrontEvents: Sendable {
    static let maxSubscribers = 256
    /// Streams one address (`MarketRequestContext.clientKey`) may hold: a classroom's projector
    /// and a few tabs, not the whole market.
    static let maxPerClient = 8
    /// Seconds a refused page is told to wait (`Retry-After`).
    static let retryAfterSeconds = 5
    static let lifetime: Duration = .seconds(600)
    static let keepAlive: Duration = .seconds(15)

    private struct Subscriber {
        var client: String
        var continuation: AsyncStream<String>.Continuation
    }

    private let subscribers = Mutex<[UUID: Subscriber]>([:])

    /// Whether `client` may open another stream now (a check before answering; `subscribe`
    /// decides for good).
    func hasRoom(for client: String) -> Bool {
        subscribers.withLock { Self.hasRoom(in: $0, for: client) }
    }

    private static func hasRoom(in open: [UUID: Subscriber], for client: String) -> Bool {
        open.count < maxSubscribers && open.values.lazy.filter { $0.client == client }.count < maxPerClient
    }

    /// A new stream of event texts for a page at `client`, or nil when too many are open.
    func subscribe(client: String) -> (id: UUID, stream: AsyncStream<String>)? {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        let added = subscribers.withLock { open -> Bool in
            guard Self.hasRoom(in: open, for: client) else { return false }
            open[id] = Subscriber(client: client, continuation: continuation)
            return true
        }
        guard added else { return nil }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) {
        let subscriber = subscribers.withLock { $0.removeValue(forKey: id) }
        subscriber?.continuation.finish()
    }

    /// Sends `text` to one stream (its keep-alive comments).
    func send(_ text: String, to id: UUID) {
        _ = subscribers.withLock { $0[id] }?.continuation.yield(text)
    }

    func publish(_ change: CatalogChange) {
        for continuation in subscribers.withLock({ $0.values.map(\.continuation) }) { continuation.yield(change.eventText) }
    }

    var count: Int { subscribers.withLock { $0.count } }
}
