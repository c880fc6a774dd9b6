import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell

/// A row's product fields, parsed once by each field's own parse (``ProductField``) into typed
/// changes, which the row's `register` or update keeps to the request; the text each was given
/// with is kept for what is said about it.
struct RowFields {
    /// Each field the row gives, with its text as given (trimmed; a money cell's number).
    let given: [(field: ProductField, text: String)]
    /// Their typed values, in the order given; `problems` are what `ParsedFields` says.
    let parsed: ParsedFields

    init(_ given: [(field: ProductField, text: String)]) {
        self.given = given
        parsed = ParsedFields(given)
    }

    /// The fields whose text does not parse (`price: 'abc' is not a number`).
    var unreadable: [RuleViolation] { parsed.unreadable }

    var changes: ProductChanges { parsed.changes }

    /// The text `field` was given with; nil when the row leaves it out.
    func text(of field: ProductField) -> String? { given.first { $0.field == field }?.text }

    /// The fields a row gives, as `register` and `patch` take them (read-only columns left
    /// out), in the order they are listed.
    static func given(in row: CatalogRow) -> [(field: ProductField, text: String)] {
        ProductField.editable.compactMap { field in
            guard var text = row[CatalogColumn(field)] else { return nil }
            // Spaces around a number or a name are a spreadsheet's, not the seller's meaning; a
            // name of only spaces is not an empty cell (CatalogCheck reads it as a name), so the
            // contract's rule refuses it rather than the row going out without one.
            if field != .description, CatalogRow.hasSpaceAround(text) {
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                text = trimmed.isEmpty && field == .name ? text : trimmed
            }
            return text.isEmpty ? nil : (field, text)
        }
    }
}

/// How a live product differs from what a row says: the fields to send.
enum RowDifference {
    /// The fields of `changes` whose value differs from `product`'s (an amount by its number:
    /// the row's currency is a field of its own).
    static func changes(_ changes: ProductChanges, from product: Product) -> ProductChanges {
        var differing = ProductChanges()
        for field in ProductField.editable {
            guard let value = field.value(in: changes), value.withoutCurrency != field.value(of: product)?.withoutCurrency
            else { continue }
            field.copy(from: changes, into: &differing)
        }
        return differing
    }

    /// `price ₩3,500 → ₩3,000, stock 5 → 7` for a plan, as the shell writes every change
    /// (`FieldChange.text`).
    static func describe(_ changes: ProductChanges, from product: Product) -> String {
        ProductField.editable.compactMap { field in
            field.value(in: changes, on: product).map { FieldChange(field, from: field.value(of: product), to: $0).text }
        }.joined(separator: ", ")
    }

    /// The fields `changes` sets.
    static func fields(_ changes: ProductChanges) -> [ProductField] {
        ProductField.editable.filter { $0.value(in: changes) != nil }
    }
}
