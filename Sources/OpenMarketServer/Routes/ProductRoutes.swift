import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import MarketImages
import NIOCore
import OpenMarketContract

extension MarketRoutes {
    /// `/api/products…`: the product resource, read, created, edited and deleted.
    func productRoutes() -> RouteCollection<MarketRequestContext> {
        let routes = RouteCollection(context: MarketRequestContext.self)
        Self.getAndHead(routes) { request, _ in try await list(request) }
        Self.getAndHead(routes, ":id") { request, context in try await detail(request, context) }
        routes.post { request, context in try await create(request, context) }
        routes.patch(":id") { request, context in try await edit(request, context) }
        routes.post(":id/archived") { request, context in try await deleteURI(request, context) }
        routes.post(":id/secret") { request, context in try await productSecret(request, context) }
        // The delete URI's token sits where an id sits in the other routes; Hummingbird's trie
        // requires one parameter name per position, so it is read as "id" and parsed as a token.
        routes.delete(":id") { request, context in try await delete(request, context) }
        routes.delete(":id/:secret") { request, context in try await legacyDelete(request, context) }
        return routes
    }

    // MARK: Reading

    /// The list's query bounds and default (the contract's §4); the OpenAPI document states these.
    static let pageNumbers = 1...Int(Int32.max)
    static let itemsPerPage = 1...1000
    static let defaultItemsPerPage = 20

    func list(_ request: Request) async throws -> Response {
        let query = Self.queryParameters(request)
        let page = try Self.integer(query["page_no"], name: "page_no", default: 1, range: Self.pageNumbers)
        let perPage = try Self.integer(
            query["items_per_page"], name: "items_per_page", default: Self.defaultItemsPerPage, range: Self.itemsPerPage)
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

    func detail(_ request: Request, _ context: MarketRequestContext) async throws -> Response {
        let id = try Self.productID(context)
        guard let stored = try store.product(id: id) else { throw Self.notFound(id) }
        // A conditional GET (RFC 9110 §13.1.2): the copy the client has is current, so no body.
        if let tags = request.headers[.ifNoneMatch], Self.etag(stored.etag, matches: tags) {
            return Response(status: .notModified, headers: [.eTag: stored.etag])
        }
        return try Self.json(.ok, product(from: stored, base: baseURL(for: request)), etag: stored.etag)
    }
}
