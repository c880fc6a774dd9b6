import Digests
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import OpenMarketContract
import Synchronization

/// What the routes tell the activity record about the request they are answering, through a
/// task-local (the routes run in the middleware's task): the vendor whose secret verified (and,
/// for this request only, the secret, to look for it elsewhere in the request), a create's parts,
/// the product it made. Nothing here outlives the request.
final class ActivityNote: Sendable {
    @TaskLocal static var current: ActivityNote?

    struct Facts {
        var verifiedVendorID: Int?
        var secret: String?
        var photoCount: Int?
        var partsTyped: Bool?
        var createdProductID: Int?
    }
    private let facts = Mutex(Facts())

    var value: Facts { facts.withLock { $0 } }

    /// The route checked `secret` for `vendorID` and it verified.
    func verified(_ vendorID: Int, secret: String) {
        facts.withLock {
            $0.verifiedVendorID = vendorID
            $0.secret = secret
        }
    }

    /// A create's multipart parts, as read.
    func sawParts(_ parts: [UploadedPart]) {
        facts.withLock {
            $0.photoCount = parts.filter { $0.name == "images" }.count
            $0.partsTyped = parts.allSatisfy { $0.contentType.map { !$0.isEmpty } ?? false }
        }
    }

    func created(_ productID: Int) { facts.withLock { $0.createdProductID = productID } }
}

