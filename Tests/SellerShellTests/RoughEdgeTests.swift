import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// Issue 11, items 9 and 11: the messages a new seller hits, against the bundled market.
@Suite("Rough edges a new seller hits")
struct RoughEdgeTests {
    @Test func commandNamesIgnoreCaseAndTyposGetTheClosestName() {
        let registry = CommandRegistry.shell
        #expect(registry.find("LIST")?.spec.name == "list")
        #expect(registry.find("Show")?.spec.name == "show")
        #expect(registry.suggestions(for: "lsit") == ["list"])
        #expect(registry.suggestions(for: "regster") == ["register"])
        #expect(registry.suggestions(for: "qqqqqq").isEmpty)
        // One letter is no typo of a name: `y` answered where no question was asked got
        // "did you mean 'help' or 'source'?" (their one-letter aliases).
        for stray in ["y", "n", "2"] { #expect(registry.suggestions(for: stray).isEmpty, "\(stray)") }
        #expect(EditDistance.between("lsit", "list") == 1)
        #expect(EditDistance.between("", "abc") == 3)
    }

    @Test func searchIsACommand() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            _ = try await f.register(name: "Searchable tumbler")
            _ = try await f.register(name: "Another thing")
            f.console.clear()
            #expect(await f.run("search tumbler") == .ok)
            #expect(f.console.out.contains("Searchable tumbler"))
            #expect(!f.console.out.contains("Another thing"))
            #expect(await f.run("search") == .usage)
        }
    }

    @Test func searchTakesListsFormatFieldsAndSort() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let first = try await f.register(name: "Searchable tumbler")
            let second = try await f.register(name: "Searchable mug")
            _ = try await f.register(name: "Another thing")
            f.console.clear()
            #expect(await f.run("search Searchable --format ids --sort id") == .ok, "\(f.console.notes)")
            #expect(f.console.out.split(separator: "\n") == ["\(first.id)", "\(second.id)"], "\(f.console.out)")
            f.console.clear()
            #expect(await f.run("search Searchable --format csv --fields name --sort name") == .ok, "\(f.console.notes)")
            #expect(
                f.console.out.split(whereSeparator: \.isNewline).map(String.init) == [
                    "name", "Searchable mug", "Searchable tumbler",
                ])
        }
    }

    @Test func listMineTakesAPage() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = [
                try await f.register(name: "Mine one"), try await f.register(name: "Mine two"),
                try await f.register(name: "Mine three"),
            ]
            _ = try await LoginTests.othersProduct(f)
            f.console.clear()
            // Newest first, as every list: the second page holds the oldest.
            #expect(await f.run("list --mine 2 --per-page 2 --format ids") == .ok, "\(f.console.notes)")
            #expect(f.console.out.split(separator: "\n") == ["\(made[0].id)"], "\(f.console.out)")
            f.console.clear()
            #expect(await f.run("list --mine 1 --per-page 2") == .ok, "\(f.console.notes)")
            #expect(f.console.notes.contains("page 1 of 2, 3 of your products — 'list --mine 2' for more"), "\(f.console.notes)")
        }
    }

    @Test func listFormatCountPrintsHowMany() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            _ = try await f.register(name: "Counted mug")
            _ = try await f.register(name: "Counted cup")
            f.console.clear()
            #expect(await f.run("list --all --format count") == .ok, "\(f.console.notes)")
            #expect(f.console.out == "2", "\(f.console.out)")
            f.console.clear()
            #expect(await f.run("search cup --format count") == .ok, "\(f.console.notes)")
            #expect(f.console.out == "1", "\(f.console.out)")
        }
    }

    @Test func registerPorcelainPrintsOnlyTheNewID() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let image = Fixtures.image("coffee-small.jpg").path
            #expect(
                await f.run(
                    "register name='Quiet mug' description='A mug for the porcelain test' price=900 currency=KRW image=\(image) --porcelain"
                ) == .ok, "\(f.console.notes)")
            let id = try #require(Int(f.console.out), "\(f.console.out)")
            #expect(try await f.product(id: id).name == "Quiet mug")
        }
    }

    @Test func clearClearsTheScreenOfATerminalAndSaysWhenThereIsNone() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            #expect(await f.run("clear") == .ok)
            #expect(f.console.screenClears == 1)
            #expect(f.console.notes.isEmpty, "\(f.console.notes)")
        }
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("clear") == .ok)
            #expect(f.console.notes.contains("clear: there is no screen to clear here"), "\(f.console.notes)")
        }
    }

    @Test func aPagePastTheEndSaysSo() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            _ = try await f.register()
            f.console.clear()
            #expect(await f.run("list 99") == .ok)
            #expect(f.console.out.contains("page 99 is past the end: 1 product fill 1 page of 20 — 'list 1' shows the last"))
        }
    }

    @Test(arguments: [
        ("show 99999999999999999999", "product ids go up to 9,007,199,254,740,991"),
        ("show 9007199254740992", "product ids go up to 9,007,199,254,740,991"),
        ("show last", "for the product of the last command, write $last"),
        ("delete mug", "for a product named with 'as mug', write $mug"),
        ("show 1.5", "'1.5' is not a product id (a whole number like 12)"),
        // Before, each of these said the id was too large (`isNumber` holds for any script's digits).
        ("show 0", "product ids start at 1; 0 cannot be one"),
        ("delete 000 --yes", "product ids start at 1; 000 cannot be one"),
        ("show １２", "'１２' is written in digits a market does not read: type the id in ASCII digits, as 12"),
        ("show ٣", "'٣' is written in digits a market does not read: type the id in ASCII digits, as 3"),
        ("show ½", "'½' is not a product id (a whole number like 12)"),
        // A field where an id was read: `=` is what is missing, not a `$`.
        ("patch 1 price 5", "'price' is a field, not a product id: write price=VALUE"),
    ])
    func productIDsThatCannotBeSaySo(line: String, message: String) async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run(line) == .usage)
            #expect(f.console.notes.contains(message), "\(f.console.notes)")
        }
    }

    /// `--if-match` with a value that is no ETag of the product: said as a mismatch (it may be no
    /// ETag of it at all), with where an ETag is read; before, "its ETag is no longer garbage" and
    /// "read it again ('show 1')", which shows no ETag.
    @Test func anIfMatchThatDoesNotMatchSaysWhereAnETagIsRead() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(price: "3500")
            f.console.clear()
            #expect(await f.run("patch \(product.id) price=3600 --if-match garbage") == .failed)
            #expect(
                f.console.notes.contains(
                    "#\(product.id) does not match the ETag given (garbage): it changed since that ETag was read, or the ETag is not this product's; nothing was changed: read its ETag again ('GET /api/products/\(product.id)', then ${response.headers.etag}) and retry"
                ), "\(f.console.notes)")
            #expect(try await f.product(id: product.id).price == 3500)
        }
    }

    @Test func messagesUseTheFieldNamesTheSellerTyped() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(price: "1000")
            f.console.clear()
            #expect(await f.run("patch \(product.id) discount=5000") == .failed)
            #expect(f.console.notes.contains("discount: must not exceed the price"), "\(f.console.notes)")
            #expect(!f.console.notes.contains("discounted_price"))
            #expect(ShellSession.inTypedWords("thumbnail_id: must be one of 1, 2") == "thumbnail: must be one of 1, 2")
            #expect(ShellSession.inTypedWords("1 to 5 images") == "1 to 5 images")
        }
    }

    @Test func registerAsksAgainForABadAnswerAndKeepsTheOthers() async throws {
        let image = Fixtures.image("coffee-small.jpg").path
        let answers = [
            "ab", "Asked mug", "short", "A mug whose fields were asked", "-3", "1500", "EUR", "krw", "", "", "/no/such.jpg",
            image,
        ]
        try await ShellFixture.with(interactive: true, answers: answers) { (f: ShellFixture) async throws in
            #expect(await f.run("register") == .ok, "\(f.console.notes)")
            let notes = f.console.notes
            #expect(notes.contains("name: must be 3 to 100 characters (it has 2) — try again"))
            #expect(notes.contains("description: must be 10 to 1000 characters"))
            #expect(notes.contains("price: must be greater than 0"))
            #expect(notes.contains("currency: must be KRW or USD"))
            #expect(notes.contains("/no/such.jpg: no such file"))
            #expect(try await f.products().products.first?.name == "Asked mug")
            // The whole command, answers included, is in the history for Up-arrow.
            let entry = try #require(f.console.historyEntries.last)
            #expect(
                entry.hasPrefix("register name='Asked mug' description='A mug whose fields were asked' price=1500"), "\(entry)")
        }
    }

    @Test func registerQuestionsEndWhenTheAnswersDo() async throws {
        try await ShellFixture.with(interactive: true, answers: ["Kept mug"]) { (f: ShellFixture) async throws in
            #expect(await f.run("register") == .failed)
            // Once, after the command's own name (it said "register: register cancelled").
            #expect(f.console.notes.contains("register: cancelled; nothing was sent"), "\(f.console.notes)")
            #expect(try await f.products().totalCount == 0)
        }
    }
}
