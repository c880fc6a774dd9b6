import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// `list [PAGE] [--per-page N] [--search TEXT] [--mine] [--all]`: a page of products, or every
/// page (`--all`, and `--mine`, which keeps this vendor's). `--format`, `--fields`, `--sort` and
/// the filters shape what was fetched, on this side (see `ListFormats`, `ListSelection`). `--grid`
/// draws the products as cards with photos on a terminal (`Photos/`).
public struct ListProducts: ShellCommand {
    public static let commandNames = CommandNames("list", aliases: ["ls"])
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.list,
        usage:
            "list [PAGE] [--per-page N] [--search TEXT] [--mine] [--all] [--format table|json|jsonl|csv|ids|count] "
            + "[--fields id,name,price,…] [--sort price|-price|stock|-stock|name|-name|id|-id] [--sold-out] "
            + "[--low-stock N] [--currency KRW|USD] [--no-pager] [--grid]",
        notes: ListMessage.usageNotes(fields: ListField.allCases.map(\.rawValue)),
        examples: [
            "list", "list 2 --per-page 50", "list --search 텀블러", "list --mine --all", "list --mine --all --format ids",
            "list --all --sort -price --fields id,name,price", "list --mine --all --low-stock 3", "list --grid",
        ],
        flags: options.map(\.flag), positional: [.page], effect: .reads)

    static let options: [CommandOption<ListProducts>] = [
        .perPage, .text("--search", \.search, help: ShellHelp.listSearch), .mine, .all,
        .value(
            "--format", \.format, placeholder: "FORMAT", choices: ListFormat.allCases.map(\.rawValue),
            help: ShellHelp.listFormat,
            parse: { text throws(CommandFailure) in try ListFormat.parse(text) }, write: { Word($0.rawValue) }),
        .value(
            "--fields", \.fields, unless: [], kind: .text, placeholder: "id,name,…", help: ShellHelp.listFields,
            parse: ListField.parse, write: { Word($0.map(\.rawValue).joined(separator: ",")) }),
        .value(
            "--sort", \.selection.order, placeholder: "KEY",
            choices: ListSelection.SortKey.allCases.flatMap { [$0.rawValue, "-" + $0.rawValue] },
            help: ShellHelp.listSort, parse: ListSelection.sortKey,
            write: { Word($0.text) }),
        .flag("--sold-out", \.selection.soldOut, help: ShellHelp.listSoldOut),
        .value(
            "--low-stock", \.selection.lowStock, kind: .number, placeholder: "N", range: 0...ProductRules.maxStock,
            help: ShellHelp.listLowStock,
            parse: ListSelection.lowStock, write: { Word(String($0)) }),
        .value(
            "--currency", \.selection.currency, placeholder: "KRW|USD", choices: Currency.accepted.map(\.rawValue),
            help: ShellHelp.listCurrency, parse: ListSelection.currency, write: { Word($0.rawValue) }),
        .flag("--no-pager", \.noPager, help: ShellHelp.listNoPager),
        .flag("--grid", \.grid, help: ShellHelp.listGrid),
    ]

    public var page = 1
    public var perPage: Int?
    public var search: String?
    public var mine = false
    public var all = false
    /// The format asked for with `--format` (nil: the session's, `set output`).
    public var format: ListFormat?
    /// The columns asked for with `--fields` (empty: the usual ones).
    public var fields: [ListField] = []
    public var selection = ListSelection()
    public var noPager = false
    /// `--grid`: cards with photos, on a terminal.
    public var grid = false

    public init(page: Int = 1, perPage: Int? = nil, search: String? = nil, mine: Bool = false, all: Bool = false) {
        self.page = page
        self.perPage = perPage
        self.search = search
        self.mine = mine
        self.all = all
    }

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        self.init(page: try Self.page(arguments.positional.first))
        try arguments.apply(Self.options, to: &self)
        if grid, format != nil || !fields.isEmpty {
            throw .usage(ListMessage.gridHasNoFormat.text)
        }
    }

    static func page(_ word: Word?) throws(CommandFailure) -> Int {
        guard let word else { return 1 }
        guard let number = Int(word.text), number >= 1 else {
            throw .usage(ListMessage.notAPage(TerminalText.visible(String(word.text.prefix(40)))).text)
        }
        return number
    }

    public var words: [Word] {
        [Word(Self.spec.name)] + (page != 1 ? [Word(String(page))] : []) + Self.options.words(of: self)
    }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        if mine { _ = try context.client.requireCredentials() }
        // `list --format count` counts the listing, not its first page (it printed 20 of 34).
        let counts = (format ?? context.settings.listOutput) == .count && page == 1 && perPage == nil
        if all || mine || counts { return try await everyPage(in: context) }
        let response = try await context.client.products(page: page, perPage: perPage ?? 20, search: search)
        let result = response.value
        context.records.remember(result.products)
        let pages = max(result.lastPage, 1)
        // A page with no products says so in one line: the summary would only repeat it.
        guard !result.products.isEmpty else {
            var empty = Message.noProductsOnPage(page: page).text
            if page > 1, result.totalCount > 0 {
                empty = Message.pastTheEnd(page: page, total: result.totalCount, pages: pages, perPage: result.itemsPerPage).text
            }
            return try await shaped([], raw: response.body, empty: empty, summary: nil, in: context)
        }
        let summary = Message.pageSummary(
            page: result.pageNo, pages: pages, total: result.totalCount, next: result.hasNext ? result.pageNo + 1 : nil
        ).text
        return try await shaped(
            result.products, raw: response.body, empty: Message.noProductsOnPage(page: page).text, summary: summary,
            partial: result.hasNext || page > 1, in: context)
    }

    /// Every page (`--all`), or this vendor's products among them (`--mine`, matched by vendor
    /// id: known, or asked on a terminal; never found out by writing to others' products).
    private func everyPage(in context: CommandContext) async throws -> CommandOutcome {
        var vendorID: Int?
        if mine {
            vendorID = try await context.ownVendorID()
            guard vendorID != nil else { throw VendorIDSource.unknown("list --mine") }
        }
        var products = try await context.client.allProducts(perPage: perPage ?? 100, search: search).products
        var empty = Message.noProducts.text
        if let vendorID {
            let all = products.count
            products = products.filter { ($0.vendorID ?? $0.vendor?.id) == vendorID }
            if products.isEmpty, all > 0 { empty = ListMessage.noneYours(all: all, vendor: vendorID).text }
        }
        var summary = ListMessage.count(products.count).text
        // `list --mine 2`: a page of your products (without --all, when a page or its size is given).
        if mine, !all, page > 1 || perPage != nil {
            let size = perPage ?? 20
            let pages = max((products.count + size - 1) / size, 1)
            let mine = products.count
            products = Array(products.dropFirst((page - 1) * size).prefix(size))
            summary = ListMessage.minePage(page: page, pages: pages, mine: mine, next: page < pages ? page + 1 : nil).text
            if products.isEmpty, mine > 0 { empty = ListMessage.minePastTheEnd(page: page, pages: pages).text }
        }
        context.records.remember(products)
        let raw = try MarketJSON.encoder.encode(products)
        // No products: the one line that says why, without a count that repeats it.
        return try await shaped(products, raw: raw, empty: empty, summary: products.isEmpty ? nil : summary, in: context)
    }

    /// Whether anything beyond what `list` always did was asked for (then the output is written
    /// here in the format asked; otherwise exactly as before).
    private var shapes: Bool { format != nil || !fields.isEmpty || !selection.isEmpty || noPager }

    /// The fetched products filtered, ordered and written in the format asked (`--format`, else
    /// `set output`), with a summary that says what was filtered out of how many (none when
    /// nothing was fetched: `empty` says it in one line).
    /// `partial`: `fetched` is one page of a longer listing, which a format for pipes (ids, csv,
    /// count…) says beside its rows, as a note, so that a pipe is not taken for the whole.
    private func shaped(
        _ fetched: [Product], raw: Data, empty: String, summary: String?, partial: Bool = false, in context: CommandContext
    ) async throws -> CommandOutcome {
        if grid, !context.settings.outputJSON {
            return await cards(fetched, raw: raw, empty: empty, summary: summary, in: context)
        }
        guard shapes || context.settings.listOutput != nil else {
            return CommandOutcome([.products(fetched, raw: raw, empty: empty)] + (summary.map { [.summary($0)] } ?? []))
        }
        let products = selection.apply(fetched)
        let format = format ?? context.settings.listOutput ?? (context.settings.outputJSON ? .json : .table)
        let line = self.line(products, of: fetched, summary: summary)
        let text: String
        switch format {
        case .table:
            let none = fetched.isEmpty ? empty : ListMessage.noneMatch.text
            let notes: [CommandOutcome.Output] = line.map { [.note($0)] } ?? []
            // The usual columns: the products kept typed, with the server's document they came
            // in (a caller that reads them, a tool result, gets the same shape whatever the filter).
            if fields.isEmpty, !noPager, !context.settings.outputJSON {
                return CommandOutcome([.products(products, raw: raw, empty: none)] + notes)
            }
            let table =
                fields.isEmpty
                ? ProductRendering.table(products, columns: context.console.columns, color: context.settings.useColor)
                : ListFormats.table(products, fields: fields, color: context.settings.useColor)
            text = products.isEmpty ? none : table
            return CommandOutcome([.listed(text, paged: !noPager && !products.isEmpty)] + notes)
        case .json where fields.isEmpty && selection.isEmpty:
            text = String(decoding: raw, as: UTF8.self)
        default:
            text = try ListFormats.rows(products, format: format, fields: fields)
        }
        let page: [CommandOutcome.Output] = partial ? (line.map { [.note(ListMessage.onePage($0).text)] } ?? []) : []
        return CommandOutcome([.listed(text, paged: false)] + page)
    }

    /// The line under the products: the summary, or what the filters kept of it (`3 of 20
    /// products (sold out)`); nil when nothing was fetched.
    private func line(_ products: [Product], of fetched: [Product], summary: String?) -> String? {
        guard let summary, !fetched.isEmpty else { return nil }
        guard !selection.isEmpty else { return summary }
        let what = [selection.filterText, selection.sortText].compactMap { $0?.isEmpty == false ? $0 : nil }
        let counted = ListMessage.count(fetched.count).text
        let kept = ListMessage.kept(shown: products.count, fetched: fetched.count, what: what.joined(separator: "; ")).text
        return kept + (summary == counted ? "" : " · " + summary)
    }
}

