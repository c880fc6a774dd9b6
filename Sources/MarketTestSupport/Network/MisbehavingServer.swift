import Foundation
import OpenMarketContract

#if canImport(Glibc)
import Glibc
#endif

/// An HTTP server on 127.0.0.1 that answers every request with a script of steps, so a test can
/// make the faults a well-behaved server never shows: headers and then nothing, a body that
/// drips or never ends, a 60 MB error page, a health check that answers something else.
///
/// Written by hand on `Loopback.socket` rather than on a server library: the point is to break
/// HTTP on purpose (stall mid-body, lie about lengths), which a library is built to prevent.
/// One thread per connection; every response ends the connection (`Connection: close` in the
/// helpers), so each request gets a fresh one. It stops by itself after `lifetime`.
///
/// The one misbehaving test server, in the manner of async-http-client's `HTTPBin`: its modes
/// are the steps it answers with, and a few common ones have names (`silent()`, `answering`).
/// It also counts what reached it, so a test can check that nothing did (a dry run) or that the
/// client gave up (`hangUps`).
///
/// ```swift
/// let server = try MisbehavingServer { _ in [.send(MisbehavingServer.head(status: 200, contentLength: 100)), .hang] }
/// defer { server.stop() }
/// // MarketClient(baseURL: server.baseURL, timeout: .milliseconds(300)).product(id: 1) times out
///
/// let silent = try MisbehavingServer.silent()   // accepts, reads the request, never answers
/// #expect(await silent.waitForRequests(1, timeout: .seconds(30)))
/// ```
public final class MisbehavingServer: Sendable {
    /// The request line and headers of what the client sent (the body is read and dropped).
    public struct Request: Sendable {
        public var method: String
        /// The path and query, as sent (`/api/products?page_no=2&items_per_page=100`).
        public var target: String
        public var headers: [String: String]
        /// The request exactly as it arrived: request line, header lines in order, body.
        public var raw: [UInt8] = []

        /// The body as sent.
        public var body: [UInt8] {
            guard let end = Self.headEnd(in: raw) else { return [] }
            return Array(raw[(end + 4)...])
        }

        /// The header lines in order, as sent.
        public var headerLines: [(name: String, value: String)] {
            let head = String(decoding: raw[..<(Self.headEnd(in: raw) ?? raw.count)], as: UTF8.self)
            return head.components(separatedBy: "\r\n").dropFirst().compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
        }

        static func headEnd(in bytes: [UInt8]) -> Int? {
            guard bytes.count >= 4 else { return nil }
            return (0...(bytes.count - 4)).first {
                bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
            }
        }

        /// The value of a query item, or nil.
        public func query(_ name: String) -> String? {
            URLComponents(string: target)?.queryItems?.first { $0.name == name }?.value
        }
    }

    public enum Step: Sendable {
        /// Writes these bytes.
        case send([UInt8])
        /// Writes these bytes this many times, as fast as the client reads them.
        case sendRepeated([UInt8], times: Int)
        /// Waits, unless the client hangs up first.
        case pause(Duration)
        /// Writes `chunk` every `interval` until the client hangs up or the server stops.
        case drip([UInt8], every: Duration)
        /// Sends nothing more and keeps the connection open until the client hangs up or the
        /// server stops.
        case hang
    }

    public let port: Int
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let listener: Int32
    private let respond: @Sendable (Request) -> [Step]
    private let stopAt: ContinuousClock.Instant

    private struct State: Sendable {
        var stopping = false
        var requests: [Request] = []
        var hangUps = 0
        var listenerClosed = false
        var accepted = 0
        var acceptRounds = 0
    }

    /// Changed by the server's threads, read and waited on by the test.
    private let state = Watched(State())

