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
}
