import Foundation
import OpenMarketContract

/// The English catalogue of ``MarketMessage``: what the market has always said.
extension MarketMessage {
    package var english: String {
        switch self {
        case .rules(let violations): violations.map(\.english).joined(separator: "; ")
        case .notMultipart: "Content-Type: must be multipart/form-data with a boundary"
        case .badBoundary:
            "Content-Type: the boundary must be 1 to 70 letters, digits or '()+_,-./:=? and spaces, not ending in a space"
        case .bodyTooLarge: "the request body is over 2 MiB"
        case .paramsMissing: "params: the part is missing"
        case .paramsTooLarge(let bytes): "params: the part is \(bytes) bytes, too large (at most 307,200)"
        case .unreadableImage(let label, let detail): "\(label): cannot be read as an image (\(detail))"
        case .uploadsBusy(let limit):
            "identifier: \(limit) uploads are already being received for this identifier; send this one when one "
                + "of them has finished"
        case .noSuchImage: "no such image"
        case .changedSinceRead(let etag): "the product has changed since it was read (its ETag is now \(etag))"
        case .deleteTokenInvalid:
            "the delete token is not valid; ask for a new one with POST /api/products/{id}/archived"
        case .deleteTokenNotForProduct(let id): "the delete token is not valid for product \(id)"
        case .identifierRequired: "identifier: the header is required"
        case .unknownIdentifier: "identifier: no vendor has this identifier"
        case .wrongSecret: "secret: does not match this vendor"
        case .secretThrottled(let seconds):
            "secret: too many wrong secrets for this identifier from this address; try again in \(seconds) s"
        case .checkingBusy(let seconds): "the market is checking too many secrets at once; try again in \(seconds) s"
        case .noSuchProduct(let id): "product \(id): no such product"
        case .anotherVendorsProduct(let id): "product \(id): belongs to another vendor"
        case .notWholeNumberInRange(let name, let low, let high, let given):
            "\(name): must be a whole number, \(high.map { "\(low) to \($0)" } ?? "\(low) or more") (it is \"\(given)\")"
        case .notWholeNumber(let field, let value): "\(field): must be a whole number (it is \(value))"
        case .notJSON(let what): "\(what): not valid JSON"
        case .notJSONObject(let what): "\(what): must be a JSON object"
        case .wrongType(let field): "\(field): has the wrong type"
        case .nonASCIIHeaderName: "a part's header name has a byte that is not ASCII; header names are ASCII tokens"
        case .multipartBroken(let detail): "the multipart framing is broken (\(detail))"
        case .noClosingLine(let boundary): "the multipart body does not end with the closing --\(boundary)-- line"
        case .noParts: "the multipart body has no parts"
        case .noSuchEndpoint(let method, let path): "no such endpoint: \(method) \(path)"
        case .statusPhrase(let phrase): phrase
        case .framingBroken(let detail): "the request's HTTP framing is broken (\(detail))"
        case .headUnparsable(let detail): "the request's HTTP head cannot be parsed (\(detail))"
        case .codingNotSupported(let coding): "Transfer-Encoding: \(coding) is not supported; send the body as is"
        case .methodNotAllowed(let method, let path, let allow): "\(method) is not allowed on \(path); it allows \(allow)"
        case .diskFull:
            "the market's disk is full, so nothing was saved; ask the market's operator to free space, then try again"
        case .internalError: "internal error"
        }
    }
}
