import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// Login without probing others (issue 23): the vendor id is learned from the profile,
/// `login --vendor-id`, what this login wrote, or the person at the terminal, and never by
/// sending a change (even a no-op one) to another vendor's product. Every test counts, through a
/// spy on the session's transport, the changes that reached a product of someone else.
@Suite("The vendor id, learned without touching others' products")
struct VendorIDTests {
    /// A product of another vendor, the newest on the market.
    static func othersProduct(_ f: ShellFixture) async throws -> Product {
        try await LoginTests.othersProduct(f)
    }

    /// The changes (PATCH, DELETE, the delete URI's POST) a session sent to any of `ids`.
    static func changes(_ spy: SpyTransport, to ids: [Int]) -> [String] {
        spy.requests.filter { request in
            guard request.method != .get, request.method != .head else { return false }
            return ids.contains { id in
                request.url.path == "/api/products/\(id)" || request.url.path.hasPrefix("/api/products/\(id)/")
            }
        }.map { "\($0.method.rawValue) \($0.url.path)" }
    }

    @Test func loginSendsNothingToOthersProductsAndSaysTheVendorIsNotKnown() async throws {
        let spy = SpyTransport()
        try await ShellFixture.with(transport: spy, knowsVendor: false) { (f: ShellFixture) async throws in
            let others = try await Self.othersProduct(f)
            #expect(await LoginTests.login(f) == .ok, "\(f.console.notes)")
            #expect(Self.changes(spy, to: [others.id]).isEmpty, "\(Self.changes(spy, to: [others.id]))")
            // The only change sent is the credential check's, to an id no market holds.
            #expect(spy.requests.filter { $0.method == .patch }.map(\.url.path) == ["/api/products/2147483647"])
            #expect(f.console.notes.contains("your vendor id is not known yet"), "\(f.console.notes)")
            #expect(f.console.notes.contains("'login --vendor-id N' or OPENMARKET_VENDOR_ID=N"))
            #expect(await f.shell.vendorID == nil)
        }
    }

