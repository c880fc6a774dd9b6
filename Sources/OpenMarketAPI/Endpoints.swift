import Foundation
import OpenMarketContract
import Synchronization

/// One operation of the contract as data: method, path, query, headers and body, plus how to
/// read its answer. Building a request and sending it are separate so that a caller can show a
/// request without sending it (a dry run, a lesson) and so the wire format is testable alone.
public struct Endpoint<Response: Sendable>: Sendable {
    public var method: HTTPMethod
    /// Either a path (`/api/products/12`, resolved against the base URL) or an absolute URL.
    public var path: String
    public var query: [URLQueryItem]
    public var headers: HeaderFields
    public var body: Data?
    /// The success status the contract documents; any other 2xx is accepted too.
    public var documentedStatus: Int
    /// Reads the body of a 2xx answer.
    public var decode: @Sendable (Data) throws -> Response
    /// The most a successful answer can sensibly be; the transport reads no further.
    public var maxResponseBytes: Int? = nil
    /// The multipart body's parts as composed, when the body is multipart.
    public var multipart: MultipartBody? = nil

    /// The full URL against a base such as `http://127.0.0.1:8080`, with query values
    /// percent-encoded (Korean search text included).
    public func url(relativeTo base: URL) throws(MarketError) -> URL {
        // Every `show`, `stock` and `delete` builds one of these, and URLComponents' resolving
        // and setters cost more than the rest of a script line's own work: a plain path
        // (`/api/products/12`, nothing to encode, no query) on a plain base is joined as text,
        // which gives the same URL (a test compares the two ways over the contract's paths).
        if let joined = Self.plainJoin(path, query: query, onto: base) { return joined }
        return try resolved(relativeTo: base)
    }

    /// The path joined to the base as text when neither needs anything encoded or resolved;
    /// nil otherwise.
    static func plainJoin(_ path: String, query: [URLQueryItem], onto base: URL) -> URL? {
        guard query.isEmpty, path.utf8.first == UInt8(ascii: "/"), path.utf8.allSatisfy(isPlainPathByte),
            let text = plainText(of: base)
        else { return nil }
        return URL(string: text + path)
    }

    /// The base as text without its last `/`, when it is plain (no query, fragment, user or
    /// password, nothing encoded); nil otherwise. Asked of the URL once per base, not once per
    /// request: each of those accessors reads the URL's text again.
    private static func plainText(of base: URL) -> String? {
        if let (known, text) = lastPlainBase.withLock({ $0 }), known == base { return text }
        var text: String? = nil
        if base.query == nil, base.fragment == nil, base.user == nil, base.password == nil {
            let whole = base.absoluteString
            if whole.utf8.allSatisfy({ isPlainPathByte($0) || $0 == UInt8(ascii: ":") }) {
                text = whole.utf8.last == UInt8(ascii: "/") ? String(whole.dropLast()) : whole
            }
        }
        lastPlainBase.withLock { $0 = (base, text) }
        return text
    }

    /// The URL as URLComponents resolves it: the general way.
    func resolved(relativeTo base: URL) throws(MarketError) -> URL {
        var components: URLComponents
        if path.hasPrefix("http://") || path.hasPrefix("https://") {
            guard let absolute = URLComponents(string: path) else {
                throw .invalidInput([RuleViolation("url", .notAValidURL(path))])
            }
            components = absolute
        } else {
            guard var resolved = URLComponents(url: base, resolvingAgainstBaseURL: true) else {
                throw .invalidInput([RuleViolation("server", .notAValidURL("\(base)"))])
            }
            // A base with a path prefix (`http://host/market`) keeps it; the contract's paths are
            // absolute under it.
            let prefix =
                resolved.percentEncodedPath.hasSuffix("/")
                ? String(resolved.percentEncodedPath.dropLast()) : resolved.percentEncodedPath
            // The path may come from a server (the delete URI): re-encode anything URLComponents
            // would reject, because its setters trap on malformed input rather than throw.
            let pathPart = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            resolved.percentEncodedPath = prefix + Self.percentEncoded(String(pathPart[0]), allowed: .urlPathAllowed)
            if pathPart.count > 1 {
                resolved.percentEncodedQuery = Self.percentEncoded(String(pathPart[1]), allowed: .urlQueryAllowed)
            }
            components = resolved
        }
        if !query.isEmpty {
            // URLComponents leaves `+` and `&`-adjacent characters alone in query values; encode
            // them too, or a search for `a+b` would reach the server as `a b`.
            components.percentEncodedQueryItems = query.map {
                URLQueryItem(name: Self.encodeQueryValue($0.name), value: $0.value.map(Self.encodeQueryValue))
            }
        }
        guard let url = components.url else {
            throw .invalidInput([RuleViolation("url", .cannotFormURL(path))])
        }
        return url
    }