    /// - Parameters:
    ///   - lifetime: the server stops by itself after this long, whatever the test does.
    ///   - respond: the steps that answer one request.
    public init(lifetime: Duration = .seconds(120), _ respond: @escaping @Sendable (Request) -> [Step]) throws {
        let (descriptor, port) = try Loopback.socket(listen: 64)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        self.listener = descriptor
        self.port = port
        self.respond = respond
        self.stopAt = ContinuousClock.now + lifetime
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// A server that reads each request and then never answers, holding the connection open
    /// until the client hangs up: a stalled market.
    public static func silent(lifetime: Duration = .seconds(120)) throws -> MisbehavingServer {
        try MisbehavingServer(lifetime: lifetime) { _ in [.hang] }
    }

    /// A server that answers every request with the same whole response.
    public static func answering(
        status: Int, contentType: String = "application/json", body: String, lifetime: Duration = .seconds(120)
    ) throws -> MisbehavingServer {
        let bytes = response(status: status, contentType: contentType, body: body)
        return try MisbehavingServer(lifetime: lifetime) { _ in [.send(bytes)] }
    }

    /// Stops accepting and ends every open connection.
    public func stop() { state.change { $0.stopping = true } }

    /// Every request received so far, in order.
    public var received: [Request] { state.value.requests }

    /// How many connections the client closed while this server still had something to send or
    /// was holding the connection open (what a client that gives up on time does).
    public var hangUps: Int { state.value.hangUps }

    /// How many connections were accepted so far.
    public var connections: Int { state.value.accepted }

    /// `connections` after two more rounds of the accept loop, so a connection the kernel had
    /// already queued when this is called has been counted. What a test that expects nothing
    /// to connect reads.
    public func settledConnections() async -> Int {
        let start = state.value.acceptRounds
        _ = await state.wait(within: stopAt - ContinuousClock.now) { $0.acceptRounds >= start + 2 || $0.stopping }
        return connections
    }

    /// Waits until `received` holds `count` requests; false if it does not within `timeout`.
    public func waitForRequests(_ count: Int = 1, timeout: Duration) async -> Bool {
        await state.wait(within: timeout) { $0.requests.count >= count }
    }

    /// Waits until `hangUps` reaches `count`; false if it does not within `timeout`.
    public func waitForHangUps(_ count: Int = 1, timeout: Duration) async -> Bool {
        await state.wait(within: timeout) { $0.hangUps >= count }
    }

    private var shouldStop: Bool { state.value.stopping || ContinuousClock.now >= stopAt }

    // MARK: Building answers

    /// A whole response: status line, headers, `Content-Length`, `Connection: close`, body.
    public static func response(
        status: Int, contentType: String = "application/json", headers: [String: String] = [:], body: [UInt8]
    )
        -> [UInt8]
    {
        head(status: status, contentType: contentType, headers: headers, contentLength: body.count) + body
    }

    /// A whole response with a text body.
    public static func response(status: Int, contentType: String = "application/json", body: String) -> [UInt8] {
        response(status: status, contentType: contentType, body: Array(body.utf8))
    }

    /// The status line and headers only. `contentLength` nil means a chunked body follows
    /// (`Transfer-Encoding: chunked`; send chunks made with `chunk(_:)`).
    public static func head(
        status: Int, contentType: String = "application/json", headers: [String: String] = [:], contentLength: Int?
    )
        -> [UInt8]
    {
        var lines = ["HTTP/1.1 \(status) \(status < 300 ? "OK" : "Error")", "Content-Type: \(contentType)", "Connection: close"]
        lines.append(contentLength.map { "Content-Length: \($0)" } ?? "Transfer-Encoding: chunked")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// One chunk of a chunked body.
    public static func chunk(_ bytes: [UInt8]) -> [UInt8] {
        Array(String(bytes.count, radix: 16).utf8) + [13, 10] + bytes + [13, 10]
    }

    // MARK: Serving

    private func acceptLoop() {
        defer { closeListener() }
        while !shouldStop {
            var pollFD = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            defer { state.change { $0.acceptRounds += 1 } }
            guard poll(&pollFD, 1, 50) > 0 else { continue }
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 { break }
                state.change { $0.accepted += 1 }
                Thread.detachNewThread { [self] in serve(connection) }
            }
        }
    }

    private func closeListener() {
        state.change { state in
            if !state.listenerClosed {
                state.listenerClosed = true
                Glibc.close(listener)
            }
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            shutdown(connection, Int32(SHUT_RDWR))
            Glibc.close(connection)
        }
        guard let request = readRequest(connection) else { return }
        state.change { $0.requests.append(request) }
        for step in respond(request) {
            guard perform(step, on: connection) else {
                state.change { $0.hangUps += 1 }
                return
            }
        }
    }

    /// False when the client hung up (or the server stopped) during the step.
    private func perform(_ step: Step, on connection: Int32) -> Bool {
        switch step {
        case .send(let bytes):
            return write(bytes, to: connection)
        case .sendRepeated(let bytes, let times):
            for _ in 0..<times {
                guard write(bytes, to: connection) else { return false }
            }
            return true
        case .pause(let duration):
            return waitWhileOpen(connection, for: duration)
        case .drip(let bytes, let interval):
            while !shouldStop {
                guard write(bytes, to: connection), waitWhileOpen(connection, for: interval) else { return false }
            }
            return false
        case .hang:
            while !shouldStop {
                guard waitWhileOpen(connection, for: .milliseconds(100)) else { return false }
            }
            return false
        }
    }

    /// Writes everything, without SIGPIPE when the client has gone.
    private func write(_ bytes: [UInt8], to connection: Int32) -> Bool {
        IncomingRequest.write(bytes, to: connection) { shouldStop }
    }

    /// Waits `duration` while reading and dropping anything the client sends; false as soon
    /// as the client closes its end.
    private func waitWhileOpen(_ connection: Int32, for duration: Duration) -> Bool {
        let deadline = ContinuousClock.now + duration
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            if shouldStop { return false }
            var pollFD = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let left = deadline - ContinuousClock.now
            let milliseconds = max(1, min(100, Int32(left.wholeMilliseconds)))
            guard poll(&pollFD, 1, milliseconds) > 0 else { continue }
            if read(connection, &buffer, buffer.count) <= 0 { return false }
        }
        return true
    }

    /// The request head and its body (by `Content-Length`), kept as they came.
    private func readRequest(_ connection: Int32) -> Request? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            if shouldStop { return nil }
            var pollFD = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&pollFD, 1, 100) > 0 else { continue }
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { return nil }
            received += buffer[0..<count]
            if received.count >= 4 {
                for index in max(0, received.count - count - 3)...(received.count - 4)
                where Array(received[index..<(index + 4)]) == separator {
                    headEnd = index
                    break
                }
            }
        }
        let head = String(decoding: received[..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head[0].split(separator: " ").map(String.init)
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var bodyLeft = Int(headers["content-length"] ?? "0") ?? 0
        bodyLeft -= received.count - (headEnd! + 4)
        while bodyLeft > 0 {
            if shouldStop { return nil }
            var pollFD = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&pollFD, 1, 100) > 0 else { continue }
            let count = read(connection, &buffer, min(buffer.count, bodyLeft))
            if count <= 0 { return nil }
            // Kept whole: the tests that read bodies send a few hundred KB at most.
            received += buffer[0..<count]
            bodyLeft -= count
        }
        return Request(method: requestLine[0], target: requestLine[1], headers: headers, raw: received)
    }
}
