import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

/// The vendor id in the program (issue 23, "Login without probing others"): `OPENMARKET_VENDOR_ID`
/// gives it to a script on a server the shell did not start, a refusal without it says what to
/// do in one line, a person at a terminal is asked once, and the local market needs nothing.
/// No exchange of any of them writes to a product to find the vendor out.
@Suite("The vendor id in the program", .serialized)
struct VendorIDBinaryTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    /// A test market holding one product of the demo vendor and a newer one of another vendor.
    static func withMarket(_ body: (TestMarket, _ mine: Product, _ theirs: Product) async throws -> Void) async throws {
        try await TestMarket.with { market in
            let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
            let mine = try await market.client().create(
                ProductDraft(name: "Demo mug", description: "A product of the demo vendor", price: 900, currency: .krw),
                images: [image]
            ).value
            let other = try await market.running.data.addVendor(name: "other-shop").credentials
            let theirs = try await market.client(other).create(
                ProductDraft(name: "Their mug", description: "Not a product of the demo vendor", price: 800, currency: .krw),
                images: [image]
            ).value
            try await body(market, mine, theirs)
        }
    }

    /// The environment's login for `market`, and `extra`.
    static func environment(_ home: TestHome, _ market: TestMarket, _ extra: [String: String] = [:]) -> [String: String] {
        home.environment(
            [
                "OPENMARKET_SERVER": market.baseURL.absoluteString,
                "OPENMARKET_IDENTIFIER": market.demo.identifier,
                "OPENMARKET_SECRET": market.demo.secret.revealed,
            ].merging(extra) { _, new in new })
    }

    @Test func theEnvironmentsVendorIDListsYourProductsWithoutWritingToAny() async throws {
        try await Self.withMarket { market, mine, theirs in
            let home = try TestHome.make()
            defer { home.remove() }
            let id = try #require(market.demoVendorID)
            let result = try await ChildProcess.run(
                Self.binary, ["-c", "list --mine", "-c", "exchanges"],
                environment: Self.environment(home, market, ["OPENMARKET_VENDOR_ID": String(id)]), timeout: .seconds(300))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(mine.name), "\(result.stdout)")
            #expect(!result.stdout.contains(theirs.name), "\(result.stdout)")
            #expect(!result.stdout.contains("PATCH"), "no edit was sent to learn the vendor: \(result.stdout)")
        }
    }

    @Test func withoutAVendorIDAScriptIsToldInOneLineWhatToDo() async throws {
        try await Self.withMarket { market, _, _ in
            let home = try TestHome.make()
            defer { home.remove() }
            let result = try await ChildProcess.run(
                Self.binary, ["-c", "list --mine"], environment: Self.environment(home, market), timeout: .seconds(300))
            #expect(result.status == 1, "\(result.stderr)")
            #expect(
                result.stderr
                    == "list: list --mine needs your vendor id on this market, which is not known yet (nothing was sent): "
                    + "give it once with 'login --vendor-id N' (kept in the profile) or set OPENMARKET_VENDOR_ID=N\n",
                "\(result.stderr)")
            #expect(result.stdout.isEmpty, "\(result.stdout)")
        }
    }

    @Test func aVendorIDInTheEnvironmentThatIsNoNumberIsRefusedInOneLine() async throws {
        try await Self.withMarket { market, _, _ in
            let home = try TestHome.make()
            defer { home.remove() }
            let result = try await ChildProcess.run(
                Self.binary, ["-c", "list --mine"],
                environment: Self.environment(home, market, ["OPENMARKET_VENDOR_ID": "demo-shop"]), timeout: .seconds(300))
            #expect(result.status == 2, "\(result.stderr)")
            #expect(
                result.stderr
                    == "openmarket: OPENMARKET_VENDOR_ID must be your vendor id on this market, a whole number such as 15 "
                    + "(got 'demo-shop')\n", "\(result.stderr)")
        }
    }

    @Test func onATerminalTheVendorIDIsAskedOnceAndNoProductIsWrittenTo() async throws {
        try await Self.withMarket { market, mine, theirs in
            let home = try TestHome.make()
            defer { home.remove() }
            let id = try #require(market.demoVendorID)
            let session = try PTYSession(executable: Self.binary, environment: Self.environment(home, market))
            defer { session.terminate() }
            let status = try await blocking {
                _ = try session.expect("> ", timeout: .seconds(60))
                try ShellBinaryTests.type(session, "list --mine\r", expect: "your vendor id on this market?")
                try ShellBinaryTests.type(session, "\(id)\r", expect: "1 product")
                try ShellBinaryTests.type(session, "list --mine\r", expect: "1 product")
                try ShellBinaryTests.type(session, "exchanges\r", expect: "GET")
                return try ShellBinaryTests.quit(session)
            }
            #expect(status == 0)
            let transcript = session.transcript
            #expect(transcript.components(separatedBy: "your vendor id on this market?").count == 2, "\(transcript)")
            #expect(transcript.contains(mine.name))
            #expect(!transcript.contains(theirs.name))
            #expect(!transcript.contains("PATCH"), "\(transcript)")
        }
    }

    /// The local market the shell starts knows its demo vendor: a sheet imported twice off a
    /// terminal is matched by name the second time, with no flag and nothing asked.
    @Test func anImportOnTheLocalMarketMatchesRowsWithNoFlag() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        try FileManager.default.copyItem(at: Fixtures.image("coffee-small.jpg"), to: home.root.appendingPathComponent("cup.jpg"))
        let catalog = home.root.appendingPathComponent("cat.csv").path
        try "name,description,price,currency,images\nBinary cup,A cup for the binary test,1200,KRW,cup.jpg\n".write(
            toFile: catalog, atomically: true, encoding: .utf8)
        let first = try await ChildProcess.run(
            Self.binary, ["import", catalog, "--yes"], environment: home.environment, timeout: .seconds(300))
        #expect(first.status == 0, "\(first.stderr)")
        let second = try await ChildProcess.run(
            Self.binary, ["import", catalog, "--yes"], environment: home.environment, timeout: .seconds(300))
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("(matched by name)"), "\(second.stdout)")
        #expect(second.stdout.contains("unchanged  1"), "\(second.stdout)")
    }
}
