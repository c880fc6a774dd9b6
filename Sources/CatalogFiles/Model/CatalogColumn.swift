import Foundation
import OpenMarketContract

/// The columns `export` writes, in this order; `import` reads them in any order and case.
public enum CatalogColumn: String, Sendable, CaseIterable, Hashable {
    case id, name, description, price, currency, discount, stock, images, thumbnail
    case createdAt = "created_at", updatedAt = "updated_at", vendor

    /// A header as a person typed it: trimmed, any case; `discounted_price` means `discount`;
    /// nil for an unknown one.
    public init?(header: String) {
        let key = header.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if key == "discounted_price" {
            self = .discount
        } else if let column = CatalogColumn(rawValue: key) {
            self = column
        } else {
            return nil
        }
    }

    /// What import ignores (export writes them for reading): thumbnail, created_at, updated_at, vendor.
    public var isReadOnly: Bool {
        switch self {
        case .thumbnail, .createdAt, .updatedAt, .vendor: true
        default: false
        }
    }

    /// "id, name, description, …": every column, for messages about an unknown one.
    static let namesList = allCases.map(\.rawValue).joined(separator: ", ")

    /// The cell for this column of a product. `images` is the given text when not nil (paths
    /// written by export --images), else the image URLs joined by ";". price/discount are plain
    /// decimals as the server gave them ("3500", "19.99"), never with grouping or exponent.
    /// vendor is the vendor name (or id when there is no name).
    public func cell(of product: Product, images: String? = nil) -> String {
        switch self {
        case .id: String(product.id)
        case .name: product.name
        case .description: product.description
        // Decimal's `description` is plain digits with "." in every locale, no grouping, no exponent.
        case .price: product.price.description
        case .currency: product.currency.rawValue
        case .discount: product.discountedPrice.description
        case .stock: String(product.stock)
        case .images: images ?? (product.images ?? []).map(\.url).joined(separator: ";")
        case .thumbnail: product.thumbnail ?? ""
        case .createdAt: product.createdAt?.text ?? ""
        case .updatedAt: product.issuedAt?.text ?? ""
        case .vendor:
            product.vendorName ?? product.vendor?.name ?? (product.vendorID ?? product.vendor?.id).map(String.init) ?? ""
        }
    }
}
