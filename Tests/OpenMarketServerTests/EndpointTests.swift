import Foundation
import MarketImages
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import Testing

@Suite("Every endpoint of the contract, through the client over loopback")
struct EndpointTests {
    @Test func healthChecker() async throws {
        try await TestMarket.with { market in
            #expect(try await market.client().health().value == "OK")
            let raw = try await market.raw("GET", "/healthChecker")
            #expect(raw.body == Data(#""OK""#.utf8))
        }
    }

    @Test func createThenDetailWithImagesAndThumbnails() async throws {
        try await TestMarket.with { market in
            let created = try await market.createProduct(
                name: "우유병 텀블러", price: 3500, discount: 100, stock: 2, images: ["coffee-small.jpg", "chelsea.png"])
            #expect(created.id > 0)
            #expect(created.bargainPrice == 3400)
            #expect(created.discountedPrice == 100)
            #expect(created.vendor?.name == "demo-shop")
            #expect(created.createdAt == created.issuedAt)
            #expect(created.createdAt?.date != nil)
            let images = try #require(created.images)
            #expect(images.count == 2)
            #expect(created.thumbnail == images[0].thumbnailURL)

            let tagged = try await market.client().product(id: created.id)
            #expect(tagged.value == created)
            #expect(tagged.etag != nil)

            // Both files and thumbnails are served back with their type.
            for (image, fixture, type) in zip3(images, ["coffee-small.jpg", "chelsea.png"], ["image/jpeg", "image/png"]) {
                let path = try #require(URL(string: image.url)?.path)
                let origin = try await market.raw("GET", path)
                #expect(origin.status == 200)
                #expect(origin.headers["content-type"] == type)
                #expect(origin.body == (try Fixtures.imageData(fixture)))
                let thumb = try await market.raw("GET", try #require(URL(string: image.thumbnailURL)?.path))
                #expect(thumb.headers["content-type"] == type)
                let info = try MarketImages.info(of: thumb.body)
                #expect(max(info.width, info.height) <= 200)
            }
        }
    }

    @Test func listIsNewestFirstWithThePageArithmetic() async throws {
        try await TestMarket.with { market in
            var ids: [Int] = []
            for n in 1...5 { ids.append(try await market.createProduct(name: "Product \(n)", images: ["tiny-animated.gif"]).id) }
            let client = market.client()
            let page2 = try await client.products(page: 2, perPage: 2).value
            #expect(page2.products.map(\.id) == [ids[2], ids[1]])
            #expect(page2.pageNo == 2)
            #expect(page2.itemsPerPage == 2)
            #expect(page2.totalCount == 5)
            #expect(page2.offset == 2)
            #expect(page2.limit == 4)  // an end index, the public server's quirk
            #expect(page2.lastPage == 3)
            #expect(page2.hasNext)
            #expect(page2.hasPrev)
            #expect(page2.products.first?.vendorName == "demo-shop")
            #expect(page2.products.first?.images == nil)
            #expect(page2.products.first?.thumbnail != nil)

            let last = try await client.products(page: 3, perPage: 2).value
            #expect(last.products.map(\.id) == [ids[0]])
            #expect(!last.hasNext)
            let past = try await client.products(page: 9, perPage: 2).value
            #expect(past.products.isEmpty)
            #expect(past.totalCount == 5)

            let defaults = try await market.raw("GET", "/api/products")
            let page = try MarketJSON.decoder.decode(ProductPage.self, from: defaults.body)
            #expect(page.pageNo == 1)
            #expect(page.itemsPerPage == 20)
            #expect(page.products.map(\.id) == ids.reversed())
        }
    }

    @Test func emptyMarketHasLastPageZero() async throws {
        try await TestMarket.with { market in
            let page = try await market.client().products().value
            #expect(page.totalCount == 0)
            #expect(page.lastPage == 0)
            #expect(!page.hasNext)
            #expect(!page.hasPrev)
            #expect(page.products.isEmpty)
        }
    }

    @Test func searchIsCaseInsensitiveOnNameOrDescriptionInKorean() async throws {
        try await TestMarket.with { market in
            try await market.createProduct(name: "우유병 텀블러", images: ["tiny-animated.gif"])
            try await market.createProduct(name: "ÉLAN Coffee Mug", images: ["tiny-animated.gif"])
            try await market.createProduct(name: "Plain plate", images: ["tiny-animated.gif"])
            let client = market.client()
            #expect(try await client.products(search: "우유").value.products.map(\.name) == ["우유병 텀블러"])
            #expect(try await client.products(search: "élan").value.products.map(\.name) == ["ÉLAN Coffee Mug"])
            #expect(try await client.products(search: "coffee mug").value.totalCount == 1)
            // Every test product's description says "made by a test".
            let all = try await client.products(search: "MADE BY").value
            #expect(all.totalCount == 3)
            #expect(try await client.products(search: "%").value.totalCount == 0)  // no LIKE wildcards
        }
    }

    @Test func editChangesOnlyWhatWasSentAndMovesTheETag() async throws {
        try await TestMarket.with { market in
            let created = try await market.createProduct(price: 3500, images: ["coffee-small.jpg", "tiny-animated.gif"])
            let client = market.client()
            let before = try await client.product(id: created.id)
            let edited = try await client.edit(
                id: created.id,
                ProductChanges(
                    name: "새 이름", price: Decimal(string: "19.99"), currency: .usd, discountedPrice: Decimal(string: "0.99"),
                    stock: 8_589_934_592))
            #expect(edited.status == 202)
            #expect(edited.value.name == "새 이름")
            #expect(edited.value.description == created.description)
            #expect(edited.value.price == Decimal(string: "19.99"))
            #expect(edited.value.bargainPrice == Decimal(string: "19.00"))
            #expect(edited.value.stock == 8_589_934_592)
            #expect(edited.etag != nil)
            #expect(edited.etag != before.etag)

            let secondImage = try #require(created.images?.last)
            let retargeted = try await client.edit(id: created.id, ProductChanges(thumbnailID: secondImage.id))
            #expect(retargeted.value.thumbnail == secondImage.thumbnailURL)

            // A body with only the secret is a valid no-op edit.
            let noop = try await client.edit(id: created.id, ProductChanges())
            #expect(noop.value.name == "새 이름")
        }
    }

    @Test func earlierHostSpellingOfDescriptionIsAccepted() async throws {
        try await TestMarket.with { market in
            let created = try await market.rawCreate(
                params:
                    #"{"name":"Old client","descriptions":"spelled the old way","price":10,"currency":"USD","secret":"\#(market.demo.secret.revealed)"}"#,
                images: [("a.gif", try Fixtures.imageData("tiny-animated.gif"))])
            #expect(created.status == 201)
            let product = try MarketJSON.decoder.decode(Product.self, from: created.body)
            #expect(product.description == "spelled the old way")
            #expect(!created.text.contains("descriptions"))
            let edited = try await market.json(
                "PATCH", "/api/products/\(product.id)",
                #"{"descriptions":"changed the old way","secret":"\#(market.demo.secret.revealed)"}"#)
            #expect(edited.status == 202)
            #expect(try MarketJSON.decoder.decode(Product.self, from: edited.body).description == "changed the old way")
        }
    }

    @Test func staleIfMatchIsRefusedAndChangesNothing() async throws {
        try await TestMarket.with { market in
            let created = try await market.createProduct(stock: 5)
            let client = market.client()
            let read = try await client.product(id: created.id)
            _ = try await client.edit(id: created.id, ProductChanges(stock: 4), ifMatch: read.etag)
            let error = await marketError {
                try await client.edit(id: created.id, ProductChanges(stock: 100), ifMatch: read.etag)
            }
            #expect(error?.category == .preconditionFailed)
            #expect(try await client.product(id: created.id).value.stock == 4)
            // A current tag, a weak form of it, or * succeed.
            let now = try await client.product(id: created.id)
            #expect(try await client.edit(id: created.id, ProductChanges(stock: 3), ifMatch: now.etag).value.stock == 3)
            #expect(try await client.edit(id: created.id, ProductChanges(stock: 2), ifMatch: "*").value.stock == 2)
        }
    }

    @Test func deleteInTwoStepsAndIdsAreNeverReused() async throws {
        try await TestMarket.with { market in
            let first = try await market.createProduct(name: "Keep me")
            let doomed = try await market.createProduct(name: "Delete me")
            let client = market.client()
            let uri = try await client.deleteURI(id: doomed.id).value
            #expect(uri.hasPrefix("/api/products/"))
            #expect(!uri.contains(market.demo.secret.revealed))
            let deleted = try await client.delete(uri: uri).value
            #expect(deleted.id == doomed.id)
            #expect(deleted.name == "Delete me")
            #expect(await marketError { try await client.product(id: doomed.id) }?.status == 404)
            #expect(try await client.products().value.products.map(\.id) == [first.id])
            #expect(try await client.products().value.totalCount == 1)
            // The images went with it.
            let imageURL = try #require(doomed.images?.first?.url)
            let imagePath = try #require(URL(string: imageURL)?.path)
            #expect(try await market.raw("GET", imagePath).status == 404)
            // The highest id was deleted; the next product still gets a new one.
            let next = try await market.createProduct(name: "After")
            #expect(next.id > doomed.id)
        }
    }

    @Test func earlierHostDeleteFlow() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct()
            let client = market.client()
            let productSecret = try await client.productSecret(id: product.id).value
            #expect(productSecret != market.demo.secret.revealed)
            let wrong = await marketError { try await client.delete(id: product.id, productSecret: "not-it") }
            #expect(wrong?.status == 400)
            #expect(try await client.delete(id: product.id, productSecret: productSecret).value.id == product.id)
            #expect(await marketError { try await client.product(id: product.id) }?.status == 404)
        }
    }

