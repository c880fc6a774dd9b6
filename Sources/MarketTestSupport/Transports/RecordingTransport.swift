import Foundation
import OpenMarketAPI

/// A transport that sends nothing: it records every request and answers from a script of canned
/// responses or failures. Tests use it for the faults a live server cannot produce on demand
/// (refused connections, timeouts, resets, garbage bodies). `SpyTransport` is its sibling for
/// requests that should reach the test market.
public final class RecordingTransport: HTTPTransport, Sendable {
    /// What to do for one request.
    public enum Reply: Sendable {
        case respond(HTTPResponseData)
        case fail(TransportFailure)
        /// Waits this long before answering, honouring cancellation, then answers with the reply.
        indirect case delayed(Duration, Reply)
    }

    private struct State: Sendable {
        var replies: [Reply]
        var fallback: Reply
        var recorded: [HTTPRequestData] = []
    }

    /// Tests read the record, or wait for it, while requests may still be in flight.
    private let state: Watched<State>

    /// - Parameters:
    ///   - replies: used in order, one per request.
    ///   - fallback: used once `replies` is exhausted.
    public init(_ replies: [Reply] = [], fallback: Reply = .respond(HTTPResponseData(status: 200))) {
        state = Watched(State(replies: replies, fallback: fallback))
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPRequestData] { state.value.recorded }

    /// Waits until `count` requests have been sent (answered or not); false when they were not
    /// within `limit`.
    public func waitForRequests(_ count: Int = 1, within limit: Duration = .seconds(60)) async -> Bool {
        await state.wait(within: limit) { $0.recorded.count >= count }
    }

    public func enqueue(_ reply: Reply) { state.change { $0.replies.append(reply) } }

    public nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        let reply = state.change { state -> Reply in
            state.recorded.append(request)
            return state.replies.isEmpty ? state.fallback : state.replies.removeFirst()
        }
        return try await play(reply, timeout: timeout)
    }

    private func play(_ reply: Reply, timeout: Duration) async throws -> HTTPResponseData {
        switch reply {
        case .respond(let response):
            return response
        case .fail(let failure):
            throw failure
        case .delayed(let delay, let then):
            if delay > timeout {
                // A real transport gives up at the deadline; do the same so timeouts are testable.
                do { try await Task.sleep(for: timeout) } catch { throw TransportFailure.cancelled }
                throw TransportFailure.timedOut
            }
            do { try await Task.sleep(for: delay) } catch { throw TransportFailure.cancelled }
            return try await play(then, timeout: timeout)
        }
    }
}

extension RecordingTransport.Reply {
    /// A JSON answer from a string.
    public static func json(_ status: Int, _ body: String, headers: HeaderFields = [:]) -> Self {
        var all = headers
        all.add("Content-Type", "application/json")
        return .respond(HTTPResponseData(status: status, headers: all, body: Data(body.utf8)))
    }

    /// A plain-text answer.
    public static func text(_ status: Int, _ body: String) -> Self {
        .respond(HTTPResponseData(status: status, headers: ["Content-Type": "text/plain"], body: Data(body.utf8)))
    }
}
