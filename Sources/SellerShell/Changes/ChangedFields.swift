import Foundation
import OpenMarketAPI
import OpenMarketContract

/// The fields of a product a change can touch, compared and described the one way `changes`,
/// `undo` and its refusals use: `price ₩3,500 → ₩3,200`.
public enum ChangedField: String, Sendable, CaseIterable {
    case name, description, price, currency, discount, stock, thumbnail

    /// Whether `a` and `b` differ in this field (the thumbnail by which photo it is).
    func differs(_ a: Product, _ b: Product) -> Bool {
        switch self {
        case .name: a.name != b.name
        case .description: a.description != b.description
        case .price: a.price != b.price
        case .currency: a.currency != b.currency
        case .discount: a.discountedPrice != b.discountedPrice
        case .stock: a.stock != b.stock
        case .thumbnail: Self.thumbnailIndex(a) != Self.thumbnailIndex(b)
        }
    }

    /// The field's value as shown: amounts in their currency, text made visible and cut short.
    func shown(_ product: Product) -> String {
        switch self {
        case .name: "\"\(TextLayout.truncate(TextLayout.visible(product.name, limit: 100), to: 30))\""
        case .description: "\"\(TextLayout.truncate(TextLayout.visible(product.description, limit: 100), to: 30))\""
        case .price: TextLayout.money(product.price, product.currency)
        case .currency: product.currency.rawValue
        case .discount: TextLayout.money(product.discountedPrice, product.currency)
        case .stock: String(product.stock)
        case .thumbnail: Self.thumbnailIndex(product).map { "photo \($0 + 1)" } ?? "none"
        }
    }

    /// Which of its photos is the product's thumbnail (its position: a product registered again
    /// has new image ids); 0 when it cannot tell.
    static func thumbnailIndex(_ product: Product) -> Int? {
        guard let images = product.images, !images.isEmpty else { return nil }
        return images.firstIndex { $0.thumbnailURL == product.thumbnail } ?? 0
    }

    /// The fields in which `a` and `b` differ.
    static func between(_ a: Product, _ b: Product) -> [ChangedField] { allCases.filter { $0.differs(a, b) } }

    /// `price ₩3,500 → ₩3,200, stock 5 → 3`.
    static func describe(_ fields: [ChangedField], from a: Product, to b: Product) -> String {
        fields.map { "\($0.rawValue) \($0.shown(a)) → \($0.shown(b))" }.joined(separator: ", ")
    }

    /// The edit that gives `product` the values `target` has in `fields`.
    static func changes(_ fields: [ChangedField], to target: Product, on product: Product) -> ProductChanges {
        var changes = ProductChanges()
        for field in fields {
            switch field {
            case .name: changes.name = target.name
            case .description: changes.description = target.description
            case .price: changes.price = target.price
            case .currency: changes.currency = target.currency
            case .discount: changes.discountedPrice = target.discountedPrice
            case .stock: changes.stock = target.stock
            case .thumbnail:
                if let index = thumbnailIndex(target), let images = product.images, index < images.count {
                    changes.thumbnailID = images[index].id
                }
            }
        }
        return changes
    }
}

extension ChangeEntry {
    /// What the change did, in a few words: `price ₩3,500 → ₩3,200`, `registered #12 Mug`.
    public var summary: String {
        let name = { (product: Product) in
            "#\(product.id) \(TextLayout.truncate(TextLayout.visible(product.name, limit: 100), to: 30))"
        }
        switch (kind, before, after) {
        case (.created?, _, let after?): return "registered \(name(after))"
        case (.deleted?, let before?, _): return "deleted \(name(before))"
        case (.stock?, let before?, let after?): return "\(name(after)): stock \(before.stock) → \(after.stock)"
        case (.edited?, let before?, let after?):
            let fields = ChangedField.between(before, after)
            return "\(name(after)): "
                + (fields.isEmpty ? "nothing changed" : ChangedField.describe(fields, from: before, to: after))
        default: return command ?? "a change"
        }
    }
}
