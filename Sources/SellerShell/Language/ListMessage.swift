import OpenMarketContract

/// What `list` says about the products it found beside the table: how many, which page, and the
/// one line for a page with none. Each language is one exhaustive `switch`
/// (`ListMessage+English.swift`, `ListMessage+Korean.swift`).
public enum ListMessage: Spoken, Equatable {
    /// `4 products`: every page's products (`--all`, `--mine`).
    case count(Int)
    /// Under a page written for a pipe (`list --format ids`): the page's summary, and that
    /// `--all` writes every page.
    case onePage(String)
    /// `none of the market's 4 products is yours (vendor #2): 'register' adds one`: `--mine`
    /// found none of this vendor's (it said `none of these 4 products`, of products not shown).
    case noneYours(all: Int, vendor: Int)
    /// `page 2 of 3, 45 of your products — 'list --mine 3' for more`.
    case minePage(page: Int, pages: Int, mine: Int, next: Int?)
    /// `page 4 is past the end: your products fill 3 pages`.
    case minePastTheEnd(page: Int, pages: Int)
    /// Products were fetched, and the filters kept none.
    case noneMatch
    /// `3 of 20 products (sold out; by -price)`: what the filters kept.
    case kept(shown: Int, fetched: Int, what: String)
    /// `--grid` with `--format` or `--fields`.
    case gridHasNoFormat
    /// What `help list` says under the usage: what the filters apply to, `--grid`, the fields.
    case usageNotes(fields: [String])
    /// A page that is no whole number from 1.
    case notAPage(String)
}
