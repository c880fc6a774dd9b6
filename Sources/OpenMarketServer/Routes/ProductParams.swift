import Foundation

/// The fields of a create's `params` part or an edit's body. Every field is optional here so
/// that a missing one is reported by name rather than as a decoding failure.
struct ProductParams: Decodable {
    var name: String?
    var description: String?
    /// The earlier host's spelling.
    var descriptions: String?
    /// Edits only.
    var thumbnailID: Decimal?
    var price: Decimal?
    var currency: String?
    var discountedPrice: Decimal?
    /// Decimal rather than Int: Foundation reports `1.5` for an Int as "not valid JSON" with no
    /// field name, and the seller deserves "stock: must be a whole number".
    var stock: Decimal?
    var secret: String?

    /// The keys whose values are numbers, whose text `JSONNumberText` checks.
    static let numberFields: Set<String> = ["price", "discounted_price", "stock", "thumbnail_id"]

    enum CodingKeys: String, CodingKey {
        case name, description, descriptions
        case thumbnailID = "thumbnail_id"
        case price, currency
        case discountedPrice = "discounted_price"
        case stock, secret
    }
}
