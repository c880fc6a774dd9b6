import Foundation

/// One request the market answered for a vendor, as grading, the teacher's board and the HTTP
/// habits linter need it, and nothing more: never a secret, never a body (a POST's body only as
/// a digest, to spot the same POST sent twice), never the path a student typed (only the route's
/// template), never a header's value.
public struct ActivityRecord: Sendable, Hashable, Codable {
    /// The row's number once kept (rising with time); nil for a record not yet written.
    public var sequence: Int64?
    public var time: Date
    /// The vendor the request's `identifier` header named.
    public var vendorID: Int
    /// Whether the secret the request carried verified for that vendor, or a DELETE's token did
    /// (a request that needs none, a GET, is never authenticated; steps that change products
    /// count only these).
    public var authenticated: Bool
    public var method: String
    /// The route's template, e.g. `/api/products/{id}`; `/{other}` for a path the market has no
    /// route for (what was typed there is not kept: it may hold a secret).
    public var route: String
    /// The product the path named (or a delete token, or a create, made).
    public var productID: Int?
    /// Whether that product was the vendor's own when the request came; nil when there was no
    /// such product.
    public var ownProduct: Bool?
    public var status: Int
    /// The market's reason for a refusal, e.g. `changedSinceRead`, `anotherVendorsProduct`,
    /// `wrongSecret` (the case of the market's message, never its text).
    public var errorCode: String?
    public var ifMatch: Bool
    public var ifNoneMatch: Bool
    /// A create's image parts (nil for any other request, or a create whose body was not read).
    public var photoCount: Int?
    /// Whether every part of a create's multipart body declared a `Content-Type`.
    public var partsTyped: Bool?
    /// Whether the request came with a body (a `Content-Length` over 0, or chunked).
    public var hadBody: Bool
    /// Whether the vendor's secret appeared in the path, the query or a header: computed when
    /// the request came, the secret itself never kept.
    public var secretMisplaced: Bool
    /// A POST's body, SHA-256 in hex, when the route read it whole.
    public var bodyDigest: String?

    public init(
        sequence: Int64? = nil, time: Date, vendorID: Int, authenticated: Bool, method: String, route: String,
        productID: Int? = nil, ownProduct: Bool? = nil, status: Int, errorCode: String? = nil, ifMatch: Bool = false,
        ifNoneMatch: Bool = false, photoCount: Int? = nil, partsTyped: Bool? = nil, hadBody: Bool = false,
        secretMisplaced: Bool = false, bodyDigest: String? = nil
    ) {
        self.sequence = sequence
        self.time = time
        self.vendorID = vendorID
        self.authenticated = authenticated
        self.method = method
        self.route = route
        self.productID = productID
        self.ownProduct = ownProduct
        self.status = status
        self.errorCode = errorCode
        self.ifMatch = ifMatch
        self.ifNoneMatch = ifNoneMatch
        self.photoCount = photoCount
        self.partsTyped = partsTyped
        self.hadBody = hadBody
        self.secretMisplaced = secretMisplaced
        self.bodyDigest = bodyDigest
    }
}

/// What one vendor has done so far, for the board's row.
public struct ActivitySummary: Sendable, Hashable {
    public var vendorID: Int
    public var requests: Int
    /// How many requests of each method (`GET`, `POST`, …).
    public var methods: [String: Int]
    public var successes: Int
    public var clientErrors: Int
    public var serverErrors: Int
    /// Products the vendor registered (creates answered 201).
    public var productsRegistered: Int
    /// The latest request answered 4xx or 5xx.
    public var lastError: ActivityRecord?
    public var lastSeen: Date?

    public init(vendorID: Int) {
        self.vendorID = vendorID
        requests = 0
        methods = [:]
        successes = 0
        clientErrors = 0
        serverErrors = 0
        productsRegistered = 0
    }
}
