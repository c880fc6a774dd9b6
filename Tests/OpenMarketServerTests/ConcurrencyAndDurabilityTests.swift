import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import Testing

@Suite("Parallel writers and restarts")
struct ConcurrencyAndDurabilityTests {
    @Test func fiftyParallelCreatesFromTwoVendors() async throws {
        try await TestMarket.with { market in
            let other = try await market.running.data.addVendor(name: "second-shop").credentials
            let vendors = [market.demo, other]
            let products = try await withThrowingTaskGroup(of: Product.self) { group in
                for n in 0..<50 {
                    group.addTask {
                        try await market.createProduct(
                            name: "Parallel \(n)", stock: n, images: ["tiny-animated.gif", "coffee-small.jpg"], as: vendors[n % 2]
                        )
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(products.map(\.id)).count == 50)
            let listed = try await market.client().allProducts(perPage: 100).products
            #expect(listed.count == 50)
            for product in products {
                let detail = try await market.client().product(id: product.id).value
                #expect(detail.images?.count == 2)
                #expect(detail.name == product.name)
                #expect(detail.stock == Int(product.name.split(separator: " ").last!)!)
                #expect(detail.vendor?.name == (detail.stock % 2 == 0 ? "demo-shop" : "second-shop"))
            }
        }
    }

    @Test func twoConcurrentConditionalEditsExactlyOneWins() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct(stock: 10)
            let client = market.client()
            // Warm the secret check so both edits race on the database, not on hashing.
            _ = try await client.edit(id: product.id, ProductChanges())
            for round in 0..<5 {
                let read = try await client.product(id: product.id)
                async let first = Result(catching: {
                    try await client.edit(id: product.id, ProductChanges(stock: 100 + round), ifMatch: read.etag)
                })
                async let second = Result(catching: {
                    try await client.edit(id: product.id, ProductChanges(stock: 200 + round), ifMatch: read.etag)
                })
                let results = await [first, second]
                let wins = results.compactMap { try? $0.get() }
                let losses = results.compactMap { result -> MarketError? in
                    if case .failure(let error) = result { return error as? MarketError }
                    return nil
                }
                #expect(wins.count == 1)
                #expect(losses.map(\.category) == [.preconditionFailed])
                #expect(try await client.product(id: product.id).value.stock == wins.first?.value.stock)
            }
        }
    }

    @Test func everythingSurvivesARestart() async throws {
        let directory = try Fixtures.temporaryDirectory("openmarket-durability")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (before, demo) = try await TestMarket.with(directory: directory) { market in
            let product = try await market.createProduct(name: "Durable", images: ["chelsea.png", "tiny-animated.gif"])
            let doomed = try await market.createProduct(name: "Gone")
            _ = try await market.client().delete(id: doomed.id)
            return (try await market.client().product(id: product.id).value, market.demo)
        }
        try await TestMarket.with(directory: directory) { market in
            #expect(market.demo == demo)
            let after = try await market.client().product(id: before.id).value
            #expect(after.name == before.name)
            #expect(after.images?.map(\.id) == before.images?.map(\.id))
            for (image, fixture) in zip(try #require(after.images), ["chelsea.png", "tiny-animated.gif"]) {
                let bytes = try await market.raw("GET", try #require(URL(string: image.url)?.path)).body
                #expect(bytes == (try Fixtures.imageData(fixture)))
            }
            #expect(try await market.client().products().value.totalCount == 1)
            // The login still works against the stored hash, and ids keep growing.
            let next = try await market.createProduct(name: "Next")
            #expect(next.id > before.id + 1)
        }
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