/// Makes an `ActivityRecord` of every request that names a vendor (its `identifier` header) and
/// hands it to `ClassActivity`. Sits inside `ErrorAndLogMiddleware`, so it sees a refusal as the
/// error the route threw (its status and the market's reason), and outside the method checks,
/// so a 405 is recorded too. A request naming no vendor, or one the market does not know, is
/// nobody's activity and is not kept.
struct ActivityMiddleware: RouterMiddleware {
    typealias Context = MarketRequestContext
    let activity: ClassActivity
    let store: MarketStore
    let remembered: RememberedSecrets
    let clock: @Sendable () -> Date

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        guard let identifier = request.headers[MarketRoutes.identifierHeader], !identifier.isEmpty,
            let vendor = try? store.vendor(identifier: identifier)
        else { return try await next(request, context) }
        let time = clock()
        let (route, productID) = ActivityRoute.of(method: request.method, path: request.uri.path)
        let owner = productID.flatMap { try? store.productVendorID(id: $0) }
        let note = ActivityNote()
        var request = request
        let read = request.method == .post ? TappedBytes() : nil
        if let read { request.body = RequestBody(asyncSequence: TappedBody(base: request.body, tap: read)) }
        let status: Int
        var errorCode: String?
        let outcome: Result<Response, any Error>
        do {
            let response = try await ActivityNote.$current.withValue(note) { try await next(request, context) }
            status = response.status.code
            // The method check answers a 405 itself (inside this middleware), with no error thrown.
            if response.status == .methodNotAllowed { errorCode = "methodNotAllowed" }
            outcome = .success(response)
        } catch {
            (status, errorCode) = Self.refusal(error)
            outcome = .failure(error)
        }
        let facts = note.value
        // A login checked by the contract's no-op edit of the probe product, which verified: no
        // request of the student's (`CredentialProbe`).
        if request.method == .patch, productID == CredentialProbe.productID, status == 404,
            facts.verifiedVendorID == vendor.id
        {
            return try outcome.get()
        }
        let made = facts.createdProductID
        // A DELETE carries no secret: the token in its path (made for the owner once their secret
        // verified) is its credential, so one answered 2xx counts as authenticated.
        let tokenAccepted = request.method == .delete && status / 100 == 2
        let record = ActivityRecord(
            time: time, vendorID: vendor.id, authenticated: facts.verifiedVendorID == vendor.id || tokenAccepted,
            method: request.method.rawValue,
            route: route.rawValue, productID: made ?? productID, ownProduct: made != nil ? true : owner.map { $0 == vendor.id },
            status: status, errorCode: errorCode, ifMatch: request.headers[.ifMatch] != nil,
            ifNoneMatch: request.headers[.ifNoneMatch] != nil, photoCount: facts.photoCount, partsTyped: facts.partsTyped,
            hadBody: Self.hasBody(request), secretMisplaced: misplaced(facts.secret, in: request, vendor: vendor),
            bodyDigest: read.flatMap { Self.digest($0, contentType: request.headers[.contentType]) })
        activity.record(record)
        return try outcome.get()
    }

    /// A refusal's status and the market's reason, as `ErrorAndLogMiddleware` will answer it.
    static func refusal(_ error: any Error) -> (Int, String?) {
        switch error {
        case let error as APIError: (error.status.code, caseName(error.message))
        case let error as HTTPError: (error.status.code, error.status == .notFound ? "noSuchEndpoint" : nil)
        case let error as any HTTPResponseError: (error.status.code, nil)
        case is HTTPParserError: (400, "framingBroken")
        case let error where DiskFull.matches(error): (DiskFull.status.code, "diskFull")
        default: (500, "internalError")
        }
    }

    /// The name of a message's case (`changedSinceRead`), without what it carries.
    static func caseName(_ message: MarketMessage) -> String {
        if let label = Mirror(reflecting: message).children.first?.label { return label }
        return String(describing: message)
    }

    static func hasBody(_ request: Request) -> Bool {
        if let length = request.headers[.contentLength] { return Int(length).map { $0 > 0 } ?? true }
        return request.headers[.transferEncoding] != nil
    }

    /// The SHA-256 of a POST's body, to spot the same POST sent again. A multipart body is hashed
    /// without its boundary: a client picks a new one for every request, so the same parts sent
    /// twice would otherwise never look alike.
    static func digest(_ read: TappedBytes, contentType: String?) -> String? {
        var (bytes, ended) = read.value
        guard ended else { return nil }
        if let boundary = multipartBoundary(contentType) {
            let delimiter = Data(("--" + boundary).utf8)
            var kept = Data(capacity: bytes.count)
            var start = bytes.startIndex
            while let found = bytes.range(of: delimiter, in: start..<bytes.endIndex) {
                kept.append(bytes[start..<found.lowerBound])
                kept.append(contentsOf: Array("--".utf8))
                start = found.upperBound
            }
            kept.append(bytes[start...])
            bytes = Data("multipart\r\n".utf8) + kept
        }
        return SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// The boundary a `multipart/…` Content-Type names (quoted or not), nil for any other body.
    static func multipartBoundary(_ contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.unicodeScalars.count >= 2 {
                value = String(String.UnicodeScalarView(value.unicodeScalars.dropFirst().dropLast()))
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// Whether the vendor's secret is in the path, the query or any header. When the route
    /// verified a secret, that secret is looked for; otherwise each word there is compared by
    /// its keyed fingerprint with the vendor's remembered one: the secret that last verified, or
    /// the one `class add` or `class reset-secret` just made (kept in the database, so also when
    /// another process made it after this market started). Cheap, and only the vendor's own
    /// secret can match.
    func misplaced(_ secret: String?, in request: Request, vendor: StoredVendor) -> Bool {
        let target = request.uri.description
        let places = [target, target.removingPercentEncoding ?? target] + request.headers.map(\.value)
        if let secret, !secret.isEmpty {
            return places.contains { $0.utf8.count >= secret.utf8.count && $0.contains(secret) }
        }
        let separators = Set("/?&=;, :\t\"'".unicodeScalars)
        var stored: Data?? = nil
        for place in places {
            let words = place.unicodeScalars.split(whereSeparator: { separators.contains($0) })
            for word in words where (8...256).contains(word.count) {
                let print = remembered.fingerprint(String(String.UnicodeScalarView(word)), for: vendor)
                if remembered.matches(print, vendorID: vendor.id) { return true }
                if stored == nil { stored = .some(try? store.rememberedFingerprint(vendorID: vendor.id)) }
                if let known = stored ?? nil, SecretVerifier.constantTimeEqual(known, print) { return true }
            }
        }
        return false
    }
}

/// A request's route as a template (`/api/products/{id}`) and the product it names. The cases
/// are every route the activity record names, for an assignment's step to name.
enum ActivityRoute: String, CaseIterable, Sendable {
    case healthChecker = "/healthChecker", openAPI = "/openapi.json", api = "/api", root = "/"
    case products = "/api/products", product = "/api/products/{id}", deleteToken = "/api/products/{token}"
    case archived = "/api/products/{id}/archived", secret = "/api/products/{id}/secret"
    case productWithSecret = "/api/products/{id}/{secret}", storefront = "/products/{id}", image = "/images/{path}"
    case other = "/{other}"

    static func of(method: HTTPRequest.Method, path: String) -> (route: ActivityRoute, productID: Int?) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        // One segment is a route by its name (`/api`, `/healthChecker`) or falls to the last case.
        if segments.count == 1, let route = ActivityRoute(rawValue: "/" + segments[0]) { return (route, nil) }
        switch segments.count {
        case 2 where segments[0] == "api" && segments[1] == "products":
            return (.products, nil)
        case 3 where segments[0] == "api" && segments[1] == "products":
            if let id = Int(segments[2]) { return (.product, id) }
            if method == .delete { return (.deleteToken, DeleteToken.parse(segments[2])?.productID) }
            return (.product, nil)
        case 4 where segments[0] == "api" && segments[1] == "products":
            let id = Int(segments[2])
            switch segments[3] {
            case "archived": return (.archived, id)
            case "secret": return (.secret, id)
            default: return (.productWithSecret, id)
            }
        case 2 where segments[0] == "products":
            return (.storefront, Int(segments[1]))
        default:
            return (segments.first == "images" ? .image : .other, nil)
        }
    }
}

extension MarketStore {
    /// The fingerprint of the vendor's remembered secret as the database keeps it.
    func rememberedFingerprint(vendorID: Int) throws -> Data? {
        try pool.read { db in
            try Data.fetchOne(
                db.cachedStatement(sql: "SELECT fingerprint FROM remembered_secrets WHERE vendor_id = ?"),
                arguments: [vendorID])
        }
    }

    /// The vendor who owns product `id`, nil when there is none.
    func productVendorID(id: Int) throws -> Int? {
        try pool.read { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT vendor_id FROM products WHERE id = ?"), arguments: [id])
        }
    }
}
