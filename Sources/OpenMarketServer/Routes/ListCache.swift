import Foundation
import NIOCore
import Synchronization

/// Encoded list pages, kept until the next write.
///
/// Lists are what a market serves most, and encoding twenty products to JSON was most of a list
/// request's time. It holds only where every product write goes through this server, which
/// clears the cache before answering it, so a cached page is never older than the last completed
/// write: a class market (`serve`). The shell's local market runs without it, since two shells
/// open at once each run one over the same data (`Local.swift`). Small and cleared wholesale: a
/// classroom's load is a few hot pages, not a catalogue-wide working set.
final class ListCache: Sendable {
    struct Key: Hashable {
        var base: String
        var page: Int
        var perPage: Int
        var search: String?
    }

    private struct State {
        var pages: [Key: ByteBuffer] = [:]
        /// Bumped by every write, so a page read from the database before a write cannot be
        /// stored after that write cleared the cache.
        var generation = 0
    }

    private let state = Mutex(State())
    private let capacity: Int
    /// False keeps nothing, so every list is read and encoded: the shell's local market, and
    /// `serve --no-list-cache` (for measuring that path with scripts/bench-server).
    let isEnabled: Bool

    init(capacity: Int = 128, enabled: Bool = true) {
        self.capacity = capacity
        self.isEnabled = enabled
    }

    /// The cached page, or the generation to pass to `put` after reading it from the database.
    func get(_ key: Key) -> (body: ByteBuffer?, generation: Int) { state.withLock { ($0.pages[key], $0.generation) } }

    func put(_ key: Key, _ body: ByteBuffer, readAt readGeneration: Int) {
        guard isEnabled else { return }
        state.withLock { state in
            guard readGeneration == state.generation else { return }
            if state.pages.count >= capacity { state.pages.removeAll(keepingCapacity: true) }
            state.pages[key] = body
        }
    }

    func invalidate() {
        state.withLock { state in
            state.generation += 1
            state.pages.removeAll(keepingCapacity: true)
        }
    }
}
