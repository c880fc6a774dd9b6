import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import MarketImages
import NIOCore
import OpenMarketContract

/// The HTTP surface of the contract: one handler per row of its endpoint table.
struct MarketRoutes: Sendable {
    let store: MarketStore
    let images: ImageStorage
    let verifier: SecretVerifier
    let listCache: ListCache
    /// The base of the image URLs in responses; nil means "the Host the request was sent to".
    let publicURL: String?
    let clock: @Sendable () -> Date

    static let maxImageBytes = UploadRules.maxImageBytes
    static let maxRequestBytes = UploadRules.maxRequestBytes

    func register(on router: Router<BasicRequestContext>) {
        router.get("/healthChecker") { _, _ in
            Self.response(.ok, contentType: "application/json", body: Data(#""OK""#.utf8))
        }
        router.get("/api/products") { request, _ in try await list(request) }
        router.get("/api/products/:id") { request, context in try await detail(request, context) }
        router.post("/api/products") { request, _ in try await create(request) }
        router.patch("/api/products/:id") { request, context in try await edit(request, context) }
        router.post("/api/products/:id/archived") { request, context in try await deleteURI(request, context) }
        router.post("/api/products/:id/secret") { request, context in try await productSecret(request, context) }
        // The delete URI's token sits where an id sits in the other routes; Hummingbird's trie
        // requires one parameter name per position, so it is read as "id" and parsed as a token.
        router.delete("/api/products/:id") { request, context in try await delete(request, context) }
        router.delete("/api/products/:id/:secret") { request, context in try await legacyDelete(request, context) }
        router.get("/images/**") { request, context in try serveImage(request, context) }
    }

    // MARK: Reading

    func list(_ request: Request) async throws -> Response {
        let query = Self.queryParameters(request)
        let page = try Self.integer(query["page_no"], name: "page_no", default: 1, range: 1...Int(Int32.max))
        let perPage = try Self.integer(query["items_per_page"], name: "items_per_page", default: 20, range: 1...1000)
        let search = query["search_value"].map(String.init)
        if let search, let problem = ProductRules.checkNoNUL(search, "search_value") { throw APIError.rules([problem]) }
        let base = baseURL(for: request)
        let key = ListCache.Key(base: base, page: page, perPage: perPage, search: search)
        let cached = listCache.get(key)
        if let body = cached.body {
            return Self.response(.ok, contentType: "application/json; charset=utf-8", body: body)
        }
        let (total, stored) = try store.listProducts(page: page, perPage: perPage, search: search)
        let envelope = ProductPage(
            pageNo: page, itemsPerPage: perPage, totalCount: total,
            products: stored.map { product(from: $0, base: base).summary })
        let body = ProductJSON.page(envelope)
        listCache.put(key, body, readAt: cached.generation)
        return Self.response(.ok, contentType: "application/json; charset=utf-8", body: body)
    }

    func detail(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let id = try Self.productID(context)
        guard let stored = try store.product(id: id) else { throw Self.notFound(id) }
        return try Self.json(.ok, product(from: stored, base: baseURL(for: request)), etag: stored.etag)
    }

    func serveImage(_ request: Request, _ context: BasicRequestContext) throws -> Response {
        let path = context.parameters.getCatchAll().joined(separator: "/")
        guard let (data, type) = images.read(path) else { throw APIError(.notFound, "no such image") }
        var response = Self.response(.ok, contentType: type, body: data)
        response.headers[.cacheControl] = "public, max-age=31536000, immutable"
        return response
    }

    // MARK: Writing

    func create(_ request: Request) async throws -> Response {
        let vendor = try await requireVendor(request)
        if let length = request.headers[.contentLength].flatMap(Int.init), length > Self.maxRequestBytes {
            throw APIError(.contentTooLarge, "the request body is over 2 MiB")
        }
        guard let contentType = request.headers[.contentType], let mediaType = MediaType(from: contentType),
            mediaType.isType(.multipartForm), let boundary = mediaType.parameter?.value, !boundary.isEmpty
        else {
            throw APIError.badRequest("Content-Type: must be multipart/form-data with a boundary")
        }

        let parts: [UploadedPart]
        do {
            parts = try await MultipartUpload.read(
                request.body, boundary: boundary, maxRequestBytes: Self.maxRequestBytes, maxPartBytes: Self.maxImageBytes)
        } catch UploadFailure.requestTooLarge {
            throw APIError(.contentTooLarge, "the request body is over 2 MiB")
        } catch UploadFailure.malformed(let reason) {
            throw APIError.badRequest(reason)
        }

        guard let paramsPart = parts.first(where: { $0.name == "params" }) else {
            throw APIError.badRequest("params: the part is missing")
        }
        // Only a prefix of an oversized part is kept, which would read as broken JSON.
        if paramsPart.byteCount > Self.maxImageBytes {
            throw APIError.badRequest("params: the part is \(paramsPart.byteCount) bytes, too large (at most 307,200)")
        }
        let params = try Self.decodeJSON(ProductParams.self, paramsPart.body, what: "params")
        guard let secret = params.secret else { throw APIError.badRequest("params.secret: is required") }
        try await checkSecret(secret, vendor)

        var problems = JSONNumberText.violations(in: paramsPart.body, fields: ProductParams.numberFields)
        func require<T>(_ value: T?, _ name: String) -> T? {
            if value == nil { problems.append(RuleViolation(name, "is required")) }
            return value
        }
        let name = require(params.name, "name")
        let description = require(params.description ?? params.descriptions, "description")
        let price = require(params.price, "price")
        let currency = require(params.currency, "currency")
        let fields = ProductFields(
            name: name ?? "", description: description ?? "", currency: currency ?? "KRW", price: price ?? 1,
            discountedPrice: params.discountedPrice ?? 0, stock: try Self.wholeNumber(params.stock, "stock") ?? 0)
        if problems.isEmpty { problems = fields.violations + problems }

        let imageParts = parts.filter { $0.name == "images" }
        if let count = UploadRules.checkCount(imageParts.count) { problems.append(count) }
        var accepted: [(data: Data, format: ImageFormat, label: String)] = []
        for (index, part) in imageParts.enumerated() {
            let label = "images[\(index + 1)]" + (part.filename.map { " (\($0))" } ?? "")
            if part.byteCount > Self.maxImageBytes {
                problems.append(RuleViolation(label, "\(part.byteCount) bytes is over the 300 KiB (307,200-byte) limit"))
            } else if part.byteCount == 0 {
                problems.append(RuleViolation(label, "the file is empty"))
            } else if let format = ImageFormat(sniffing: part.body) {
                accepted.append((part.body, format, label))
            } else {
                problems.append(RuleViolation(label, "not a JPEG, PNG or GIF (\(ImageFormat.describeUnrecognised(part.body)))"))
            }
        }
        if !problems.isEmpty { throw APIError.rules(problems) }

        let now = clock()
        var written: [NewImage] = []
        do {
            for image in accepted {
                do {
                    written.append(try images.store(image.data, format: image.format, vendorID: vendor.id, date: now))
                } catch let error as ImageProcessingError {
                    throw APIError.badRequest("\(image.label): cannot be read as an image (\(error))")
                }
            }
            let stored = try await store.insertProduct(
                vendorID: vendor.id, fields: fields, images: written, productSecret: UUID().uuidString.lowercased(),
                now: MarketTimestamp.format(now))
            listCache.invalidate()
            return try Self.json(.created, product(from: stored, base: baseURL(for: request)), etag: stored.etag)
        } catch {
            images.remove(written.flatMap { [$0.path, $0.thumbnailPath] })
            throw error
        }
    }

    func edit(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (vendor, id, changes) = try await authorizedJSON(request, context)
        let ifMatch = request.headers[.ifMatch]

        let updated = try await store.updateProduct(id: id, now: MarketTimestamp.format(clock())) { current in
            guard current.vendorID == vendor.id else { throw Self.forbidden(id) }
            if let ifMatch, !Self.etag(current.etag, matches: ifMatch) {
                throw APIError(.preconditionFailed, "the product has changed since it was read (its ETag is now \(current.etag))")
            }
            var fields = current.fields
            if let name = changes.name { fields.name = name }
            if let description = changes.description ?? changes.descriptions { fields.description = description }
            if let price = changes.price { fields.price = price }
            if let currency = changes.currency { fields.currency = currency }
            if let discount = changes.discountedPrice { fields.discountedPrice = discount }
            if let stock = try Self.wholeNumber(changes.stock, "stock") { fields.stock = stock }
            var problems = fields.violations
            if let thumbnailID = try Self.wholeNumber(changes.thumbnailID, "thumbnail_id") {
                if current.images.contains(where: { $0.id == thumbnailID }) {
                    fields.thumbnailImageID = thumbnailID
                } else {
                    let ids = current.images.map { String($0.id) }.joined(separator: ", ")
                    problems.append(RuleViolation("thumbnail_id", "must be one of this product's image ids (\(ids))"))
                }
            }
            if !problems.isEmpty { throw APIError.rules(problems) }
            return fields
        }
        guard let updated else { throw Self.notFound(id) }
        listCache.invalidate()
        return try Self.json(.accepted, product(from: updated, base: baseURL(for: request)), etag: updated.etag)
    }

    func deleteURI(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let product = try await ownedProduct(request, context)
        let token = DeleteToken.make(productID: product.id, productSecret: product.productSecret)
        return Self.response(.ok, contentType: "text/plain; charset=utf-8", body: Data("/api/products/\(token)".utf8))
    }

    func productSecret(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let product = try await ownedProduct(request, context)
        return Self.response(.ok, contentType: "text/plain; charset=utf-8", body: Data(product.productSecret.utf8))
    }

    func delete(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let vendor = try await requireVendor(request)
        let token = context.parameters.get("id") ?? ""
        guard let (id, productSecret) = DeleteToken.parse(token) else {
            throw APIError.badRequest("the delete token is not valid; ask for a new one with POST /api/products/{id}/archived")
        }
        return try await delete(id: id, productSecret: productSecret, vendor: vendor, request: request)
    }

    func legacyDelete(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let vendor = try await requireVendor(request)
        let id = try Self.productID(context)
        let secret = context.parameters.get("secret") ?? ""
        return try await delete(id: id, productSecret: secret.removingPercentEncoding ?? secret, vendor: vendor, request: request)
    }

    private func delete(id: Int, productSecret: String, vendor: StoredVendor, request: Request) async throws -> Response {
        let deleted = try await store.deleteProduct(id: id) { current in
            guard SecretVerifier.constantTimeEqual(Data(current.productSecret.utf8), Data(productSecret.utf8)) else {
                throw APIError.badRequest("the delete token is not valid for product \(id)")
            }
            guard current.vendorID == vendor.id else { throw Self.forbidden(id) }
        }
        guard let deleted else { throw Self.notFound(id) }
        listCache.invalidate()
        images.remove(deleted.images.flatMap { [$0.path, $0.thumbnailPath] })
        return try Self.json(.ok, product(from: deleted, base: baseURL(for: request)))
    }

    // MARK: Credentials and ownership

    private func requireVendor(_ request: Request) async throws -> StoredVendor {
        guard let identifier = request.headers[Self.identifierHeader], !identifier.isEmpty else {
            throw APIError.unauthorized("identifier: the header is required")
        }
        guard let vendor = try store.vendor(identifier: identifier) else {
            throw APIError.unauthorized("identifier: no vendor has this identifier")
        }
        return vendor
    }

    private func checkSecret(_ secret: String, _ vendor: StoredVendor) async throws {
        if let problem = ProductRules.checkNoNUL(secret, "secret") { throw APIError.rules([problem]) }
        switch await verifier.verify(secret, for: vendor) {
        case .verified:
            return
        case .wrong:
            throw APIError.unauthorized("secret: does not match this vendor")
        case .throttled(let seconds):
            throw APIError(
                .tooManyRequests, "secret: too many wrong secrets for this identifier; try again in \(seconds) s",
                retryAfter: seconds)
        case .busy(let seconds):
            throw APIError(.serviceUnavailable, "the market is checking too many secrets at once; try again in \(seconds) s", retryAfter: seconds)
        }
    }

    /// The checks every JSON request on a product makes, in the contract's order: the vendor
    /// (401), the id, the body (400), then the secret in it (401).
    private func authorizedJSON(
        _ request: Request, _ context: BasicRequestContext
    ) async throws -> (vendor: StoredVendor, id: Int, params: ProductParams) {
        let vendor = try await requireVendor(request)
        let id = try Self.productID(context)
        let body = try await Self.collectJSONBody(request)
        let params = try Self.decodeJSON(ProductParams.self, body, what: "body")
        guard let secret = params.secret else { throw APIError.badRequest("secret: is required") }
        try await checkSecret(secret, vendor)
        let numbers = JSONNumberText.violations(in: body, fields: ProductParams.numberFields)
        if !numbers.isEmpty { throw APIError.rules(numbers) }
        return (vendor, id, params)
    }

    /// For the two secret-in-body POSTs: the vendor, its secret, then the product it must own.
    private func ownedProduct(_ request: Request, _ context: BasicRequestContext) async throws -> StoredProduct {
        let (vendor, id, _) = try await authorizedJSON(request, context)
        guard let product = try store.product(id: id) else { throw Self.notFound(id) }
        guard product.vendorID == vendor.id else { throw Self.forbidden(id) }
        return product
    }

    // MARK: Rendering

    private func baseURL(for request: Request) -> String {
        if let publicURL { return publicURL }
        return "http://\(request.head.authority ?? "127.0.0.1")"
    }

    private func product(from stored: StoredProduct, base: String) -> Product {
        let images = stored.images.map {
            ProductImage(
                id: $0.id, url: "\(base)/images/\($0.path)", thumbnailURL: "\(base)/images/\($0.thumbnailPath)",
                issuedAt: MarketTimestamp(text: $0.createdAt))
        }
        let fields = stored.fields
        let thumbnail = images.first { $0.id == fields.thumbnailImageID }?.thumbnailURL ?? images.first?.thumbnailURL
        return Product(
            id: stored.id, vendorID: stored.vendorID, name: fields.name, description: fields.description,
            thumbnail: thumbnail, currency: Currency(rawValue: fields.currency), price: fields.price,
            bargainPrice: DecimalText.shared.difference(fields.price, fields.discountedPrice),
            discountedPrice: fields.discountedPrice, stock: fields.stock,
            createdAt: MarketTimestamp(text: stored.createdAt), issuedAt: MarketTimestamp(text: stored.issuedAt),
            images: images, vendor: VendorReference(id: stored.vendorID, name: stored.vendorName))
    }

    // MARK: Helpers

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
        var response = response(status, contentType: "application/json; charset=utf-8", body: try MarketJSON.encoder.encode(value))
        if let etag { response.headers[.eTag] = etag }
        return response
    }

    static func notFound(_ id: Int) -> APIError { APIError(.notFound, "product \(id): no such product") }
    static func forbidden(_ id: Int) -> APIError { APIError(.forbidden, "product \(id): belongs to another vendor") }

    static func productID(_ context: BasicRequestContext) throws -> Int {
        let raw = context.parameters.get("id") ?? ""
        guard let id = Int(raw), id > 0 else { throw APIError(.notFound, "product \(raw): no such product") }
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
            let bounds = range.upperBound == Int(Int32.max) ? "\(range.lowerBound) or more" : "\(range.lowerBound) to \(range.upperBound)"
            throw APIError.badRequest("\(name): must be a whole number, \(bounds) (it is \"\(raw)\")")
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
            throw APIError.badRequest("\(field): must be a whole number (it is \(value))")
        }
        return number
    }

