import Foundation
import OpenMarketContract

/// Everything that can go wrong talking to the market, sorted into what a seller can act on.
///
/// No message ever contains the vendor secret: the client scrubs it from anything the server
/// echoes back before the text reaches an error.
public enum MarketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Local checks failed; nothing was sent.
    case invalidInput([RuleViolation])
    /// A request that needs a vendor was attempted without credentials; nothing was sent.
    case missingCredentials
    /// No connection could be made.
    case cannotConnect(host: String, port: Int, reason: String)
    /// The server did not answer in time.
    case timedOut(host: String, port: Int, after: Duration)
    /// The connection broke mid-exchange.
    case connectionLost(host: String, port: Int, reason: String)
    /// The server answered with a status outside 2xx.
    case serverRefused(status: Int, message: String)
    /// An edit sent with `If-Match` found the product changed since it was read (412).
    case preconditionFailed(message: String)
    /// A 2xx answer whose body could not be understood.
    case unexpectedResponse(String)
    /// The calling task was cancelled; the request was abandoned.
    case cancelled

    public enum Category: String, Sendable, Hashable {
        case invalidInput, missingCredentials, cannotConnect, timedOut, connectionLost, serverRefused
        case preconditionFailed, unexpectedResponse, cancelled
    }

    public var category: Category {
        switch self {
        case .invalidInput: .invalidInput
        case .missingCredentials: .missingCredentials
        case .cannotConnect: .cannotConnect
        case .timedOut: .timedOut
        case .connectionLost: .connectionLost
        case .serverRefused: .serverRefused
        case .preconditionFailed: .preconditionFailed
        case .unexpectedResponse: .unexpectedResponse
        case .cancelled: .cancelled
        }
    }

    /// True when the server could not be reached or did not answer (a shell's exit status 3).
    public var isUnreachable: Bool {
        switch self {
        case .cannotConnect, .timedOut, .connectionLost: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .invalidInput(let violations):
            return violations.map(\.description).joined(separator: "; ")
        case .missingCredentials:
            return "not logged in: this needs a vendor identifier and secret"
        case .cannotConnect(let host, let port, let reason):
            return "cannot reach \(host):\(port) (\(reason))"
        case .timedOut(let host, let port, let after):
            return "\(host):\(port) did not answer within \(Self.seconds(after))"
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

    /// `30 s`, `1.5 s`, `250 ms`: how long, as the descriptions say it.
    public static func seconds(_ duration: Duration) -> String {
        let value = duration.milliseconds / 1000
        if value < 1 { return "\(Int((value * 1000).rounded())) ms" }
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
