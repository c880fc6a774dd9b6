import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract

/// `Product` and `ProductPage` decoding with `MarketJSON.decoder`, as the client reads every
/// response. (The server's own `MarketRoutes.decodeJSON` decodes a `private` type in a file this
/// branch does not touch, so it is not reached from here.) Invariants: a decoded product,
/// encoded with `MarketJSON.encoder`, decodes to the same product; and whatever the client's fast
/// `ProductJSONReader` reads, `JSONDecoder` reads the same (`productJSONDisagreement`).
enum ProductJSONTarget {
    @Sendable static func run(_ input: [UInt8]) {
        let data = Data(input)
        if let disagreement = productJSONDisagreement(data) { invariant(false, disagreement) }
        if let product = try? MarketJSON.decoder.decode(Product.self, from: data) {
            roundTrip(product)
        }
        if let page = try? MarketJSON.decoder.decode(ProductPage.self, from: data) {
            for product in page.products { roundTrip(product) }
        }
    }

    static func roundTrip(_ product: Product) {
        guard let encoded = try? MarketJSON.encoder.encode(product) else {
            fatalError("invariant broken: a decoded product does not encode: \(product)")
        }
        let again = try? MarketJSON.decoder.decode(Product.self, from: encoded)
        invariant(
            again == product,
            "\(product) encoded as \(String(decoding: encoded, as: UTF8.self)) decodes as \(String(describing: again))")
    }
}