    /// Keeps what is already validly encoded (`%2F`) and encodes everything else outside `allowed`.
    static func percentEncoded(_ text: String, allowed: CharacterSet) -> String {
        var out = ""
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "%", i + 2 < scalars.count, scalars[i + 1].properties.isASCIIHexDigit,
                scalars[i + 2].properties.isASCIIHexDigit
            {
                out.unicodeScalars.append(contentsOf: scalars[i...(i + 2)])
                i += 3
                continue
            }
            if scalar != "%", allowed.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { out += String(format: "%%%02X", byte) }
            }
            i += 1
        }
        return out
    }

    static func encodeQueryValue(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreservedCharacters) ?? value
    }
}

/// The bytes a plain path or base may hold for `plainJoin`: ASCII letters, digits, `-._~` and `/`.
/// Ranges rather than a `Set`, which hashed every byte of every request's URL.
private func isPlainPathByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"): true
    default: false
    }
}

/// The last base `plainJoin` looked at, and its plain text (`Endpoint` is generic, so it cannot
/// hold a static of its own).
private let lastPlainBase = Mutex<(URL, String?)?>(nil)

/// RFC 3986 unreserved characters: everything else in a query value is percent-encoded. Built
/// once here because a generic type cannot hold a static stored property.
private let unreservedCharacters = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

/// How large a successful answer of each kind may be before the client stops reading it. Far
/// above what the contract's bounds produce (a product is a few KiB; a page holds at most 1,000),
/// far below what would hurt a laptop.
public enum ResponseLimits {
    /// The health check's `"OK"`, a delete URI, a product secret.
    public static let text = 64 * 1024
    /// One product's detail.
    public static let product = 1024 * 1024
    /// A page of up to 1,000 summaries.
    public static let page = 16 * 1024 * 1024
}

/// The operations of the Open Market API 2.0 (see `docs/api.md`).
public enum Endpoints {
    public static func health() -> Endpoint<String> {
        Endpoint(
            method: .get, path: MarketRoute.health.path(), query: [], headers: ["Accept": "application/json"],
            body: nil, documentedStatus: 200,
            decode: { data in
                // The contract's answer is the JSON string "OK", quotes included. Anything else
                // (a web page, a bare OK, another service's JSON) is said plainly: a 200 from
                // the wrong server must not read as a healthy market.
                if let text = try? MarketJSON.decoder.decode(String.self, from: data), text == "OK" { return text }
                let excerpt = MarketClient.oneLine(String(decoding: data.prefix(200), as: UTF8.self), limit: 60)
                throw ResponseDecodingFailure(.notTheContractsOK(excerpt: excerpt))
            }, maxResponseBytes: ResponseLimits.text)
    }

