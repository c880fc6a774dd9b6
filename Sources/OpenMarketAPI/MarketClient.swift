import Foundation

/// A decoded answer together with what came with it: the status, the `ETag` (when the server
/// sends one) and the raw body, which a shell prints as is in JSON mode.
public struct MarketResponse<Value: Sendable>: Sendable {
    public var value: Value
    public var status: Int
    public var etag: String?
    public var body: Data
}

/// A product as read, with the `ETag` to send back as `If-Match` on an edit.
public typealias TaggedProduct = MarketResponse<Product>

/// The Open Market API as async Swift calls.
///
/// Local checks (fields, images, credentials) run before anything is sent and fail with
/// `MarketError.invalidInput`. Cancelling the calling task cancels the request in flight.
public struct MarketClient: Sendable {
    public var baseURL: URL
    public var credentials: VendorCredentials?
    public var transport: any HTTPTransport
    /// How long one exchange may take, from sending the request to the last byte of the answer.
    public var timeout: Duration

    public init(
        baseURL: URL, credentials: VendorCredentials? = nil,
        transport: any HTTPTransport = AsyncHTTPClientTransport.shared, timeout: Duration = .seconds(30)
    ) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.transport = transport
        self.timeout = timeout
    }

    // MARK: Operations

    /// `GET /healthChecker`: the server's answer text (`OK`).
    public func health() async throws(MarketError) -> String {
        try await send(Endpoints.health()).value
    }

    public func products(page: Int = 1, perPage: Int = 20, search: String? = nil) async throws(MarketError) -> ProductPage {
        try Self.checkPaging(page: page, perPage: perPage)
        return try await send(Endpoints.listProducts(page: page, perPage: perPage, search: search)).value
    }

    /// Every product, walking the pages in order. Rows are de-duplicated by id, because one
    /// capture of the public server returned every row up to `limit` on later pages.
    /// - Parameter maxPages: a bound so a server that always claims `hasNext` cannot loop forever.
    public func allProducts(perPage: Int = 100, search: String? = nil, maxPages: Int = 10_000) async throws(MarketError) -> [Product] {
        var seen = Set<Int>()
        var all: [Product] = []
        var page = 1
        while page <= maxPages {
            let current = try await products(page: page, perPage: perPage, search: search)
            for product in current.products where seen.insert(product.id).inserted { all.append(product) }
            guard current.hasNext, !current.products.isEmpty else { break }
            page += 1
        }
        return all
    }

    public func product(id: Int) async throws(MarketError) -> Product {
        try await send(Endpoints.product(id: id)).value
    }

    /// The product with its `ETag`, for an edit that must not overwrite someone else's change.
    public func taggedProduct(id: Int) async throws(MarketError) -> TaggedProduct {
        try await send(Endpoints.product(id: id))
    }

    /// Registers a product. Every field and image rule is checked first, and all problems are
    /// reported together; nothing is sent while any fails.
    public func create(_ draft: ProductDraft, images: [UploadImage]) async throws(MarketError) -> Product {
        let credentials = try requireCredentials()
        var problems = draft.violations
        if let count = UploadRules.checkCount(images.count) { problems.append(count) }
        if !problems.isEmpty { throw .invalidInput(problems) }
        return try await send(Endpoints.createProduct(draft, images: images, credentials: credentials)).value
    }

    /// Edits a product. With `ifMatch`, a product changed since it was read fails with
    /// `MarketError.preconditionFailed` and is left untouched.
    public func edit(
        id: Int, _ changes: ProductChanges, ifMatch: String? = nil, current: Product? = nil
    ) async throws(MarketError) -> TaggedProduct {
        let credentials = try requireCredentials()
        let problems = changes.violations(mergedWith: current)
        if !problems.isEmpty { throw .invalidInput(problems) }
        return try await send(
            Endpoints.editProduct(id: id, changes: changes, credentials: credentials, ifMatch: ifMatch))
    }

    /// Step 1 of a delete: the URI that step 2 deletes (opaque; pass it to `delete(uri:)`).
    public func deleteURI(id: Int) async throws(MarketError) -> String {
        try await send(Endpoints.deleteURI(id: id, credentials: requireCredentials())).value
    }

    /// Step 2 of a delete.
    public func delete(uri: String) async throws(MarketError) -> Product {
        try await send(Endpoints.delete(uri: uri, credentials: requireCredentials())).value
    }

    /// Deletes a product by the contract's two steps; answers the deleted product.
    public func delete(id: Int) async throws(MarketError) -> Product {
        let uri = try await deleteURI(id: id)
        return try await delete(uri: uri)
    }

    /// The earlier host's step 1: the product's own secret.
    public func productSecret(id: Int) async throws(MarketError) -> String {
        try await send(Endpoints.productSecret(id: id, credentials: requireCredentials())).value
    }

    /// The earlier host's step 2.
    public func delete(id: Int, productSecret: String) async throws(MarketError) -> Product {
        try await send(
            Endpoints.deleteWithProductSecret(id: id, productSecret: productSecret, credentials: requireCredentials())
        ).value
    }

    // MARK: Sending

    /// Sends one endpoint and reads its answer, turning every failure into a `MarketError`.
    public func send<T>(_ endpoint: Endpoint<T>) async throws(MarketError) -> MarketResponse<T> {
        let url = try endpoint.url(relativeTo: baseURL)
        let request = HTTPRequestData(method: endpoint.method, url: url, headers: endpoint.headers, body: endpoint.body)
        let host = url.host ?? "?"
        let port = url.port ?? (url.scheme == "https" ? 443 : 80)

        if Task.isCancelled { throw .cancelled }
        let response: HTTPResponseData
        do {
            response = try await transport.send(request, timeout: timeout)
        } catch let failure as TransportFailure {
            switch failure {
            case .cannotConnect(let reason): throw .cannotConnect(host: host, port: port, reason: reason)
            case .timedOut: throw .timedOut(host: host, port: port, after: timeout)
            case .connectionLost(let reason): throw .connectionLost(host: host, port: port, reason: scrub(reason))
            case .malformedResponse(let reason): throw .unexpectedResponse("\(host):\(port): \(reason)")
            case .cancelled: throw .cancelled
            case .invalidRequest(let reason): throw .invalidInput([RuleViolation("request", scrub(reason))])
            }
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .connectionLost(host: host, port: port, reason: scrub(String(describing: error)))
        }

        guard (200..<300).contains(response.status) else {
            let message = scrub(Self.errorMessage(in: response.body))
            if response.status == 412 { throw .preconditionFailed(message: message) }
            throw .serverRefused(status: response.status, message: message)
        }
        do {
            let value = try endpoint.decode(response.body)
            return MarketResponse(value: value, status: response.status, etag: response.headers["ETag"], body: response.body)
        } catch let failure as ResponseDecodingFailure {
            throw .unexpectedResponse(scrub("\(endpoint.method.rawValue) \(url.path): \(failure)"))
        } catch {
            throw .unexpectedResponse(scrub("\(endpoint.method.rawValue) \(url.path): \(error)"))
        }
    }

    /// The server's `message` when the body is the contract's error JSON (or any JSON object with
    /// a `message`), else a short excerpt of the body made safe to print on one line.
    static func errorMessage(in body: Data) -> String {
        if let decoded = try? MarketJSON.decoder.decode(LooseErrorBody.self, from: body),
            let message = decoded.message ?? decoded.error, !message.isEmpty
        {
            return oneLine(message, limit: 300)
        }
        return oneLine(String(decoding: body, as: UTF8.self), limit: 120)
    }

    private struct LooseErrorBody: Decodable {
        var message: String?
        var error: String?
    }

    /// Collapses white space, drops control characters (no terminal escapes from a hostile
    /// server) and shortens to `limit` characters.
    static func oneLine(_ text: String, limit: Int) -> String {
        var out = ""
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            if CharacterSet.whitespacesAndNewlines.contains(scalar) {
                if !lastWasSpace, !out.isEmpty { out.append(" ") }
                lastWasSpace = true
            } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                continue
            } else {
                out.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        out = out.trimmingCharacters(in: .whitespaces)
        return out.count > limit ? String(out.prefix(limit)) + "…" : out
    }

    /// Masks the vendor secret wherever a server echoed it back.
    func scrub(_ text: String) -> String {
        guard let secret = credentials?.secret, !secret.isEmpty else { return text }
        var out = text.replacingOccurrences(of: secret, with: "••••••")
        // A server may echo the secret as it appeared inside JSON, escaped (`\"`, `\/` or `/`).
        if let json = try? MarketJSON.encoder.encode([secret]) {
            let escaped = String(decoding: json.dropFirst(2).dropLast(2), as: UTF8.self)
            for variant in [escaped, escaped.replacingOccurrences(of: "/", with: "\\/")] where variant != secret {
                out = out.replacingOccurrences(of: variant, with: "••••••")
            }
        }
        return out
    }

    private func requireCredentials() throws(MarketError) -> VendorCredentials {
        guard let credentials, !credentials.identifier.isEmpty, !credentials.secret.isEmpty else {
            throw .missingCredentials
        }
        return credentials
    }

    static func checkPaging(page: Int, perPage: Int) throws(MarketError) {
        var problems: [RuleViolation] = []
        if page < 1 { problems.append(RuleViolation("page_no", "must be 1 or more (it is \(page))")) }
        if !(1...1000).contains(perPage) {
            problems.append(RuleViolation("items_per_page", "must be 1 to 1000 (it is \(perPage))"))
        }
        if !problems.isEmpty { throw .invalidInput(problems) }
    }
}
