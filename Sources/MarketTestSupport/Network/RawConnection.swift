import Foundation
import OpenMarketContract

#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to 127.0.0.1, for tests that must send bytes no HTTP client would
/// (half a request, a slow drip, HTTP/1.0) and see exactly when the server closes.
///
/// Reads wait on a Dispatch queue, never on a Swift concurrency thread: a test that blocked one
/// in `poll` would starve a server running in the same process (two such threads on two cores).
public final class RawConnection: Sendable {
    public let fd: Int32

    /// Connects to 127.0.0.1:`port` (loopback only, by construction).
    public init(port: Int) throws {
        fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .ECONNREFUSED)
        }
    }

    deinit { Glibc.close(fd) }

    /// Writes every byte; false when the peer has gone.
    @discardableResult
    public func send(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Data(text.utf8)) }

    public enum ReadResult: Equatable {
        /// Bytes arrived.
        case data(Data)
        /// The peer closed (or reset) the connection.
        case closed
        /// Nothing within the time given.
        case timedOut
    }

    /// Waits up to `timeout` for bytes or for the peer to close.
    public func read(timeout: Duration) async -> ReadResult {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.blockingRead(timeout: timeout)) }
        }
    }

    private func blockingRead(timeout: Duration) -> ReadResult {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout.wholeMilliseconds)
        let ready = poll(&poller, 1, milliseconds)
        guard ready > 0 else { return .timedOut }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count > 0 ? .data(Data(buffer[0..<count])) : .closed
    }

    /// Reads until the peer closes, or `timeout` passes with nothing new; returns what arrived
    /// and whether the connection ended closed.
    public func readUntilClosed(timeout: Duration) async -> (data: Data, closed: Bool) {
        var all = Data()
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            switch await read(timeout: deadline - ContinuousClock.now) {
            case .data(let chunk): all.append(chunk)
            case .closed: return (all, true)
            case .timedOut: return (all, false)
            }
        }
        return (all, false)
    }

    /// Reads until `marker` has arrived (e.g. the end of a response head) or `timeout` passes.
    public func read(until marker: String, timeout: Duration) async -> String {
        var all = Data()
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, !String(decoding: all, as: UTF8.self).contains(marker) {
            guard case .data(let chunk) = await read(timeout: deadline - ContinuousClock.now) else { break }
            all.append(chunk)
        }
        return String(decoding: all, as: UTF8.self)
    }
}
