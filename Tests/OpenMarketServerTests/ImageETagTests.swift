import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

/// The stored images carry an `ETag`, so a client that keeps copies (the shell's photo cache)
/// revalidates one with `If-None-Match` and gets a 304 without the bytes (issue 26).
@Suite("Image ETags and If-None-Match")
struct ImageETagTests {
    @Test func anImageHasAnETagAndAMatchingIfNoneMatchIsA304() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct(images: ["coffee-small.jpg", "chelsea.png"])
            let images = try #require(product.images)
            let path = try #require(URL(string: images[0].url)).path
            let full = try await market.raw("GET", path)
            #expect(full.status == 200 && !full.body.isEmpty)
            let etag = try #require(full.headers["etag"])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""), "a strong tag, quoted")

            let again = try await market.raw("GET", path, headers: ["If-None-Match": etag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.headers["etag"] == etag)
            // Weak comparison and a list of tags, as RFC 9110 allows.
            let listed = try await market.raw("GET", path, headers: ["If-None-Match": "\"other\", W/\(etag)"])
            #expect(listed.status == 304)
            let head = try await market.raw("HEAD", path, headers: ["If-None-Match": etag])
            #expect(head.status == 304)

            // Another image, or a tag that is not this image's: the bytes.
            let other = try await market.raw("GET", try #require(URL(string: images[1].url)).path)
            #expect(other.headers["etag"] != nil && other.headers["etag"] != etag)
            let stale = try await market.raw("GET", path, headers: ["If-None-Match": "\"stale-1\""])
            #expect(stale.status == 200 && stale.body == full.body)
            // The thumbnail too.
            let thumbnail = try await market.raw("GET", try #require(URL(string: images[0].thumbnailURL)).path)
            #expect(thumbnail.status == 200 && thumbnail.headers["etag"] != nil)
        }
    }

    @Test func theClientRevalidatesAnImageWithItsETag() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct()
            let address = try #require(product.images?.first?.url)
            let client = market.client()
            guard
                case .downloaded(let image, let etag?) = try await client.downloadImage(
                    address, maxBytes: ResponseLimits.productPhoto, ifNoneMatch: nil)
            else {
                Issue.record("no ETag with the image")
                return
            }
            #expect(!image.data.isEmpty)
            let again = try await client.downloadImage(address, maxBytes: ResponseLimits.productPhoto, ifNoneMatch: etag)
            #expect(again == .unchanged)
            let stale = try await client.downloadImage(address, maxBytes: ResponseLimits.productPhoto, ifNoneMatch: "\"x\"")
            #expect(stale == .downloaded(image, etag: etag))
        }
    }
}
