import Foundation
import MarketTestSupport
import NIOPosix
import Synchronization
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

/// The real AsyncHTTPClient transport against sockets on 127.0.0.1 that misbehave on purpose
/// (the bundled server's own tests cover the well-behaved case).
@Suite("AsyncHTTPClient transport over loopback")
struct LiveTransportTests {
    /// A port on 127.0.0.1 that was free a moment ago and has no listener now.
    static func closedPort() throws -> Int {
        let socket = try LoopbackSocket(listen: false)
        return socket.port
    }

    /// The shared transport has an event loop of its own, not one of SwiftNIO's shared ones
    /// (where the local market's server runs in the same process), and a task that prefers
    /// its `taskExecutor` is on that loop again after each answer: nothing hands the answer to
    /// another thread.
    @Test func aTaskPreferringTheTransportsExecutorStaysOnItsLoop() async throws {
        let executor = try #require(AsyncHTTPClientTransport.shared.taskExecutor as? EventLoopTaskExecutor)
        #expect(!MultiThreadedEventLoopGroup.singleton.makeIterator().contains { $0 === executor.loop })
        #expect(!executor.isCurrent)
        try await TestMarket.with { market in
            let client = market.client()
            let onLoop = try await withTaskExecutorPreference(client.transport.taskExecutor) {
                var onLoop = [executor.isCurrent]
                for _ in 0..<3 {
                    _ = try await client.health()
                    onLoop.append(executor.isCurrent)
                }
                return onLoop
            }
            #expect(onLoop == [true, true, true, true])
        }
        #expect(!executor.isCurrent)
    }

    /// What the caller leaves for the wait (`RequestNotes.whileAwaiting`: a script's line before
    /// drawn) is done once, while the market is still answering, not after the answer.
    @Test func theCallersWaitingWorkIsDoneOnceWhileTheAnswerIsAwaited() async throws {
        let answer = MisbehavingServer.response(status: 200, body: #"{"ok":true}"#)
        let server = try MisbehavingServer { _ in [.pause(.seconds(1)), .send(answer)] }
        defer { server.stop() }
        let clock = ContinuousClock()
        let done = Mutex<[ContinuousClock.Instant]>([])
        var request = HTTPRequestData(method: .get, url: server.baseURL.appendingPathComponent("healthChecker"))
        request.notes.whileAwaiting = { done.withLock { $0.append(clock.now) } }
        let response = try await AsyncHTTPClientTransport.shared.send(request, timeout: .seconds(30))
        let answered = clock.now
        #expect(response.status == 200)
        let times = done.withLock { $0 }
        #expect(times.count == 1)
        // The server waited a second before answering: the work was done in that second.
        if let time = times.first { #expect(answered - time > .milliseconds(500), "\(answered - time)") }
    }

    @Test func refusedConnectionIsCannotConnect() async throws {
        let port = try Self.closedPort()
        let client = MarketClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: .seconds(5))
        do {
            _ = try await client.health()
            Issue.record("a closed port answered")
        } catch {
            #expect(error == .cannotConnect(host: "127.0.0.1", port: port, reason: "connection refused"))
        }
    }

    /// A port no TCP connection can have (typed, or in an image URL a server sent) is refused
    /// as an invalid request: AsyncHTTPClient traps on it, which ended the whole shell.
    @Test func aPortOver65535IsRefusedNotATrap() async throws {
        for port in [65536, 99999, 0] {
            var components = URLComponents()
            (components.scheme, components.host, components.port, components.path) = ("http", "127.0.0.1", port, "/healthChecker")
            let url = try #require(components.url)
            let request = HTTPRequestData(method: .get, url: url)
            do {
                _ = try await AsyncHTTPClientTransport.shared.send(request, timeout: .seconds(5))
                Issue.record("port \(port) was sent to")
            } catch {
                #expect(
                    error as? TransportFailure == .invalidRequest(reason: ClientMessage.portOutOfRange(port).text(in: .en)),
                    "\(error)")
            }
        }
        #expect(URL.httpURL("http://127.0.0.1:99999") == nil && URL.portOutOfRange("http://127.0.0.1:99999") == 99999)
        #expect(URL.httpURL("http://127.0.0.1:65535") != nil && URL.portOutOfRange("http://127.0.0.1:65535") == nil)
    }

