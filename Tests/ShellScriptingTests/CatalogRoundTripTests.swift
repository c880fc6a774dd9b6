import CatalogFiles
import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import SellerShell
import Testing

@testable import ShellScripting

/// The fixture catalog (Korean and English names, quoted commas, multi-line descriptions, a
/// BOM, both currencies, photos, and the same file in CP949) into a market, out with its photos,
/// and into a fresh market; a server answering 429 twice; export's own shape.
@Suite("Catalogs between markets")
struct CatalogRoundTripTests {
    static let fixture = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/catalog")

    /// The fixture folder copied into the test's folder (photos and all), so journals and ids
    /// written back stay out of the repository.
    static func copyFixture(into f: ScriptFixture) throws -> URL {
        let target = f.directory.appendingPathComponent("catalog", isDirectory: true)
        try FileManager.default.copyItem(at: fixture, to: target)
        return target
    }

    /// What a catalog is made of, compared between markets: fields and photo bytes.
    struct Entry: Hashable {
        var name: String
        var description: String
        var price: Decimal
        var currency: Currency
        var discount: Decimal
        var stock: Int
        var photos: [Data]
    }

    static func catalog(_ market: RunningMarket) async throws -> Set<Entry> {
        let client = MarketClient(baseURL: market.baseURL, timeout: .seconds(600))
        var entries: Set<Entry> = []
        for summary in try await client.allProducts().products {
            let product = try await client.product(id: summary.id).value
            var photos: [Data] = []
            for image in product.images ?? [] { photos.append(try await client.downloadImage(image.url).data) }
            entries.insert(
                Entry(
                    name: product.name, description: product.description, price: product.price, currency: product.currency,
                    discount: product.discountedPrice, stock: product.stock, photos: photos))
        }
        return entries
    }

    @Test func theFixtureAndItsCP949TwinMakeTheSameCatalog() async throws {
        try await ScriptFixture.with { f in
            let folder = try Self.copyFixture(into: f)
            let rows = CatalogReader.read(Self.fixture.appendingPathComponent("catalog.csv").path).rows.count
            let console = RecordingConsole()
            let utf8 = folder.appendingPathComponent("catalog.csv").path
            #expect(await f.session(console).execute("import '\(utf8)' --yes").status == .ok, "\(console.notes)")
            let first = try await Self.catalog(f.market)
            #expect(first.count == rows)
            #expect(first.contains { $0.name == "머그컵 350ml" && $0.photos.count == 2 })
            #expect(first.contains { $0.description.contains("\n") && $0.currency == .usd })

            let data = f.directory.appendingPathComponent("second-market")
            let second = try await ScriptFixture.startMarket(data)
            let cp949 = RecordingConsole()
            let korean = folder.appendingPathComponent("catalog-cp949.csv").path
            #expect(await f.session(cp949, market: second).execute("import '\(korean)' --yes").status == .ok, "\(cp949.notes)")
            #expect(cp949.notes.contains("CP949"), "\(cp949.notes)")
            #expect(try await Self.catalog(second) == first)
            await second.stop()
        }
    }

