import Foundation
import Mustache
import OpenMarketContract

/// Renders the storefront's pages from products with the templates in `StorefrontTemplates`.
struct StorefrontPages: Sendable {
    static let perPage = 20
    private let library: MustacheLibrary

    init() {
        MustacheContentTypes.register(SafeHTMLContentType(), named: SafeHTMLContentType.name)
        var library = MustacheLibrary()
        for (name, text) in StorefrontTemplates.all {
            // The templates are the binary's own: one that does not parse is a bug caught by
            // the storefront tests, not something a user can cause.
            do { try library.register(text, named: name) } catch { preconditionFailure("storefront template \(name): \(error)") }
        }
        self.library = library
    }

    /// One product as a card of the list or the grid.
    struct Card {
        var id: Int
        var url: String
        var name: String
        var vendor: String
        var thumbnail: String?
        var price: String
        var original: String
        var discounted: Bool
        var discountText: String
        var soldOut: Bool
        var soldOutText: String
        var stockText: String
    }

    struct Photo {
        var url: String
        var alt: String
    }

    func listPage(
        _ products: [Product], page: Int, lastPage: Int, grid: Bool, text: StorefrontText
    ) -> String {
        let cards = products.map { card($0, text: text) }
        func address(page: Int, grid: Bool) -> String {
            var query: [String] = []
            if page > 1 { query.append("page=\(page)") }
            if grid { query.append("view=grid") }
            return query.isEmpty ? "/" : "/?" + query.joined(separator: "&")
        }
        var main: [String: Any] = [
            "title": text.title, "pageNumber": page, "grid": grid, "layoutClass": grid ? "grid" : "list",
            "listURL": address(page: page, grid: false), "gridURL": address(page: page, grid: true),
            "listLabel": text.list, "gridLabel": text.grid, "empty": cards.isEmpty, "emptyText": text.empty, "cards": cards,
            "previousLabel": text.previous, "nextLabel": text.next, "pageText": text.page(page, max(lastPage, 1)),
        ]
        if page > 1 { main["previousURL"] = address(page: page - 1, grid: grid) }
        if page < lastPage { main["nextURL"] = address(page: page + 1, grid: grid) }
        return layout(title: text.title, main: render(main, "list"), text: text)
    }

    func detailPage(_ product: Product, text: StorefrontText) -> String {
        let card = card(product, text: text)
        let photos = (product.images ?? []).enumerated().map { index, image in
            Photo(url: image.url, alt: "\(product.name) \(index + 1)")
        }
        let main: [String: Any] = [
            "id": product.id, "name": product.name, "price": card.price, "original": card.original,
            "discounted": card.discounted, "discountText": card.discountText, "soldOut": card.soldOut,
            "soldOutText": text.soldOut, "stockText": card.stockText, "sellerLabel": text.seller, "vendor": card.vendor,
            "description": product.description, "photosLabel": text.photos, "photos": photos,
            "allProducts": text.allProducts,
        ]
        return layout(title: "\(product.name) · \(text.title)", main: render(main, "detail"), text: text)
    }

    func missingPage(text: StorefrontText) -> String {
        let main: [String: Any] = ["message": text.notFound, "allProducts": text.allProducts]
        return layout(title: text.title, main: render(main, "missing"), text: text)
    }

    private func layout(title: String, main: String, text: StorefrontText) -> String {
        render(["lang": text.lang, "pageTitle": title, "title": text.title, "live": text.live, "main": main], "layout")
    }

    private func render(_ object: [String: Any], _ template: String) -> String {
        library.render(object, withTemplate: template) ?? ""
    }

    private func card(_ p: Product, text: StorefrontText) -> Card {
        let currency = p.currency
        let discounted = p.discountedPrice > 0 && p.discountedPrice <= p.price
        let percent = discounted && p.price > 0 ? NSDecimalNumber(decimal: p.discountedPrice * 100 / p.price).intValue : 0
        return Card(
            id: p.id, url: "/products/\(p.id)", name: p.name, vendor: p.vendor?.name ?? p.vendorName ?? "",
            thumbnail: p.thumbnail.flatMap { $0.isEmpty ? nil : $0 }, price: MoneyText.format(p.bargainPrice, currency),
            original: MoneyText.format(p.price, currency), discounted: discounted, discountText: text.discount(max(percent, 1)),
            soldOut: p.stock <= 0, soldOutText: text.soldOut, stockText: text.stock(p.stock))
    }
}
