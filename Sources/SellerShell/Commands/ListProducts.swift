import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// `list [PAGE] [--per-page N] [--search TEXT] [--mine] [--all]`: a page of products, or every
/// page (`--all`, and `--mine`, which keeps this vendor's). `--format`, `--fields`, `--sort` and
/// the filters shape what was fetched, on this side (see `ListFormats`, `ListSelection`). `--grid`
/// draws the products as cards with photos on a terminal (`Photos/`).
public struct ListProducts: ShellCommand {
    public static let spec = CommandSpec(
        name: "list", aliases: ["ls"], summary: ShellHelp.list,
        usage:
            "list [PAGE] [--per-page N] [--search TEXT] [--mine] [--all] [--format table|json|jsonl|csv|ids|count] "
            + "[--fields id,name,price,…] [--sort price|-price|stock|-stock|name|-name|id|-id] [--sold-out] "
            + "[--low-stock N] [--currency KRW|USD] [--no-pager] [--grid]\n"
            + "  filters and --sort apply to the products fetched (a page, or every page with --all/--mine);\n"
            + "  --grid draws cards with photos on a terminal, as wide as it is (a table elsewhere);\n"
            + "  fields: \(ListField.allCases.map(\.rawValue).joined(separator: ", "))",
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
            "--low-stock", \.selection.lowStock, kind: .number, placeholder: "N", help: ShellHelp.listLowStock,
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
            throw .usage("--grid draws cards, which have no format or fields: leave out --format and --fields, or --grid")
        }
    }

    static func page(_ word: Word?) throws(CommandFailure) -> Int {
        guard let word else { return 1 }
        guard let number = Int(word.text), number >= 1 else {
            throw .usage("page must be a whole number from 1 (got '\(TerminalText.visible(String(word.text.prefix(40))))')")
        }
        return number
    }

    public var words: [Word] {
        [Word(Self.spec.name)] + (page != 1 ? [Word(String(page))] : []) + Self.options.words(of: self)
    }

    public func run(in context: CommandContext) async throws -> CommandOutcome {
        if mine { _ = try context.client.requireCredentials() }
        if all || mine { return try await everyPage(in: context) }
        let response = try await context.client.products(page: page, perPage: perPage ?? 20, search: search)
        let result = response.value
        context.session.remember(result.products)
        let pages = max(result.lastPage, 1)
        let summary = Message.pageSummary(
            page: result.pageNo, pages: pages, total: result.totalCount, next: result.hasNext ? result.pageNo + 1 : nil
        ).text
        var empty = Message.noProductsOnPage(page: page).text
        if result.products.isEmpty, page > 1, result.totalCount > 0 {
            empty = Message.pastTheEnd(page: page, total: result.totalCount, pages: pages, perPage: result.itemsPerPage).text
        }
        return try await shaped(result.products, raw: response.body, empty: empty, summary: summary, in: context)
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
        var note: String?
        if let vendorID {
            let all = products.count
            products = products.filter { ($0.vendorID ?? $0.vendor?.id) == vendorID }
            if products.isEmpty, all > 0 {
                note = "none of these \(all) product\(all == 1 ? " is" : "s is") yours (vendor #\(vendorID))"
            }
        }
        var summary = "\(products.count) product\(products.count == 1 ? "" : "s")"
        var empty = "no products"
        // `list --mine 2`: a page of your products (without --all, when a page or its size is given).
        if mine, !all, page > 1 || perPage != nil {
            let size = perPage ?? 20
            let pages = max((products.count + size - 1) / size, 1)
            let mine = products.count
            products = Array(products.dropFirst((page - 1) * size).prefix(size))
            summary = "page \(page) of \(pages), \(mine) of your products"
            if page < pages { summary += " — 'list --mine \(page + 1)' for more" }
            if products.isEmpty, mine > 0 {
                empty = "page \(page) is past the end: your products fill \(pages) page\(pages == 1 ? "" : "s")"
            }
        }
        context.session.remember(products)
        let raw = try MarketJSON.encoder.encode(products)
        return try await shaped(products, raw: raw, empty: empty, summary: summary, notes: note.map { [$0] } ?? [], in: context)
    }

    /// Whether anything beyond what `list` always did was asked for (then the output is written
    /// here in the format asked; otherwise exactly as before).
    private var shapes: Bool { format != nil || !fields.isEmpty || !selection.isEmpty || noPager }

    /// The fetched products filtered, ordered and written in the format asked (`--format`, else
    /// `set output`), with a summary that says what was filtered out of how many.
    private func shaped(
        _ fetched: [Product], raw: Data, empty: String, summary: String, notes: [String] = [],
        in context: CommandContext
    ) async throws -> CommandOutcome {
        let noteItems = notes.map { CommandOutcome.Output.note($0) }
        if grid, !context.settings.outputJSON {
            return await cards(fetched, raw: raw, empty: empty, summary: summary, notes: noteItems, in: context)
        }
        guard shapes || context.settings.listOutput != nil else {
            return CommandOutcome([.products(fetched, raw: raw, empty: empty)] + noteItems + [.summary(summary)])
        }
        let products = selection.apply(fetched)
        let format = format ?? context.settings.listOutput ?? (context.settings.outputJSON ? .json : .table)
        var line = summary
        if !selection.isEmpty {
            let what = [selection.filterText, selection.sortText].compactMap { $0?.isEmpty == false ? $0 : nil }
            let counted = "\(fetched.count) product\(fetched.count == 1 ? "" : "s")"
            line =
                "\(products.count) of \(counted) (\(what.joined(separator: "; ")))" + (summary == counted ? "" : " · " + summary)
        }
        let text: String
        switch format {
        case .table:
            let table =
                fields.isEmpty
                ? ProductRendering.table(products, color: context.settings.useColor)
                : ListFormats.table(products, fields: fields, color: context.settings.useColor)
            text = products.isEmpty ? (fetched.isEmpty ? empty : "no products match") : table
            return CommandOutcome([.listed(text, paged: !noPager && !products.isEmpty)] + noteItems + [.note(line)])
        case .json where fields.isEmpty && selection.isEmpty:
            text = String(decoding: raw, as: UTF8.self)
        default:
            text = try ListFormats.rows(products, format: format, fields: fields)
        }
        return CommandOutcome([.listed(text, paged: false)] + noteItems)
    }
}

