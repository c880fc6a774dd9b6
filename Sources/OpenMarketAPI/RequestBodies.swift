import Foundation
import OpenMarketContract

// The request bodies of the create and edit operations: how the client puts a draft or a set
// of changes, plus the secret, on the wire. Here rather than in the contract because only the
// client writes them (the server reads them field by field, see ProductJSON.swift).

extension ProductDraft {
    /// The `params` part of the create request.
    func paramsJSON(secret: String) throws -> Data {
        try MarketJSON.encoder.encode(
            CreateParams(
                name: name, description: description, price: price, currency: currency,
                discountedPrice: discountedPrice, stock: stock, secret: secret))
    }

    private struct CreateParams: Encodable {
        var name: String
        var description: String
        var price: Decimal
        var currency: Currency
        var discountedPrice: Decimal
        var stock: Int
        var secret: String

        enum CodingKeys: String, CodingKey {
            case name, description, price, currency
            case discountedPrice = "discounted_price"
            case stock, secret
        }
    }
}

extension ProductChanges {
    /// The PATCH body: exactly the fields that were set, plus the secret.
    func bodyJSON(secret: String) throws -> Data {
        try MarketJSON.encoder.encode(EditBody(changes: self, secret: secret))
    }

    private struct EditBody: Encodable {
        var changes: ProductChanges
        var secret: String

        enum CodingKeys: String, CodingKey {
            case name, description
            case thumbnailID = "thumbnail_id"
            case price, currency
            case discountedPrice = "discounted_price"
            case stock, secret
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(changes.name, forKey: .name)
            try c.encodeIfPresent(changes.description, forKey: .description)
            try c.encodeIfPresent(changes.thumbnailID, forKey: .thumbnailID)
            try c.encodeIfPresent(changes.price, forKey: .price)
            try c.encodeIfPresent(changes.currency, forKey: .currency)
            try c.encodeIfPresent(changes.discountedPrice, forKey: .discountedPrice)
            try c.encodeIfPresent(changes.stock, forKey: .stock)
            try c.encode(secret, forKey: .secret)
        }
    }
}
