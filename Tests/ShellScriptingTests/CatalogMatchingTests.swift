import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// `import FILE` run twice: rows without an id are matched to the seller's own products by
/// name, so the same sheet never doubles the catalog; `--match id`, `--allow-duplicates` and
/// names shared by several products.
@Suite("Matching import rows to your products by name")
struct CatalogMatchingTests {
    static let header = CatalogImportTests.header

    @Test func theSameSheetImportedTwiceWithoutIDsRegistersNothingTheSecondTime() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(3))
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes").status == .ok)
            let first = try await f.allProducts()
            #expect(first.count == 3)
            let item1 = try #require(first.first { $0.name == "Item 1" })
            // The second run, the sheet as it was but one price changed, and no id column.
            let edited = CatalogImportTests.rows(3).replacingOccurrences(of: ",1002,", with: ",1502,")
            try edited.write(toFile: path, atomically: true, encoding: .utf8)
            let spy = SpyTransport()
            let console = RecordingConsole()
            #expect(await f.session(console, transport: spy).execute("import '\(path)' --yes").status == .ok, "\(console.notes)")
            #expect(console.out.contains("row 2 Item 1 → your #\(item1.id) (matched by name)"), "\(console.out)")
            #expect(console.out.contains("register   0"), "\(console.out)")
            #expect(console.out.contains("update     1"), "\(console.out)")
            #expect(console.out.contains("unchanged  2"), "\(console.out)")
            #expect(spy.requests.filter { $0.method == .post }.isEmpty)
            #expect(spy.changes.count == 1)
            let second = try await f.allProducts()
            #expect(second.count == 3)
            #expect(second.map(\.price).sorted() == [1001, 1003, 1502])
        }
    }

    @Test func matchIDRefusesToRegisterNamesYouHaveUnlessDuplicatesAreAllowed() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(2))
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes").status == .ok)
            let refused = RecordingConsole()
            #expect(await f.session(refused).execute("import '\(path)' --yes --match id").status == .usage)
            #expect(refused.out.contains("2 with a name you already have (refused without --allow-duplicates)"), "\(refused.out)")
            #expect(refused.notes.contains("add --allow-duplicates"), "\(refused.notes)")
            #expect(try await f.allProducts().count == 2)
            // The plan says it too, and sends nothing.
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(path)' --plan --match id").status == .ok)
            #expect(plan.out.contains("refused without --allow-duplicates"), "\(plan.out)")
            let allowed = RecordingConsole()
            #expect(
                await f.session(allowed).execute("import '\(path)' --yes --match id --allow-duplicates").status == .ok,
                "\(allowed.notes)")
            #expect(allowed.out.contains("(--allow-duplicates: registered as new products)"), "\(allowed.out)")
            #expect(try await f.allProducts().map(\.name).sorted() == ["Item 1", "Item 1", "Item 2", "Item 2"])
        }
    }

    @Test func aNameOnSeveralOfYourProductsIsAProblemNamingTheirIDs() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(1))
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes").status == .ok)
            #expect(
                await f.session(RecordingConsole()).execute("import '\(path)' --yes --match id --allow-duplicates").status == .ok)
            let ids = try await f.allProducts().map(\.id).sorted()
            #expect(ids.count == 2)
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .failed)
            #expect(
                console.notes.contains("cat.csv:2:name: 2 of your products have this name (#\(ids[0]), #\(ids[1]))"),
                "\(console.notes)")
            #expect(try await f.allProducts().count == 2)
        }
    }

    @Test func anotherVendorsProductOfTheSameNameIsNotMatched() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let theirs = try await UnknownVendorCreateTests.othersCup(f)
            // The demo vendor needs a product of its own for the vendor to be known.
            let seed = try f.script("seed.csv", CatalogImportTests.rows(1))
            #expect(await f.session(RecordingConsole()).execute("import '\(seed)' --yes").status == .ok)
            let path = try f.script("cup.csv", Self.header + "\nCup,My own cup for the shelf,900,KRW,0,3,coffee-small.jpg\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .ok, "\(console.notes)")
            #expect(console.out.contains("register   1"), "\(console.out)")
            #expect(!console.out.contains("matched by name"), "\(console.out)")
            let cups = try await f.allProducts().filter { $0.name == "Cup" }
            #expect(cups.count == 2)
            #expect(try await f.product(id: theirs.id).price == 10)
        }
    }

    @Test func writeIDsFillsTheIDsOfRowsMatchedByName() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(2))
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes").status == .ok)
            // A new row added to the sheet, and the ids asked for this time.
            try (CatalogImportTests.rows(2) + "Item 3,A product added later on,300,KRW,0,1,coffee-small.jpg\r\n")
                .write(toFile: path, atomically: true, encoding: .utf8)
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes --write-ids").status == .ok, "\(console.notes)")
            #expect(console.notes.contains("wrote 1 new id and 2 matched by name into its id column"), "\(console.notes)")
            let byName = Dictionary(uniqueKeysWithValues: try await f.allProducts().map { ($0.name, $0.id) })
            #expect(byName.count == 3)
            let written = try String(contentsOfFile: path, encoding: .utf8)
            for (name, id) in byName { #expect(written.contains("\(id),\(name),"), "\(written)") }
        }
    }
}