    @Test func imageFolderCannotBeEscaped() async throws {
        try await TestMarket.with { market in
            try await market.createProduct()
            for path in [
                "/images/../market.sqlite", "/images/%2e%2e/market.sqlite", "/images/1/../../demo-vendor.json",
                "/images/demo-vendor.json", "/images/1/20220101/x_origin.jpg",
            ] {
                let response = try await market.raw("GET", path)
                #expect(response.status == 404, "\(path) answered \(response.status)")
                #expect(!response.text.contains(market.demo.secret.revealed))
            }
        }
    }

    @Test func everyAcceptedFixtureGetsARightSizedThumbnailOfItsFormat() async throws {
        try await TestMarket.with { market in
            let fixtures: [(String, ImageFormat)] = [
                ("coffee-small.jpg", .jpeg), ("chelsea.png", .png), ("오토바이-상품사진.jpg", .jpeg), ("tiny-animated.gif", .gif),
            ]
            let product = try await market.createProduct(images: fixtures.map(\.0))
            let images = try #require(product.images)
            for ((name, format), image) in zip(fixtures, images) {
                let original = try MarketImages.info(of: try Fixtures.imageData(name))
                let thumb = try await market.raw("GET", try #require(URL(string: image.thumbnailURL)?.path))
                let info = try MarketImages.info(of: thumb.body)
                #expect(info.format == format, "\(name)")
                let expectedLongest = min(200, max(original.width, original.height))
                #expect(max(info.width, info.height) == expectedLongest, "\(name): \(info.width)×\(info.height)")
            }
        }
    }
}

func zip3<A, B, C>(_ a: [A], _ b: [B], _ c: [C]) -> [(A, B, C)] {
    zip(zip(a, b), c).map { ($0.0, $0.1, $1) }
}

@Suite("Lists stay current")
struct ListFreshnessTests {
    @Test func everyWriteShowsInTheNextList() async throws {
        try await TestMarket.with { market in
            let client = market.client()
            #expect(try await client.products().value.totalCount == 0)
            let product = try await market.createProduct(stock: 1)
            #expect(try await client.products().value.products.map(\.stock) == [1])
            _ = try await client.edit(id: product.id, ProductChanges(stock: 7))
            #expect(try await client.products().value.products.map(\.stock) == [7])
            _ = try await client.delete(id: product.id)
            #expect(try await client.products().value.totalCount == 0)
        }
    }
}
