import Foundation
import Hummingbird

extension MarketRoutes {
    /// The document, built once per market: it depends on nothing that changes while it runs.
    static let openAPIBody = OpenAPIDocument.json

    /// `GET /openapi.json` (and HEAD): the OpenAPI 3.1 document of what this market answers.
    static func openAPIRoutes() -> RouteCollection<MarketRequestContext> {
        let routes = RouteCollection(context: MarketRequestContext.self)
        getAndHead(routes) { _, _ in
            var response = Self.response(.ok, contentType: "application/json", body: openAPIBody)
            response.headers[.cacheControl] = "no-cache"
            return response
        }
        return routes
    }
}