    static func collectJSONBody(_ request: Request) async throws -> Data {
        do {
            let buffer = try await request.body.collect(upTo: maxRequestBytes)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "the request body is over 2 MiB")
        }
    }

    static func decodeJSON<T: Decodable>(_ type: T.Type, _ data: Data, what: String) throws -> T {
        do {
            return try MarketJSON.decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context) where context.codingPath.isEmpty:
                throw APIError.badRequest("\(what): not valid JSON")
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                let field = context.codingPath.map(\.stringValue).joined(separator: ".")
                throw APIError.badRequest(field.isEmpty ? "\(what): must be a JSON object" : "\(field): has the wrong type")
            default:
                throw APIError.badRequest("\(what): not valid JSON")
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

/// The fields of a create's `params` part or an edit's body. Every field is optional here so
/// that a missing one is reported by name rather than as a decoding failure.
private struct ProductParams: Decodable {
    var name: String?
    var description: String?
    /// The earlier host's spelling.
    var descriptions: String?
    /// Edits only.
    var thumbnailID: Decimal?
    var price: Decimal?
    var currency: String?
    var discountedPrice: Decimal?
    /// Decimal rather than Int: Foundation reports `1.5` for an Int as "not valid JSON" with no
    /// field name, and the seller deserves "stock: must be a whole number".
    var stock: Decimal?
    var secret: String?

    /// The keys whose values are numbers, whose text `JSONNumberText` checks.
    static let numberFields: Set<String> = ["price", "discounted_price", "stock", "thumbnail_id"]

    enum CodingKeys: String, CodingKey {
        case name, description, descriptions
        case thumbnailID = "thumbnail_id"
        case price, currency
        case discountedPrice = "discounted_price"
        case stock, secret
    }
}

