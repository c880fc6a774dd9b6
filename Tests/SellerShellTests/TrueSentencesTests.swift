import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import TerminalText
import Testing

@testable import SellerShell

/// Issue 40, item 4: only true sentences. A vendor id that was given is said to be given (only
/// the identifier and secret are checked at login); the server contradicting it is said at once,
/// and the id is forgotten, in the session and in the profile; `whoami` and `profiles` agree; a
/// page with no products is one line. Against the bundled market over loopback.
@Suite("Only true sentences: the vendor id given, and pages with no products")
struct TrueSentencesTests {
    static func store(_ f: ShellFixture) -> ProfileStore {
        ProfileStore(directory: f.directory.appendingPathComponent("profiles"))
    }

    /// Logs in as the demo vendor, giving `vendor` as its vendor id, saved as profile `class`.
    static func loginGiving(_ f: ShellFixture, vendor: Int) async -> CommandStatus {
        f.console.queue(secrets: [f.market.demoCredentials.secret.revealed])
        return await f.run("login \(f.market.demoCredentials.identifier) --vendor-id \(vendor) --save class")
    }

    @Test func anotherVendorsIDAnsweredAtLoginIsSaidToBeGivenNotChecked() async throws {
        try await ShellFixture.with(interactive: true, knowsVendor: false) { (f: ShellFixture) async throws in
            let others = try await LoginTests.othersProduct(f, vendor: "tumbler-shop")
            let id = try #require(others.vendor?.id ?? others.vendorID)
            f.console.queue(secrets: [f.market.demoCredentials.secret.revealed])
            f.console.queue(answers: [String(id)])
            #expect(await f.run("login \(f.market.demoCredentials.identifier) --save class") == .ok, "\(f.console.notes)")
            #expect(!f.console.notes.contains("kept for this login\n"), "\(f.console.notes)")
            #expect(
                f.console.notes.contains("vendor #\(id) is tumbler-shop here; kept for this login as given, not checked"),
                "\(f.console.notes)")
            #expect(!f.console.notes.contains("logged in as tumbler-shop"), "\(f.console.notes)")
            #expect(
                f.console.notes.contains(
                    "(checked with the server); vendor tumbler-shop (#\(id)) (given, not checked); saved as profile 'class'"),
                "\(f.console.notes)")
            #expect(try Self.store(f).load("class").vendorStanding == .given)
            // The prompt does not claim the given vendor's name either.
            #expect(!f.shell.index.prompt(color: false).contains("tumbler-shop"), "\(f.shell.index.prompt(color: false))")
        }
    }

    @Test func whoamiAndProfilesSayTheSameGivenVendor() async throws {
        try await ShellFixture.with(knowsVendor: false) { (f: ShellFixture) async throws in
            let others = try await LoginTests.othersProduct(f)
            let id = try #require(others.vendor?.id ?? others.vendorID)
            #expect(await Self.loginGiving(f, vendor: id) == .ok, "\(f.console.notes)")
            f.console.clear()
            #expect(await f.run("whoami") == .ok)
            #expect(f.console.out.contains("#\(id) (given, not checked)"), "\(f.console.out)")
            #expect(!f.console.out.contains("not known yet"), "\(f.console.out)")
            f.console.clear()
            #expect(await f.run("profiles") == .ok)
            let row = try #require(f.console.out.split(separator: "\n").first { $0.contains("* class") })
            #expect(row.contains("#\(id) (given, not checked)"), "\(f.console.out)")
        }
    }

    /// The case: `delete` of a product of the vendor given reads it, finds it "mine",
    /// asks, and gets 403.
    @Test func aRefusedChangeToAProductOfTheGivenVendorForgetsItAndFixesTheProfile() async throws {
        try await ShellFixture.with(interactive: true, knowsVendor: false) { (f: ShellFixture) async throws in
            let others = try await LoginTests.othersProduct(f)
            let id = try #require(others.vendor?.id ?? others.vendorID)
            #expect(await Self.loginGiving(f, vendor: id) == .ok, "\(f.console.notes)")
            f.console.clear()
            f.console.queue(answers: ["y"])
            #expect(await f.run("delete \(others.id)") == .failed)
            #expect(f.console.notes.contains("403"), "\(f.console.notes)")
            #expect(
                f.console.notes.contains(
                    "this login is not vendor #\(id), which was given, not checked; #\(id) is forgotten "
                        + "(and dropped from profile 'class')"),
                "\(f.console.notes)")
            #expect(await f.shell.vendorID == nil)
            let saved = try Self.store(f).load("class")
            #expect(saved.vendorID == nil)
            #expect(saved.vendorStanding == nil)
        }
    }

    /// `OPENMARKET_VENDOR_ID` naming another vendor: refuted by the server once, it is not
    /// taken again for the next command.
    @Test func aShellStartedFromAProfileWithAGivenVendorDoesNotNameItInTheFirstPrompt() async throws {
        let directory = try Fixtures.temporaryDirectory("openmarket-shell-test")
        defer { try? FileManager.default.removeItem(at: directory) }
        let profiles = ProfileStore(directory: directory.appendingPathComponent("profiles"))
        let server = try #require(URL(string: "http://127.0.0.1:9"))
        let credentials = VendorCredentials(identifier: "0c1b5a9e-given", secret: Secret("s3cret-given"))
        func prompt(_ standing: VendorStanding) async throws -> String {
            try profiles.save(
                "class",
                ProfileStore.Profile(
                    server: server.absoluteString, identifier: credentials.identifier, secret: credentials.secret,
                    vendorName: "tumbler-shop", vendorID: 2, vendorStanding: standing))
            let configuration = ShellConfiguration(
                serverURL: server, credentials: credentials, vendorName: "tumbler-shop", vendorID: 2,
                profileName: "class", profiles: profiles)
            let shell = ShellSession(configuration: configuration, console: RecordingConsole())
            return shell.index.prompt(color: false)
        }
        // Given at a login, not checked: the first prompt does not claim the name.
        #expect(try await !prompt(.given).contains("tumbler-shop"))
        // Said by the server: the prompt names it.
        #expect(try await prompt(.verified).contains("tumbler-shop"))
    }

    /// `undo` takes back any kept change of this server and vendor (what `changes` lists), not
    /// only one this shell made: its help said the latter.
    @Test func undosHelpSaysWhatUndoTakes() {
        #expect(!ShellHelp.undo.english.contains("this shell made"), "\(ShellHelp.undo.english)")
        #expect(ShellHelp.undo.english.contains("of this server and vendor"), "\(ShellHelp.undo.english)")
        #expect(!ShellHelp.undo.korean.contains("이 셸에서 한"), "\(ShellHelp.undo.korean)")
        #expect(ShellHelp.undo.korean.contains("이 서버와 판매자의"), "\(ShellHelp.undo.korean)")
    }

    @Test func aRefutedEnvironmentVendorIDIsNotTakenAgain() async throws {
        let directory = try Fixtures.temporaryDirectory("openmarket-shell-test")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await TestMarket.with(directory: directory.appendingPathComponent("market")) { market in
            let other = try await market.running.data.addVendor(name: "other-shop").credentials
            let othersClient = MarketClient(baseURL: market.running.baseURL, credentials: other, timeout: .seconds(600))
            let others = try await othersClient.create(
                ProductDraft(name: "Someone else's cup", description: "Not the demo vendor's", price: 1000, currency: .krw),
                images: [try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)]
            ).value
            let id = try #require(others.vendor?.id ?? others.vendorID)
            var configuration = ShellConfiguration(
                serverURL: market.running.baseURL, credentials: market.demo,
                profiles: ProfileStore(directory: directory.appendingPathComponent("profiles")), timeout: .seconds(600))
            configuration.environmentVendorID = id
            // A person at the terminal: the delete reads the product, finds it "mine", asks.
            let console = RecordingConsole(interactive: true, answers: ["y"])
            let shell = ShellSession(configuration: configuration, console: console)
            #expect(await shell.execute("delete \(others.id)").status == .failed)
            #expect(console.notes.contains("this login is not vendor #\(id)"), "\(console.notes)")
            console.clear()
            // Not known any more (and no answer to the question): refused, not the other's listed.
            #expect(await shell.execute("list --mine").status == .failed, "\(console.out)")
            #expect(console.notes.contains("list --mine needs your vendor id"), "\(console.notes)")
            #expect(await shell.vendorID == nil)
        }
    }

    @Test func aCreateAnsweredWithAnotherVendorSaysSoAndKeepsTheServersInTheProfile() async throws {
        try await ShellFixture.with(knowsVendor: false) { (f: ShellFixture) async throws in
            let others = try await LoginTests.othersProduct(f)
            let id = try #require(others.vendor?.id ?? others.vendorID)
            let demo = try #require(f.demoVendorID)
            #expect(await Self.loginGiving(f, vendor: id) == .ok, "\(f.console.notes)")
            f.console.clear()
            try await f.register(name: "Mine after all")
            #expect(
                f.console.notes.contains("the server says this login is vendor demo-shop (#\(demo)), not #\(id) as given"),
                "\(f.console.notes)")
            #expect(await f.shell.vendorID == demo)
            let saved = try Self.store(f).load("class")
            #expect(saved.vendorID == demo)
            #expect(saved.vendorStanding == .verified)
            f.console.clear()
            #expect(await f.run("whoami") == .ok)
            #expect(f.console.out.contains("demo-shop (#\(demo))"), "\(f.console.out)")
            #expect(!f.console.out.contains("given"), "\(f.console.out)")
        }
    }

    @Test func aMissingProfileIsSaidInTheReadersLanguage() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let status = await Language.$current.withValue(.ko) { await f.run("use nosuch") }
            #expect(status == .failed)
            #expect(f.console.notes.contains("\"nosuch\" 프로필이 없습니다"), "\(f.console.notes)")
            #expect(!f.console.notes.contains("no profile"), "\(f.console.notes)")
        }
    }

    @Test func anEmptyMarketsPageIsOneLine() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            for product in try await f.products().products { _ = try await f.client.delete(id: product.id) }
            #expect(await f.run("list") == .ok)
            #expect(f.console.transcript == "no products on page 1", "\(f.console.transcript)")
        }
    }

    @Test func aPagePastTheEndIsOneLine() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            try await f.register(name: "Only mug")
            f.console.clear()
            #expect(await f.run("list 99") == .ok)
            let lines = f.console.transcript.split(separator: "\n")
            #expect(lines.count == 1, "\(f.console.transcript)")
            #expect(lines.first?.hasPrefix("page 99 is past the end") == true, "\(f.console.transcript)")
            f.console.clear()
            #expect(await f.run("list --mine --search no-such-product-anywhere") == .ok)
            #expect(f.console.transcript.split(separator: "\n").count == 1, "\(f.console.transcript)")
        }
    }

    @Test func theChangesTableFitsTheWidthItIsGiven() {
        let long = String(repeating: "name='A very long product name' ", count: 6)
        let rows = [["*", "12", "2026-11-28 23:12", "patch 12 " + long, "#12 Mug: " + long, "partly undone"]]
        let table = Changes.table(rows, columns: 80)
        for line in table.split(separator: "\n") {
            #expect(TerminalText.width(String(line)) <= 80, "\(line)")
        }
        #expect(table.contains("…"))
        #expect(Changes.table(rows, columns: nil).contains(long))
    }

    /// `list --mine` with none of yours says the products it counted are the market's, none
    /// shown, and how to add one (it said `none of these 3 products`, of products not on screen).
    @Test func listMineWithNoneOfYoursSaysTheMarketsAreOthers() {
        #expect(
            ListMessage.noneYours(all: 3, vendor: 1).text(in: .en)
                == "none of the market's 3 products is yours (vendor #1): 'register' adds one")
    }

    /// Every sentence of this issue's own catalogues reads Korean in Korean, keeping the
    /// English's numbers.
    @Test(
        arguments: [
            VendorMessage.loggedInGiven(identifier: "0c1b5a9e", check: "checked", vendor: "#2"),
            VendorMessage.givenIsHere(id: 2, name: "tumbler-shop"), VendorMessage.givenKept(id: 2),
            VendorMessage.refutedByWrite(given: 2, actual: "demo-shop (#1)", profile: "class"),
            VendorMessage.refutedByRefusal(given: 2, product: 7, profile: "class"), VendorMessage.loginCancelled,
            ChangesMessage.registered("#1 Mug"), ChangesMessage.deleted("#1 Mug"), ChangesMessage.nothingChanged("#1 Mug"),
            ChangesMessage.batch(label: "import c.csv", count: 100), ChangesMessage.photo(2), ChangesMessage.image(35),
            ChangesMessage.undoHint(marksThisSession: true),
            ChangesMessage.patchChangesNothing(product: "#6 Mug", values: "price ₩26,000"), ListMessage.count(4),
            ListMessage.noneYours(all: 4, vendor: 2), ListMessage.minePage(page: 2, pages: 3, mine: 45, next: 3),
            ListMessage.minePastTheEnd(page: 4, pages: 3), ListMessage.noneMatch, ListMessage.notAPage("x"),
            ProfileMessage.noProfile(name: "class", known: [], hint: true),
            ProfileMessage.readableByOthers(name: "class", path: "/p", mode: "644"),
            ChangeLogMessage.cannotRegisterAgain(id: 12, why: "x"), ChangeLogMessage.photosNoLongerKept(days: 30, bytes: "1 GB"),
            ChangeLogMessage.changedByAnotherShell(number: 7, command: "undo"), ChangeLogMessage.cannotBeWritten,
        ] as [any Spoken])
    func everySentenceReadsKoreanInKorean(_ message: any Spoken) {
        let (english, korean) = (message.text(in: .en), message.text(in: .ko))
        #expect(korean != english, "\(english)")
        #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "not Korean: \(korean)")
        let numbers = { (text: String) in text.split { !$0.isNumber }.map(String.init).sorted() }
        #expect(numbers(korean) == numbers(english), "\(english) / \(korean)")
    }
}
