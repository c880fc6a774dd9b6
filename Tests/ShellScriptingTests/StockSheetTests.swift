import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import SellerShell
@testable import ShellScripting

/// A stock-only sheet that names its products by id (`id,stock`, what a warehouse count gives)
/// changes their stock by the difference, as a `name,stock` sheet does.
@Suite struct StockSheetTests {
    @Test func anIDStockSheetChangesStockByTheDifference() async throws {
        try await ScriptFixture.with { f in
            _ = try await CatalogMergeTests.exportedCatalog(f, count: 2)
            let ids = try await CatalogMergeTests.byName(f)
            let first = ids["Item 1"]!.id
            let path = try f.script("count.csv", "id,stock\n\(first),8\n\(ids["Item 2"]!.id),5\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .ok, "\(console.notes)")
            #expect(console.out.contains("stock 5 → 8"), "\(console.out)")
            #expect(try await f.product(id: first).stock == 8)
            #expect(try await f.product(id: ids["Item 2"]!.id).name == "Item 2", "the name is kept")
        }
    }
}
