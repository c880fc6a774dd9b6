import Foundation
import Hummingbird

extension MarketRoutes {
    /// `GET /healthChecker`: the contract's answer is the JSON string "OK", quotes included.
    static func healthRoutes() -> RouteCollection<MarketRequestContext> {
        let routes = RouteCollection(context: MarketRequestContext.self)
        getAndHead(routes) { _, _ in
            Self.response(.ok, contentType: "application/json", body: Data(#""OK""#.utf8))
        }
        return routes
    }
}
