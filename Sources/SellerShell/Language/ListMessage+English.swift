import OpenMarketContract

/// The English catalogue of ``ListMessage``.
extension ListMessage {
    public var english: String {
        switch self {
        case .count(let count): Self.products(count)
        case .onePage(let summary): "only this page was written (\(summary)); --all writes every page"
        case .usageNotes(let fields):
            "filters and --sort apply to the products fetched (a page, or every page with --all/--mine);\n"
                + "--grid draws cards with photos on a terminal, as wide as it is (a table elsewhere);\n"
                + "fields: \(fields.joined(separator: ", "))"
        case .noneYours(let all, let vendor):
            "none of the market's \(all) product\(all == 1 ? " is" : "s is") yours (vendor #\(vendor)): 'register' adds one"
        case .minePage(let page, let pages, let mine, let next):
            "page \(page) of \(pages), \(mine) of your products" + (next.map { " — 'list --mine \($0)' for more" } ?? "")
        case .minePastTheEnd(let page, let pages):
            "page \(page) is past the end: your products fill \(pages) page\(pages == 1 ? "" : "s")"
        case .noneMatch: "no products match"
        case .kept(let shown, let fetched, let what): "\(shown) of \(Self.products(fetched)) (\(what))"
        case .gridHasNoFormat:
            "--grid draws cards, which have no format or fields: leave out --format and --fields, or --grid"
        case .notAPage(let word): "page must be a whole number from 1 (got '\(word)')"
        }
    }

    /// `1 product`, `4 products`.
    static func products(_ count: Int) -> String { "\(count) product\(count == 1 ? "" : "s")" }
}
