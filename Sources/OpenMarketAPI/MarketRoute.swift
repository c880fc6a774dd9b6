/// The contract's operations and their paths, in one table: `Endpoints` builds its paths from it,
/// and whatever must say which operation a request was (the explanations, the dry run's
/// in-memory market) recognises it here, by method and path pattern, never by counting segments.
public enum MarketRoute: String, Sendable, CaseIterable {
    case health
    case list
    case create
    case show
    case edit
    /// Delete, step 1: `POST /api/products/{id}/archived` answers the delete URI.
    case deleteURI
    /// Delete, step 2: `DELETE /api/products/{token}` (the URI step 1 answered).
    case delete
    /// The earlier host's step 1: `POST /api/products/{id}/secret` answers the product secret.
    case legacySecret
    /// The earlier host's step 2: `DELETE /api/products/{id}/{product secret}`.
    case legacyDelete

    /// One segment of a path pattern.
    public enum Segment: Sendable, Equatable {
        case literal(String)
        /// A value: an id, a delete token, a product secret.
        case parameter
    }

    public var method: HTTPMethod {
        switch self {
        case .health, .list, .show: .get
        case .create, .deleteURI, .legacySecret: .post
        case .edit: .patch
        case .delete, .legacyDelete: .delete
        }
    }

    /// The path pattern, segment by segment.
    public var pattern: [Segment] {
        let products: [Segment] = [.literal("api"), .literal("products")]
        return switch self {
        case .health: [.literal("healthChecker")]
        case .list, .create: products
        case .show, .edit, .delete: products + [.parameter]
        case .deleteURI: products + [.parameter, .literal("archived")]
        case .legacySecret: products + [.parameter, .literal("secret")]
        case .legacyDelete: products + [.parameter, .parameter]
        }
    }

    /// The path with `values` in the parameters' places, in order (already encoded for a path).
    public func path(_ values: String...) -> String {
        var remaining = values[...]
        let segments = pattern.map { segment -> String in
            switch segment {
            case .literal(let text): return text
            case .parameter: return remaining.popFirst() ?? ""
            }
        }
        return "/" + segments.joined(separator: "/")
    }

    /// A request recognised: which operation, and the values in its parameters' places.
    public struct Match: Sendable, Equatable {
        public var route: MarketRoute
        public var parameters: [String]

        /// The first parameter as an id, when it is one.
        public var id: Int? { parameters.first.flatMap { Int($0) } }
    }

    /// The operation a request is, by its method and path (a query is ignored). The pattern is
    /// matched against the end of the path, so a server under a prefix (`http://host/market`) is
    /// recognised too. A longer pattern wins, then the one with more literal segments, as the
    /// server's router decides: `/api/products/1/archived` is step 1 of a delete, not the earlier
    /// host's `DELETE /api/products/{id}/{secret}`.
    public static func recognise(method: String, path: String) -> Match? {
        let pathPart = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let segments = pathPart.split(separator: "/").map(String.init)
        let ordered = allCases.filter { $0.method.rawValue == method.uppercased() }.sorted {
            ($0.pattern.count, $0.literalCount) > ($1.pattern.count, $1.literalCount)
        }
        for route in ordered where route.pattern.count <= segments.count {
            var parameters: [String] = []
            var matches = true
            for (segment, text) in zip(route.pattern, segments.suffix(route.pattern.count)) {
                switch segment {
                case .literal(let literal): matches = matches && literal == text
                case .parameter: parameters.append(text)
                }
            }
            if matches { return Match(route: route, parameters: parameters) }
        }
        return nil
    }

    private var literalCount: Int {
        pattern.filter { if case .literal = $0 { true } else { false } }.count
    }
}
