import Foundation
import Hummingbird
import OpenMarketContract

/// A refusal with the contract's status and a message naming the offending field or part.
struct APIError: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String
    /// Seconds, for a `Retry-After` header (429, 503).
    var retryAfter: Int?

    init(_ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }

    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, message) }
    static func unauthorized(_ message: String) -> APIError { APIError(.unauthorized, message) }
    static func rules(_ violations: [RuleViolation]) -> APIError {
        APIError(.badRequest, violations.map(\.description).joined(separator: "; "))
    }
}
