import Foundation
import OpenMarketContract

/// Everything that can go wrong talking to the market, sorted into what a seller can act on.
///
/// No message ever contains the vendor secret: the client scrubs it from anything the server
/// echoes back before the text reaches an error.
public enum MarketError: Error, Spoken, Hashable, CustomStringConvertible {
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

    /// The error in the reader's language (`Language.current`), by its catalogues
    /// (`MarketError+English.swift`, `MarketError+Korean.swift`).
    public var description: String { text }

    /// `30 s`, `1.5 s`, `250 ms` (Korean `30초`, `1.5초`, `250ms`): how long, as the descriptions
    /// say it in `language`.
    public static func seconds(_ duration: Duration, in language: Language = Language.current) -> String {
        let value = duration.milliseconds / 1000
        let unit = language == .ko ? "초" : " s"
        if value < 1 { return "\(Int((value * 1000).rounded()))" + (language == .ko ? "ms" : " ms") }
        return value == value.rounded() ? "\(Int(value))\(unit)" : String(format: "%.1f", value) + unit
    }
}
