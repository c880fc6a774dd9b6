import Foundation
import OpenMarketAPI
import OpenMarketContract

extension ProductField {
    /// The fields in which `a` and `b` differ.
    static func between(_ a: Product, _ b: Product) -> [ProductField] { changeable.filter { $0.differs(a, b) } }

    /// `price ₩3,500 → ₩3,200, stock 5 → 3`.
    static func describe(_ fields: [ProductField], from a: Product, to b: Product) -> String {
        fields.compactMap { field in field.value(of: b).map { FieldChange(field, from: field.value(of: a), to: $0).text } }
            .joined(separator: ", ")
    }

    /// The field's value in `product` as shown (`₩3,500`, `"Mug"`, `photo 2`).
    func shown(_ product: Product) -> String { value(of: product)?.shown ?? "" }

    /// The edit that gives `product` the values `target` has in `fields`.
    static func changes(_ fields: [ProductField], to target: Product, on product: Product) -> ProductChanges {
        var changes = ProductChanges()
        for field in fields { field.copy(from: target, on: product, into: &changes) }
        return changes
    }
}

extension ProductFieldValue {
    /// The value as shown: amounts in their currency, text made visible and cut short.
    var shown: String {
        switch self {
        case .text(let text): "\"\(ProductLabel.name(text))\""
        case .amount(let amount, let currency?): TextLayout.money(amount, currency)
        case .amount(let amount, nil): amount.description
        case .currency(let currency): currency.rawValue
        case .count(let count): String(count)
        case .image(let id): ChangesMessage.image(id).text
        case .photo(let index): (index.map { ChangesMessage.photo($0 + 1) } ?? .noPhoto).text
        }
    }
}

extension FieldChange {
    /// `price ₩3,500 → ₩3,200` (`thumbnail → image 35` when what it was is not known): the one
    /// way the shell writes a field's change, for `changes`, `undo`, its refusals and `patch`'s
    /// question. The field by its name in the reader's language (`재고 5 → 3` in Korean).
    public var text: String {
        guard let before else { return "\(field.label) → \(after.shown)" }
        return "\(field.label) \(before.shown) → \(after.shown)"
    }
}

extension ChangeEntry {
    /// What the change did, in a few words (`price ₩3,500 → ₩3,200`, `registered #12 Mug`),
    /// typed until shown in the reader's language.
    public var summary: ChangesMessage {
        let name = ProductLabel.of(_:)
        switch (kind, before, after) {
        case (.created?, _, let after?): return .registered(name(after))
        case (.deleted?, let before?, _): return .deleted(name(before))
        case (.stock?, let before?, let after?):
            return .edited(name(after), changes: FieldChange(.stock, from: .count(before.stock), to: .count(after.stock)).text)
        case (.edited?, let before?, let after?):
            let changes = FieldChange.between(before, after)
            guard !changes.isEmpty else { return .nothingChanged(name(after)) }
            return .edited(name(after), changes: changes.map(\.text).joined(separator: ", "))
        default: return command.map(ChangesMessage.command) ?? .aChange
        }
    }
}
