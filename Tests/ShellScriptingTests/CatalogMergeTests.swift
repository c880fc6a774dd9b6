import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// Issue 41: `import` merges a sheet with the market three ways (the sheet, the product when it
/// was exported, the market now): a stale sheet never overwrites the market. Conflicts,
/// `--prefer`, the action column, stock as a count, renames, photos compared by content.
@Suite("Merging a sheet with the market")
struct CatalogMergeTests {
    /// Ten products `Item 1` … `Item 10` (prices 1001 … 1010, stock 5) on the market, and their
    /// export (with its revision column); the export's path.
    static func exportedCatalog(_ f: ScriptFixture, count: Int = 10, images: Bool = false) async throws -> String {
        try f.copyImage("coffee-small.jpg")
        let path = try f.script("start.csv", CatalogImportTests.rows(count))
        let imported = RecordingConsole()
        #expect(await f.session(imported).execute("import '\(path)' --yes").status == .ok, "\(imported.notes)")
        let exported = f.directory.appendingPathComponent("sheet.csv").path
        let photos = images ? " --images '\(f.directory.path)/photos'" : ""
        let console = RecordingConsole()
        #expect(await f.session(console).execute("export '\(exported)'\(photos)").status == .ok, "\(console.notes)")
        return exported
    }

    /// Your products by name.
    static func byName(_ f: ScriptFixture) async throws -> [String: Product] {
        var products: [String: Product] = [:]
        for summary in try await f.allProducts() { products[summary.name] = try await f.product(id: summary.id) }
        return products
    }