    @Test func silentServerTimesOut() async throws {
        // Listens (so the kernel completes the connection) but never answers.
        let socket = try LoopbackSocket(listen: true)
        defer { socket.close() }
        let client = MarketClient(baseURL: URL(string: "http://127.0.0.1:\(socket.port)")!, timeout: .milliseconds(300))
        do {
            _ = try await client.health()
            Issue.record("a silent server answered")
        } catch {
            #expect(error.category == .timedOut)
            #expect(error.isUnreachable)
        }
    }

    @Test func garbageInsteadOfHTTPIsAnUnexpectedResponse() async throws {
        let socket = try LoopbackSocket(listen: true)
        defer { socket.close() }
        let fd = socket.fd
        // Answers the first connection with bytes that are not HTTP, then hangs up.
        Thread.detachNewThread {
            let connection = accept(fd, nil, nil)
            guard connection >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = read(connection, &buffer, buffer.count)
            let garbage = Array("SSH-2.0-OpenSSH_9.2\r\n\r\n".utf8)
            _ = write(connection, garbage, garbage.count)
            Glibc.close(connection)
        }
        let client = MarketClient(baseURL: URL(string: "http://127.0.0.1:\(socket.port)")!, timeout: .seconds(5))
        do {
            _ = try await client.health()
            Issue.record("garbage was accepted")
        } catch {
            #expect(
                error == .unexpectedResponse("127.0.0.1:\(socket.port): the answer is not HTTP; is this the market's address?"))
        }
    }

    @Test func cancellingStopsAWaitingRequest() async throws {
        let socket = try LoopbackSocket(listen: true)
        defer { socket.close() }
        // A timeout far beyond the test's bound, so only cancellation can end the request in time.
        let client = MarketClient(baseURL: URL(string: "http://127.0.0.1:\(socket.port)")!, timeout: .seconds(600))
        let started = ContinuousClock.now
        let task = Task { try await client.health() }
        // Cancelled once the client has connected, waiting for an answer that never comes.
        let connection = await socket.accept(within: .seconds(60))
        #expect(connection != nil, "the client never connected")
        defer { connection.map { _ = Glibc.close($0) } }
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("not cancelled")
            return
        }
        #expect(error as? MarketError == .cancelled)
        #expect(ContinuousClock.now - started < .seconds(120))
    }

    /// A request whose task was cancelled before the transport reached its event loop (Ctrl-C
    /// as the line started) is never sent: not even a connection is made.
    @Test func aRequestCancelledBeforeItStartsIsNeverSent() async throws {
        let socket = try LoopbackSocket(listen: true)
        defer { socket.close() }
        let request = HTTPRequestData(method: .get, url: URL(string: "http://127.0.0.1:\(socket.port)/healthChecker")!)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await AsyncHTTPClientTransport.shared.send(request, timeout: .seconds(600))
        }
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("not cancelled")
            return
        }
        #expect(error as? TransportFailure == .cancelled)
        let connection = await socket.accept(within: .milliseconds(500))
        defer { connection.map { _ = Glibc.close($0) } }
        #expect(connection == nil, "the transport connected for a cancelled request")
    }
}

/// A bare TCP socket bound to 127.0.0.1 on a port the kernel picks.
final class LoopbackSocket: Sendable {
    let fd: Int32
    let port: Int

    init(listen shouldListen: Bool) throws {
        let (descriptor, port) = try Loopback.socket(listen: shouldListen ? 16 : nil)
        // Not listening: closed at once, so the port refuses connections.
        if !shouldListen { Glibc.close(descriptor) }
        fd = descriptor
        self.port = port
    }

    func close() { Glibc.close(fd) }

    /// The next connection, accepted once it comes (waited for on a Dispatch thread, never on a
    /// Swift concurrency one); nil when none came within `limit`. The caller closes it.
    func accept(within limit: Duration) async -> Int32? {
        // The whole limit in milliseconds: `components.seconds` alone made 500 ms a poll of 0 ms.
        let (seconds, attoseconds) = limit.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [fd] in
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, milliseconds) == 1 else { return continuation.resume(returning: nil) }
                let connection = Glibc.accept(fd, nil, nil)
                continuation.resume(returning: connection >= 0 ? connection : nil)
            }
        }
    }
}
