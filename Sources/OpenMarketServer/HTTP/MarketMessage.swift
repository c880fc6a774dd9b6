import Foundation
import OpenMarketContract

/// What the bundled market says in an error body's `message`, typed: rendered at the response in
/// the language the request's `Accept-Language` asks for (English when it names neither English
/// nor Korean), by its catalogues (`MarketMessage+English.swift`, `MarketMessage+Korean.swift`).
/// Field and header names (`price`, `identifier`, `Content-Type`) are the API's words and stay.
package enum MarketMessage: Spoken, Hashable {
    /// The contract's rules a request breaks, `; ` between them.
    case rules([RuleViolation])
    case notMultipart
    case badBoundary
    case bodyTooLarge
    case paramsMissing
    case paramsTooLarge(bytes: Int)
    /// An image part whose bytes do not decode (the image library's words).
    case unreadableImage(label: String, detail: String)
    case uploadsBusy(limit: Int)
    case noSuchImage
    case changedSinceRead(etag: String)
    case deleteTokenInvalid
    case deleteTokenNotForProduct(Int)
    case identifierRequired
    case unknownIdentifier
    case wrongSecret
    case secretThrottled(seconds: Int)
    case checkingBusy(seconds: Int)
    /// The id as it came in the path (`abc` too).
    case noSuchProduct(String)
    case anotherVendorsProduct(Int)
    /// A query value outside its bounds; `high` nil for no upper bound.
    case notWholeNumberInRange(name: String, low: Int, high: Int?, given: String)
    case notWholeNumber(field: String, value: Decimal)
    case notJSON(what: String)
    case notJSONObject(what: String)
    case wrongType(field: String)
    /// A part's header name with a byte that is not ASCII.
    case nonASCIIHeaderName
    /// The multipart parser's complaint (its words).
    case multipartBroken(String)
    case noClosingLine(boundary: String)
    case noParts
    case noSuchEndpoint(method: String, path: String)
    /// A status without a message of its own: its reason phrase (`Bad Request`), the protocol's words.
    case statusPhrase(String)
    /// The HTTP decoder's complaint (its words).
    case framingBroken(String)
    case headUnparsable(String)
    case codingNotSupported(String)
    case methodNotAllowed(method: String, path: String, allow: String)
    case diskFull
    case internalError
}

extension Language {
    /// The language an answer's error text is in: the request's `Accept-Language` (English when
    /// it names neither English nor Korean, or is absent).
    package static func answering(_ acceptLanguage: String?) -> Language {
        preferred(byAcceptLanguage: acceptLanguage) ?? .en
    }
}

extension MarketMessage {
    /// The reasons the activity record keeps of a refusal (`ActivityMiddleware.caseName`), which
    /// an assignment's `error=NAME` may ask for: every case but those the record never sees,
    /// `refusedUnrecorded`. A test reads the cases from this file, so a case added is one or the other.
    static let reasonNames: Set<String> = [
        "rules", "notMultipart", "badBoundary", "bodyTooLarge", "paramsMissing", "paramsTooLarge", "unreadableImage",
        "uploadsBusy", "noSuchImage", "changedSinceRead", "deleteTokenInvalid", "deleteTokenNotForProduct",
        "identifierRequired", "unknownIdentifier", "wrongSecret", "secretThrottled", "checkingBusy", "noSuchProduct",
        "anotherVendorsProduct", "notWholeNumberInRange", "notWholeNumber", "notJSON", "notJSONObject", "wrongType",
        "nonASCIIHeaderName", "multipartBroken", "noClosingLine", "noParts", "noSuchEndpoint", "framingBroken",
        "methodNotAllowed", "diskFull", "internalError",
    ]

    /// Refusals made where no activity is recorded: a status's own phrase (written by the error
    /// middleware outside it) and what the connection refuses before any route.
    static let refusedUnrecorded: Set<String> = ["statusPhrase", "headUnparsable", "codingNotSupported"]
}
