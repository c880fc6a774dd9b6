import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// TCP sockets on 127.0.0.1 for tests that need a server that misbehaves on purpose (silent,
/// counting, refusing), on a port the kernel picks.
public enum Loopback {
    /// A socket bound to 127.0.0.1 on a free port, listening with `backlog` when given.
    /// The caller owns the descriptor.
    public static func socket(listen backlog: Int32?) throws -> (fd: Int32, port: Int) {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0, backlog.map({ Glibc.listen(descriptor, $0) == 0 }) ?? true else {
            Glibc.close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A port on 127.0.0.1 that is free now and lies below the kernel's ephemeral range, for a test
    /// that must name the port a child process listens on. A port the kernel handed out and took
    /// back can be handed out again at once to any connection another test opens (on CI, one was,
    /// between the test choosing it and the child binding it); ports below the range never are.
    public static func portOutsideEphemeralRange() throws -> Int {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).compactMap { Int($0) }
        let low = range?.first ?? 32768
        let candidates = low > 12000 ? 10000..<(low - 1) : 1025..<low
        for _ in 0..<200 {
            let port = Int.random(in: candidates)
            if isFree(port) { return port }
        }
        throw POSIXError(.EADDRINUSE)
    }

    /// Whether 127.0.0.1:`port` can be bound right now.
    public static func isFree(_ port: Int) -> Bool {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return bound == 0
    }
}
