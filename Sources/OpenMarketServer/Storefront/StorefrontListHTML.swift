import OpenMarketContract

/// The list page (and its layout) written straight into one string, byte for byte what the
/// `layout` and `list` templates of `StorefrontTemplates` make of the same values.
///
/// Measured under `scripts/bench-server` (list cache off): through swift-mustache the page was
/// served at 331 req/s beside the JSON list's 4,352; `perf` put 54% of the market's time in the
/// Swift runtime's reflection (each card's values looked up by name through a `Mirror`: field
/// metadata, mangled type names, conformance checks), the rest mostly strings made per value.
/// The first page is what every open browser asks for after each change, so it is written
/// here, each value escaped (`HTMLEscaping.append`) straight into the page: 3,565 req/s beside
/// the list's 4,034. The templates stay the reference: `StorefrontRenderingTests` renders
/// products through both and compares the bytes.
struct StorefrontListHTML {
    /// The words and links of a list page that are not cards.
    struct Frame {
        var language: Language
        var title: String
        var live: String
        var page: Int
        var grid: Bool
        var listURL: String
        var gridURL: String
        var listLabel: String
        var gridLabel: String
        var emptyText: String
        var previousURL: String?
        var nextURL: String?
        var previousLabel: String
        var nextLabel: String
        var pageText: String
    }

    private var out = ""

    static func page(_ frame: Frame, cards: [StorefrontPages.Card]) -> String {
        var html = StorefrontListHTML()
        html.out.reserveCapacity(2048 + cards.count * 700)
        html.layoutTop(frame)
        html.main(frame, cards: cards)
        html.raw("\n</body>\n</html>\n")
        return html.out
    }

    private mutating func raw(_ text: String) { out += text }

    private mutating func text(_ value: String) { HTMLEscaping.append(value, to: &out) }

    private mutating func layoutTop(_ frame: Frame) {
        raw("<!DOCTYPE html>\n<html lang=\"")
        text(frame.language.rawValue)
        raw(
            "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"
        )
        text(frame.title)
        raw("</title>\n<link rel=\"stylesheet\" href=\"/storefront/style.css\">\n")
        raw("<script src=\"/storefront/app.js\" defer></script>\n</head>\n<body>\n<header>\n<a class=\"home\" href=\"/\">")
        text(frame.title)
        raw("</a>\n<p id=\"live\" hidden>")
        text(frame.live)
        raw("</p>\n</header>\n")
    }

    private mutating func main(_ frame: Frame, cards: [StorefrontPages.Card]) {
        raw("<main data-page=\"\(frame.page)\">\n<nav class=\"views\" aria-label=\"")
        text(frame.title)
        raw("\">\n<a href=\"")
        text(frame.listURL)
        raw(frame.grid ? "\" class=\"view\" id=\"view-list\">" : "\" class=\"view current\" id=\"view-list\">")
        text(frame.listLabel)
        raw("</a>\n<a href=\"")
        text(frame.gridURL)
        raw(frame.grid ? "\" class=\"view current\" id=\"view-grid\">" : "\" class=\"view\" id=\"view-grid\">")
        text(frame.gridLabel)
        raw("</a>\n</nav>\n")
        if cards.isEmpty {
            raw("<p class=\"empty\">")
            text(frame.emptyText)
            raw("</p>")
        }
        raw(frame.grid ? "\n<ul class=\"products grid\">\n" : "\n<ul class=\"products list\">\n")
        for card in cards { self.card(card) }
        raw("</ul>\n<nav class=\"pages\">\n")
        if let previous = frame.previousURL {
            raw("<a rel=\"prev\" href=\"")
            text(previous)
            raw("\">")
            text(frame.previousLabel)
            raw("</a>")
        }
        raw("\n<span class=\"page-number\">")
        text(frame.pageText)
        raw("</span>\n")
        if let next = frame.nextURL {
            raw("<a rel=\"next\" href=\"")
            text(next)
            raw("\">")
            text(frame.nextLabel)
            raw("</a>")
        }
        raw("\n</nav>\n</main>")
    }

    private mutating func card(_ card: StorefrontPages.Card) {
        raw(
            card.soldOut
                ? "<li class=\"card sold-out\" data-id=\"\(card.id)\">\n<a href=\""
                : "<li class=\"card\" data-id=\"\(card.id)\">\n<a href=\"")
        text(card.url)
        raw("\">\n")
        if let thumbnail = card.thumbnail {
            raw("<img src=\"")
            text(thumbnail)
            raw("\" alt=\"")
            text(card.name)
            raw("\" loading=\"lazy\">")
        } else {
            raw("<span class=\"no-photo\"></span>")
        }
        raw("\n<span class=\"name\">")
        text(card.name)
        raw("</span>\n</a>\n<span class=\"price\">")
        if card.discounted {
            raw("<del class=\"original\">")
            text(card.original)
            raw("</del> ")
        }
        raw("<span class=\"final\">")
        text(card.price)
        raw("</span>")
        if card.discounted {
            raw(" <span class=\"discount\">")
            text(card.discountText)
            raw("</span>")
        }
        raw("</span>\n")
        if card.soldOut {
            raw("<span class=\"stock sold-out-mark\">")
            text(card.soldOutText)
        } else {
            raw("<span class=\"stock\">")
            text(card.stockText)
        }
        raw("</span>\n<span class=\"vendor\">")
        text(card.vendor)
        raw("</span>\n</li>\n")
    }
}
