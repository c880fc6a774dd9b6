import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// Imports and exports need "your products", so your vendor id (issue 23, "Login without probing
/// others"): it comes from what the session knows or this login's change log, and is never found
/// out by writing to others' products. Without it, off a terminal, an import that would compare
/// rows with your products and an export of yours refuse in one line before anything is sent.
@Suite("Imports and exports with your vendor id, never probing others")
struct CatalogVendorIDTests {
    /// Another vendor's product named `name`, made now (the newest on the market).
    static func othersProduct(_ f: ScriptFixture, named name: String) async throws -> Product {
        let other = try await f.market.data.addVendor(name: "other-shop-\(UUID().uuidString.prefix(6))").credentials
        let client = MarketClient(baseURL: f.market.baseURL, credentials: other, timeout: .seconds(600))
        let draft = ProductDraft(name: name, description: "Not a product of the demo vendor", price: 10, currency: .krw)
        return try await client.create(draft, images: [try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)])
            .value
    }

    /// Products of the demo vendor registered outside any session (nothing in a change log).
    static func registerDirectly(_ f: ScriptFixture, _ names: [String]) async throws -> [Product] {
        var made: [Product] = []
        for (index, name) in names.enumerated() {
            let draft = ProductDraft(
                name: name, description: "A product for the import test", price: Decimal(1001 + index), currency: .krw)
            made.append(
                try await f.client.create(draft, images: [try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)])
                    .value)
        }
        return made
    }

    static func requests(_ spy: SpyTransport) -> [String] { spy.requests.map { "\($0.method.rawValue) \($0.url.path)" } }

    /// The requests that change a product (a no-op PATCH included) among `ids`.
    static func writes(_ spy: SpyTransport, to ids: [Int]) -> [String] {
        spy.requests.filter { request in
            request.method != .get && ids.contains { request.url.path.hasPrefix("/api/products/\($0)") }
        }.map { "\($0.method.rawValue) \($0.url.path)" }
    }

    @Test func anImportMatchingByNameWithoutAKnownVendorRefusesInOneLineBeforeSendingAnything() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            _ = try await Self.registerDirectly(f, ["Item 1"])
            _ = try await Self.othersProduct(f, named: "Item 2")
            let path = try f.script("cat.csv", CatalogImportTests.rows(2))
            let spy = SpyTransport()
            let console = RecordingConsole()
            let status = await f.session(console, transport: spy, knowsVendor: false).execute("import '\(path)' --yes").status
            #expect(status == .failed, "\(console.notes)")
            #expect(
                console.notes.split(separator: "\n") == [
                    "import: matching rows to your products by name needs your vendor id on this market, which is not "
                        + "known yet (nothing was sent): give it once with 'login --vendor-id N' (kept in the profile) "
                        + "or set OPENMARKET_VENDOR_ID=N, or use --match id"
                ], "\(console.notes)")
            #expect(spy.requests.isEmpty, "\(Self.requests(spy))")
            #expect(try await f.allProducts().count == 2)
        }
    }

    @Test func anImportWithMatchIDNeedsNoVendorAndWritesToNoOneElsesProduct() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let theirs = try await Self.othersProduct(f, named: "Item 1")
            let path = try f.script("cat.csv", CatalogImportTests.rows(2))
            let spy = SpyTransport()
            let console = RecordingConsole()
            let session = f.session(console, transport: spy, knowsVendor: false)
            #expect(await session.execute("import '\(path)' --yes --match id").status == .ok, "\(console.notes)")
            #expect(
                console.notes.contains("rows without an id are not compared with your products (--match id)"), "\(console.notes)")
            #expect(Self.writes(spy, to: [theirs.id]).isEmpty, "\(Self.writes(spy, to: [theirs.id]))")
            #expect(try await f.allProducts().map(\.name).sorted() == ["Item 1", "Item 1", "Item 2"])
        }
    }

    @Test func anImportMatchesByNameWithTheVendorOfThisLoginsChangesAndWritesOnlyToItsOwn() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(2))
            // The first import, by a session that knew its vendor, keeps its changes in the log.
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes").status == .ok)
            let mine = try await f.allProducts()
            let item1 = try #require(mine.first { $0.name == "Item 1" })
            let theirs = try await Self.othersProduct(f, named: "Item 1")
            let edited = CatalogImportTests.rows(2).replacingOccurrences(of: ",1002,", with: ",1502,")
            try edited.write(toFile: path, atomically: true, encoding: .utf8)
            // A later session of the same login, its vendor not given: the change log tells it.
            let spy = SpyTransport()
            let console = RecordingConsole()
            let session = f.session(console, transport: spy, knowsVendor: false)
            #expect(await session.execute("import '\(path)' --yes").status == .ok, "\(console.notes)")
            #expect(console.out.contains("row 2 Item 1 → your #\(item1.id) (matched by name)"), "\(console.out)")
            #expect(Self.writes(spy, to: [theirs.id]).isEmpty, "\(Self.writes(spy, to: [theirs.id]))")
            #expect(try await f.product(id: theirs.id).price == 10)
            #expect(try await f.allProducts().count == 3)
        }
    }

    @Test func anExportOfYoursWithoutAKnownVendorRefusesInOneLineAndExportAllDoesNot() async throws {
        try await ScriptFixture.with { f in
            _ = try await Self.registerDirectly(f, ["Item 1"])
            let theirs = try await Self.othersProduct(f, named: "Item 2")
            let exported = f.directory.appendingPathComponent("out.csv").path
            let spy = SpyTransport()
            let console = RecordingConsole()
            let session = f.session(console, transport: spy, knowsVendor: false)
            #expect(await session.execute("export '\(exported)'").status == .failed)
            #expect(
                console.notes.split(separator: "\n") == [
                    "export: export needs your vendor id on this market, which is not known yet (nothing was sent): "
                        + "give it once with 'login --vendor-id N' (kept in the profile) or set OPENMARKET_VENDOR_ID=N, "
                        + "or use --all"
                ], "\(console.notes)")
            #expect(spy.requests.isEmpty, "\(Self.requests(spy))")
            #expect(!FileManager.default.fileExists(atPath: exported))
            #expect(await session.execute("export '\(exported)' --all").status == .ok, "\(console.notes)")
            #expect(try String(contentsOfFile: exported, encoding: .utf8).contains("Item 2"))
            #expect(Self.writes(spy, to: [theirs.id]).isEmpty)
        }
    }

    @Test func anExportOfYoursWithTheVendorOfThisLoginsChangesWritesToNoProduct() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(1))
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes").status == .ok)
            _ = try await Self.othersProduct(f, named: "Someone else's")
            let exported = f.directory.appendingPathComponent("out.csv").path
            let spy = SpyTransport()
            let console = RecordingConsole()
            #expect(
                await f.session(console, transport: spy, knowsVendor: false).execute("export '\(exported)'").status == .ok,
                "\(console.notes)")
            let text = try String(contentsOfFile: exported, encoding: .utf8)
            #expect(text.contains("Item 1"))
            #expect(!text.contains("Someone else's"))
            #expect(spy.requests.allSatisfy { $0.method == .get }, "\(Self.requests(spy))")
        }
    }
}