    /// The sheet with `edits` made to its text (each a replacement of one cell's text by another).
    static func edit(_ path: String, _ edits: [(String, String)]) throws {
        var text = try String(contentsOfFile: path, encoding: .utf8)
        for (old, new) in edits {
            #expect(text.contains(old), "\(old) is not in \(text)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static let words = "A product for the import test"

    /// The cells of the one-product sheet's row from its name to its stock, as `edit` finds them.
    static func item1(stock: Int, price: Int = 1001) -> String { ",Item 1,\(words),\(price),KRW,0,\(stock)," }

    /// The one-product sheet exported at stock 5, then its stock changed in the sheet to `stock`
    /// (and its price to `price`); the sheet's path and the product's id.
    static func oneItemSheet(_ f: ScriptFixture, stock: Int, price: Int = 1001) async throws -> (sheet: String, id: Int) {
        let sheet = try await exportedCatalog(f, count: 1)
        let id = try await byName(f)["Item 1"]!.id
        try edit(sheet, [(item1(stock: 5), item1(stock: stock, price: price))])
        return (sheet, id)
    }

    /// The issue's "Done when": 5 products changed on the market, 5 rows in the sheet (2 of them
    /// the same product and field): the plan sends the 3 sheet-only changes, keeps the 3
    /// market-only ones and lists 2 conflicts; the import overwrites nothing on the market.
    @Test func aStaleSheetNeverOverwritesTheMarket() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f)
            let before = try await Self.byName(f)
            let id = { (name: String) in before[name]!.id }
            // The market: three changes the sheet does not make, two it makes differently.
            _ = try await f.client.edit(id: id("Item 1"), ProductChanges(price: 1101))
            _ = try await f.client.edit(id: id("Item 2"), ProductChanges(price: 1102))
            _ = try await f.client.edit(id: id("Item 3"), ProductChanges(description: "Changed on the market"))
            _ = try await f.client.edit(id: id("Item 4"), ProductChanges(price: 1204))
            _ = try await f.client.edit(id: id("Item 5"), ProductChanges(description: "The market's words"))
            try Self.edit(
                sheet,
                [
                    (",Item 4,\(Self.words),1004,", ",Item 4,\(Self.words),1304,"),
                    (",Item 5,\(Self.words),", ",Item 5,The sheet's words,"),
                    (",Item 6,\(Self.words),1006,", ",Item 6,\(Self.words),1606,"),
                    (",Item 7,\(Self.words),1007,", ",Item 7,\(Self.words),1707,"),
                    (",Item 8,\(Self.words),", ",Item 8,Changed in the sheet,"),
                ])
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(sheet)' --plan").status == .ok, "\(plan.notes)")
            #expect(plan.out.contains("update     3"), "\(plan.out)")
            #expect(plan.out.contains(": #\(id("Item 6")) price ₩1,006 → ₩1,606\n"), "\(plan.out)")
            #expect(plan.out.contains(": #\(id("Item 7")) price ₩1,007 → ₩1,707\n"), "\(plan.out)")
            #expect(plan.out.contains(": #\(id("Item 8")) description"), "\(plan.out)")
            #expect(
                plan.out.contains("kept       3 (changed on the market since the export, in 3 rows counted above"), "\(plan.out)")
            // The rows' counts come together and add up to the sheet's 10 rows; kept and
            // conflicts, which count values in rows already counted, come after them.
            let unchangedAt = try #require(plan.out.range(of: "unchanged  7\n"), "\(plan.out)")
            let keptAt = try #require(plan.out.range(of: "kept       3"), "\(plan.out)")
            #expect(unchangedAt.lowerBound < keptAt.lowerBound, "\(plan.out)")
            #expect(plan.out.contains("register   0") && plan.out.contains("update     3"), "\(plan.out)")
            #expect(plan.out.contains(": #\(id("Item 1")) price ₩1,001 → ₩1,101 on the market"), "\(plan.out)")
            // Conflicts are values in rows counted above too, and the plan says so (it did not:
            // rows renamed, unchanged and in conflict seemed to add up to more than the sheet's).
            #expect(plan.out.contains("conflicts  2 (changed on both sides, in 2 rows counted above: not sent"), "\(plan.out)")
            #expect(
                plan.out.contains(": #\(id("Item 4")) price: sheet '₩1,304', market '₩1,204' (was '₩1,004')"), "\(plan.out)")
            #expect(plan.out.contains(": #\(id("Item 5")) description: sheet 'The sheet's words', market '"), "\(plan.out)")
            #expect(!plan.out.contains("cannot be told"), "\(plan.out)")

            let spy = SpyTransport()
            let run = RecordingConsole()
            #expect(await f.session(run, transport: spy).execute("import '\(sheet)' --yes").status == .ok, "\(run.notes)")
            #expect(spy.changes.count == 3, "\(spy.changes)")
            let after = try await Self.byName(f)
            #expect(after["Item 1"]?.price == 1101)
            #expect(after["Item 2"]?.price == 1102)
            #expect(after["Item 3"]?.description == "Changed on the market")
            #expect(after["Item 4"]?.price == 1204)
            #expect(after["Item 5"]?.description == "The market's words")
            #expect(after["Item 6"]?.price == 1606)
            #expect(after["Item 7"]?.price == 1707)
            #expect(after["Item 8"]?.description == "Changed in the sheet")
            #expect(after["Item 9"]?.issuedAt == before["Item 9"]?.issuedAt)
            #expect(after["Item 10"]?.issuedAt == before["Item 10"]?.issuedAt)
        }
    }

    @Test func preferSheetSendsTheConflictsAndPreferMarketKeepsThem() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 2)
            let id = try await Self.byName(f)["Item 1"]!.id
            _ = try await f.client.edit(id: id, ProductChanges(price: 1201))
            try Self.edit(sheet, [(",Item 1,\(Self.words),1001,", ",Item 1,\(Self.words),1301,")])
            let market = RecordingConsole()
            #expect(await f.session(market).execute("import '\(sheet)' --yes --prefer market").status == .ok)
            #expect(market.out.contains("--prefer market keeps the market's value"), "\(market.out)")
            #expect(try await f.product(id: id).price == 1201)
            let plain = RecordingConsole()
            #expect(await f.session(plain).execute("import '\(sheet)' --yes").status == .ok)
            #expect(try await f.product(id: id).price == 1201)
            let sheetWins = RecordingConsole()
            #expect(await f.session(sheetWins).execute("import '\(sheet)' --yes --prefer sheet").status == .ok)
            #expect(sheetWins.out.contains("--prefer sheet sends the sheet's value"), "\(sheetWins.out)")
            #expect(try await f.product(id: id).price == 1301)
            let refused = RecordingConsole()
            #expect(await f.session(refused).execute("import '\(sheet)' --prefer both").status == .usage)
            #expect(refused.notes.contains("--prefer is sheet or market (got 'both')"), "\(refused.notes)")
        }
    }

    /// With a revision, the stock moves by the sheet's difference: sales made since the export
    /// are kept (5 exported, 2 sold, the sheet says 8: 6, not 8).
    @Test func stockMovesByTheSheetsDifferenceKeepingSalesMadeMeanwhile() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 1)
            let id = try await Self.byName(f)["Item 1"]!.id
            _ = try await f.client.edit(id: id, ProductChanges(stock: 3))
            try Self.edit(sheet, [(",Item 1,\(Self.words),1001,KRW,0,5,", ",Item 1,\(Self.words),1001,KRW,0,8,")])
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(sheet)' --yes").status == .ok, "\(console.notes)")
            #expect(console.out.contains("stock 3 → 6 (+3 as the sheet changed it"), "\(console.out)")
            #expect(try await f.product(id: id).stock == 6)
        }
    }

    /// The same sheet imported twice moves the stock once (before, each import moved it by the
    /// sheet's difference again: 5 → 7 → 9); a sheet changed since moves it by that change, and
    /// a sale made meanwhile is kept each time. `--plan` knows the earlier move too.
    @Test func theSameSheetImportedTwiceMovesTheStockOnce() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 1)
            let id = try await Self.byName(f)["Item 1"]!.id
            try Self.edit(sheet, [(",Item 1,\(Self.words),1001,KRW,0,5,", ",Item 1,\(Self.words),1001,KRW,0,7,")])
            #expect(await f.session(RecordingConsole()).execute("stock \(id) -2").status == .ok)
            let first = RecordingConsole()
            #expect(await f.session(first).execute("import '\(sheet)' --yes").status == .ok, "\(first.notes)")
            #expect(first.out.contains("stock 3 → 5 (+2 as the sheet changed it"), "\(first.out)")
            #expect(try await f.product(id: id).stock == 5)
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(sheet)' --plan").status == .ok, "\(plan.notes)")
            #expect(plan.out.contains("update     0") && plan.out.contains("unchanged  1"), "\(plan.out)")
            let second = RecordingConsole()
            #expect(await f.session(second).execute("import '\(sheet)' --yes").status == .ok, "\(second.notes)")
            #expect(try await f.product(id: id).stock == 5, "\(second.out)")
            // A third time, after a sale: still nothing (the move was carried into the journal).
            #expect(await f.session(RecordingConsole()).execute("stock \(id) -1").status == .ok)
            #expect(await f.session(RecordingConsole()).execute("import '\(sheet)' --yes").status == .ok)
            #expect(try await f.product(id: id).stock == 4)
            // An import refused in between (a price that is no number) forgets no move.
            try Self.edit(sheet, [(",Item 1,\(Self.words),1001,", ",Item 1,\(Self.words),abc,")])
            #expect(await f.session(RecordingConsole()).execute("import '\(sheet)' --yes").status == .failed)
            try Self.edit(sheet, [(",Item 1,\(Self.words),abc,", ",Item 1,\(Self.words),1001,")])
            #expect(await f.session(RecordingConsole()).execute("import '\(sheet)' --yes").status == .ok)
            #expect(try await f.product(id: id).stock == 4)
            // The sheet changed since (7 → 10): the stock moves by +3 only.
            try Self.edit(sheet, [(",Item 1,\(Self.words),1001,KRW,0,7,", ",Item 1,\(Self.words),1001,KRW,0,10,")])
            let changed = RecordingConsole()
            #expect(await f.session(changed).execute("import '\(sheet)' --yes").status == .ok, "\(changed.notes)")
            #expect(changed.out.contains("stock 4 → 7 (+3 as the sheet changed it"), "\(changed.out)")
            #expect(try await f.product(id: id).stock == 7)
        }
    }

    /// An import's stock move is undone by the inverse amount, as `stock ID +N` is, keeping a
    /// sale made since (before, `undo` set the stock the import had read, or refused).
    @Test func undoingAnImportsStockMoveTakesBackTheAmountKeepingLaterSales() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 1)
            let id = try await Self.byName(f)["Item 1"]!.id
            try Self.edit(sheet, [(",Item 1,\(Self.words),1001,KRW,0,5,", ",Item 1,\(Self.words),1501,KRW,0,8,")])
            let session = f.session(RecordingConsole())
            #expect(await session.execute("import '\(sheet)' --yes").status == .ok)
            #expect(try await f.product(id: id).stock == 8)
            #expect(await session.execute("stock \(id) -1").status == .ok)
            let undo = RecordingConsole()
            #expect(await f.session(undo).execute("undo 2 --yes").status == .ok, "\(undo.notes) \(undo.out)")
            let product = try await f.product(id: id)
            #expect(product.stock == 4, "the sale is kept: \(undo.out)")
            #expect(product.price == 1001, "\(undo.out)")
            // The import undone, the same sheet imported again moves the stock again, with the
            // price: its move no longer stands.
            #expect(await f.session(RecordingConsole()).execute("import '\(sheet)' --yes").status == .ok)
            let again = try await f.product(id: id)
            #expect(again.stock == 7 && again.price == 1501, "\(again.stock) \(again.price)")
        }
    }

    /// An import's row that moved the stock and set the price is undone stock first, then the
    /// price on the product read again: the plan says so, and nothing is sent to fail with 412
    /// (before, the price went with the version read before the stock moved, a 412 every time,
    /// and the plan showed that stale If-Match); made again, the stock's plan says the same.
    @Test func undoingARowsStockAndPriceReadsTheProductAgainBeforeThePrice() async throws {
        try await ScriptFixture.with { f in
            let (sheet, id) = try await Self.oneItemSheet(f, stock: 8, price: 1501)
            #expect(await f.session(RecordingConsole()).execute("import '\(sheet)' --yes").status == .ok)
            let console = RecordingConsole()
            let session = f.session(console)
            #expect(await session.execute("undo --dry-run").status == .ok)
            #expect(
                console.out.contains(
                    "GET /api/products/\(id), then PATCH /api/products/\(id) {\"price\":1001} with If-Match: the ETag read then"
                ), "\(console.out)")
            #expect(await session.execute("undo --yes").status == .ok, "\(console.notes)")
            let product = try await f.product(id: id)
            #expect(product.stock == 5 && product.price == 1001, "\(product.stock) \(product.price)")
            let before = console.out.count
            #expect(await session.execute("exchanges").status == .ok)
            let listed = String(console.out.dropFirst(before))
            #expect(listed.contains("GET /api/products/\(id) ") && listed.contains("PATCH /api/products/\(id) "), "\(listed)")
            #expect(!listed.contains("412"), "\(listed)")
            // Made again, the fields go first and the stock's request says it reads the product again.
            #expect(await session.execute("redo --dry-run").status == .ok)
            #expect(
                console.out.contains("{\"stock\":8} with If-Match: the ETag read then (from the stock read then; a step before"),
                "\(console.out)")
        }
    }

    /// Each import's move is its own part of the row's base: the latest of two undone, the
    /// same sheet moves the stock by that part again (+2), not by both (before: +5, from the
    /// export's 5, the first import's +3 counted twice); the first undone, the second's part
    /// stays and the first's is made again (before: nothing was moved).
    @Test func undoingOneOfTwoImportsMovesTheStockByItsPartAgain() async throws {
        try await ScriptFixture.with { f in
            let (sheet, id) = try await Self.oneItemSheet(f, stock: 8)
            let session = f.session(RecordingConsole())
            #expect(await session.execute("import '\(sheet)' --yes").status == .ok)
            try Self.edit(sheet, [(Self.item1(stock: 8), Self.item1(stock: 10))])
            #expect(await session.execute("import '\(sheet)' --yes").status == .ok)
            #expect(try await f.product(id: id).stock == 10)
            // The latest undone: 8, and the sheet's 10 is +2 from there.
            #expect(await session.execute("undo --yes").status == .ok)
            #expect(try await f.product(id: id).stock == 8)
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(sheet)' --plan").status == .ok, "\(plan.notes)")
            #expect(plan.out.contains("stock 8 → 10 (+2 as the sheet changed it"), "\(plan.out)")
            #expect(await session.execute("import '\(sheet)' --yes").status == .ok)
            #expect(try await f.product(id: id).stock == 10)
            // The first import (change 2: change 1 registered the product) undone: its +3 is
            // taken back, and the sheet moves the stock by it again.
            let undo = RecordingConsole()
            #expect(await f.session(undo).execute("undo 2 --yes").status == .ok, "\(undo.notes) \(undo.out)")
            #expect(try await f.product(id: id).stock == 7, "\(undo.out)")
            let again = RecordingConsole()
            #expect(await f.session(again).execute("import '\(sheet)' --yes").status == .ok, "\(again.notes)")
            #expect(again.out.contains("stock 7 → 10 (+3 as the sheet changed it"), "\(again.out)")
            #expect(try await f.product(id: id).stock == 10)
        }
    }

    /// A move undone, then made again by the same sheet, then redone: the redo is a change of
    /// its own, newer than the sheet, which moves nothing (before: the two moves' parts were both
    /// counted, and the sheet took the redo back, -3 "as the sheet changed it").
    @Test func aMoveRedoneAfterTheSheetMadeItAgainIsNotTakenBack() async throws {
        try await ScriptFixture.with { f in
            let (sheet, id) = try await Self.oneItemSheet(f, stock: 8)
            let session = f.session(RecordingConsole())
            #expect(await session.execute("import '\(sheet)' --yes").status == .ok)
            #expect(await session.execute("undo --yes").status == .ok)
            #expect(await session.execute("import '\(sheet)' --yes").status == .ok)
            #expect(try await f.product(id: id).stock == 8)
            #expect(await session.execute("redo --yes").status == .ok)
            #expect(try await f.product(id: id).stock == 11)
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(sheet)' --plan").status == .ok, "\(plan.notes)")
            #expect(plan.out.contains("update     0"), "\(plan.out)")
        }
    }

    /// An import's row that changed the price and the stock, undone where only the price could
    /// be taken back (sales since leave too little stock to take the move back): the move still
    /// stands, and the same sheet moves nothing (before: it was taken for undone, +3 again).
    @Test func aMoveWhoseUndoFailedStillStands() async throws {
        try await ScriptFixture.with { f in
            let (sheet, id) = try await Self.oneItemSheet(f, stock: 8, price: 1501)
            #expect(await f.session(RecordingConsole()).execute("import '\(sheet)' --yes").status == .ok)
            _ = try await f.client.edit(id: id, ProductChanges(stock: 1))
            let undo = RecordingConsole()
            _ = await f.session(undo).execute("undo --yes")
            let product = try await f.product(id: id)
            #expect(product.price == 1001 && product.stock == 1, "\(undo.notes) \(undo.out)")
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(sheet)' --plan").status == .ok, "\(plan.notes)")
            #expect(!plan.out.contains("as the sheet changed it"), "\(plan.out)")
        }
    }

    /// A stock the sheet's side set (a difference below 0, `--prefer sheet`) is the row's base
    /// from then on: a restock since is no new difference (it was -5 again, below 0 again).
    @Test func aStockTheSheetSetIsTheBaseOfTheNextImport() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 1)
            let id = try await Self.byName(f)["Item 1"]!.id
            _ = try await f.client.edit(id: id, ProductChanges(stock: 1))
            try Self.edit(sheet, [(",Item 1,\(Self.words),1001,KRW,0,5,", ",Item 1,\(Self.words),1001,KRW,0,0,")])
            #expect(await f.session(RecordingConsole()).execute("import '\(sheet)' --yes --prefer sheet").status == .ok)
            #expect(try await f.product(id: id).stock == 0)
            #expect(await f.session(RecordingConsole()).execute("stock \(id) +3").status == .ok)
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(sheet)' --plan").status == .ok, "\(plan.notes)")
            #expect(!plan.out.contains("below 0") && plan.out.contains("update     0"), "\(plan.out)")
        }
    }

    /// The sheet's difference taking the market's stock below 0 is a conflict: not sent, unless
    /// the sheet is preferred (then the sheet's count is set).
    @Test func aStockDifferenceBelowZeroIsAConflict() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 1)
            let id = try await Self.byName(f)["Item 1"]!.id
            _ = try await f.client.edit(id: id, ProductChanges(stock: 1))
            try Self.edit(sheet, [(",Item 1,\(Self.words),1001,KRW,0,5,", ",Item 1,\(Self.words),1001,KRW,0,0,")])
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(sheet)' --yes").status == .ok, "\(console.notes)")
            #expect(
                console.out.contains("#\(id) stock: the sheet changes it by -5, the market has 1: it would go below 0"),
                "\(console.out)")
            #expect(try await f.product(id: id).stock == 1)
            #expect(await f.session(RecordingConsole()).execute("import '\(sheet)' --yes --prefer sheet").status == .ok)
            #expect(try await f.product(id: id).stock == 0)
        }
    }

    /// A stock-only sheet (name, stock) has no revision: its stock moves by the difference the
    /// plan measured, and the plan says so.
    @Test func aStockOnlySheetChangesStockByTheDifference() async throws {
        try await ScriptFixture.with { f in
            _ = try await Self.exportedCatalog(f, count: 2)
            let ids = try await Self.byName(f)
            let path = try f.script("stock.csv", "name,stock\nItem 1,8\nItem 2,5\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .ok, "\(console.notes)")
            #expect(console.out.contains("stock 5 → 8 (+3 as the sheet changed it"), "\(console.out)")
            #expect(console.out.contains("unchanged  1"), "\(console.out)")
            #expect(try await f.product(id: ids["Item 1"]!.id).stock == 8)
        }
    }

    @Test func aSheetWithoutRevisionsSaysItCannotTellWhichSideChanged() async throws {
        try await ScriptFixture.with { f in
            let start = try await Self.exportedCatalog(f, count: 2)
            _ = start
            let path = try f.script(
                "old.csv", CatalogImportTests.rows(2).replacingOccurrences(of: ",1002,", with: ",1502,"))
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --plan").status == .ok, "\(console.notes)")
            #expect(console.out.contains("update     1"), "\(console.out)")
            #expect(
                console.out.contains(
                    "(2 rows without a revision column (export writes it): which side changed cannot be told"),
                "\(console.out)")
        }
    }

    /// A row of an exported sheet whose revision cell is empty (pasted in after the export) is
    /// compared with the market now, and the plan says why without blaming a missing column.
    @Test func aRowWithAnEmptyRevisionCellIsNotCalledASheetWithoutTheColumn() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 2)
            var lines = try String(contentsOfFile: sheet, encoding: .utf8).components(separatedBy: "\r\n")
            let index = try #require(lines.firstIndex { $0.hasPrefix("Item 1,") || $0.contains(",Item 1,") })
            let revision = try #require(lines[index].range(of: #",v1;[^,]*"#, options: .regularExpression))
            lines[index].replaceSubrange(revision, with: ",")
            lines[index] = lines[index].replacingOccurrences(of: ",1001,", with: ",1601,")
            try lines.joined(separator: "\r\n").write(toFile: sheet, atomically: true, encoding: .utf8)
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(sheet)' --plan").status == .ok, "\(console.notes)")
            #expect(console.out.contains("update     1"), "\(console.out)")
            #expect(
                console.out.contains(
                    "(1 row of your products without a revision of its own, added, pasted or copied after the export:"),
                "\(console.out)")
            #expect(!console.out.contains("without a revision column"), "\(console.out)")
        }
    }

    /// The action column: ignore, delete, new (a name you have, registered anyway), update (the
    /// sheet's cells win over a market change), replace (deleted and registered again, one
    /// undo); the plan counts the rows by action.
    @Test func eachActionDoesWhatItSays() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 6)
            let before = try await Self.byName(f)
            let id = { (name: String) in before[name]!.id }
            _ = try await f.client.edit(id: id("Item 2"), ProductChanges(price: 1202))
            _ = try await f.client.edit(id: id("Item 3"), ProductChanges(price: 1203))
            var text = try String(contentsOfFile: sheet, encoding: .utf8)
            text = Self.withActions(
                text, ["Item 2": "update", "Item 3": "delete", "Item 4": "new", "Item 5": "교체", "Item 6": "ignore"])
            try text.write(toFile: sheet, atomically: true, encoding: .utf8)
            try Self.edit(
                sheet,
                [
                    (",Item 1,\(Self.words),1001,", ",Item 1,\(Self.words),1101,"),
                    (",Item 2,\(Self.words),1002,", ",Item 2,\(Self.words),1302,"),
                    (",Item 6,\(Self.words),1006,", ",Item 6,\(Self.words),1606,"),
                    // New rows need photos to register with: they name the coffee photo.
                    (",Item 5,\(Self.words),1005,KRW,0,5,,", ",Item 5,Registered again,1005,KRW,0,5,coffee-small.jpg,"),
                    (",Item 4,\(Self.words),1004,KRW,0,5,,", ",Item 4,\(Self.words),1004,KRW,0,5,coffee-small.jpg,"),
                ])
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(sheet)' --plan").status == .ok, "\(plan.notes)")
            #expect(plan.out.contains("by action  new 1, update 1, merge 1, delete 1, ignore 1, replace 1"), "\(plan.out)")
            #expect(plan.out.contains("ignored    1"), "\(plan.out)")
            #expect(plan.out.contains("replace    1 (deleted and registered again"), "\(plan.out)")
            #expect(plan.out.contains(": #\(id("Item 5")) Item 5"), "\(plan.out)")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(sheet)' --yes").status == .ok, "\(console.notes)")
            let after = try await f.allProducts()
            #expect(after.filter { $0.name == "Item 1" }.map(\.price) == [1101])
            #expect(after.filter { $0.name == "Item 2" }.map(\.price) == [1302])
            #expect(after.filter { $0.name == "Item 3" }.isEmpty)
            #expect(after.filter { $0.name == "Item 4" }.count == 2)
            #expect(after.filter { $0.name == "Item 5" }.count == 1)
            #expect(!after.contains { $0.id == id("Item 5") })
            #expect(after.filter { $0.name == "Item 6" }.map(\.price) == [1006])
            let undo = RecordingConsole()
            #expect(await f.session(undo).execute("undo --yes").status == .ok, "\(undo.notes)")
            #expect(try await f.allProducts().map(\.name).sorted() == before.keys.sorted())
        }
    }

    /// The sheet's text with an `action` column put last: each row's action by its name.
    static func withActions(_ text: String, _ actions: [String: String]) -> String {
        var lines = text.components(separatedBy: "\r\n")
        for index in lines.indices where !lines[index].isEmpty {
            let name = actions.keys.first { lines[index].contains(",\($0),") }
            lines[index] += "," + (index == 0 ? "action" : name.flatMap { actions[$0] } ?? "")
        }
        return lines.joined(separator: "\r\n")
    }

    /// A renamed row without an id is not registered beside the product it renames: the plan
    /// shows it as a probable rename with the fix.
    @Test func aRenamedRowIsShownAsAProbableRenameAndNotRegistered() async throws {
        try await ScriptFixture.with { f in
            _ = try await Self.exportedCatalog(f, count: 3)
            let id = try await Self.byName(f)["Item 2"]!.id
            let path = try f.script(
                "renamed.csv",
                CatalogImportTests.rows(3).replacingOccurrences(of: "Item 2,", with: "Item 2 (renewed),"))
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .ok, "\(console.notes)")
            #expect(console.out.contains("renamed?   1 (held back, not registered: probable renames)"), "\(console.out)")
            #expect(
                console.out.contains(
                    "row 3 Item 2 (renewed) looks like your #\(id) Item 2 renamed: put \(id) in its id column"),
                "\(console.out)")
            #expect(console.out.contains("register   0"), "\(console.out)")
            #expect(try await f.allProducts().count == 3)
            // Given its id, the row renames the product.
            let fixed = try f.script(
                "fixed.csv",
                "id,name\n\(id),Item 2 (renewed)\n")
            #expect(await f.session(RecordingConsole()).execute("import '\(fixed)' --yes").status == .ok)
            #expect(try await f.product(id: id).name == "Item 2 (renewed)")
        }
    }

    /// An exported row whose id cell was emptied and whose name and price changed is known by
    /// its revision's id: a probable rename, never a second product; `new` registers it anyway.
    @Test func theRevisionNamesTheProductARenamedRowComesFrom() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 2)
            let id = try await Self.byName(f)["Item 2"]!.id
            var text = try String(contentsOfFile: sheet, encoding: .utf8)
            text = text.replacingOccurrences(
                of: "\(id),Item 2,\(Self.words),1002,", with: ",Item 2 (renewed),\(Self.words),1502,")
            try text.write(toFile: sheet, atomically: true, encoding: .utf8)
            // An exported row names no photo to register with: the rename is its problem.
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(sheet)' --yes").status == .failed)
            #expect(
                console.notes.contains(
                    "sheet.csv:3:id: row 3 Item 2 (renewed) looks like your #\(id) Item 2 renamed: put \(id) in its id column"),
                "\(console.notes)")
            #expect(!console.notes.contains("needs 1 to 5 photos"), "\(console.notes)")
            // Given photos, it is held back in the plan: never a second product.
            try Self.edit(
                sheet,
                [
                    (
                        "Item 2 (renewed),\(Self.words),1502,KRW,0,5,,",
                        "Item 2 (renewed),\(Self.words),1502,KRW,0,5,coffee-small.jpg,"
                    )
                ])
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(sheet)' --yes").status == .ok, "\(plan.notes)")
            #expect(plan.out.contains("looks like your #\(id) Item 2 renamed: put \(id) in its id column"), "\(plan.out)")
            #expect(try await f.allProducts().count == 2)
        }
    }

    /// An unchanged `export --images` sheet imported again says nothing about photos; a row
    /// given another photo is named once, with what to do.
    @Test func anUnchangedPhotoSheetSaysNothingAboutPhotos() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 3, images: true)
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(sheet)' --plan").status == .ok, "\(console.notes)")
            #expect(!console.out.contains("photo"), "\(console.out)")
            #expect(console.out.contains("unchanged  3"), "\(console.out)")
            // The original sheet (its local photo, not the shrunk copy the market holds) too.
            let original = f.directory.appendingPathComponent("start.csv").path
            let again = RecordingConsole()
            #expect(await f.session(again).execute("import '\(original)' --plan").status == .ok, "\(again.notes)")
            #expect(!again.out.contains("photo"), "\(again.out)")
            try f.copyImage("chelsea.png")
            let other = try f.script(
                "other.csv", CatalogImportTests.rows(3).replacingOccurrences(of: "coffee-small.jpg", with: "chelsea.png"))
            let changed = RecordingConsole()
            #expect(await f.session(changed).execute("import '\(other)' --plan").status == .ok, "\(changed.notes)")
            #expect(
                changed.out.contains(
                    "photos     3 rows of existing products give other photos than the product's (rows 2, 3, 4): "),
                "\(changed.out)")
            #expect(changed.out.contains("put replace in a row's action column"), "\(changed.out)")
        }
    }

    /// The plan's merge sections in Korean (`--lang ko`).
    @Test func theMergePlanReadsInKorean() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 2)
            let id = try await Self.byName(f)["Item 1"]!.id
            _ = try await f.client.edit(id: id, ProductChanges(price: 1201))
            _ = try await f.client.edit(id: id + 0, ProductChanges(description: "Changed on the market"))
            try Self.edit(sheet, [(",Item 1,\(Self.words),1001,", ",Item 1,\(Self.words),1301,")])
            await Language.$current.withValue(.ko) {
                let console = RecordingConsole()
                #expect(await f.session(console).execute("import '\(sheet)' --plan").status == .ok, "\(console.notes)")
                #expect(console.out.contains("  충돌       1 (양쪽에서 바뀜."), "\(console.out)")
                #expect(console.out.contains("  유지       1 (내보낸 뒤 마켓에서 바뀜."), "\(console.out)")
                #expect(console.out.contains("시트 '₩1,301', 마켓 '₩1,201' (예전 값 '₩1,001')"), "\(console.out)")
                #expect(console.out.contains("마켓에서 바뀜: 설명 → "), "\(console.out)")
            }
        }
    }

    // MARK: replace, update and a sheet imported again (review of issue 41)

    /// The sheet of `exportedCatalog` with Item 1's row given the coffee photo and `action`.
    static func replacing(
        _ sheet: String, action: String, stock: Int = 5, description: String = words, others: [String: String] = [:]
    ) throws {
        var text = try String(contentsOfFile: sheet, encoding: .utf8)
        text = Self.withActions(text, others.merging(["Item 1": action]) { $1 })
        try text.write(toFile: sheet, atomically: true, encoding: .utf8)
        try Self.edit(
            sheet,
            [(",Item 1,\(Self.words),1001,KRW,0,5,,", ",Item 1,\(description),1001,KRW,0,\(stock),coffee-small.jpg,")])
    }

    /// A transport whose product creates reach the market with their body cut off: the market
    /// refuses them (400); every other request goes through.
    static func refusingCreates() -> SpyTransport {
        SpyTransport { request, timeout in
            var sent = request
            if request.method == .post, request.url.path.hasSuffix("/products") {
                sent.body = Data("--broken".utf8)
                sent.parts = nil
                sent.outline = nil
            }
            return try await AsyncHTTPClientTransport.shared.send(sent, timeout: timeout)
        }
    }

    /// `replace` registers first: when the market refuses the new product, the old one is left
    /// as it was, and the import says so.
    @Test func aReplaceWhoseRegisterFailsLeavesTheProductAsItWas() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 1)
            let before = try await Self.byName(f)["Item 1"]!
            try Self.replacing(sheet, action: "replace")
            let console = RecordingConsole()
            let status = await f.session(console, transport: Self.refusingCreates()).execute("import '\(sheet)' --yes").status
            #expect(status != .ok, "\(console.notes)")
            #expect(console.both.contains("not replaced, #\(before.id) is left as it was"), "\(console.both)")
            let after = try await f.allProducts()
            #expect(after.map(\.id) == [before.id])
        }
    }

    /// `replace` registers with the merged values: a sale made after the export and a price
    /// changed on the market are kept, the sheet's description and stock difference applied;
    /// the plan lists the fields it takes from the sheet.
    @Test func aReplaceKeepsSalesAndMarketChangesMadeAfterTheExport() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 1)
            let id = try await Self.byName(f)["Item 1"]!.id
            _ = try await f.client.edit(id: id, ProductChanges(price: 1101, stock: 3))
            try Self.replacing(sheet, action: "replace", stock: 8, description: "New words for the new photo")
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(sheet)' --plan").status == .ok, "\(plan.notes)")
            #expect(plan.out.contains(": #\(id) Item 1: description "), "\(plan.out)")
            #expect(plan.out.contains("stock 3 → 6 (+3 as the sheet changed it"), "\(plan.out)")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(sheet)' --yes").status == .ok, "\(console.notes)")
            let after = try await f.allProducts()
            #expect(after.count == 1 && after[0].id != id)
            let made = try await f.product(id: after[0].id)
            #expect(made.stock == 6)
            #expect(made.price == 1101)
            #expect(made.description == "New words for the new photo")
            // The sheet imported again: the replacement holds merged values, not the sheet's,
            // and is still its replacement (a check by values refused it).
            let again = RecordingConsole()
            #expect(await f.session(again).execute("import '\(sheet)' --plan").status == .ok, "\(again.both)")
            #expect(again.out.contains("already replaced by your #\(made.id): nothing sent"), "\(again.out)")
            #expect(await f.session(RecordingConsole()).execute("undo --yes").status == .ok)
            #expect(try await f.allProducts().map(\.name) == ["Item 1"])
        }
    }

    /// The action `update` takes the sheet's side of its row's conflicts only: a price changed
    /// on the market alone and a sale made after the export are kept.
    @Test func anUpdateRowKeepsMarketOnlyChangesAndSales() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 1)
            let id = try await Self.byName(f)["Item 1"]!.id
            _ = try await f.client.edit(id: id, ProductChanges(description: "The market's words", price: 1101, stock: 3))
            var text = try String(contentsOfFile: sheet, encoding: .utf8)
            text = Self.withActions(text, ["Item 1": "수정"])
            try text.write(toFile: sheet, atomically: true, encoding: .utf8)
            try Self.edit(
                sheet, [(",Item 1,\(Self.words),1001,KRW,0,5,", ",Item 1,The sheet's words,1001,KRW,0,7,")])
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(sheet)' --yes").status == .ok, "\(console.notes)")
            let after = try await f.product(id: id)
            #expect(after.price == 1101)
            #expect(after.stock == 5)
            #expect(after.description == "The sheet's words")
            #expect(!console.out.contains("conflicts"), "\(console.out)")
        }
    }

    /// The same sheet imported again after its delete and replace rows ran: nothing is refused,
    /// nothing is sent, and each row says why.
    @Test func aSheetImportedAgainAfterDeleteAndReplaceSendsNothing() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 2)
            let id = { (name: String) async throws in try await Self.byName(f)[name]!.id }
            let deleted = try await id("Item 2")
            try Self.replacing(sheet, action: "replace", others: ["Item 2": "delete"])
            let first = RecordingConsole()
            #expect(await f.session(first).execute("import '\(sheet)' --yes").status == .ok, "\(first.notes)")
            let made = try await id("Item 1")
            let spy = SpyTransport()
            let again = RecordingConsole()
            #expect(
                await f.session(again, transport: spy).execute("import '\(sheet)' --yes").status == .ok, "\(again.both)")
            #expect(again.out.contains("#\(deleted) is no product of yours: already deleted, nothing sent"), "\(again.out)")
            #expect(again.out.contains("already replaced by your #\(made): nothing sent"), "\(again.out)")
            #expect(spy.requests.allSatisfy { $0.method == .get }, "\(spy.requests.map(\.method))")
            // Both rows are counted, unchanged, their notes under that heading, and the report
            // has a line for each (before, the deleted one was in no count and no report line,
            // and the notes sat under whatever heading came last).
            let lines = again.out.components(separatedBy: "\n")
            let unchanged = try #require(lines.firstIndex { $0.hasPrefix("  unchanged  ") }, "\(again.out)")
            #expect(lines[unchanged] == "  unchanged  2", "\(again.out)")
            #expect(lines[unchanged + 1].contains("already deleted") || lines[unchanged + 2].contains("already deleted"))
            let report = f.directory.appendingPathComponent("again.csv").path
            let third = RecordingConsole()
            #expect(await f.session(third).execute("import '\(sheet)' --yes --report '\(report)'").status == .ok)
            let rows = try ImportReportTests.csv(report)
            #expect(rows.count == 3, "a line a row: \(rows)")
            #expect(rows.contains { $0.first == "3" && $0[3] == "unchanged" && $0[5].contains("already deleted") }, "\(rows)")
        }
    }

    /// A replace undone brings the old product back under a new id, with its old values: the
    /// sheet imported again does not take it for the replacement and say the row done (before:
    /// "already replaced by your #3: nothing sent", and the sheet's change was never made); the
    /// row is refused, naming the product back and what to do, nothing sent.
    @Test func aSheetImportedAgainAfterItsReplaceWasUndoneIsNotSaidDone() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 1)
            let first = try #require(try await Self.byName(f)["Item 1"]).id
            try Self.replacing(sheet, action: "replace", description: "The new words of the replacement")
            #expect(await f.session(RecordingConsole()).execute("import '\(sheet)' --yes").status == .ok)
            let undo = RecordingConsole()
            #expect(await f.session(undo).execute("undo --yes").status == .ok, "\(undo.notes) \(undo.out)")
            let back = try #require(try await Self.byName(f)["Item 1"])
            #expect(back.description == Self.words)
            let again = RecordingConsole()
            let status = await f.session(again).execute("import '\(sheet)' --plan").status
            #expect(!again.both.contains("already replaced"), "\(again.both)")
            #expect(status != .ok, "\(again.both)")
            #expect(
                again.both.contains(
                    "sheet.csv:2:id: no product \(first) of yours on this market; your #\(back.id) has this row's name but not its values"
                ), "\(again.both)")
            #expect(!again.both.contains("--new-ids"), "\(again.both)")
            // As it says: the id it names in the id column (the revision cell still naming the
            // old one), the row replaces that product.
            var text = try String(contentsOfFile: sheet, encoding: .utf8)
            text = text.replacingOccurrences(of: "\n\(first),Item 1,", with: "\n\(back.id),Item 1,")
            try text.write(toFile: sheet, atomically: true, encoding: .utf8)
            let fixed = RecordingConsole()
            #expect(await f.session(fixed).execute("import '\(sheet)' --yes").status == .ok, "\(fixed.both)")
            let now = try #require(try await Self.byName(f)["Item 1"])
            #expect(now.id != back.id && now.description == "The new words of the replacement", "\(fixed.both)")
        }
    }

    /// `--write-ids` writes a replaced row's new id; the sheet imported again replaces nothing.
    @Test func aReplacedRowWithItsNewIDWrittenIsNotReplacedAgain() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 1)
            let old = try await Self.byName(f)["Item 1"]!.id
            try Self.replacing(sheet, action: "replace")
            let first = RecordingConsole()
            #expect(await f.session(first).execute("import '\(sheet)' --yes --write-ids").status == .ok, "\(first.both)")
            let made = try await Self.byName(f)["Item 1"]!.id
            #expect(made != old)
            #expect(try String(contentsOfFile: sheet, encoding: .utf8).contains("\n\(made),Item 1,"))
            let spy = SpyTransport()
            let again = RecordingConsole()
            #expect(await f.session(again, transport: spy).execute("import '\(sheet)' --yes").status == .ok, "\(again.both)")
            #expect(again.out.contains("#\(old) already replaced by your #\(made): nothing sent"), "\(again.out)")
            #expect(spy.requests.allSatisfy { $0.method == .get }, "\(spy.requests.map(\.method))")
        }
    }

    /// A replace interrupted between its register and its delete: `--resume` deletes the old
    /// product, and registers nothing again.
    @Test func aResumedReplaceDeletesTheOldProductOnly() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 1)
            let old = try await Self.byName(f)["Item 1"]!.id
            try Self.replacing(sheet, action: "replace")
            let noDeletes = SpyTransport { request, timeout in
                guard request.method != .delete, !request.url.path.hasSuffix("/archived") else {
                    return HTTPResponseData(status: 409)
                }
                return try await AsyncHTTPClientTransport.shared.send(request, timeout: timeout)
            }
            let first = RecordingConsole()
            _ = await f.session(first, transport: noDeletes).execute("import '\(sheet)' --yes")
            #expect(first.both.contains("but #\(old) was not deleted (import --resume deletes it)"), "\(first.both)")
            #expect(try await f.allProducts().count == 2)
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(sheet)' --resume --yes").status == .ok, "\(resumed.both)")
            let after = try await f.allProducts()
            #expect(after.count == 1 && after[0].id != old, "\(after)")
        }
    }

    /// A replace done before an interruption, its old product deleted: `--plan --resume` says
    /// the row done before, its note not listed under the unchanged rows, which do not count it
    /// (before, the note sat under a count of 0).
    @Test func aReplaceDoneBeforeAnInterruptionIsNotListedAsUnchanged() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 1)
            try Self.replacing(sheet, action: "replace")
            #expect(await f.session(RecordingConsole()).execute("import '\(sheet)' --yes").status == .ok)
            try CatalogImportTests.cutJournal(of: sheet, toRow: 3)
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(sheet)' --plan --resume").status == .ok, "\(plan.both)")
            #expect(plan.out.contains("  unchanged  0\n  by action"), "\(plan.out)")
            #expect(!plan.out.contains("already replaced"), "\(plan.out)")
            #expect(plan.out.contains("(1 row done before the interruption)"), "\(plan.out)")
        }
    }

    /// A row whose action deletes a product needs `--yes` off a terminal, as `--prune` does.
    @Test func aDeleteRowNeedsYesWithoutATerminal() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Self.exportedCatalog(f, count: 2)
            var text = try String(contentsOfFile: sheet, encoding: .utf8)
            text = Self.withActions(text, ["Item 2": "삭제"])
            try text.write(toFile: sheet, atomically: true, encoding: .utf8)
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(sheet)'").status == .usage, "\(console.notes)")
            #expect(
                console.notes.contains("the action column would delete 1 product (delete, replace): add --yes"),
                "\(console.notes)")
            #expect(try await f.allProducts().count == 2)
            #expect(await f.session(RecordingConsole()).execute("import '\(sheet)' --yes").status == .ok)
            #expect(try await f.allProducts().count == 1)
        }
    }

    /// One row of another photo is said with a verb for one row.
    @Test func oneRowOfOtherPhotosIsSaidInTheSingular() async throws {
        try await ScriptFixture.with { f in
            _ = try await Self.exportedCatalog(f, count: 1, images: true)
            try f.copyImage("chelsea.png")
            let other = try f.script(
                "other.csv", CatalogImportTests.rows(1).replacingOccurrences(of: "coffee-small.jpg", with: "chelsea.png"))
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(other)' --plan").status == .ok, "\(console.notes)")
            #expect(
                console.out.contains("1 row of existing products gives other photos than the product's (row 2): "),
                "\(console.out)")
        }
    }
}

extension RecordingConsole {
    /// What was printed and noted, one after the other.
    fileprivate var both: String { out + "\n" + notes }
}
