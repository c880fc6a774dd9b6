import Foundation
import Hummingbird

extension MarketRoutes {
    /// `GET /images/…`: the stored image files and thumbnails, cached for good (their names
    /// never change content).
    func imageRoutes() -> RouteCollection<MarketRequestContext> {
        let routes = RouteCollection(context: MarketRequestContext.self)
        Self.getAndHead(routes, "**") { request, context in try serveImage(request, context) }
        return routes
    }

    func serveImage(_ request: Request, _ context: MarketRequestContext) throws -> Response {
        let path = context.parameters.getCatchAll().joined(separator: "/")
        guard let (data, type) = images.read(path) else { throw APIError(.notFound, "no such image") }
        var response = Self.response(.ok, contentType: type, body: data)
        response.headers[.cacheControl] = "public, max-age=31536000, immutable"
        return response
    }
}
