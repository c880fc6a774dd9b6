import Foundation
import OpenMarketContract

#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 exchange over a fresh TCP connection made *from* a chosen loopback address, so a
/// test can be two clients on one machine: the whole of 127.0.0.0/8 is loopback on Linux, and
/// the market sees 127.0.0.2 as another address than 127.0.0.1. AsyncHTTPClient cannot choose
/// the address it connects from, hence the socket by hand.
///
/// The request carries `Connection: close`, so the exchange ends when the market closes; the
/// blocking calls run on a Dispatch queue, never on a thread of the concurrency pool that the
/// market in the same process needs.
enum SourcedExchange {
    struct Answer {
        var status: Int
        var head: String
        var body: String
    }

    enum Failure: Error {
        case socket(Int32)
        case noAnswer(String)
    }

    static func send(
        _ method: String, _ path: String, port: Int, from source: String, headers: [String: String] = [:],
        body: String = "", timeout: Duration = .seconds(120)
    ) async throws -> Answer {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let request = text
        let raw: Data = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try exchange(request, port: port, from: source, timeout: timeout) })
            }
        }
        let answer = String(decoding: raw, as: UTF8.self)
        guard let split = answer.range(of: "\r\n\r\n"), answer.hasPrefix("HTTP/1.1 "),
            let status = Int(answer.dropFirst(9).prefix(3))
        else { throw Failure.noAnswer(answer) }
        return Answer(status: status, head: String(answer[..<split.lowerBound]), body: String(answer[split.upperBound...]))
    }

    private static func exchange(_ request: String, port: Int, from source: String, timeout: Duration) throws -> Data {
        let fd = try connect(port: port, from: source)
        defer { close(fd) }
        let bytes = Array(request.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure.socket(errno) }
            offset += written
        }
        var answer = Data()
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32((deadline - ContinuousClock.now).wholeMilliseconds)) > 0 else { break }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer.append(contentsOf: buffer[0..<count])
        }
        return answer
    }

    /// A TCP socket from `source` connected to 127.0.0.1:`port`; the caller closes it.
    static func connect(port: Int, from source: String) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.socket(errno) }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        let connected =
            bound == 0
            ? withUnsafePointer(to: &remote) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, size) }
            }
            : -1
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw Failure.socket(code)
        }
        return fd
    }
}

/// A connection kept open from a chosen loopback address (see `SourcedExchange`), for a test
/// that needs another address to hold places at the market.
final class SourcedConnection: @unchecked Sendable {
    let fd: Int32

    init(port: Int, from source: String) throws { fd = try SourcedExchange.connect(port: port, from: source) }

    deinit { close(fd) }

    @discardableResult
    func send(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) == $0.count }
    }

    /// Whether the market closed the connection within `timeout` (blocking: call off the pool).
    func closed(within timeout: Duration) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var poller = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, Int32(timeout.wholeMilliseconds)) > 0 else { return continuation.resume(returning: false) }
                var buffer = [UInt8](repeating: 0, count: 4096)
                continuation.resume(returning: recv(self.fd, &buffer, buffer.count, Int32(MSG_PEEK)) <= 0)
            }
        }
    }
}
