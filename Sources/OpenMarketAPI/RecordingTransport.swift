import Foundation

/// A transport that sends nothing: it records every request and answers from a script of canned
/// responses or failures. Tests use it for the faults a live server cannot produce on demand
/// (refused connections, timeouts, resets, garbage bodies); a dry run can use it to show what
/// would be sent.
public final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    /// What to do for one request.
    public enum Reply: Sendable {
        case respond(HTTPResponseData)
        case fail(TransportFailure)
        /// Waits this long before answering, honouring cancellation, then answers with the reply.
        indirect case delayed(Duration, Reply)
    }

    // Guarded by `lock`: tests read the record while requests may still be in flight.
    private let lock = NSLock()
    private var replies: [Reply]
    private var fallback: Reply
    private var recorded: [HTTPRequestData] = []

    /// - Parameters:
    ///   - replies: used in order, one per request.
    ///   - fallback: used once `replies` is exhausted.
    public init(_ replies: [Reply] = [], fallback: Reply = .respond(HTTPResponseData(status: 200))) {
        self.replies = replies
        self.fallback = fallback
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPRequestData] { lock.withLock { recorded } }

    public func enqueue(_ reply: Reply) { lock.withLock { replies.append(reply) } }

    public func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        let reply = lock.withLock { () -> Reply in
            recorded.append(request)
            return replies.isEmpty ? fallback : replies.removeFirst()
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
