import Hummingbird
import NIOCore

/// Hummingbird's basic context plus the address the request came from, which the wrong-secret
/// throttle counts by (with the identifier), so that guesses from one place do not lock a vendor
/// out from every other.
struct MarketRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The throttle's name for the sender: an IPv4 address as it is; an IPv6 address by its
    /// first 64 bits, since one host is commonly given a whole /64 and could otherwise guess
    /// from a fresh address every time; an IPv4 address mapped into IPv6 as the IPv4 one.
    var clientKey: String { Self.clientKey(remoteAddress) }

    static func clientKey(_ address: SocketAddress?) -> String {
        switch address {
        case .v4(let v4):
            return v4.host
        case .v6(let v6):
            var raw = v6.address.sin6_addr
            let bytes = withUnsafeBytes(of: &raw) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
                return bytes[12...].map(String.init).joined(separator: ".")
            }
            let prefix = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return prefix.joined(separator: ":") + "::/64"
        default:
            return "local"
        }
    }
}
