import Foundation
import OpenMarketContract

/// A decoded answer together with what came with it: the status, the headers, the `ETag` (when
/// the server sends one) and the raw body, which a shell prints as is in JSON mode. Every
/// `MarketClient` operation answers one, so a caller needs no second, lower layer of the client.
public struct MarketResponse<Value: Sendable>: Sendable {
    public var value: Value
    public var status: Int
    /// The `ETag` header: send it back as `If-Match` to edit only what was read.
    public var etag: String?
    public var headers: HeaderFields
    /// The body exactly as received.
    public var body: Data

    public init(value: Value, status: Int, headers: HeaderFields = [:], body: Data = Data()) {
        self.value = value
        self.status = status
        self.etag = headers["ETag"]
        self.headers = headers
        self.body = body
    }
}

/// The Open Market API as async Swift calls.
///
/// Every operation answers a `MarketResponse`: the decoded value with the status, headers and
/// raw body. Local checks (fields, images, credentials) run before anything is sent and fail
/// with `MarketError.invalidInput` (or `.missingCredentials`). Cancelling the calling task
/// cancels the request in flight.
public struct MarketClient: Sendable {
    public var baseURL: URL
    public var credentials: VendorCredentials?
    public var transport: any HTTPTransport
    /// How long one exchange may take, from sending the request to the last byte of the answer.
    public var timeout: Duration
    /// Secrets besides the credentials' own that this client never sends and always masks (a
    /// shell adds `OPENMARKET_SECRET` when it differs from the login's).
    public var protectedSecrets: [String] = []
    /// How far `allProducts` walks before it stops.
    public var pageWalkLimits = PageWalkLimits()
    /// Whether, and how, a request answered 429 or 503 is sent again. nil (the default): the
    /// refusal is thrown at once, as a seller at a prompt expects; bulk work sets one.
    public var retryPolicy: RetryPolicy? = nil
    /// What every request this client sends is for, copied into each (`HTTPRequestData.notes`)
    /// for the transports that record or show it.
    public var notes = RequestNotes()
    /// The language the market is asked to answer in (`Accept-Language`, on every request that
    /// does not name one itself); nil: the task's `Language.current`, the reader's.
    public var language: Language? = nil

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
    public func health() async throws(MarketError) -> MarketResponse<String> {
        try await send(Endpoints.health())
    }

    /// One page of products, newest first; `search` matches names and descriptions.
    public func products(
        page: Int = 1, perPage: Int = 20, search: String? = nil
    ) async throws(MarketError) -> MarketResponse<ProductPage> {
        try Self.checkPaging(page: page, perPage: perPage)
        return try await send(Endpoints.listProducts(page: page, perPage: perPage, search: search))
    }

    /// One product's detail, with the `ETag` to send back as `If-Match` on an edit that must not
    /// overwrite someone else's change.
    public nonisolated(nonsending) func product(id: Int) async throws(MarketError) -> MarketResponse<Product> {
        try await send(Endpoints.product(id: id))
    }

    /// Registers a product. Every field and image rule is checked first, and all problems are
    /// reported together; nothing is sent while any fails.
    public func create(_ draft: ProductDraft, images: [UploadImage]) async throws(MarketError) -> MarketResponse<Product> {
        try await sendSigned { (credentials) throws(MarketError) -> Endpoint<Product> in
            var problems = draft.violations
            if let count = UploadRules.checkCount(images.count) { problems.append(count) }
            if !problems.isEmpty { throw .invalidInput(problems) }
            return try Endpoints.createProduct(draft, images: images, credentials: credentials)
        }
    }

