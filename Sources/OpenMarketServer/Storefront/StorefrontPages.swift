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
        _ products: [Product], page: Int, lastPage: Int, grid: Bool, in language: Language
    ) -> String {
        StorefrontListHTML.page(
            listFrame(page: page, lastPage: lastPage, grid: grid, in: language), cards: cards(products, in: language))
    }

    /// The list page through the `layout` and `list` templates: what `listPage` writes, kept as
    /// the reference `StorefrontListHTML` is tested against.
    func templatedListPage(
        _ products: [Product], page: Int, lastPage: Int, grid: Bool, in language: Language
    ) -> String {
        let frame = listFrame(page: page, lastPage: lastPage, grid: grid, in: language)
        let cards = cards(products, in: language)
        var main: [String: Any] = [
            "title": frame.title, "pageNumber": frame.page, "grid": grid, "layoutClass": grid ? "grid" : "list",
            "listURL": frame.listURL, "gridURL": frame.gridURL, "listLabel": frame.listLabel, "gridLabel": frame.gridLabel,
            "empty": cards.isEmpty, "emptyText": frame.emptyText, "cards": cards, "previousLabel": frame.previousLabel,
            "nextLabel": frame.nextLabel, "pageText": frame.pageText,
        ]
        if let previous = frame.previousURL { main["previousURL"] = previous }
        if let next = frame.nextURL { main["nextURL"] = next }
        return layout(title: frame.title, main: render(main, "list"), in: language)
    }

    private func cards(_ products: [Product], in language: Language) -> [Card] {
        products.map { card($0, in: language) }
    }

    private func listFrame(page: Int, lastPage: Int, grid: Bool, in language: Language) -> StorefrontListHTML.Frame {
        func address(page: Int, grid: Bool) -> String {
            var query: [String] = []
            if page > 1 { query.append("page=\(page)") }
            if grid { query.append("view=grid") }
            return query.isEmpty ? "/" : "/?" + query.joined(separator: "&")
        }
        return StorefrontListHTML.Frame(
            language: language, title: StorefrontText.title.text(in: language), live: StorefrontText.live.text(in: language),
            page: page, grid: grid, listURL: address(page: page, grid: false), gridURL: address(page: page, grid: true),
            listLabel: StorefrontText.list.text(in: language), gridLabel: StorefrontText.grid.text(in: language),
            emptyText: StorefrontText.empty.text(in: language),
            previousURL: page > 1 ? address(page: page - 1, grid: grid) : nil,
            nextURL: page < lastPage ? address(page: page + 1, grid: grid) : nil,
            previousLabel: StorefrontText.previous.text(in: language), nextLabel: StorefrontText.next.text(in: language),
            pageText: StorefrontText.page(page, of: max(lastPage, 1)).text(in: language))
    }

    func detailPage(_ product: Product, in language: Language) -> String {
        let card = card(product, in: language)
        let photos = (product.images ?? []).enumerated().map { index, image in
            Photo(url: image.url, alt: "\(product.name) \(index + 1)")
        }
        let main: [String: Any] = [
            "id": product.id, "name": product.name, "price": card.price, "original": card.original,
            "discounted": card.discounted, "discountText": card.discountText, "soldOut": card.soldOut,
            "soldOutText": StorefrontText.soldOut.text(in: language), "stockText": card.stockText,
            "sellerLabel": StorefrontText.seller.text(in: language), "vendor": card.vendor,
            "description": product.description, "photosLabel": StorefrontText.photos.text(in: language), "photos": photos,
            "allProducts": StorefrontText.allProducts.text(in: language),
        ]
        return layout(
            title: "\(product.name) · \(StorefrontText.title.text(in: language))", main: render(main, "detail"), in: language)
    }

    func missingPage(in language: Language) -> String {
        let main: [String: Any] = [
            "message": StorefrontText.notFound.text(in: language), "allProducts": StorefrontText.allProducts.text(in: language),
        ]
        return layout(title: StorefrontText.title.text(in: language), main: render(main, "missing"), in: language)
    }

    private func layout(title: String, main: String, in language: Language) -> String {
        render(
            [
                "lang": language.rawValue, "pageTitle": title, "title": StorefrontText.title.text(in: language),
                "live": StorefrontText.live.text(in: language), "main": main,
            ], "layout")
    }

    private func render(_ object: [String: Any], _ template: String) -> String {
        library.render(object, withTemplate: template) ?? ""
    }

    private func card(_ p: Product, in language: Language) -> Card {
        let currency = p.currency
        let discounted = p.discountedPrice > 0 && p.discountedPrice <= p.price
        let percent = discounted && p.price > 0 ? NSDecimalNumber(decimal: p.discountedPrice * 100 / p.price).intValue : 0
        return Card(
            id: p.id, url: "/products/\(p.id)", name: p.name, vendor: p.vendor?.name ?? p.vendorName ?? "",
            thumbnail: p.thumbnail.flatMap { $0.isEmpty ? nil : $0 }, price: MoneyText.format(p.bargainPrice, currency),
            original: MoneyText.format(p.price, currency), discounted: discounted,
            discountText: StorefrontText.discount(percent: max(percent, 1)).text(in: language),
            soldOut: p.stock <= 0, soldOutText: StorefrontText.soldOut.text(in: language),
            stockText: StorefrontText.stock(p.stock).text(in: language))
    }
}