extension ListProducts {
    /// The widest a card is, in columns (its photo as wide, and square).
    static let cardColumns = 24

    /// `--grid`: the products (filtered and ordered as asked) as cards, as many to a line as the
    /// terminal is wide, each with its thumbnail; without a terminal, the table.
    fileprivate func cards(
        _ fetched: [Product], raw: Data, empty: String, summary: String?, in context: CommandContext
    ) async -> CommandOutcome {
        let products = selection.apply(fetched)
        let line = self.line(products, of: fetched, summary: summary).map { [CommandOutcome.Output.summary($0)] } ?? []
        let table = CommandOutcome.Output.products(
            products, raw: raw, empty: fetched.isEmpty ? empty : ListMessage.noneMatch.text)
        guard let canvas = context.console.photoCanvas, !products.isEmpty else {
            return CommandOutcome([table] + line)
        }
        let columns = min(Self.cardColumns, max(canvas.columns, 8))
        let perRow = max(1, (canvas.columns + PhotoRendering.gap) / (columns + PhotoRendering.gap))
        let (plan, note) = PhotoPlan.make(in: context, asked: true)
        var photos: [Int: DrawnPhoto] = [:]
        var photoNotes: [String] = note.map { [$0] } ?? []
        var rows = 0
        if let plan {
            let addresses = products.enumerated().compactMap { index, product in
                PhotoPlan.thumbnail(of: product).map { (key: index, address: $0, label: "#\(product.id)") }
            }
            let drawn = await plan.photos(addresses, columns: columns, in: context)
            photos = drawn.photos
            photoNotes += drawn.notes
            rows = drawn.box.rows
        }
        let grid = PhotoGrid(
            products: products, photos: photos, cardColumns: columns, photoRows: rows, perRow: perRow, style: plan?.style)
        return CommandOutcome([.grid(grid, raw: raw)] + photoNotes.map { .note($0) } + line)
    }
}

/// The flags `list` shares with `search` (which takes them `within(\.list)`).
extension CommandOption where Command == ListProducts {
    static var perPage: Self { .number("--per-page", \.perPage, in: 1...1000, help: ShellHelp.listPerPage) }
    static var mine: Self { .flag("--mine", \.mine, help: ShellHelp.listMine) }
    static var all: Self { .flag("--all", \.all, help: ShellHelp.listAll) }
}
