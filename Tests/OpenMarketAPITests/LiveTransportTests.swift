import Foundation
import Testing

@testable import OpenMarketAPI

/// The real AsyncHTTPClient transport against sockets on 127.0.0.1 that misbehave on purpose
/// (the bundled server's own tests cover the well-behaved case).
@Suite("AsyncHTTPClient transport over loopback")
struct LiveTransportTests {
    /// A port on 127.0.0.1 that was free a moment ago and has no listener now.
    static func closedPort() throws -> Int {
        let socket = try LoopbackSocket(listen: false)
        return socket.port
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
            #expect(error == .unexpectedResponse("127.0.0.1:\(socket.port): the answer is not HTTP; is this the market's address?"))
        }
    }

    @Test func cancellingStopsAWaitingRequest() async throws {
        let socket = try LoopbackSocket(listen: true)
        defer { socket.close() }
        // A timeout far beyond the test's bound, so only cancellation can end the request in time.
        let client = MarketClient(baseURL: URL(string: "http://127.0.0.1:\(socket.port)")!, timeout: .seconds(600))
        let started = ContinuousClock.now
        let task = Task { try await client.health() }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("not cancelled")
            return
        }
        #expect(error as? MarketError == .cancelled)
        #expect(ContinuousClock.now - started < .seconds(120))
    }
}

/// A bare TCP socket bound to 127.0.0.1 on a port the kernel picks.
final class LoopbackSocket: Sendable {
    let fd: Int32
    let port: Int

    init(listen shouldListen: Bool) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else {
            Glibc.close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        if shouldListen {
            _ = Glibc.listen(descriptor, 16)
        } else {
            Glibc.close(descriptor)
        }
        fd = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { Glibc.close(fd) }
}