    @Test func loginVendorIDIsKeptInTheSavedProfile() async throws {
        let spy = SpyTransport()
        try await ShellFixture.with(transport: spy, knowsVendor: false) { (f: ShellFixture) async throws in
            let others = try await Self.othersProduct(f)
            let id = try #require(f.demoVendorID)
            f.console.queue(secrets: [f.market.demoCredentials.secret.revealed])
            #expect(
                await f.run("login \(f.market.demoCredentials.identifier) --vendor-id \(id) --save shop") == .ok,
                "\(f.console.notes)")
            let saved = try ProfileStore(directory: f.directory.appendingPathComponent("profiles")).load("shop")
            #expect(saved.vendorID == id)
            #expect(await f.shell.vendorID == id)
            // Only the identifier and secret were checked: the vendor id is said to be given.
            #expect(
                f.console.notes.contains("(checked with the server); vendor #\(id) (given, not checked)"), "\(f.console.notes)")
            f.console.clear()
            #expect(await f.run("list --mine") == .ok, "\(f.console.notes)")
            #expect(!f.console.out.contains(others.name))
            #expect(Self.changes(spy, to: [others.id]).isEmpty)
        }
    }

    /// A change of one's own product visits the session to learn the vendor only while the
    /// session has not recorded the server's word for it: the first change records it, and the
    /// settings of the next one's context say so.
    @Test func theVendorIsRecordedByTheFirstChangeAndKnownToTheNext() async throws {
        try await ShellFixture.with(knowsVendor: false) { (f: ShellFixture) async throws in
            #expect(await f.shell.settings.vendorRecorded == false)
            let product = try await f.register()
            let settings = await f.shell.settings
            #expect(settings.vendorRecorded, "\(f.console.notes)")
            #expect(settings.vendorID == f.demoVendorID)
            #expect(settings.knowsVendor(of: product))
            #expect(await f.run("patch \(product.id) stock=4") == .ok, "\(f.console.notes)")
            #expect(f.shell.context().settings.knowsVendor(of: try await f.product(id: product.id)))
        }
    }

    /// What `SessionSettings.knowsVendor(of:)` answers, as `learnVendor(from:)` reads a product:
    /// anything it would change (another id, another name, a vendor not recorded yet) is not known.
    @Test func aProductsVendorIsKnownOnlyWhenLearningItWouldChangeNothing() {
        let base = EditDocumentTests.product()
        var settings = SessionSettings(outputJSON: false, useColor: false, vendorID: 1, vendorName: "shop")
        #expect(!settings.knowsVendor(of: base), "not recorded yet")
        settings.vendorRecorded = true
        #expect(settings.knowsVendor(of: base), "the id alone, the name as known")
        var named = base
        named.vendorName = "shop"
        #expect(settings.knowsVendor(of: named))
        named.vendorName = "another name"
        #expect(!settings.knowsVendor(of: named))
        var detail = base
        detail.vendorID = nil
        detail.vendor = VendorReference(id: 1, name: "shop")
        #expect(settings.knowsVendor(of: detail))
        detail.vendor = VendorReference(id: 2, name: "shop")
        #expect(!settings.knowsVendor(of: detail))
        var silent = base
        silent.vendorID = nil
        #expect(settings.knowsVendor(of: silent), "a product that says no vendor teaches nothing")
        settings.vendorID = 2
        #expect(!settings.knowsVendor(of: base))
    }

    @Test func aVendorIDThatIsNoNumberIsRefusedInOneLine() async throws {
        try await ShellFixture.with(knowsVendor: false) { (f: ShellFixture) async throws in
            #expect(await f.run("login \(f.market.demoCredentials.identifier) --vendor-id shop") == .usage)
            #expect(
                f.console.notes.contains(
                    "login: --vendor-id must be your vendor id on this market, a whole number such as 15 (got 'shop')"),
                "\(f.console.notes)")
        }
    }

    @Test func listMineWithoutAKnownVendorRefusesInOneLineAndSendsNothing() async throws {
        let spy = SpyTransport()
        try await ShellFixture.with(transport: spy, knowsVendor: false) { (f: ShellFixture) async throws in
            _ = try await Self.othersProduct(f)
            #expect(await f.run("list --mine") == .failed)
            let lines = f.console.notes.split(separator: "\n")
            #expect(
                lines == [
                    "list: list --mine needs your vendor id on this market, which is not known yet (nothing was sent): "
                        + "give it once with 'login --vendor-id N' (kept in the profile) or set OPENMARKET_VENDOR_ID=N"
                ], "\(f.console.notes)")
            #expect(spy.requests.isEmpty, "\(spy.requests.map { "\($0.method.rawValue) \($0.url.path)" })")
        }
    }

    @Test func listMineAsksOnceOnATerminalAndKeepsTheAnswerInTheProfile() async throws {
        let spy = SpyTransport()
        try await ShellFixture.with(interactive: true, transport: spy, knowsVendor: false) { (f: ShellFixture) async throws in
            let store = ProfileStore(directory: f.directory.appendingPathComponent("profiles"))
            let demo = f.market.demoCredentials
            try store.save(
                "shop", .init(server: f.market.baseURL.absoluteString, identifier: demo.identifier, secret: demo.secret))
            #expect(await f.run("use shop") == .ok)
            let mine = try await f.client.create(
                ProductDraft(
                    name: "Mine, made elsewhere", description: "Registered by another program", price: 900, currency: .krw),
                images: [try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)]
            ).value
            let others = try await Self.othersProduct(f)
            let id = try #require(f.demoVendorID)
            f.console.queue(answers: [String(id)])
            #expect(await f.run("list --mine") == .ok, "\(f.console.notes)")
            #expect(f.console.notes.contains("? your vendor id on this market?"))
            #expect(f.console.out.contains(mine.name))
            #expect(!f.console.out.contains(others.name))
            #expect(try store.load("shop").vendorID == id)
            f.console.clear()
            #expect(await f.run("list --mine") == .ok)
            #expect(!f.console.notes.contains("? your vendor id"), "asked twice: \(f.console.notes)")
            #expect(Self.changes(spy, to: [mine.id, others.id]).isEmpty)
        }
    }

    /// An answer that is not a vendor id is said in one line and asked again (before, the
    /// command failed with "nothing was kept").
    @Test func anAnswerThatIsNoVendorIDIsSaidAndAskedAgain() async throws {
        try await ShellFixture.with(interactive: true, knowsVendor: false) { (f: ShellFixture) async throws in
            let id = try #require(f.demoVendorID)
            f.console.queue(answers: ["demo-shop", String(id)])
            #expect(await f.run("list --mine") == .ok, "\(f.console.notes)")
            #expect(
                f.console.notes.contains(
                    "the vendor id must be your vendor id on this market, a whole number such as 15 (got 'demo-shop'); "
                        + "type it again, or press Enter to go on without it"),
                "\(f.console.notes)")
            #expect(f.console.notes.components(separatedBy: "? your vendor id on this market?").count == 3, "\(f.console.notes)")
            #expect(await f.shell.vendorID == id)
        }
    }

    /// Three answers that are not a vendor id: the command goes on as with no answer.
    @Test func afterThreeAnswersThatAreNoVendorIDTheCommandGoesOnWithoutIt() async throws {
        try await ShellFixture.with(interactive: true, answers: ["shop", "#1", "one"], knowsVendor: false) {
            (f: ShellFixture) async throws in
            #expect(await f.run("list --mine") == .failed)
            #expect(f.console.notes.contains("(got 'one'); going on without the vendor id"), "\(f.console.notes)")
            #expect(f.console.notes.contains("list: list --mine needs your vendor id on this market"), "\(f.console.notes)")
            #expect(await f.shell.vendorID == nil)
        }
    }

    /// A typo in the vendor id asked at `login` costs nothing: the login checked by the server is
    /// kept and the id asked again (before, the whole login was thrown away, secret and all).
    @Test func aTypoInTheVendorIDAtLoginKeepsTheLogin() async throws {
        try await ShellFixture.with(interactive: true, knowsVendor: false) { (f: ShellFixture) async throws in
            let id = try #require(f.demoVendorID)
            f.console.queue(answers: ["l\(id)", String(id)])
            #expect(await LoginTests.login(f) == .ok, "\(f.console.notes)")
            #expect(f.console.notes.contains("(got 'l\(id)'); type it again"), "\(f.console.notes)")
            #expect(f.console.notes.contains("checked with the server"), "\(f.console.notes)")
            #expect(await f.shell.vendorID == id)
        }
    }

    @Test func deleteOfAnotherVendorsProductWithoutAKnownVendorSendsNoChangeToFindOut() async throws {
        let spy = SpyTransport()
        try await ShellFixture.with(transport: spy, knowsVendor: false) { (f: ShellFixture) async throws in
            let others = try await Self.othersProduct(f)
            // Off a terminal a delete needs --yes; what it must not do first is probe.
            #expect(await f.run("delete \(others.id)") == .usage)
            #expect(f.console.notes.contains("needs confirmation: add --yes"), "\(f.console.notes)")
            #expect(Self.changes(spy, to: [others.id]).isEmpty, "\(Self.changes(spy, to: [others.id]))")
            // With --yes the server decides: it refuses another vendor's product.
            #expect(await f.run("delete \(others.id) --yes") == .failed)
            #expect(f.console.notes.contains("403"), "\(f.console.notes)")
            #expect(Self.changes(spy, to: [others.id]).allSatisfy { $0.hasPrefix("POST") })
            #expect(try await f.product(id: others.id).id == others.id)
        }
    }

    @Test func deleteOnATerminalAsksTheVendorIDAndRefusesAnotherVendorsProduct() async throws {
        let spy = SpyTransport()
        try await ShellFixture.with(interactive: true, transport: spy, knowsVendor: false) { (f: ShellFixture) async throws in
            let others = try await Self.othersProduct(f)
            let id = try #require(f.demoVendorID)
            f.console.queue(answers: [String(id), "y"])
            #expect(await f.run("delete \(others.id)") == .failed)
            #expect(f.console.notes.contains("is not yours (it belongs to other-shop #"), "\(f.console.notes)")
            #expect(!f.console.notes.contains("? delete"))
            #expect(Self.changes(spy, to: [others.id]).isEmpty, "\(Self.changes(spy, to: [others.id]))")
        }
    }

    @Test func editOnATerminalAsksTheVendorIDAndRefusesAnotherVendorsProductBeforeTheEditor() async throws {
        let spy = SpyTransport()
        try await ShellFixture.with(interactive: true, transport: spy, knowsVendor: false) { (f: ShellFixture) async throws in
            let others = try await Self.othersProduct(f)
            let id = try #require(f.demoVendorID)
            f.console.queue(answers: [String(id)])
            #expect(await f.run("edit \(others.id)") == .failed)
            #expect(f.console.notes.contains("? your vendor id on this market?"), "\(f.console.notes)")
            #expect(f.console.notes.contains("is not yours (it belongs to other-shop #"), "\(f.console.notes)")
            #expect(f.console.notes.contains("the editor was not opened"), "\(f.console.notes)")
            #expect(Self.changes(spy, to: [others.id]).isEmpty, "\(Self.changes(spy, to: [others.id]))")
        }
    }

    @Test func aLoginAgainAsAVendorThisSessionWroteAsKnowsItWithoutAsking() async throws {
        let spy = SpyTransport()
        try await ShellFixture.with(interactive: true, transport: spy, knowsVendor: false) { (f: ShellFixture) async throws in
            let mine = try await f.register(name: "Written this session")
            let others = try await Self.othersProduct(f)
            #expect(await LoginTests.login(f) == .ok, "\(f.console.notes)")
            #expect(!f.console.notes.contains("? your vendor id"), "\(f.console.notes)")
            #expect(await f.shell.vendorID == mine.vendorID)
            #expect(Self.changes(spy, to: [others.id]).isEmpty, "\(Self.changes(spy, to: [others.id]))")
        }
    }
}
