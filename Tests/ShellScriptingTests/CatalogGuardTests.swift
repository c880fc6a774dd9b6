import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// `import --prune` that would delete every product of yours, or more than half, needs
/// `--prune-all` as well, `--yes` or not (issue 23: a header-only file deleted the catalog).
@Suite("Guards on an import's mass change")
struct CatalogGuardTests {
    @Test func aHeaderOnlyFileWithPruneAndYesDeletesNothingWithoutPruneAll() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let seed = try f.script("seed.csv", CatalogImportTests.rows(3))
            #expect(await f.session(RecordingConsole()).execute("import '\(seed)' --yes").status == .ok)
            let empty = try f.script("none.csv", CatalogImportTests.header + "\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(empty)' --prune --yes").status == .usage)
            #expect(console.out.contains("that is every product of yours: refused without --prune-all"), "\(console.out)")
            #expect(
                console.notes.contains(
                    "none.csv: --prune would delete all 3 products (the file names 0 of them); nothing was sent"),
                "\(console.notes)")
            #expect(try await f.allProducts().count == 3)
            // The plan says so too.
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(empty)' --plan --prune").status == .ok)
            #expect(plan.out.contains("refused without --prune-all"), "\(plan.out)")
            let all = RecordingConsole()
            #expect(await f.session(all).execute("import '\(empty)' --prune --prune-all --yes").status == .ok, "\(all.notes)")
            #expect(all.out.contains("allowed by --prune-all"), "\(all.out)")
            #expect(try await f.allProducts().isEmpty)
        }
    }

    @Test func anExportOfOneSearchImportedWithPruneNeedsPruneAll() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let seed = try f.script("seed.csv", CatalogImportTests.rows(5))
            #expect(await f.session(RecordingConsole()).execute("import '\(seed)' --yes").status == .ok)
            let mugs = f.directory.appendingPathComponent("item1.csv").path
            let exported = RecordingConsole()
            #expect(await f.session(exported).execute("export '\(mugs)' --search 'Item 1'").status == .ok, "\(exported.notes)")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(mugs)' --prune --yes").status == .usage)
            #expect(console.out.contains("more than half of your 5 products"), "\(console.out)")
            #expect(console.notes.contains("--prune would delete 4 of your 5 products"), "\(console.notes)")
            #expect(try await f.allProducts().count == 5)
        }
    }

    @Test func pruneAllWithoutPruneIsRefused() async throws {
        try await ScriptFixture.with { f in
            let path = try f.script("none.csv", CatalogImportTests.header + "\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --prune-all --yes").status == .usage)
            #expect(console.notes.contains("--prune-all only allows what --prune does"), "\(console.notes)")
        }
    }
}