    @Test func exportWithImagesThenImportWithNewIDsMovesTheCatalogExactly() async throws {
        try await ScriptFixture.with { f in
            let folder = try Self.copyFixture(into: f)
            let source = folder.appendingPathComponent("catalog.csv").path
            #expect(await f.session(RecordingConsole()).execute("import '\(source)' --yes").status == .ok)
            let moved = f.directory.appendingPathComponent("moved", isDirectory: true)
            try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
            let exported = moved.appendingPathComponent("cat.csv").path
            let exporting = RecordingConsole()
            #expect(
                await f.session(exporting).execute("export '\(exported)' --images '\(moved.path)/photos'").status == .ok,
                "\(exporting.notes)")
            let written = CatalogReader.read(exported)
            #expect(written.problems.isEmpty)
            #expect(written.rows.allSatisfy { $0.imagePaths.allSatisfy { $0.hasPrefix("photos/") } })

            let second = try await ScriptFixture.startMarket(f.directory.appendingPathComponent("fresh-market"))
            // Its ids are the first market's: refused at check time, naming them.
            let refused = RecordingConsole()
            #expect(await f.session(refused, market: second).execute("import '\(exported)' --yes").status == .failed)
            let firstID = try #require(written.rows.first?[.id])
            #expect(refused.notes.contains("cat.csv:2:id: no product \(firstID) of yours on this market"), "\(refused.notes)")
            #expect(try await f.allProducts(second).isEmpty)

            let importing = RecordingConsole()
            #expect(
                await f.session(importing, market: second).execute("import '\(exported)' --yes --new-ids").status == .ok,
                "\(importing.notes)")
            #expect(try await Self.catalog(second) == Self.catalog(f.market))
            await second.stop()
        }
    }

    @Test func theChosenThumbnailMovesWithTheCatalog() async throws {
        try await ScriptFixture.with { f in
            let photos = try ["coffee-small.jpg", "chelsea.png"].map { try UploadImage.load(path: Fixtures.image($0).path) }
            let draft = ProductDraft(
                name: "Two photos", description: "A product whose second photo is chosen", price: 10, currency: .krw)
            let made = try await f.client.create(draft, images: photos).value
            let second = try #require(made.images?.last)
            _ = try await f.client.edit(id: made.id, ProductChanges(thumbnailID: second.id))
            let moved = f.directory.appendingPathComponent("moved", isDirectory: true)
            try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
            let exported = moved.appendingPathComponent("cat.csv").path
            #expect(
                await f.session(RecordingConsole()).execute("export '\(exported)' --images '\(moved.path)/photos'").status == .ok)
            let row = try #require(CatalogReader.read(exported).rows.first)
            // The export says which photo, by the path it wrote.
            #expect(row[.thumbnail] == row.imagePaths.last, "\(row.values)")

            let market = try await ScriptFixture.startMarket(f.directory.appendingPathComponent("fresh-market"))
            let importing = RecordingConsole()
            #expect(
                await f.session(importing, market: market).execute("import '\(exported)' --yes --new-ids").status == .ok,
                "\(importing.notes)")
            let listed = try #require(try await f.allProducts(market).first)
            let there = try await MarketClient(baseURL: market.baseURL, timeout: .seconds(600)).product(id: listed.id).value
            #expect(there.images?.count == 2)
            #expect(there.thumbnail != nil)
            #expect(there.thumbnail == there.images?.last?.thumbnailURL, "\(String(describing: there.thumbnail))")
            await market.stop()
        }
    }

    @Test func aServerAnswering429TwiceIsWaitedForAndEveryRowLandsOnce() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("busy.csv", CatalogImportTests.rows(3))
            let proxy = try ThrottlingProxy(
                target: f.market.baseURL, refusals: [.init(method: "POST", path: "/api/products", times: 2, retryAfter: "1")])
            defer { proxy.stop() }
            let console = RecordingConsole()
            let session = ScriptSession(
                configuration: ShellConfiguration(
                    serverURL: proxy.baseURL, credentials: f.market.demoCredentials, vendorID: f.demoVendorID,
                    profiles: ProfileStore(directory: f.directory.appendingPathComponent("profiles")), timeout: .seconds(600)),
                console: console, environment: ["HOME": f.directory.path])
            let started = ContinuousClock.now
            #expect(await session.execute("import '\(path)' --yes").status == .ok, "\(console.notes)")
            #expect(ContinuousClock.now - started >= .seconds(1))
            let creates = proxy.count("POST", "/api/products")
            #expect(creates.refused == 2)
            #expect(creates.forwarded == 3)
            #expect(console.notes.contains("the server is busy (429)"), "\(console.notes)")
            #expect(try await f.allProducts().map(\.name).sorted() == ["Item 1", "Item 2", "Item 3"])
        }
    }

    @Test func exportWritesYourProductsInEachFormatAndListCSVIsTheSameShape() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(3))
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes").status == .ok)
            for name in ["out.csv", "out.jsonl", "out.json"] {
                let target = f.directory.appendingPathComponent(name).path
                let console = RecordingConsole()
                #expect(await f.session(console).execute("export '\(target)'").status == .ok, "\(console.notes)")
                let read = CatalogReader.read(target)
                #expect(read.problems.isEmpty, "\(name): \(read.problems)")
                #expect(read.rows.compactMap { $0[.name] }.sorted() == ["Item 1", "Item 2", "Item 3"], "\(name)")
                #expect(read.rows.allSatisfy { $0[.vendor] != nil && $0[.price] != nil }, "\(name)")
            }
            let listed = RecordingConsole()
            #expect(await f.session(listed).execute("list --all --format csv --fields id,name,price").status == .ok)
            let lines = listed.out.split(whereSeparator: \.isNewline)
            #expect(lines.first == "id,name,price", "\(listed.out)")
            #expect(lines.count == 4)
        }
    }

    @Test func exportNamesAFileItCannotWriteAndAnUnknownExtension() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            #expect(await f.session(console).execute("export '\(f.directory.path)/cat.xlsx'").status == .usage)
            #expect(console.notes.contains("name a .csv, .jsonl or .json file"), "\(console.notes)")
            let missing = RecordingConsole()
            #expect(await f.session(missing).execute("export /nonexistent-folder/cat.csv --all").status == .failed)
            #expect(missing.notes.contains("/nonexistent-folder"), "\(missing.notes)")
        }
    }
}
