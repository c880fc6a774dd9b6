import Foundation
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

@Suite("One route table: the client's paths, the explanations and the dry run read it")
struct MarketRouteTests {
    @Test(arguments: MarketRoute.allCases)
    func everyRoutesPathIsRecognisedAsThatRoute(route: MarketRoute) {
        let path = route.path("12", "tok")
        let match = MarketRoute.recognise(method: route.method.rawValue, path: path)
        #expect(match?.route == route, "\(path)")
        if route.pattern.contains(.parameter) { #expect(match?.parameters.first == "12", "\(path)") }
    }

    @Test func theClientsEndpointsBuildTheirPathsFromTheTable() throws {
        let credentials = VendorCredentials(identifier: "v", secret: Secret("s"))
        let cases: [(String, String, MarketRoute)] = [
            (Endpoints.health().method.rawValue, Endpoints.health().path, .health),
            (Endpoints.listProducts().method.rawValue, Endpoints.listProducts().path, .list),
            (Endpoints.product(id: 7).method.rawValue, Endpoints.product(id: 7).path, .show),
            (
                try Endpoints.editProduct(id: 7, changes: ProductChanges(), credentials: credentials).method.rawValue,
                try Endpoints.editProduct(id: 7, changes: ProductChanges(), credentials: credentials).path, .edit
            ),
            (
                Endpoints.deleteURI(id: 7, credentials: credentials).method.rawValue,
                Endpoints.deleteURI(id: 7, credentials: credentials).path, .deleteURI
            ),
            (
                Endpoints.productSecret(id: 7, credentials: credentials).method.rawValue,
                Endpoints.productSecret(id: 7, credentials: credentials).path, .legacySecret
            ),
            (
                Endpoints.deleteWithProductSecret(id: 7, productSecret: "p", credentials: credentials).method.rawValue,
                Endpoints.deleteWithProductSecret(id: 7, productSecret: "p", credentials: credentials).path, .legacyDelete
            ),
        ]
        for (method, path, route) in cases {
            let match = MarketRoute.recognise(method: method, path: path)
            #expect(match?.route == route, "\(method) \(path)")
        }
        #expect(MarketRoute.recognise(method: "GET", path: Endpoints.product(id: 7).path)?.id == 7)
    }

    @Test func aLiteralSegmentWinsOverAParameter() {
        #expect(MarketRoute.recognise(method: "POST", path: "/api/products/3/archived")?.route == .deleteURI)
        #expect(MarketRoute.recognise(method: "POST", path: "/api/products/3/secret")?.route == .legacySecret)
        #expect(MarketRoute.recognise(method: "DELETE", path: "/api/products/3/abc")?.route == .legacyDelete)
        #expect(MarketRoute.recognise(method: "DELETE", path: "/api/products/MXxhYmM")?.route == .delete)
    }

    @Test func aServerUnderAPathPrefixAndAQueryAreRecognised() {
        #expect(MarketRoute.recognise(method: "GET", path: "/market/api/products/5")?.route == .show)
        #expect(MarketRoute.recognise(method: "GET", path: "/market/api/products/5")?.id == 5)
        #expect(MarketRoute.recognise(method: "GET", path: "/market/api/products?page_no=2")?.route == .list)
        #expect(MarketRoute.recognise(method: "get", path: "/market/healthChecker")?.route == .health)
    }

    @Test func whatTheContractDoesNotHaveIsNotRecognised() {
        #expect(MarketRoute.recognise(method: "PUT", path: "/api/products/3") == nil)
        #expect(MarketRoute.recognise(method: "GET", path: "/api/products/3/archived") == nil)
        #expect(MarketRoute.recognise(method: "GET", path: "/") == nil)
        #expect(MarketRoute.recognise(method: "POST", path: "/api/vendors") == nil)
    }
}
