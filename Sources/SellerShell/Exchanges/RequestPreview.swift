import Foundation
import OpenMarketAPI
import OpenMarketContract

/// The fields a create or an edit carries, as the request's JSON without the secret: what a
/// dry run says it would send (`undo --dry-run`, `import --dry-run`), in one form for both.
/// Keys sorted, so that the same changes always read the same. Printed to a terminal, so made
/// visible (JSONEncoder escapes only the C0 controls; a name from the market may hold a C1
/// control or a bidirectional override); `import --dry-run`, whose lines are many, also cuts a
/// long body short.
public enum RequestPreview {
    /// `{"price":3500}`: the fields set, by their names on the wire.
    public static func json(_ changes: ProductChanges) -> String {
        var object: [String: JSONValue] = [:]
        if let name = changes.name { object["name"] = .string(name) }
        if let description = changes.description { object["description"] = .string(description) }
        if let price = changes.price { object["price"] = .number(price) }
        if let currency = changes.currency { object["currency"] = .string(currency.rawValue) }
        if let discount = changes.discountedPrice { object["discounted_price"] = .number(discount) }
        if let stock = changes.stock { object["stock"] = .number(Decimal(stock)) }
        if let thumbnail = changes.thumbnailID { object["thumbnail_id"] = .number(Decimal(thumbnail)) }
        return text(.object(object))
    }

    /// A create's `params`: every field of the draft.
    public static func json(_ draft: ProductDraft) -> String {
        text(
            .object([
                "name": .string(draft.name), "description": .string(draft.description), "price": .number(draft.price),
                "currency": .string(draft.currency.rawValue), "discounted_price": .number(draft.discountedPrice),
                "stock": .number(Decimal(draft.stock)),
            ]))
    }

    private static func text(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return TextLayout.visible(json)
    }
}
