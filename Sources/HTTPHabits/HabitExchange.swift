import Foundation

/// One exchange as the habit rules see it, whoever saw it: a line of a script before it runs
/// (what it will send), an exchange of the shell's log (what was sent and answered), or a record
/// of the market's activity (what the market received). Only what the rules read: the method,
/// the operation and what it is about, the header names, the conditions, whether a body came and
/// what its parts said they were, where a secret was, and when. Never a header's value, a body or
/// a secret.
public struct HabitExchange: Sendable, Hashable {
    /// Where it came from, so that a finding can name it.
    public enum Source: Sendable, Hashable {
        /// A script's line (its number in the file).
        case line(Int)
        /// The shell's exchange log (`exchange N`).
        case exchange(Int)
        /// The market's activity record (its sequence number).
        case record(Int64)
    }

    /// The market's operations (the contract's routes), and `other` for a path it has none for.
    public enum Operation: String, Sendable, Hashable, CaseIterable {
        case health, list, show, create, edit, deleteURI, delete, legacySecret, legacyDelete, other
        /// Not one request but a line that changes products without showing their new versions
        /// (a script's `undo`, `redo`, `import`): every product may have changed after it.
        case unseenChanges

        /// A route's template as the market names it (`/api/products/{id}`) with its method.
        public init(method: String, template: String) {
            let segments = template.split(separator: "/").map(String.init)
            let parameter = { (segment: String) in segment.hasPrefix("{") && segment.hasSuffix("}") }
            let products = segments.count >= 2 && segments[0] == "api" && segments[1] == "products"
            switch (method.uppercased(), segments.count) {
            case ("GET", 1) where segments[0] == "healthChecker": self = .health
            case ("GET", 2) where products: self = .list
            case ("POST", 2) where products: self = .create
            case ("GET", 3) where products && parameter(segments[2]): self = .show
            case ("PATCH", 3) where products && parameter(segments[2]): self = .edit
            case ("DELETE", 3) where products && parameter(segments[2]): self = .delete
            case ("POST", 4) where products && segments[3] == "archived": self = .deleteURI
            case ("POST", 4) where products && segments[3] == "secret": self = .legacySecret
            case ("DELETE", 4) where products && parameter(segments[3]): self = .legacyDelete
            default: self = .other
            }
        }

        /// A change of a product: the rules count these as writes (step 1 of a delete only reads).
        public var changesAProduct: Bool { [.create, .edit, .delete, .legacyDelete].contains(self) }
    }

    /// What came back.
    public enum Answer: Sendable, Hashable {
        /// Not sent: a script's line before it runs.
        case planned
        /// The answer's status.
        case status(Int)
        /// No answer came: refused, timed out, cut off.
        case none

        /// The status, when one came.
        public var status: Int? { if case .status(let code) = self { code } else { nil } }
        /// Whether the sender cannot know what happened: no answer, or a 5xx other than 503.
        public var unknownOutcome: Bool {
            switch self {
            case .planned: false
            case .none: true
            // 503 says the request was not processed; the others do not say.
            case .status(let code): code >= 500 && code != 503
            }
        }
        /// Whether it went through (or, before it is sent, is taken to).
        public var succeeded: Bool {
            switch self {
            case .planned: true
            case .none: false
            case .status(let code): (200..<400).contains(code)
            }
        }
    }

    /// Where a secret was seen outside the body's `secret` field.
    public enum Place: String, Sendable, Hashable, CaseIterable, Comparable {
        case path, query, header
        /// The path, the query or a header: the market's record says only that it was one.
        case urlOrHeader

        public static func < (lhs: Place, rhs: Place) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public var source: Source
    /// When it was sent; nil before it is sent.
    public var time: Date?
    /// Upper case: `GET`, `PATCH`.
    public var method: String
    public var operation: Operation
    /// What it asks for, the same text for the same thing (the route with its values and the
    /// query; a script's path as written): polling is the same target read again and again.
    public var target: String
    /// The product it is about (an id, or a script's name for one: `$mug`), nil when none.
    public var product: String?
    public var answer: Answer
    /// The request's header names, lower case.
    public var headerNames: Set<String>
    public var ifMatch: Bool
    public var ifNoneMatch: Bool
    public var hasBody: Bool
    /// Each multipart part's `Content-Type` (nil for a part without one); nil when the body is
    /// not multipart (or its parts are not known).
    public var partTypes: [String?]?
    /// Where a secret was seen outside the body's `secret` field.
    public var secretPlaces: Set<Place>
    /// What the body was, as a key that is the same for the same body (a digest, or the parts
    /// as composed); nil when not known.
    public var bodyKey: String?
    /// Whether the answer carried an `ETag` (a read that could have been conditional).
    public var answerHadETag: Bool

    public init(
        source: Source, time: Date? = nil, method: String, operation: Operation, target: String, product: String? = nil,
        answer: Answer, headerNames: Set<String> = [], ifMatch: Bool = false, ifNoneMatch: Bool = false,
        hasBody: Bool = false, partTypes: [String?]? = nil, secretPlaces: Set<Place> = [], bodyKey: String? = nil,
        answerHadETag: Bool = false
    ) {
        self.source = source
        self.time = time
        self.method = method.uppercased()
        self.operation = operation
        self.target = target
        self.product = product
        self.answer = answer
        self.headerNames = Set(headerNames.map { $0.lowercased() })
        self.ifMatch = ifMatch || self.headerNames.contains("if-match")
        self.ifNoneMatch = ifNoneMatch || self.headerNames.contains("if-none-match")
        self.hasBody = hasBody
        self.partTypes = partTypes
        self.secretPlaces = secretPlaces
        self.bodyKey = bodyKey
        self.answerHadETag = answerHadETag
    }

    /// One of the market's activity records, given field by field (the market's
    /// `ActivityRecord` converts itself with this, as the board asks: this module knows nothing
    /// of the market). `route` is its template (`/api/products/{id}`); `partsTyped` false when a
    /// multipart part came without a `Content-Type`; `secretMisplaced` when the vendor's secret
    /// was in the path, the query or a header.
    public static func marketRecord(
        sequence: Int64, time: Date, method: String, route: String, productID: Int?, status: Int, ifMatch: Bool,
        ifNoneMatch: Bool, hadBody: Bool, partsTyped: Bool?, secretMisplaced: Bool, bodyDigest: String?
    ) -> HabitExchange {
        let operation = Operation(method: method, template: route)
        let product = productID.map(String.init)
        // The market answers a product's reads with an ETag.
        let etag = operation == .show && (200..<300).contains(status)
        return HabitExchange(
            source: .record(sequence), time: time, method: method, operation: operation,
            target: route + (product.map { "#" + $0 } ?? ""), product: product, answer: .status(status),
            ifMatch: ifMatch, ifNoneMatch: ifNoneMatch, hasBody: hadBody,
            partTypes: partsTyped == false ? [nil] : nil, secretPlaces: secretMisplaced ? [.urlOrHeader] : [],
            bodyKey: bodyDigest, answerHadETag: etag)
    }
}