    /// A page of products, newest first; `search` matches names and descriptions.
    public static func listProducts(page: Int = 1, perPage: Int = 20, search: String? = nil) -> Endpoint<ProductPage> {
        var query = [
            URLQueryItem(name: "page_no", value: String(page)),
            URLQueryItem(name: "items_per_page", value: String(perPage)),
        ]
        if let search, !search.isEmpty { query.append(URLQueryItem(name: "search_value", value: search)) }
        return Endpoint(
            method: .get, path: MarketRoute.list.path(), query: query, headers: ["Accept": "application/json"],
            body: nil, documentedStatus: 200, decode: jsonDecoder(ProductPage.self), maxResponseBytes: ResponseLimits.page)
    }

    public static func product(id: Int) -> Endpoint<Product> {
        Endpoint(
            method: .get, path: MarketRoute.show.path(String(id)), query: [], headers: ["Accept": "application/json"],
            body: nil, documentedStatus: 200, decode: productDecoder, maxResponseBytes: ResponseLimits.product)
    }

    /// The bundled local market's storefront page of a product (`GET /products/{id}`, HTML; not
    /// in the contract, so another server may not have it). The value is the page's first bytes.
    public static func storefrontPage(id: Int) -> Endpoint<String> {
        Endpoint(
            method: .get, path: "/products/\(id)", query: [], headers: ["Accept": "text/html"], body: nil,
            documentedStatus: 200, decode: { data in String(decoding: data.prefix(512), as: UTF8.self) },
            maxResponseBytes: ResponseLimits.product)
    }

    /// `POST /api/products`, multipart: `params` JSON (with the secret) and the images.
    public static func createProduct(
        _ draft: ProductDraft, images: [UploadImage], credentials: VendorCredentials, boundary: String? = nil
    ) throws(MarketError) -> Endpoint<Product> {
        let params: Data
        do { params = try draft.paramsJSON(secret: credentials.secret.revealed) } catch {
            throw .invalidInput([RuleViolation("params", .notEncodable("\(error)"))])
        }
        let body = try MultipartBody.productCreation(params: params, images: images, boundary: boundary)
        return Endpoint(
            method: .post, path: MarketRoute.create.path(), query: [],
            headers: [
                "identifier": credentials.identifier, "Content-Type": body.contentType,
                "Accept": "application/json",
            ],
            body: body.data, documentedStatus: 201, decode: productDecoder, maxResponseBytes: ResponseLimits.product,
            multipart: body)
    }

    /// `PATCH /api/products/{id}` with only the changed fields and the secret; `ifMatch` makes
    /// the edit conditional on the ETag the product had when it was read.
    public static func editProduct(
        id: Int, changes: ProductChanges, credentials: VendorCredentials, ifMatch: String? = nil
    ) throws(MarketError) -> Endpoint<Product> {
        let body: Data
        do { body = try changes.bodyJSON(secret: credentials.secret.revealed) } catch {
            throw .invalidInput([RuleViolation("body", .notEncodable("\(error)"))])
        }
        var headers: HeaderFields = [
            "identifier": credentials.identifier, "Content-Type": "application/json",
            "Accept": "application/json",
        ]
        if let ifMatch { headers.add("If-Match", ifMatch) }
        return Endpoint(
            method: .patch, path: MarketRoute.edit.path(String(id)), query: [], headers: headers, body: body,
            documentedStatus: 202, decode: productDecoder, maxResponseBytes: ResponseLimits.product)
    }

    /// Step 1 of a delete: `POST /api/products/{id}/archived` answers the delete URI as text.
    public static func deleteURI(id: Int, credentials: VendorCredentials) -> Endpoint<String> {
        secretPost(path: MarketRoute.deleteURI.path(String(id)), credentials: credentials)
    }

    /// Step 2 of a delete: `DELETE <delete URI>`. The URI is opaque: it is used as given.
    public static func delete(uri: String, credentials: VendorCredentials) -> Endpoint<Product> {
        Endpoint(
            method: .delete, path: uri, query: [],
            headers: ["identifier": credentials.identifier, "Accept": "application/json"], body: nil,
            documentedStatus: 200, decode: productDecoder, maxResponseBytes: ResponseLimits.product)
    }

