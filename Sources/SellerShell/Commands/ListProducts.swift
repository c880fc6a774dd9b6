import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

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

    public init(page: Int = 1, perPage: Int? = nil, search: String? = nil, mine: Bool = false, all: Bool = false) {
        self.page = page
        self.perPage = perPage
        self.search = search
        self.mine = mine
        self.all = all
    }

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        self.init(
            page: try Self.page(arguments.positional.first), perPage: try Self.perPage(arguments.value("--per-page")),
            search: arguments.value("--search"), mine: arguments.has("--mine"), all: arguments.has("--all"))
    }

    static func page(_ word: Word?) throws(CommandFailure) -> Int {
        guard let word else { return 1 }
        guard let number = Int(word.text), number >= 1 else {
            throw .usage("page must be a whole number from 1 (got '\(TerminalText.visible(String(word.text.prefix(40))))')")
        }
        return number
    }

    static func perPage(_ text: String?) throws(CommandFailure) -> Int? {
        guard let text else { return nil }
        guard let number = Int(text), (1...1000).contains(number) else {
            throw .usage("--per-page must be 1 to 1000 (got '\(TerminalText.visible(String(text.prefix(40))))')")
        }
        return number
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
        if mine { _ = try session.client.requireCredentials() }
        if all || mine { return try await everyPage(in: session) }
        let response = try await session.client.products(page: page, perPage: perPage ?? 20, search: search)
        let result = response.value
        session.remember(result.products)
        let pages = max(result.lastPage, 1)
        var summary = "page \(result.pageNo) of \(pages), \(result.totalCount) product\(result.totalCount == 1 ? "" : "s")"
        if result.hasNext { summary += " — 'list \(result.pageNo + 1)' for more" }
        var empty = "no products on page \(page)"
        if result.products.isEmpty, page > 1, result.totalCount > 0 {
            empty =
                "page \(page) is past the end: \(result.totalCount) product\(result.totalCount == 1 ? "" : "s") fill "
                + "\(pages) page\(pages == 1 ? "" : "s") of \(result.itemsPerPage) — 'list \(pages)' shows the last"
        }
        return CommandOutcome([.products(result.products, raw: response.body, empty: empty), .summary(summary)])
    }

    /// Every page (`--all`), or this vendor's products among them (`--mine`, matched by vendor
    /// id; when the id is not known yet it is found among the products read).
    private func everyPage(in session: isolated SellerShell) async throws -> CommandOutcome {
        var products = try await session.client.allProducts(perPage: perPage ?? 100, search: search).products
        var note: String?
        if mine {
            let vendors = Set(products.compactMap(\.vendorID)).count
            if try await session.identifyVendor(among: products, limit: 16) == nil {
                guard vendors <= 16 else {
                    throw CommandFailure.failed(
                        "--mine needs your vendor id, and none of the products tried was yours: register one, or log in with a profile that names it"
                    )
                }
                if !products.isEmpty {
                    note = "none of these \(products.count) product\(products.count == 1 ? " is" : "s is") yours"
                }
            }
            products = products.filter { session.isMine($0) }
        }
        session.remember(products)
        let raw = try MarketJSON.encoder.encode(products)
        return CommandOutcome(
            [.products(products, raw: raw)] + (note.map { [.note($0)] } ?? [])
                + [.summary("\(products.count) product\(products.count == 1 ? "" : "s")")])
    }
}
