import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// `list` for people and for pipes (issue 12): formats, chosen columns, order, filters and
/// `set output`, against the bundled market.
@Suite("list formats, fields, sort and filters")
struct ListFormatsTests {
    /// Four products: a sold-out mug, a low-stock cup, a dollar pot and a plentiful bowl.
    static func seed(_ f: ShellFixture) async throws -> [Product] {
        let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
        let drafts: [(String, Decimal, Currency, Int)] = [
            ("Alpha mug", 3000, .krw, 0), ("Bravo cup", 1500, .krw, 2), ("Charlie pot", 12, .usd, 7),
            ("Delta bowl", 9000, .krw, 40),
        ]
        var made: [Product] = []
        for (name, price, currency, stock) in drafts {
            let draft = ProductDraft(
                name: name, description: "A product for the list tests", price: price, currency: currency, stock: stock)
            made.append(try await f.client.create(draft, images: [image]).value)
        }
        f.console.clear()
        return made
    }

    static func ids(_ text: String) -> [Int] { text.split(separator: "\n").compactMap { Int($0) } }

    @Test func idsFormatWritesOneIdALine() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.seed(f)
            #expect(await f.run("list --format ids") == .ok, "\(f.console.notes)")
            #expect(Set(Self.ids(f.console.out)) == Set(made.map(\.id)))
            #expect(f.console.out.split(separator: "\n").count == made.count)
        }
    }

    /// `list --format count` counts the whole listing (it printed a page's 20 of 25), and a pipe
    /// format of one page of several says so beside it, on the notes' side, not in the rows.
    @Test func countCountsEveryPageAndOnePageForAPipeSaysSo() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
            for n in 1...25 {
                let draft = ProductDraft(name: "Item \(n)", description: "One of many for the count", price: 1000, currency: .krw)
                _ = try await f.client.create(draft, images: [image])
            }
            f.console.clear()
            #expect(await f.run("list --format count") == .ok, "\(f.console.notes)")
            #expect(f.console.out.trimmingCharacters(in: .whitespacesAndNewlines) == "25", "\(f.console.out)")
            #expect(!f.console.notes.contains("--all writes every page"), "\(f.console.notes)")
            f.console.clear()
            #expect(await f.run("list --format ids") == .ok)
            #expect(Self.ids(f.console.out).count == 20, "\(f.console.out)")
            #expect(
                f.console.notes.contains(
                    "only this page was written (page 1 of 2, 25 products — 'list 2' for more); --all writes every page"),
                "\(f.console.notes)")
        }
    }

    /// The first command of a session learns the vendor id while it runs: its own filter must use
    /// the id just learned, not the settings read before it ran (it found none of yours).
    @Test func mineAsTheFirstCommandOfASessionFindsYourProducts() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.seed(f)
            #expect(await f.run("list --mine --all --format ids") == .ok, "\(f.console.notes)")
            #expect(Set(Self.ids(f.console.out)) == Set(made.map(\.id)), "\(f.console.out)")
        }
    }

    @Test func jsonlFormatWritesOneCompactDocumentALine() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.seed(f)
            #expect(await f.run("list --format jsonl") == .ok)
            let lines = f.console.out.split(separator: "\n")
            #expect(lines.count == made.count)
            let decoded = try lines.map { try MarketJSON.decoder.decode(Product.self, from: Data($0.utf8)) }
            #expect(Set(decoded.map(\.id)) == Set(made.map(\.id)))
        }
    }

    @Test func jsonFormatWithoutShapingIsTheServersPage() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            _ = try await Self.seed(f)
            #expect(await f.run("list --format json") == .ok)
            let page = try MarketJSON.decoder.decode(ProductPage.self, from: Data(f.console.out.utf8))
            #expect(page.products.count == 4)
        }
    }

    @Test func csvFormatWritesTheCatalogColumnsAndQuotesWhatNeedsIt() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.seed(f)
            #expect(await f.run("list --format csv --sort id") == .ok, "\(f.console.notes)")
            let lines = f.console.out.components(separatedBy: "\r\n")
            #expect(
                lines.first == "id,name,description,price,currency,discount,stock,images,thumbnail,created_at,updated_at,vendor")
            #expect(lines.count == made.count + 1, "\(lines)")
            #expect(lines[1].hasPrefix("\(made[0].id),Alpha mug,A product for the list tests,3000,KRW,0,0,"), "\(lines[1])")
            #expect(!f.console.out.hasPrefix("\u{FEFF}"))
            #expect(await f.run("list --format csv --fields name,price --search Charlie") == .ok)
            // The last row's LF is the console's own, after the row's CR.
            let end = "name,price\r\nCharlie pot,12\r".utf8
            #expect(f.console.out.utf8.suffix(end.count).elementsEqual(end), "\(f.console.out)")
        }
    }

    @Test func anUnknownFormatIsAUsageErrorNamingTheFormats() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("list --format xml") == .usage)
            #expect(f.console.notes.contains("--format takes table, json, jsonl, csv, ids"))
        }
    }

    @Test func fieldsChooseTheTableColumns() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            _ = try await Self.seed(f)
            #expect(await f.run("list --fields ID,name,Discounted_Price,currency") == .ok, "\(f.console.notes)")
            let header = try #require(f.console.out.split(separator: "\n").first)
            #expect(header.split(separator: " ", omittingEmptySubsequences: true) == ["id", "name", "discount", "currency"])
            #expect(f.console.out.contains("Charlie pot"))
            #expect(f.console.out.contains("USD"))
            #expect(!f.console.out.contains("vendor"))
        }
    }

    @Test func fieldsKeepOnlyThoseKeysInJSON() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            _ = try await Self.seed(f)
            #expect(await f.run("list --format json --fields id,price,updated_at") == .ok)
            let objects = try #require(try JSONSerialization.jsonObject(with: Data(f.console.out.utf8)) as? [[String: Any]])
            #expect(objects.count == 4)
            for object in objects { #expect(Set(object.keys) == ["id", "price", "issued_at"]) }
        }
    }

    @Test func anUnknownFieldIsAUsageErrorListingTheKnownOnes() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("list --fields id,colour") == .usage)
            #expect(
                f.console.notes.contains(
                    "unknown field 'colour' for --fields (fields: id, name, description, price, currency, discount, stock, "
                        + "images, thumbnail, created_at, updated_at, vendor)"), "\(f.console.notes)")
        }
    }

    @Test func sortOrdersBothWays() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.seed(f)
            let byStock = made.sorted { $0.stock < $1.stock }.map(\.id)
            #expect(await f.run("list --format ids --sort stock") == .ok)
            #expect(Self.ids(f.console.out) == byStock)
            f.console.clear()
            #expect(await f.run("list --format ids --sort -stock") == .ok)
            #expect(Self.ids(f.console.out) == byStock.reversed())
            f.console.clear()
            #expect(await f.run("list --format ids --sort name") == .ok)
            #expect(Self.ids(f.console.out) == made.map(\.id))
            f.console.clear()
            #expect(await f.run("list --format ids --sort -id") == .ok)
            #expect(Self.ids(f.console.out) == made.map(\.id).sorted().reversed())
            #expect(await f.run("list --sort colour") == .usage)
        }
    }

    @Test func eachFilterKeepsWhatItSaysAndTheSummaryNamesIt() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.seed(f)
            #expect(await f.run("list --sold-out") == .ok)
            #expect(f.console.out.contains("Alpha mug"))
            #expect(!f.console.out.contains("Bravo cup"))
            #expect(f.console.notes.contains("1 of 4 products (sold out)"), "\(f.console.notes)")
            f.console.clear()
            #expect(await f.run("list --format ids --low-stock 7 --sort id") == .ok)
            #expect(Self.ids(f.console.out) == [made[0].id, made[1].id, made[2].id])
            f.console.clear()
            #expect(await f.run("list --format ids --currency usd") == .ok)
            #expect(Self.ids(f.console.out) == [made[2].id])
            f.console.clear()
            #expect(await f.run("list --all --currency KRW --low-stock 2") == .ok)
            #expect(f.console.notes.contains("2 of 4 products (stock ≤ 2, KRW)"), "\(f.console.notes)")
            #expect(await f.run("list --currency EUR") == .usage)
            #expect(await f.run("list --low-stock -1") == .usage)
        }
    }

    @Test func aProductTableGoesToThePagerUnlessNoPager() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            _ = try await Self.seed(f)
            #expect(await f.run("list") == .ok)
            #expect(f.console.pages.count == 1)
            #expect(await f.run("list --no-pager") == .ok)
            #expect(await f.run("list --format ids") == .ok)
            #expect(f.console.pages.count == 1)
        }
    }

    @Test func setOutputChoosesTheListFormatAndJSONStaysAsItWas() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.seed(f)
            #expect(await f.run("set output ids") == .ok)
            #expect(await f.run("list") == .ok)
            #expect(Set(Self.ids(f.console.out)) == Set(made.map(\.id)))
            f.console.clear()
            #expect(await f.run("set output json") == .ok)
            #expect(await f.run("list") == .ok)
            #expect((try? MarketJSON.decoder.decode(ProductPage.self, from: Data(f.console.out.utf8)))?.products.count == 4)
            f.console.clear()
            #expect(await f.run("set output jsonl") == .ok)
            #expect(await f.run("list") == .ok)
            #expect(f.console.out.split(separator: "\n").count == 4)
            f.console.clear()
            #expect(await f.run("set output table") == .ok)
            #expect(await f.run("list") == .ok)
            #expect(f.console.out.contains("Delta bowl"))
            #expect(await f.run("set output xml") == .usage)
            #expect(try ShellCommandParsing.roundTrip("list --all --format ids --fields id,name --sort -price --sold-out"))
        }
    }
}

/// A command parsed from a line and written back as words parses to the same words.
enum ShellCommandParsing {
    static func roundTrip(_ line: String) throws -> Bool {
        let words = try WordSplitter.split(line)
        let command = try CommandRegistry.shell.parse(words)
        let again = try CommandRegistry.shell.parse(command.words)
        return again.words.map(\.text) == command.words.map(\.text)
    }
}