    /// The earlier host's step 1: `POST /api/products/{id}/secret` answers the product secret.
    public static func productSecret(id: Int, credentials: VendorCredentials) -> Endpoint<String> {
        secretPost(path: MarketRoute.legacySecret.path(String(id)), credentials: credentials)
    }

    /// The earlier host's step 2: `DELETE /api/products/{id}/{product secret}`.
    public static func deleteWithProductSecret(
        id: Int, productSecret: String, credentials: VendorCredentials
    ) -> Endpoint<Product> {
        let encoded =
            productSecret.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
            ?? productSecret
        return delete(uri: MarketRoute.legacyDelete.path(String(id), encoded), credentials: credentials)
    }

    private static func secretPost(path: String, credentials: VendorCredentials) -> Endpoint<String> {
        let body = (try? MarketJSON.encoder.encode(["secret": credentials.secret.revealed])) ?? Data()
        return Endpoint(
            method: .post, path: path, query: [],
            headers: ["identifier": credentials.identifier, "Content-Type": "application/json"],
            body: body, documentedStatus: 200, decode: { data in try plainText(data) }, maxResponseBytes: ResponseLimits.text)
    }

    /// A text/plain answer; also tolerates a JSON string and surrounding white space.
    static func plainText(_ data: Data) throws -> String {
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("\""), let decoded = try? MarketJSON.decoder.decode(String.self, from: Data(text.utf8)) {
            return decoded
        }
        guard !text.isEmpty else { throw ResponseDecodingFailure(.emptyBody) }
        return text
    }

    /// A product's JSON: read by `ProductJSONReader` when it is in the shape the market sends,
    /// by `JSONDecoder` otherwise (which also words every error).
    static let productDecoder: @Sendable (Data) throws -> Product = { data in
        if let product = ProductJSONReader.read(data) { return product }
        return try jsonDecoder(Product.self)(data)
    }

    static func jsonDecoder<T: Decodable & Sendable>(_ type: T.Type) -> @Sendable (Data) throws -> T {
        { data in
            do {
                return try MarketJSON.decoder.decode(T.self, from: data)
            } catch let error as DecodingError {
                throw ResponseDecodingFailure(error)
            }
        }
    }
}

/// A body that did not decode, with the path of the field at fault (`pages[3].price`); what is
/// wrong is a ``ClientMessage``, said in the reader's language.
public struct ResponseDecodingFailure: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var problem: ClientMessage

    public init(path: String = "", _ problem: ClientMessage) {
        self.path = path
        self.problem = problem
    }

    init(_ error: DecodingError) {
        func render(_ codingPath: [any CodingKey]) -> String {
            var out = ""
            for key in codingPath {
                if let index = key.intValue {
                    out += "[\(index)]"
                } else {
                    out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return out
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = render(context.codingPath)
            self.init(path: parent.isEmpty ? key.stringValue : "\(parent).\(key.stringValue)", .fieldMissing)
        case .typeMismatch(let type, let context):
            self.init(path: render(context.codingPath), .fieldNot(Self.kind(type)))
        case .valueNotFound(let type, let context):
            self.init(path: render(context.codingPath), .fieldNull(Self.kind(type)))
        case .dataCorrupted(let context):
            // Foundation's own words for a field's corrupt value (a date, say): English as it gives them.
            self.init(
                path: render(context.codingPath), context.codingPath.isEmpty ? .notJSON : .decoderSaid(context.debugDescription))
        @unknown default:
            self.init(.decoderSaid("\(error)"))
        }
    }

    private static func kind(_ type: Any.Type) -> ClientMessage.ValueKind {
        switch type {
        case is String.Type: .string
        case is Int.Type, is Decimal.Type, is Double.Type: .number
        case is Bool.Type: .boolean
        default: .other
        }
    }

    /// The problem, at its field when it has one, in the reader's language.
    public var description: String { path.isEmpty ? problem.text : ClientMessage.atField(path, problem).text }
}
