import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `list [PAGE] [--per-page N] [--search TEXT] [--mine] [--all]`: a page of products, or every
/// page (`--all`, and `--mine`, which keeps this vendor's).
public struct ListProducts: ShellCommand {
    public static let spec = CommandSpec(
        name: "list", aliases: ["ls"], summary: "list products, newest first",
        usage: "list [PAGE] [--per-page N] [--search TEXT] [--mine] [--all]",
        examples: ["list", "list 2 --per-page 50", "list --search 텀블러", "list --mine --all"],
        flags: [.init("--per-page", value: .number), .init("--search", value: .text), .init("--mine"), .init("--all")],
        positional: [.page], effect: .reads)

    public var page = 1
    public var perPage: Int?
    public var search: String?
    public var mine = false
    public var all = false

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        if let word = arguments.positional.first {
            guard let number = Int(word.text), number >= 1 else {
                throw .usage("page must be a whole number from 1 (got '\(word.text)')")
            }
            page = number
        }
        if let text = arguments.value("--per-page") {
            guard let number = Int(text), (1...1000).contains(number) else {
                throw .usage("--per-page must be 1 to 1000 (got '\(text)')")
            }
            perPage = number
        }
        search = arguments.value("--search")
        mine = arguments.has("--mine")
        all = arguments.has("--all")
    }

    public var words: [Word] {
        var words = [Word(Self.spec.name)]
        if page != 1 { words.append(Word(String(page))) }
        if let perPage { words += [Word("--per-page"), Word(String(perPage))] }
        if let search { words += [Word("--search"), Word(search, wasQuoted: true)] }
        if mine { words.append(Word("--mine")) }
        if all { words.append(Word("--all")) }
        return words
    }

    public func run(in session: isolated SellerShell) async throws -> CommandOutcome {
        if mine, session.vendorID == nil, session.vendorName == nil {
            throw CommandFailure.failed(
                "--mine needs to know your vendor: it is learned from your first register or patch (or log in with a profile that names it)"
            )
        }
        if all || mine { return try await everyPage(in: session) }
        let response = try await session.client.products(page: page, perPage: perPage ?? 20, search: search)
        let result = response.value
        session.remember(result.products)
        var summary =
            "page \(result.pageNo) of \(max(result.lastPage, 1)), \(result.totalCount) product\(result.totalCount == 1 ? "" : "s")"
        if result.hasNext { summary += " — 'list \(result.pageNo + 1)' for more" }
        return CommandOutcome([
            .products(result.products, raw: response.body, empty: "no products on page \(page)"), .summary(summary),
        ])
    }

    private func everyPage(in session: isolated SellerShell) async throws -> CommandOutcome {
        var products = try await session.client.allProducts(perPage: perPage ?? 100, search: search).products
        if mine { products = products.filter { session.isMine($0) } }
        session.remember(products)
        let raw = try MarketJSON.encoder.encode(products)
        return CommandOutcome([
            .products(products, raw: raw), .summary("\(products.count) product\(products.count == 1 ? "" : "s")"),
        ])
    }
}
