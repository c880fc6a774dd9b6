import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import MarketImages
import NIOCore
import OpenMarketContract

/// What every route shares: reading a request's parts (the id, the query, a JSON body, `If-Match`)
/// and writing the contract's responses.
extension MarketRoutes {
    static let identifierHeader = HTTPField.Name("identifier")!

    static func response(_ status: HTTPResponse.Status, contentType: String, body: Data) -> Response {
        response(status, contentType: contentType, body: ByteBuffer(bytes: body))
    }

    static func response(_ status: HTTPResponse.Status, contentType: String, body: ByteBuffer) -> Response {
        Response(status: status, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: body))
    }

    /// A product as `json` would send it, written by `ProductJSON` (the same bytes, without
    /// `JSONEncoder`'s cost) straight into the response's buffer. Throws nothing; declared
    /// `throws` so that it stands in for the generic one where that is called with `try`.
    static func json(_ status: HTTPResponse.Status, _ product: Product, etag: String? = nil) throws -> Response {
        var response = response(status, contentType: "application/json; charset=utf-8", body: ProductJSON.product(product))
        if let etag { response.headers[.eTag] = etag }
        return response
    }

    static func json<T: Encodable>(_ status: HTTPResponse.Status, _ value: T, etag: String? = nil) throws -> Response {
        var response = response(
            status, contentType: "application/json; charset=utf-8", body: try MarketJSON.encoder.encode(value))
        if let etag { response.headers[.eTag] = etag }
        return response
    }

    static func notFound(_ id: Int) -> APIError { APIError(.notFound, .noSuchProduct(String(id))) }
    static func forbidden(_ id: Int) -> APIError { APIError(.forbidden, .anotherVendorsProduct(id)) }

    static func productID(_ context: MarketRequestContext) throws -> Int {
        let raw = context.parameters.get("id") ?? ""
        guard let id = Int(raw), id > 0 else { throw APIError(.notFound, .noSuchProduct(raw)) }
        return id
    }

    /// The query's parameters with `+` read as a space, as HTML forms, browsers and python-requests
    /// send it (the contract decides so); Hummingbird's `queryParameters` decodes only `%XX`.
    static func queryParameters(_ request: Request) -> FlatDictionary<Substring, Substring> {
        guard let query = request.uri.query, query.contains("+") else { return request.uri.queryParameters }
        return URI("?" + query.replacingOccurrences(of: "+", with: "%20")).queryParameters
    }

    static func integer(_ raw: Substring?, name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard let raw else { return value }
        guard let number = Int(raw), range.contains(number) else {
            let high = range.upperBound == Int(Int32.max) ? nil : range.upperBound
            throw APIError.badRequest(
                .notWholeNumberInRange(name: name, low: range.lowerBound, high: high, given: String(raw)))
        }
        return number
    }

    static func wholeNumber(_ value: Decimal?, _ field: String) throws -> Int? {
        guard let value else { return nil }
        var rounded = Decimal()
        var copy = value
        NSDecimalRound(&rounded, &copy, 0, .plain)
        guard rounded == value, let number = Int(exactly: NSDecimalNumber(decimal: value).int64Value),
            Decimal(number) == value
        else {
            throw APIError.badRequest(.notWholeNumber(field: field, value: value))
        }
        return number
    }

    /// 413 from the head, for a body whose declared length is over the limit: never read.
    static func refuseDeclaredOverLimit(_ request: Request) throws {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxRequestBytes {
            throw APIError(.contentTooLarge, .bodyTooLarge)
        }
    }

    static func collectJSONBody(_ request: Request) async throws -> Data {
        try refuseDeclaredOverLimit(request)
        do {
            let buffer = try await request.body.collect(upTo: maxRequestBytes)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, .bodyTooLarge)
        }
    }

    static func decodeJSON<T: Decodable>(_ type: T.Type, _ data: Data, what: String) throws -> T {
        do {
            return try MarketJSON.decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context) where context.codingPath.isEmpty:
                throw APIError.badRequest(.notJSON(what: what))
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                let field = context.codingPath.map(\.stringValue).joined(separator: ".")
                throw APIError.badRequest(field.isEmpty ? .notJSONObject(what: what) : .wrongType(field: field))
            default:
                throw APIError.badRequest(.notJSON(what: what))
            }
        }
    }

    /// `If-Match` may list several tags, use `*`, or mark tags weak (`W/"…"`).
    static func etag(_ current: String, matches header: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == current
        }
    }
}