    /// Edits a product. With `ifMatch`, a product changed since it was read fails with
    /// `MarketError.preconditionFailed` and is left untouched.
    public func edit(
        id: Int, _ changes: ProductChanges, ifMatch: String? = nil, current: Product? = nil
    ) async throws(MarketError) -> MarketResponse<Product> {
        try await sendSigned { (credentials) throws(MarketError) -> Endpoint<Product> in
            let problems = changes.violations(mergedWith: current)
            if !problems.isEmpty { throw .invalidInput(problems) }
            return try Endpoints.editProduct(id: id, changes: changes, credentials: credentials, ifMatch: ifMatch)
        }
    }

    /// Step 1 of a delete: the URI that step 2 deletes (opaque; pass it to `delete(uri:)`).
    public func deleteURI(id: Int) async throws(MarketError) -> MarketResponse<String> {
        try await sendSigned { credentials in Endpoints.deleteURI(id: id, credentials: credentials) }
    }

    /// Step 2 of a delete.
    public func delete(uri: String) async throws(MarketError) -> MarketResponse<Product> {
        try await sendSigned { credentials in Endpoints.delete(uri: uri, credentials: credentials) }
    }

    /// Deletes a product by the contract's two steps; answers step 2's response (the deleted product).
    public func delete(id: Int) async throws(MarketError) -> MarketResponse<Product> {
        let uri = try await deleteURI(id: id).value
        return try await delete(uri: uri)
    }

    /// The earlier host's step 1: the product's own secret.
    public func productSecret(id: Int) async throws(MarketError) -> MarketResponse<String> {
        try await sendSigned { credentials in Endpoints.productSecret(id: id, credentials: credentials) }
    }

    /// The earlier host's step 2.
    public func delete(id: Int, productSecret: String) async throws(MarketError) -> MarketResponse<Product> {
        try await sendSigned { credentials in
            Endpoints.deleteWithProductSecret(id: id, productSecret: productSecret, credentials: credentials)
        }
    }

    // MARK: Sending

    /// Sends one endpoint and reads its answer, turning every failure into a `MarketError`.
    public nonisolated(nonsending) func send<T>(_ endpoint: Endpoint<T>) async throws(MarketError) -> MarketResponse<T> {
        let url = try endpoint.url(relativeTo: baseURL)
        let request = HTTPRequestData(
            method: endpoint.method, url: url, headers: endpoint.headers, body: endpoint.body,
            maxResponseBytes: endpoint.maxResponseBytes, parts: endpoint.multipart?.parts,
            outline: endpoint.multipart?.outline)
        // The secret goes in the `secret` field and nowhere else: a description, a search, a URL
        // or a header holding it would publish it (a shared script expanding
        // ${env.OPENMARKET_SECRET} into a description did). Refused before anything is sent;
        // the message names where, never what.
        try refuseLeaks(in: request)

        let response = try await deliver(request)
        do {
            let value = try endpoint.decode(response.body)
            return MarketResponse(value: value, status: response.status, headers: response.headers, body: response.body)
        } catch let failure as ResponseDecodingFailure {
            throw .unexpectedResponse(excerpt("\(endpoint.method.rawValue) \(url.path): \(failure)"))
        } catch {
            throw .unexpectedResponse(excerpt("\(endpoint.method.rawValue) \(url.path): \(error)"))
        }
    }

    /// Sends `request` once and answers whatever status came back; a transport failure becomes
    /// the `MarketError` a seller can act on.
    nonisolated(nonsending) func exchange(_ request: HTTPRequestData) async throws(MarketError) -> HTTPResponseData {
        let host = request.url.host ?? "?"
        let port = request.url.port ?? (request.url.scheme == "https" ? 443 : 80)
        if Task.isCancelled { throw .cancelled }
        var request = request
        request.notes = notes
        if request.headers["Accept-Language"] == nil {
            request.headers.add("Accept-Language", (language ?? .current).acceptLanguage)
        }
        do {
            return try await transport.send(request, timeout: timeout)
        } catch let failure as TransportFailure {
            switch failure {
            case .cannotConnect(let reason): throw .cannotConnect(host: host, port: port, reason: reason)
            case .timedOut: throw .timedOut(host: host, port: port, after: timeout)
            case .connectionLost(let reason): throw .connectionLost(host: host, port: port, reason: excerpt(reason))
            case .malformedResponse(let reason): throw .unexpectedResponse("\(host):\(port): \(excerpt(reason))")
            case .cancelled: throw .cancelled
            case .invalidRequest(let reason): throw .invalidInput([RuleViolation("request", .unsendable(excerpt(reason)))])
            }
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .connectionLost(host: host, port: port, reason: excerpt(String(describing: error)))
        }
    }

