import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// Vendor names are unique in the storage layer, a PATCH that changes nothing leaves the product
/// as it was, and a reset empties the catalog but keeps the vendors.
@Suite("Vendor names, no-op patches and catalog resets")
struct VendorNamesAndNoOpPatchTests {
    @Test func theStoreRefusesASecondVendorWithATakenName() async throws {
        try await TestMarket.with { market in
            let first = try await market.running.data.addVendor(name: "corner-shop")
            do {
                _ = try await market.running.data.addVendor(name: "corner-shop")
                Issue.record("a second 'corner-shop' was added")
            } catch let taken as VendorNameTaken {
                #expect(taken.id == first.id)
                #expect(taken.description.contains("a vendor named 'corner-shop' already exists (id \(first.id))"))
            }
            // The demo vendor's name is taken too, and other names still work.
            await #expect(throws: VendorNameTaken.self) { try await market.running.data.addVendor(name: "demo-shop") }
            _ = try await market.running.data.addVendor(name: "corner-shop-2")
            #expect(try await market.running.data.vendors().filter { $0.name == "corner-shop" }.count == 1)
        }
    }

    @Test func aSecretOnlyPatchKeepsRevisionIssuedAtAndETag() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct(name: "Quiet mug", stock: 3)
            let path = "/api/products/\(product.id)"
            let before = try await market.raw("GET", path)
            let secret = market.demo.secret.revealed
            let response = try await market.json("PATCH", path, #"{"secret":"\#(secret)"}"#)
            #expect(response.status == 202)
            #expect(response.headers["etag"] == before.headers["etag"])
            let after = try await market.raw("GET", path)
            #expect(after.headers["etag"] == before.headers["etag"])
            #expect(after.text == before.text)
            #expect(try market.running.data.store.product(id: product.id)?.revision == 1)
        }
    }

    @Test func aPatchOfEveryFieldAsItIsChangesNothing() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct(name: "Same mug", price: 1000, stock: 3)
            let path = "/api/products/\(product.id)"
            let before = try #require(try market.running.data.store.product(id: product.id))
            let secret = market.demo.secret.revealed
            let body = #"{"secret":"\#(secret)","name":"Same mug","price":1000,"stock":3,"currency":"KRW"}"#
            let response = try await market.json("PATCH", path, body)
            #expect(response.status == 202)
            let after = try #require(try market.running.data.store.product(id: product.id))
            #expect(after.revision == before.revision)
            #expect(after.issuedAt == before.issuedAt)
            #expect(response.headers["etag"] == before.etag)
            // A real change still moves the revision on.
            let changed = try await market.json("PATCH", path, #"{"secret":"\#(secret)","stock":4}"#)
            #expect(changed.status == 202)
            #expect(try market.running.data.store.product(id: product.id)?.revision == before.revision + 1)
        }
    }

    @Test func aPatchOfAMissingIdAnswers401ForAWrongSecretAnd404ForARightOne() async throws {
        try await TestMarket.with { market in
            let wrong = try await market.json("PATCH", "/api/products/987654", #"{"secret":"not-the-secret"}"#)
            #expect(wrong.status == 401)
            let right = try await market.json(
                "PATCH", "/api/products/987654", #"{"secret":"\#(market.demo.secret.revealed)"}"#)
            #expect(right.status == 404)
        }
    }

    @Test func resetCatalogRemovesProductsAndImageFilesAndKeepsVendors() async throws {
        try await TestMarket.with { market in
            try await market.createProduct(name: "One")
            try await market.createProduct(name: "Two", images: ["coffee-small.jpg", "coffee-small.jpg"])
            let images = market.directory.appendingPathComponent("images")
            #expect(try Self.files(under: images).count == 6)
            let removed = try await market.running.data.resetCatalog()
            #expect(removed == 2)
            #expect(try Self.files(under: images).isEmpty)
            #expect(try await market.client().products().value.products.isEmpty)
            // The demo vendor stays, and its credentials still create.
            let again = try await market.createProduct(name: "Three")
            #expect(again.name == "Three")
        }
    }

    static func files(under folder: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }.map(\.path)
    }
}
