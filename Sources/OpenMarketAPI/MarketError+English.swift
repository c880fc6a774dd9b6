import Foundation
import OpenMarketContract

/// The English catalogue of ``MarketError``.
extension MarketError {
    public var english: String {
        switch self {
        case .invalidInput(let violations):
            return violations.map(\.english).joined(separator: "; ")
        case .missingCredentials:
            return "not logged in: this needs a vendor identifier and secret"
        case .cannotConnect(let host, let port, let reason):
            return "cannot reach \(host):\(port) (\(reason))"
        case .timedOut(let host, let port, let after):
            return "\(host):\(port) did not answer within \(Self.seconds(after, in: .en))"
        case .connectionLost(let host, let port, let reason):
            return "the connection to \(host):\(port) was lost (\(reason))"
        case .serverRefused(let status, let message):
            let reason = HTTPStatusPhrase.reason(status)
            return message.isEmpty
                ? "the server refused (\(status)\(reason.isEmpty ? "" : " \(reason)"))"
                : "the server refused (\(status)): \(message)"
        case .preconditionFailed(let message):
            return "the product changed since it was read (412)" + (message.isEmpty ? "" : ": \(message)")
        case .unexpectedResponse(let detail):
            return "unexpected response: \(detail)"
        case .cancelled:
            return "cancelled"
        }
    }
}
