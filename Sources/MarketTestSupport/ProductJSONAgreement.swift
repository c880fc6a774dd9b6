import Foundation
import OpenMarketContract

/// What `ProductJSONReader` must hold to, for its tests and the `product-json` fuzz target: when
/// it reads a product from `data`, `JSONDecoder` (`Product`'s own `Decodable`) reads the same one,
/// down to how each amount is written. Nil when they agree (or the reader leaves `data` to
/// JSONDecoder); otherwise what differs.
public func productJSONDisagreement(_ data: Data) -> String? {
    guard let read = ProductJSONReader.read(data) else { return nil }
    let decoded: Product
    do {
        decoded = try MarketJSON.decoder.decode(Product.self, from: data)
    } catch {
        return "the reader read \(read), JSONDecoder failed: \(error)"
    }
    let amounts = { (p: Product) in [p.price, p.bargainPrice, p.discountedPrice].map(\.description) }
    guard read == decoded, amounts(read) == amounts(decoded) else {
        return "the reader read \(read) (amounts \(amounts(read))), JSONDecoder \(decoded) (amounts \(amounts(decoded)))"
    }
    return nil
}
