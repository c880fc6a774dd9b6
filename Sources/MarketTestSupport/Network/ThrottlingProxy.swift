import Foundation
import OpenMarketAPI
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An HTTP server on 127.0.0.1 that stands in front of a market (a test's bundled one) and
/// passes every request on, except that it answers the first few requests that match a rule
/// with `429` (or `503`) and `Retry-After` instead, without passing them on: a busy market on
/// demand, for testing backoff against the real thing.
///
/// Requests are forwarded as they came (method, target, headers, body byte for byte, read by
/// `Content-Length`) through `AsyncHTTPClientTransport`, and the answer is relayed with its
/// status, headers and body. It counts every request by method and path, forwarded and refused,
/// so a test can check exactly how many creates reached the market.
///
/// Written on `Loopback.socket` like `MisbehavingServer`: one thread per connection, one request
/// per connection (`Connection: close`), and it stops by itself after `lifetime`.
///
/// ```swift
/// let proxy = try ThrottlingProxy(target: market.baseURL, refusals: [.init(method: "POST", path: "/api/products", times: 1)])
/// defer { proxy.stop() }
/// var client = market.client(); client.baseURL = proxy.baseURL; client.retryPolicy = RetryPolicy()
/// // … create …; proxy.count("POST", "/api/products") == .init(forwarded: 1, refused: 1)
/// ```
public final class ThrottlingProxy: Sendable {
    /// Which requests are refused, how many times, and how.
    public struct Refusal: Sendable {
        /// Whether a request (its method, and its path without the query) is refused.
        public var matches: @Sendable (_ method: String, _ path: String) -> Bool
        /// How many matching requests are refused; the ones after are forwarded.
        public var times: Int
        /// 429 or 503 (or any other status a test wants).
        public var status: Int
        /// The `Retry-After` value sent as is (`1`, an HTTP-date, garbage); nil sends none.
        public var retryAfter: String?

        public init(
            times: Int, status: Int = 429, retryAfter: String? = "1",
            matching matches: @escaping @Sendable (_ method: String, _ path: String) -> Bool
        ) {
            self.matches = matches
            self.times = times
            self.status = status
            self.retryAfter = retryAfter
        }

        /// Refuses the first `times` requests with this method (any when nil) to this path (any
        /// when nil).
        public init(method: String? = nil, path: String? = nil, times: Int, status: Int = 429, retryAfter: String? = "1") {
            self.init(times: times, status: status, retryAfter: retryAfter) { requestMethod, requestPath in
                (method == nil || method == requestMethod) && (path == nil || path == requestPath)
            }
        }
    }

    /// What happened to the requests of one method and path.
    public struct Count: Sendable, Hashable, CustomStringConvertible {
        /// Passed on to the market.
        public var forwarded: Int
        /// Answered by the proxy with a refusal.
        public var refused: Int

        public init(forwarded: Int = 0, refused: Int = 0) {
            self.forwarded = forwarded
            self.refused = refused
        }

        public var description: String { "\(forwarded) forwarded, \(refused) refused" }
    }

    public let port: Int
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// Where requests go.
    public let target: URL

    private let listener: Int32
    private let stopAt: ContinuousClock.Instant
    private let transport: any HTTPTransport

    private struct State {
        var refusals: [Refusal]
        var tally: [String: Count] = [:]
        var stopping = false
        var listenerClosed = false
    }

    private let state: Mutex<State>

    /// - Parameters:
    ///   - target: the market's base URL (`http://127.0.0.1:PORT`).
    ///   - refusals: the rules, tried in order; a request takes the first that matches and has
    ///     refusals left.
    ///   - lifetime: the proxy stops by itself after this long, whatever the test does.
    public init(
        target: URL, refusals: [Refusal] = [], lifetime: Duration = .seconds(120),
        transport: any HTTPTransport = AsyncHTTPClientTransport.shared
    ) throws {
        let (descriptor, port) = try Loopback.socket(listen: 64)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        self.listener = descriptor
        self.port = port
        self.target = target
        self.state = Mutex(State(refusals: refusals))
        self.transport = transport
        self.stopAt = ContinuousClock.now + lifetime
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting; connections being served end.
    public func stop() { state.withLock { $0.stopping = true } }

    /// The requests of this method to this path (without query) so far.
    public func count(_ method: String, _ path: String) -> Count { state.withLock { $0.tally["\(method) \(path)"] ?? Count() } }

    /// Every method and path seen (`POST /api/products`) with its count.
    public var counts: [String: Count] { state.withLock { $0.tally } }

    private var shouldStop: Bool { state.withLock { $0.stopping } || ContinuousClock.now >= stopAt }

    // MARK: Serving

    private func acceptLoop() {
        defer {
            state.withLock { state in
                if !state.listenerClosed {
                    state.listenerClosed = true
                    Glibc.close(listener)
                }
            }
        }
        while !shouldStop {
            var pollFD = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&pollFD, 1, 50) > 0 else { continue }
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 { break }
                Thread.detachNewThread { [self] in serve(connection) }
            }
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            shutdown(connection, Int32(SHUT_RDWR))
            Glibc.close(connection)
        }
        guard let request = IncomingRequest.read(from: connection, shouldStop: { shouldStop }) else { return }
        let answer: [UInt8]
        if request.isChunked {
            answer = Self.response(
                status: 411, headers: [], body: Array("a chunked body is not forwarded; send Content-Length".utf8))
        } else if let refusal = takeRefusal(for: request) {
            var headers: [(String, String)] = [("Content-Type", "application/json")]
            if let retryAfter = refusal.retryAfter { headers.append(("Retry-After", retryAfter)) }
            let body = #"{"code":\#(refusal.status),"message":"busy (refused by the throttling proxy)"}"#
            answer = Self.response(status: refusal.status, headers: headers, body: Array(body.utf8))
        } else {
            answer = forward(request)
        }
        _ = IncomingRequest.write(answer, to: connection, shouldStop: { shouldStop })
    }

    /// The refusal this request gets, counted; nil (and counted as forwarded) when none.
    private func takeRefusal(for request: IncomingRequest) -> Refusal? {
        state.withLock { state in
            let key = "\(request.method) \(request.path)"
            var count = state.tally[key] ?? Count()
            defer { state.tally[key] = count }
            guard let index = state.refusals.firstIndex(where: { $0.times > 0 && $0.matches(request.method, request.path) })
            else {
                count.forwarded += 1
                return nil
            }
            state.refusals[index].times -= 1
            count.refused += 1
            return state.refusals[index]
        }
    }

    /// Passes the request on and answers what came back (502 when nothing did). This thread
    /// waits for the transport's task: it is one of the proxy's own threads, never one of Swift
    /// concurrency's.
    private func forward(_ request: IncomingRequest) -> [UInt8] {
        guard let method = HTTPMethod(rawValue: request.method),
            let url = URL(string: target.absoluteString.trimmingSuffix("/") + request.target)
        else {
            return Self.response(status: 501, headers: [], body: Array("cannot forward \(request.method) \(request.target)".utf8))
        }
        var headers = HeaderFields()
        for (name, value) in request.headers where !Self.hopByHop.contains(name.lowercased()) { headers.add(name, value) }
        let outgoing = HTTPRequestData(
            method: method, url: url, headers: headers, body: request.body.isEmpty ? nil : Data(request.body))
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let transport = transport
        Task {
            do {
                outcome.set(.success(try await transport.send(outgoing, timeout: .seconds(120))))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        switch outcome.value {
        case .success(let response)?:
            let relayed = response.headers.filter { !Self.hopByHop.contains($0.name.lowercased()) }.map { ($0.name, $0.value) }
            return Self.response(status: response.status, headers: relayed, body: Array(response.body))
        case .failure(let error)?:
            return Self.response(status: 502, headers: [], body: Array("the market did not answer: \(error)".utf8))
        case nil:
            return Self.response(status: 502, headers: [], body: [])
        }
    }

    /// Headers about one connection, not the message; the proxy sets its own framing.
    private static let hopByHop: Set<String> = [
        "connection", "keep-alive", "transfer-encoding", "content-length", "host", "te", "trailer", "upgrade",
        "proxy-connection",
    ]

    private static func response(status: Int, headers: [(String, String)], body: [UInt8]) -> [UInt8] {
        var lines = ["HTTP/1.1 \(status) \(HTTPStatusPhrase.reason(status))"]
        for (name, value) in headers { lines.append("\(name): \(value)") }
        lines.append("Content-Length: \(body.count)")
        lines.append("Connection: close")
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    }

    /// The transport's answer, handed from its task to the waiting thread.
    private final class Outcome: Sendable {
        private let result = Mutex<Result<HTTPResponseData, any Error>?>(nil)

        func set(_ value: Result<HTTPResponseData, any Error>) { result.withLock { $0 = value } }
        var value: Result<HTTPResponseData, any Error>? { result.withLock { $0 } }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
