import HTTPTypes

/// Which methods each of the market's paths takes: the one table the `405` answer's and the
/// `OPTIONS` answer's `Allow` header are made from. It mirrors the routes registered in
/// `MarketRoutes.register` (a test checks every row against the live router); HEAD is allowed
/// wherever GET is, and OPTIONS everywhere.
enum MethodTable {
    /// A path pattern: literal segments, `:` for any one segment, `**` for the rest.
    struct Row: Sendable {
        var pattern: [String]
        var methods: [HTTPRequest.Method]
    }

    static let rows: [Row] = [
        Row(pattern: ["healthChecker"], methods: [.get]),
        Row(pattern: ["api", "products"], methods: [.get, .post]),
        // `:` is an id, or the delete URI's token (`DELETE /api/products/{token}`).
        Row(pattern: ["api", "products", ":"], methods: [.get, .patch, .delete]),
        Row(pattern: ["api", "products", ":", "archived"], methods: [.post]),
        Row(pattern: ["api", "products", ":", "secret"], methods: [.post]),
        // The earlier host's delete: `DELETE /api/products/{id}/{product_secret}`.
        Row(pattern: ["api", "products", ":", ":"], methods: [.delete]),
        Row(pattern: ["images", "**"], methods: [.get]),
        Row(pattern: ["openapi.json"], methods: [.get]),
        // The storefront (read-only): its pages, its script and style, its event stream.
        Row(pattern: [], methods: [.get]),
        Row(pattern: ["products", ":"], methods: [.get]),
        Row(pattern: ["storefront", "app.js"], methods: [.get]),
        Row(pattern: ["storefront", "style.css"], methods: [.get]),
        Row(pattern: ["storefront", "events"], methods: [.get]),
    ]

    /// The methods `path` takes, in the order an `Allow` header lists them; nil when no route
    /// has that path (a 404, not a 405).
    static func allowed(forPath path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let matching = rows.filter { matches($0.pattern, segments) }
        // As the router's trie does, a literal segment wins over a parameter: `/api/products/1/archived`
        // is the archive route only, not also the earlier host's `DELETE /api/products/{id}/{secret}`.
        let literals = matching.map { $0.pattern.filter { $0 != ":" && $0 != "**" }.count }
        guard let most = literals.max() else { return nil }
        var methods = zip(matching, literals).filter { $0.1 == most }.flatMap(\.0.methods)
        if methods.contains(.get) { methods.append(.head) }
        methods.append(.options)
        return order.filter { methods.contains($0) }
    }

    /// Every method some path takes, for `OPTIONS *` (the server as a whole).
    static var serverWide: [HTTPRequest.Method] {
        let methods = Set(rows.flatMap(\.methods) + [.head, .options])
        return order.filter { methods.contains($0) }
    }

    private static let order: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]

    /// The `Allow` header's value: `GET, HEAD, PATCH, DELETE, OPTIONS`.
    static func allowHeader(_ methods: [HTTPRequest.Method]) -> String {
        methods.map(\.rawValue).joined(separator: ", ")
    }

    private static func matches(_ pattern: [String], _ segments: [String]) -> Bool {
        if pattern.last == "**" {
            return segments.count >= pattern.count
                && zip(pattern.dropLast(), segments).allSatisfy { $0 == ":" || $0 == $1 }
        }
        return pattern.count == segments.count && zip(pattern, segments).allSatisfy { $0 == ":" || $0 == $1 }
    }
}
