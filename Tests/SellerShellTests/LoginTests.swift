import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// Who am I, and where (issue 11, items 1, 2, 4 and 5): the login is checked with the server,
/// the vendor is learned at login and kept in the profile, "mine" is matched by vendor id, and
/// profiles can be listed and removed.
@Suite("Logging in, profiles and 'mine'")
struct LoginTests {
    /// Logs in as the demo vendor (its secret answered), optionally saving a profile.
    static func login(_ f: ShellFixture, save: String? = nil) async -> CommandStatus {
        f.console.queue(secrets: [f.market.demoCredentials.secret.revealed])
        return await f.run("login \(f.market.demoCredentials.identifier)" + (save.map { " --save \($0)" } ?? ""))
    }

    /// A product of another vendor, registered with the client directly.
    static func othersProduct(_ f: ShellFixture, vendor: String = "other-shop") async throws -> Product {
        let other = try await f.market.data.addVendor(name: vendor).credentials
        let client = MarketClient(baseURL: f.market.baseURL, credentials: other, timeout: .seconds(600))
        let draft = ProductDraft(
            name: "Someone else's mug", description: "Not a product of the demo vendor", price: 1000, currency: .krw)
        return try await client.create(draft, images: [try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)])
            .value
    }

    @Test func listMineWorksRightAfterLoginAndMatchesByVendorID() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            let mine = try await f.register(name: "My own mug")
            let others = try await Self.othersProduct(f)
            // A session that starts knowing only a name, and a wrong one: names are not unique.
            #expect(await Self.login(f) == .ok, "\(f.console.notes)")
            #expect(await f.shell.vendorID == mine.vendorID)
            #expect(f.console.notes.contains("logged in as demo-shop (#\(mine.vendorID!)); checked with the server"))
            f.console.clear()
            #expect(await f.run("list --mine") == .ok, "\(f.console.notes)")
            #expect(f.console.out.contains("My own mug"))
            #expect(!f.console.out.contains(others.name))
        }
    }

    @Test func listMineLearnsTheVendorFromAWriteOfThisSession() async throws {
        try await ShellFixture.with(knowsVendor: false) { (f: ShellFixture) async throws in
            _ = try await Self.othersProduct(f)
            // The login names no vendor id, and off a terminal no one can be asked.
            #expect(await f.run("list --mine") == .failed, "\(f.console.notes)")
            #expect(f.console.notes.contains("list --mine needs your vendor id on this market"), "\(f.console.notes)")
            let mine = try await f.register(name: "Made after")
            f.console.clear()
            #expect(await f.run("list --mine") == .ok, "\(f.console.notes)")
            #expect(f.console.out.contains(mine.name))
            #expect(!f.console.out.contains("Someone else's mug"))
        }
    }

    /// A secret pasted with a space or a line break at its end logs in: the spaces are the
    /// paste's, not the secret's.
    @Test func aPastedSecretWithSpacesAroundItLogsIn() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            f.console.queue(secrets: [" \(f.market.demoCredentials.secret.revealed) \t"])
            #expect(await f.run("login \(f.market.demoCredentials.identifier)") == .ok, "\(f.console.notes)")
            #expect(f.console.notes.contains("checked with the server"), "\(f.console.notes)")
        }
    }

    @Test func checkingTheLoginChangesNoProduct() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            let mine = try await f.register(name: "Untouched mug")
            let before = try await f.client.product(id: mine.id)
            #expect(await Self.login(f) == .ok)
            let after = try await f.client.product(id: mine.id)
            #expect(after.value.issuedAt == before.value.issuedAt)
            #expect(after.etag == before.etag)
        }
    }

    @Test func loginSaveKeepsTheVendorInTheProfile() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            let mine = try await f.register()
            #expect(await Self.login(f, save: "shop") == .ok)
            let saved = try ProfileStore(directory: f.directory.appendingPathComponent("profiles")).load("shop")
            #expect(saved.vendorID == mine.vendorID)
            #expect(saved.vendorName == "demo-shop")
        }
    }

    @Test func aProfileLearnsTheVendorLater() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let store = ProfileStore(directory: f.directory.appendingPathComponent("profiles"))
            let demo = f.market.demoCredentials
            try store.save(
                "old", .init(server: f.market.baseURL.absoluteString, identifier: demo.identifier, secret: demo.secret))
            #expect(await f.run("use old") == .ok)
            let product = try await f.register()
            let saved = try store.load("old")
            #expect(saved.vendorID == product.vendorID)
            #expect(saved.vendorName == "demo-shop")
        }
    }

    @Test func anIdentifierThatIsNoUUIDGetsAWarning() async throws {
        try await ShellFixture.with(interactive: true, secrets: ["whatever-secret"]) { (f: ShellFixture) async throws in
            #expect(await f.run("login shop-one") == .failed)
            #expect(f.console.notes.contains("warning: 'shop-one' does not look like a vendor identifier"))
        }
    }

    @Test func aServerThatCannotVerifySaysSoPlainly() async throws {
        let server = try MisbehavingServer.answering(status: 405, body: #"{"code":405,"message":"no PATCH here"}"#)
        defer { server.stop() }
        let console = RecordingConsole(interactive: true, secrets: ["some-secret-1"])
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: server.baseURL, timeout: .seconds(60)), console: console)
        #expect(await shell.execute("login 0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77").status == .ok)
        #expect(console.notes.contains("this server cannot check a login without a change (it answered 405)"), "\(console.notes)")
        #expect(server.received.map(\.method) == ["PATCH"])
    }

    @Test func saveAsksBeforeOverwritingAProfile() async throws {
        try await ShellFixture.with(interactive: true, answers: ["n"]) { (f: ShellFixture) async throws in
            let store = ProfileStore(directory: f.directory.appendingPathComponent("profiles"))
            try store.save("shop", .init(server: "http://127.0.0.1:9", identifier: "kept-identifier", secret: "kept-secret-1"))
            #expect(await Self.login(f, save: "shop") == .failed)
            #expect(f.console.notes.contains("? profile 'shop' exists (http://127.0.0.1:9, kept-ide…); overwrite it? [y/N]"))
            #expect(try store.load("shop").identifier == "kept-identifier")
        }
    }

    @Test func useWithoutANameListsTheProfilesOrSaysHowToSaveOne() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("use") == .usage)
            #expect(f.console.notes.contains("use: no saved profiles ('login --save NAME' saves one)"), "\(f.console.notes)")
            #expect(!f.console.notes.contains("()"))
            let store = ProfileStore(directory: f.directory.appendingPathComponent("profiles"))
            for name in ["shop", "class"] {
                try store.save(
                    name, .init(server: "http://127.0.0.1:9", identifier: "id-\(name)", secret: Secret("secret-\(name)-1")))
            }
            f.console.clear()
            #expect(await f.run("use") == .usage)
            #expect(f.console.notes.contains("use: which profile? (class, shop)"), "\(f.console.notes)")
        }
    }

    @Test func profilesAreListedWithoutSecretsAndRemoved() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            _ = try await f.register()
            #expect(await Self.login(f, save: "shop") == .ok)
            f.console.clear()
            #expect(await f.run("profiles") == .ok)
            let table = f.console.out
            #expect(table.contains("* shop"))
            #expect(table.contains(f.market.baseURL.absoluteString))
            #expect(table.contains("demo-shop (#"))
            #expect(!table.contains(f.market.demoCredentials.secret.revealed))
            #expect(!table.contains(f.market.demoCredentials.identifier))
            #expect(await f.run("profiles remove shop") == .ok)
            #expect(ProfileStore(directory: f.directory.appendingPathComponent("profiles")).names().isEmpty)
            #expect(await f.run("profiles remove shop") == .failed)
        }
    }

    @Test func deleteRefusesAnotherVendorsProductBeforeAsking() async throws {
        try await ShellFixture.with(interactive: true, answers: ["y"]) { (f: ShellFixture) async throws in
            let others = try await Self.othersProduct(f)
            #expect(await f.run("delete \(others.id)") == .failed)
            #expect(f.console.notes.contains("is not yours (it belongs to other-shop #"), "\(f.console.notes)")
            #expect(!f.console.notes.contains("? delete"))
            #expect(try await f.product(id: others.id).id == others.id)
        }
    }
}
