import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// `delete 3 4 5`, `stock 3 4 5 +1`, `patch 3 4 5 discount=0` (issue 12): one confirmation that
/// names the count, an outcome line per product, and a failure that does not stop the others.
@Suite("Several products at once")
struct MultiProductTests {
    /// Three products of the demo vendor, stock 5 and a discount of 100 each.
    static func three(_ f: ShellFixture) async throws -> [Product] {
        let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
        var made: [Product] = []
        for name in ["Mug", "Cup", "Pot"] {
            let draft = ProductDraft(
                name: name, description: "A product for the multi tests", price: 3000, currency: .krw, discountedPrice: 100,
                stock: 5)
            made.append(try await f.client.create(draft, images: [image]).value)
        }
        f.console.clear()
        return made
    }

    static func line(_ products: [Product]) -> String { products.map { String($0.id) }.joined(separator: " ") }

    @Test func patchSeveralAsksOnceNamingTheCountAndChangesEach() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            let made = try await Self.three(f)
            f.console.queue(answers: ["y"])
            #expect(await f.run("patch \(Self.line(made)) discount=0") == .ok, "\(f.console.notes)")
            let asked = f.console.notes.components(separatedBy: "? patch: change discount=0 on 3 products").count - 1
            #expect(asked == 1, "\(f.console.notes)")
            #expect(f.console.outputs.count == 3)
            for product in made { #expect(try await f.product(id: product.id).discountedPrice == 0) }
            #expect(f.console.notes.contains("3 of 3 changed"))
        }
    }

    @Test func patchSeveralShowsEachNameBeforeAndAfterAndWarnsOfMixedCurrencies() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            let made = try await Self.three(f)
            let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
            let draft = ProductDraft(name: "Tea", description: "A product for the multi tests", price: 12.5, currency: .usd)
            let tea = try await f.client.create(draft, images: [image]).value
            f.console.queue(answers: ["n"])
            #expect(await f.run("patch \(made[0].id) \(made[1].id) \(tea.id) price=5000") == .ok, "\(f.console.notes)")
            let notes = f.console.notes
            // Written as `changes` and `undo` write a change (issue 39: one writer), amounts in their currency.
            #expect(notes.contains("#\(made[0].id) Mug (KRW): price ₩3,000 → ₩5,000"), "\(notes)")
            #expect(notes.contains("#\(made[1].id) Cup (KRW): price ₩3,000 → ₩5,000"), "\(notes)")
            #expect(notes.contains("#\(tea.id) Tea (USD): price $12.50 → $5,000.00"), "\(notes)")
            #expect(
                notes.contains(
                    "warning: these products are in different currencies (KRW: #\(made[0].id), #\(made[1].id); USD: #\(tea.id))"),
                "\(notes)")
            #expect(notes.contains("changed nothing"), "\(notes)")
            #expect(try await f.product(id: tea.id).price == Decimal(string: "12.5"))
            // One currency: no warning.
            f.console.clear()
            f.console.queue(answers: ["y"])
            #expect(await f.run("patch \(made[0].id) \(made[1].id) price=4000") == .ok, "\(f.console.notes)")
            #expect(!f.console.notes.contains("different currencies"), "\(f.console.notes)")
            #expect(try await f.product(id: made[1].id).price == 4000)
        }
    }

    @Test func stockTakesTheAmountBeforeTheIdsAsXargsPutsThem() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.three(f)
            #expect(await f.run("stock +2 \(made[0].id) \(made[1].id)") == .ok, "\(f.console.notes)")
            #expect(await f.run("stock -1 \(made[2].id)") == .ok, "\(f.console.notes)")
            #expect(try await f.product(id: made[0].id).stock == 7)
            #expect(try await f.product(id: made[1].id).stock == 7)
            #expect(try await f.product(id: made[2].id).stock == 4)
            let command = try CommandRegistry.shell.parse(try WordSplitter.split("stock =3 \(made[0].id)"))
            #expect(command.words.map(\.text) == ["stock", "\(made[0].id)", "=3"])
        }
    }

    @Test func stockPlusZeroSendsNothing() async throws {
        let spy = SpyTransport()
        try await ShellFixture.with(transport: spy) { (f: ShellFixture) async throws in
            let made = try await Self.three(f)
            let before = spy.requests.count
            #expect(await f.run("stock \(made[0].id) +0") == .ok, "\(f.console.notes)")
            #expect(await f.run("stock \(Self.line(made)) -0") == .ok, "\(f.console.notes)")
            #expect(spy.requests.count == before, "\(spy.requests.dropFirst(before).map(\.method))")
            #expect(f.console.notes.contains("stock +0 changes nothing, so nothing was sent"), "\(f.console.notes)")
        }
    }

    @Test func declinedChangesNothing() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            let made = try await Self.three(f)
            f.console.queue(answers: ["n", "n", "n"])
            #expect(await f.run("patch \(Self.line(made)) discount=0") == .ok)
            #expect(await f.run("stock \(Self.line(made)) +1") == .ok)
            #expect(await f.run("delete \(Self.line(made))") == .ok)
            #expect(
                f.console.notes.contains(
                    "? delete 3 products (#\(made[0].id) Mug, #\(made[1].id) Cup, #\(made[2].id) Pot)? [y/N]"))
            for product in made {
                let now = try await f.product(id: product.id)
                #expect(now.discountedPrice == 100)
                #expect(now.stock == 5)
            }
        }
    }

    @Test func stockSeveralWithoutATerminalRunsWithoutAsking() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.three(f)
            #expect(await f.run("stock \(Self.line(made)) +1") == .ok, "\(f.console.notes)")
            #expect(!f.console.notes.contains("? "))
            for product in made { #expect(try await f.product(id: product.id).stock == 6) }
        }
    }

    @Test func deleteSeveralWithYesDeletesEach() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.three(f)
            #expect(await f.run("delete \(Self.line(made))") == .usage)
            #expect(f.console.notes.contains("deleting 3 products needs confirmation: add --yes"))
            #expect(await f.run("delete \(Self.line(made)) --yes") == .ok, "\(f.console.notes)")
            #expect(try await f.products().products.isEmpty)
        }
    }

    @Test func oneMissingIdAmongThreeFailsAloneAndTheOthersChange() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.three(f)
            let missing = made.map(\.id).max()! + 100
            #expect(await f.run("stock \(made[0].id) \(missing) \(made[2].id) =9") == .failed)
            #expect(f.console.notes.contains("stock: 2 of 3 changed; #\(missing): "), "\(f.console.notes)")
            #expect(try await f.product(id: made[0].id).stock == 9)
            #expect(try await f.product(id: made[2].id).stock == 9)
            f.console.clear()
            #expect(await f.run("delete \(made[0].id) \(missing) --yes") == .failed)
            #expect(f.console.notes.contains("delete: 1 of 2 deleted; #\(missing): "), "\(f.console.notes)")
        }
    }

    @Test func deleteRefusesAnotherVendorsProductAmongSeveral() async throws {
        try await ShellFixture.with(interactive: true, answers: ["y"]) { (f: ShellFixture) async throws in
            let made = try await Self.three(f)
            let others = try await LoginTests.othersProduct(f)
            #expect(await f.run("delete \(made[0].id) \(others.id) \(made[1].id)") == .failed)
            #expect(
                f.console.notes.contains("#\(others.id) Someone else's mug is not yours; nothing was deleted"),
                "\(f.console.notes)")
            #expect(!f.console.notes.contains("? delete"))
            #expect(try await f.products().products.count == 4)
        }
    }

    @Test func asNameIsRefusedWithSeveralIds() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.three(f)
            let command = try CommandRegistry.shell.parse(try WordSplitter.split("stock \(Self.line(made)) +1"))
            let report = await f.shell.perform(Invocation(command, text: "stock … +1 as mug", bindAs: "mug"))
            #expect(report.status == .usage)
            #expect(report.failure.first == "stock: as NAME names one product; give one id")
            #expect(try await f.product(id: made[0].id).stock == 5)
        }
    }

    @Test func wordsRoundTripAndOneIdIsAsBefore() throws {
        for line in [
            "delete 3 4 5 --yes", "stock 3 4 5 +1", "patch 3 4 5 discount=0 --if-match 'W/\"x\"'", "patch 12 price=3000",
        ] {
            #expect(try ShellCommandParsing.roundTrip(line), "\(line)")
        }
        let one = try CommandRegistry.shell.parse(try WordSplitter.split("patch 12 price=3000 discount=0"))
        #expect(one.words.map(\.text) == ["patch", "12", "price=3000", "discount=0"])
        #expect(one.productID == 12)
        let several = try CommandRegistry.shell.parse(try WordSplitter.split("stock 3 4 +1"))
        #expect(several.productID == nil)
        #expect(!several.repeatsSafely)
        #expect(throws: CommandFailure.self) { try CommandRegistry.shell.parse(try WordSplitter.split("delete 3 abc")) }
        let patch = Patch(id: 7, changes: ProductChanges(price: 10), ifMatch: "\"e\"")
        #expect(patch.words.map(\.text) == ["patch", "7", "price=10", "--if-match", "\"e\""])
    }

    @Test func aStaleETagIsRefusedWith412() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await Self.three(f)
            let etag = try #require(try await f.client.product(id: made[0].id).etag)
            #expect(await f.run("patch \(made[0].id) stock=1") == .ok)
            f.console.clear()
            let report = await f.shell.perform(
                Invocation(Patch(id: made[0].id, changes: ProductChanges(stock: 2), ifMatch: etag), text: "patch"))
            #expect(report.status == .failed)
            #expect(report.failure.first?.contains("it changed since that ETag was read") == true, "\(report.failure)")
            #expect(try await f.product(id: made[0].id).stock == 1)
        }
    }
}

/// TAB after several ids (`delete 3 4⇥`) offers the ids seen and not typed yet.
@Suite("Several products: completion")
struct MultiProductCompletionTests {
    @Test func idsAreOfferedAfterIdsAndFieldsAfterASpace() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let made = try await MultiProductTests.three(f)
            _ = await f.run("list")
            let index = f.shell.index
            func texts(_ line: String) -> [String] {
                if case .candidates(_, let list) = index.complete(line) { return list.map(\.text) }
                return []
            }
            let first = String(made[0].id)
            let offered = texts("delete \(first) \(String(made[1].id).prefix(1))")
            #expect(offered.contains(String(made[1].id)))
            #expect(!offered.contains(first))
            #expect(texts("patch \(first) ").contains("discount="))
        }
    }
}