    /// The error an answer outside 2xx is: `preconditionFailed` for 412, else `serverRefused`
    /// with the server's message, masked before it is cut short (so a secret at the cut cannot
    /// half-survive).
    func refusal(_ response: HTTPResponseData) -> MarketError {
        let message = scrub(Self.errorMessage(in: Data(scrub(String(decoding: response.body, as: UTF8.self)).utf8)))
        if response.status == 412 { return .preconditionFailed(message: message) }
        return .serverRefused(status: response.status, message: message)
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
            } else if scalar.isControlCharacter {
                continue
            } else {
                out.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        out = out.trimmingCharacters(in: .whitespaces)
        return out.count > limit ? String(out.prefix(limit)) + "…" : out
    }

    /// Refuses, before anything is sent, a request that would carry a protected secret anywhere
    /// but the `secret` field, or a secret that is not this login's even there (the environment's
    /// secret belongs to the server the shell started on, not to one a script `connect`ed to).
    /// The message names where, never what.
    func refuseLeaks(in request: HTTPRequestData) throws(MarketError) {
        let login = credentials?.secret.revealed
        let foreign = protectedSecrets.filter { $0 != login }
        guard let place = SecretMasking.place(in: request, secrets: secrets, foreign: foreign) else { return }
        if place == .secretField {
            throw .invalidInput([
                RuleViolation("secret", .foreignSecret)
            ])
        }
        throw .invalidInput([RuleViolation(place.text, .secretOutsideItsField)])
    }

    /// The secrets this client protects: its credentials' and `protectedSecrets`.
    var secrets: [String] { (credentials.map { [$0.secret.revealed] } ?? []) + protectedSecrets }

    /// Masks the vendor secret wherever a server echoed it back (as typed or JSON-escaped).
    func scrub(_ text: String) -> String { SecretMasking.masked(text, secrets: secrets) }

    /// Text that goes into an error: secret masked, one line, control characters gone, short.
    /// A decoding failure can quote a value of any size the server sent.
    func excerpt(_ text: String) -> String { scrub(Self.oneLine(scrub(text), limit: 300)) }

    /// Sends an operation that acts as the vendor: the one place credentials are checked, before
    /// the endpoint is even built (so nothing is sent, and no rule is judged, without them).
    private func sendSigned<T>(
        _ endpoint: (VendorCredentials) throws(MarketError) -> Endpoint<T>
    ) async throws(MarketError) -> MarketResponse<T> {
        try await send(endpoint(requireCredentials()))
    }

    /// The credentials, or `MarketError.missingCredentials`: the one check, which every signed
    /// operation makes; a caller that asks the seller something first (delete's confirmation)
    /// calls it before asking.
    public func requireCredentials() throws(MarketError) -> VendorCredentials {
        guard let credentials, !credentials.identifier.isEmpty, !credentials.secret.isEmpty else {
            throw .missingCredentials
        }
        return credentials
    }

    static func checkPaging(page: Int, perPage: Int) throws(MarketError) {
        var problems: [RuleViolation] = []
        if page < 1 { problems.append(RuleViolation("page_no", .notOneOrMore(page))) }
        if !(1...1000).contains(perPage) {
            problems.append(RuleViolation("items_per_page", .outOfRange(low: 1, high: 1000, value: perPage)))
        }
        if !problems.isEmpty { throw .invalidInput(problems) }
    }
}
