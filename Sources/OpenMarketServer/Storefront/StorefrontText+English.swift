import Foundation
import OpenMarketContract

/// The English catalogue of ``StorefrontText``.
extension StorefrontText {
    var english: String {
        switch self {
        case .title: "Open Market"
        case .list: "List"
        case .grid: "Grid"
        case .soldOut: "Sold out"
        case .seller: "Seller"
        case .previous: "Previous"
        case .next: "Next"
        case .empty: "No products yet."
        case .live: "Live: this page updates as products change"
        case .allProducts: "All products"
        case .notFound: "This product does not exist (it may have been deleted)."
        case .photos: "Photos"
        case .stock(let count): "\(count) in stock"
        case .page(let page, let pages): "Page \(page) of \(pages)"
        case .discount(let percent): "\(percent)% off"
        }
    }
}
