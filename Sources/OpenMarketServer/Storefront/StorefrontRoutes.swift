import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenMarketContract
import ServiceLifecycle

/// The storefront: the catalog as a buyer sees it, read-only and without credentials. `/` lists
/// the products (`?page=N`, `?view=grid`), `/products/ID` shows one; `/storefront/events` tells
/// open pages when products are created, changed or deleted (Server-Sent Events), and
/// `/storefront/app.js` and `style.css` are the pages' only script and style.
extension MarketRoutes {
    /// Allows this origin's script, style, images and event stream, and nothing inline.
    static let storefrontPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    func storefrontRoutes() -> RouteCollection<MarketRequestContext> {
        let routes = RouteCollection(context: MarketRequestContext.self)
        Self.getAndHead(routes, "/") { request, _ in try storefrontList(request) }
        Self.getAndHead(routes, "/products/:id") { request, context in try storefrontDetail(request, context) }
        Self.getAndHead(routes, "/storefront/app.js") { _, _ in
            Self.asset(StorefrontAssets.script, type: "text/javascript; charset=utf-8")
        }
        Self.getAndHead(routes, "/storefront/style.css") { _, _ in
            Self.asset(StorefrontAssets.style, type: "text/css; charset=utf-8")
        }
        Self.getAndHead(routes, "/storefront/events") { _, context in storefrontEvents(client: context.clientKey) }
        return routes
    }

    func storefrontList(_ request: Request) throws -> Response {
        let language = Language.answering(request.headers[.acceptLanguage])
        let query = request.uri.queryParameters
        let grid = query["view"] == "grid"
        let asked = query["page"].flatMap { Int($0) }.map { min(max($0, 1), Int(Int32.max)) } ?? 1
        // Kept with the JSON list pages, and cleared with them by every write (`catalogChanged`):
        // rendering twenty cards from the templates cost about 5 ms a page.
        let key = ListCache.Key(
            base: "storefront \(language.rawValue) \(grid ? "grid" : "list")", page: asked, perPage: StorefrontPages.perPage,
            search: nil)
        let cached = listCache.get(key)
        if let body = cached.body { return Self.page(.ok, body) }
        var (total, stored) = try store.listProducts(page: asked, perPage: StorefrontPages.perPage, search: nil)
        let lastPage = max(1, (total + StorefrontPages.perPage - 1) / StorefrontPages.perPage)
        var page = asked
        if page > lastPage {
            // Past the end (the catalog shrank since the link was made): the last page.
            page = lastPage
            stored = try store.listProducts(page: page, perPage: StorefrontPages.perPage, search: nil).products
        }
        let products = stored.map { product(from: $0, base: "") }
        let html = ByteBuffer(string: storefront.listPage(products, page: page, lastPage: lastPage, grid: grid, in: language))
        listCache.put(key, html, readAt: cached.generation)
        return Self.page(.ok, html)
    }

    func storefrontDetail(_ request: Request, _ context: MarketRequestContext) throws -> Response {
        let language = Language.answering(request.headers[.acceptLanguage])
        guard let id = Int(context.parameters.get("id") ?? ""), id > 0, let stored = try store.product(id: id) else {
            return Self.page(.notFound, storefront.missingPage(in: language))
        }
        return Self.page(.ok, storefront.detailPage(product(from: stored, base: ""), in: language))
    }

    /// The event stream of one open page: `retry`, then an event per catalog change and a
    /// comment every `keepAlive` (so proxies and the market's own idle timeout keep it open),
    /// until the page closes, `lifetime` passes (the browser reconnects), or the market stops.
    /// Past the bounds of `StorefrontEvents` (in all, or from `client`'s address) it answers 503
    /// with `Retry-After`.
    func storefrontEvents(client: String) -> Response {
        guard events.hasRoom(for: client) else {
            var busy = Response(
                status: .serviceUnavailable, headers: [.retryAfter: String(StorefrontEvents.retryAfterSeconds)])
            busy.headers[.contentType] = "text/plain; charset=utf-8"
            return busy
        }
        let events = self.events
        // Subscribed when the body is written, so a HEAD (whose body is never written) holds
        // no place.
        let body = ResponseBody { writer in
            guard let (id, stream) = events.subscribe(client: client) else {
                try await writer.finish(nil)
                return
            }
            defer { events.unsubscribe(id) }
            try await writer.write(ByteBuffer(string: "retry: 2000\n: open market storefront events\n\n"))
            try await withGracefulShutdownHandler {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        let started = ContinuousClock.now
                        while ContinuousClock.now - started < StorefrontEvents.lifetime {
                            try await Task.sleep(for: StorefrontEvents.keepAlive)
                            events.send(": keep-alive\n\n", to: id)
                        }
                        events.unsubscribe(id)
                    }
                    for await text in stream { try await writer.write(ByteBuffer(string: text)) }
                    group.cancelAll()
                }
            } onGracefulShutdown: {
                events.unsubscribe(id)
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
                HTTPField.Name("X-Accel-Buffering")!: "no",
            ],
            body: body)
    }

    /// Tells the open storefront pages what changed (and forgets the cached JSON lists).
    func catalogChanged(_ kind: CatalogChange.Kind, _ id: Int) {
        listCache.invalidate()
        events.publish(CatalogChange(kind: kind, id: id))
    }

    private static func page(_ status: HTTPResponse.Status, _ html: String) -> Response {
        page(status, ByteBuffer(string: html))
    }

    private static func page(_ status: HTTPResponse.Status, _ html: ByteBuffer) -> Response {
        var response = response(status, contentType: "text/html; charset=utf-8", body: html)
        response.headers[.contentSecurityPolicy] = storefrontPolicy
        response.headers[.vary] = "Accept-Language"
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[.cacheControl] = "no-cache"
        return response
    }

    private static func asset(_ text: String, type: String) -> Response {
        var response = response(.ok, contentType: type, body: Data(text.utf8))
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        response.headers[.cacheControl] = "no-cache"
        return response
    }
}