extension ListProducts {
    /// The widest a card is, in columns (its photo as wide, and square).
    static let cardColumns = 24

    /// `--grid`: the products (filtered and ordered as asked) as cards, as many to a line as the
    /// terminal is wide, each with its thumbnail; without a terminal, the table.
    fileprivate func cards(
        _ fetched: [Product], raw: Data, empty: String, summary: String, notes: [CommandOutcome.Output],
        in context: CommandContext
    ) async -> CommandOutcome {
        let products = selection.apply(fetched)
        var line = summary
        if !selection.isEmpty { line = "\(products.count) of \(fetched.count) products · " + summary }
        let table = CommandOutcome.Output.products(products, raw: raw, empty: fetched.isEmpty ? empty : "no products match")
        guard let canvas = context.console.photoCanvas, !products.isEmpty else {
            return CommandOutcome([table] + notes + [.summary(line)])
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
        return CommandOutcome([.grid(grid, raw: raw)] + notes + photoNotes.map { .note($0) } + [.summary(line)])
    }
}

/// The flags `list` shares with `search` (which takes them `within(\.list)`).
extension CommandOption where Command == ListProducts {
    static var perPage: Self { .number("--per-page", \.perPage, in: 1...1000, help: ShellHelp.listPerPage) }
    static var mine: Self { .flag("--mine", \.mine, help: ShellHelp.listMine) }
    static var all: Self { .flag("--all", \.all, help: ShellHelp.listAll) }
}
