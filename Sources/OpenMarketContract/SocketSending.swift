import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Sending over a socket a program handed its child (the agent's handoff, the local market's
/// reply): every byte, retried on a signal, never SIGPIPE when the other side is gone.
public enum SocketSending {
    /// Sends all of `data` on `descriptor`; false when the other side is gone.
    public static func sendAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }
}
