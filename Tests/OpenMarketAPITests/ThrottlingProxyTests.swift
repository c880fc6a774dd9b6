import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

@Suite("The throttling proxy in front of a bundled market")
struct ThrottlingProxyTests {
    @Test func itCountsWhatItForwardsAndWhatItRefuses() async throws {
        try await TestMarket.with { market in
            let proxy = try ThrottlingProxy(
                target: market.baseURL,
                refusals: [.init(method: "POST", path: "/api/products", times: 2, status: 503, retryAfter: "7")])
            defer { proxy.stop() }
            var client = market.client()
            client.baseURL = proxy.baseURL
            #expect(try await client.health().value == "OK")
            let image = try UploadImage.load(path: Fixtures.image("tiny-animated.gif").path)
            let draft = ProductDraft(name: "Counted", description: "Counted by the proxy", price: 5, currency: .usd)
            for _ in 0..<2 {
                let error = await marketError { try await client.create(draft, images: [image]) }
                #expect(error == .serverRefused(status: 503, message: "busy (refused by the throttling proxy)"))
            }
            let created = try await client.create(draft, images: [image])
            _ = try await client.products(page: 1, perPage: 5)
            _ = try await client.product(id: created.value.id)
            #expect(proxy.count("POST", "/api/products") == .init(forwarded: 1, refused: 2))
            #expect(proxy.count("GET", "/healthChecker") == .init(forwarded: 1, refused: 0))
            #expect(proxy.count("GET", "/api/products") == .init(forwarded: 1, refused: 0))
            #expect(proxy.count("GET", "/api/products/\(created.value.id)") == .init(forwarded: 1, refused: 0))
            #expect(proxy.counts.count == 4)
            #expect(try await market.client().allProducts().products.map(\.id) == [created.value.id])
        }
    }

    @Test func theRefusalCarriesRetryAfterAsGiven() async throws {
        try await TestMarket.with { market in
            let proxy = try ThrottlingProxy(
                target: market.baseURL, refusals: [.init(times: 1, retryAfter: "soon") { _, _ in true }])
            defer { proxy.stop() }
            let transport = AsyncHTTPClientTransport.shared
            let url = proxy.baseURL.appendingPathComponent("healthChecker")
            let refused = try await transport.send(HTTPRequestData(method: .get, url: url), timeout: .seconds(30))
            #expect(refused.status == 429)
            #expect(refused.headers["Retry-After"] == "soon")
            let relayed = try await transport.send(HTTPRequestData(method: .get, url: url), timeout: .seconds(30))
            #expect(relayed.status == 200)
            #expect(relayed.body == Data(#""OK""#.utf8))
            #expect(proxy.count("GET", "/healthChecker") == .init(forwarded: 1, refused: 1))
        }
    }
}
