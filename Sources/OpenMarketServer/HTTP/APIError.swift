import Foundation
import Hummingbird
import OpenMarketContract

/// A refusal with the contract's status and a typed message naming the offending field or part,
/// said in the request's language when the answer is written (`ErrorAndLogMiddleware`).
struct APIError: Error, Sendable {
    var status: HTTPResponse.Status
    var message: MarketMessage
    /// Seconds, for a `Retry-After` header (429, 503).
    var retryAfter: Int?

    init(_ status: HTTPResponse.Status, _ message: MarketMessage, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }

    static func badRequest(_ message: MarketMessage) -> APIError { APIError(.badRequest, message) }
    static func unauthorized(_ message: MarketMessage) -> APIError { APIError(.unauthorized, message) }
    static func rules(_ violations: [RuleViolation]) -> APIError { APIError(.badRequest, .rules(violations)) }
}
