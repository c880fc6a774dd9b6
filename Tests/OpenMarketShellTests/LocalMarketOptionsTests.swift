import Foundation
import MarketTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `--local-port` and `--reset-local`: the local market on a chosen port, and emptied on request.
@Suite("openmarket --local-port and --reset-local", .serialized)
struct LocalMarketOptionsTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    func run(_ arguments: [String], home: TestHome, _ extra: [String: String] = [:]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(Self.binary, arguments, environment: home.environment(extra), timeout: .seconds(300))
    }

    @Test func localPortStartsTheLocalMarketOnThatPort() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        // Below the ephemeral range: no other test's connection can take it between here and the bind.
        let port = try Loopback.portOutsideEphemeralRange()
        let result = try await run(["--local-port", String(port), "-c", "health"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("local market at http://127.0.0.1:\(port) "))
        #expect(result.stdout.contains("answers OK"))
    }

    /// Issue 23: on the local market it started, the shell knows its demo vendor: `list --mine`
    /// finds the vendor's products without a single no-op edit of another vendor's product (the
    /// local market's neighbour-shop has some).
    @Test func theLocalMarketsVendorIsKnownWithoutProbingOtherVendors() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let result = try await run(["-c", "whoami", "-c", "list --mine", "-c", "exchanges"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("demo-shop (#"), "\(result.stdout)")
        #expect(!result.stdout.contains("PATCH"), "no edit was sent to learn the vendor: \(result.stdout)")
    }

    /// The port in `local market at http://127.0.0.1:PORT (data: …)`.
    static func localPort(_ stderr: String) -> Int? {
        guard let match = stderr.firstMatch(of: #/local market at http://127\.0\.0\.1:([0-9]+) /#) else { return nil }
        return Int(match.output.1)
    }

    @Test func theLocalMarketKeepsItsPortAcrossStartsWhenItIsFree() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let first = try await run(["-c", "health"], home: home)
        #expect(first.status == 0, "\(first.stderr)")
        let port = try #require(Self.localPort(first.stderr), "\(first.stderr)")
        let kept = home.root.appendingPathComponent("data/openmarket/local/local-port")
        #expect(try String(contentsOf: kept, encoding: .utf8) == "\(port)\n")
        let second = try await run(["-c", "health"], home: home)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Self.localPort(second.stderr) == port, "\(second.stderr)")
    }

    @Test func aRememberedPortThatIsBusyGivesWayToAnother() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let (descriptor, busy) = try Loopback.socket(listen: 16)
        defer { close(descriptor) }
        let folder = home.root.appendingPathComponent("data/openmarket/local")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "\(busy)\n".write(to: folder.appendingPathComponent("local-port"), atomically: true, encoding: .utf8)
        let result = try await run(["-c", "health"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let port = try #require(Self.localPort(result.stderr), "\(result.stderr)")
        #expect(port != busy)
        // The remembered port stays: the shell that holds it is this seller's other one.
        #expect(try String(contentsOf: folder.appendingPathComponent("local-port"), encoding: .utf8) == "\(busy)\n")
    }

    @Test func anImportResumesOnTheLocalMarketWhateverPortItGotNext() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        try FileManager.default.copyItem(
            at: Fixtures.image("coffee-small.jpg"), to: home.root.appendingPathComponent("coffee-small.jpg"))
        let catalog = home.root.appendingPathComponent("cat.csv").path
        try
            (["name,description,price,currency,stock,images"]
            + (1...3).map { "Item \($0),A product for the resume test,\(1000 + $0),KRW,5,coffee-small.jpg" })
            .joined(separator: "\n").write(toFile: catalog, atomically: true, encoding: .utf8)
        let first = try await run(["-c", "import '\(catalog)' --yes"], home: home)
        #expect(first.status == 0, "\(first.stderr)")
        // As a kill leaves it: not finished.
        let journal = try String(contentsOfFile: catalog + ".journal", encoding: .utf8)
        try (journal.split(separator: "\n").filter { !$0.contains("\"finished\"") }.joined(separator: "\n") + "\n")
            .write(toFile: catalog + ".journal", atomically: true, encoding: .utf8)
        // Its port is taken meanwhile: the next start gets another one.
        let (descriptor, busy) = try Loopback.socket(listen: 16)
        defer { close(descriptor) }
        let folder = home.root.appendingPathComponent("data/openmarket/local")
        try "\(busy)\n".write(to: folder.appendingPathComponent("local-port"), atomically: true, encoding: .utf8)
        let resumed = try await run(["-c", "import '\(catalog)' --yes --resume"], home: home)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(!resumed.stderr.contains("its journal's run was against"), "\(resumed.stderr)")
        // Each row made once: demo-shop's own products (the neighbour's three are not the import's).
        let mine = try await run(["-c", "list --mine --all --format count"], home: home)
        #expect(mine.status == 0 && mine.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "3", "\(mine.stdout)")
    }

    @Test func aBusyLocalPortIsSaidPlainlyInOneLine() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let (descriptor, port) = try Loopback.socket(listen: 16)
        defer { close(descriptor) }
        let result = try await run(["--local-port", String(port), "-c", "health"], home: home)
        #expect(result.status == 1)
        #expect(
            result.stderr.split(separator: "\n") == [
                "openmarket: cannot start the local market: port \(port) on 127.0.0.1 is already in use "
                    + "(another openmarket-server?); choose another with --local-port"
            ])
    }

    @Test func aLocalPortOutOfRangeIsAUsageError() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let result = try await run(["--local-port", "70000", "-c", "health"], home: home)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n") == ["openmarket: --local-port must be from 1 to 65535 (got 70000)"])
    }

    /// Issue 24: `openmarket -c 'explain 412'` answers without starting a market: nothing is
    /// said about one, and no data folder is made.
    @Test func explainAloneStartsNoMarket() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        for arguments in [["-c", "explain 412 --lang en"], ["explain", "412", "--lang", "en"]] {
            let result = try await run(arguments, home: home)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("412 "), "\(result.stdout)")
            #expect(!result.stderr.contains("local market"), "\(result.stderr)")
        }
        let local = home.root.appendingPathComponent("data/openmarket/local")
        #expect(!FileManager.default.fileExists(atPath: local.path), "no local market was made")
        // Any other command still gets its market.
        let health = try await run(["-c", "explain 412", "-c", "health"], home: home)
        #expect(health.status == 0 && health.stderr.contains("local market at "), "\(health.stderr)")
    }

    @Test func resetLocalEmptiesTheCatalogAndKeepsTheDemoLogin() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let image = Fixtures.image("coffee-small.jpg").path
        let registered = try await run(
            ["-c", "register name='Old mug' description='From an earlier lesson' price=1000 currency=KRW image=\(image)"],
            home: home)
        #expect(registered.status == 0, "\(registered.stderr)")
        // A fresh local market has neighbour-shop's products besides ours (issue 24, Major 3).
        let neighbours = 3
        #expect(try await productCount(home) == neighbours + 1)

        let reset = try await run(["--reset-local", "-c", "whoami"], home: home)
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stderr.contains("reset the local market: removed \(neighbours + 1) products; demo-shop stays"))
        // The reset empties the catalog; the market then gives neighbour-shop its products back.
        #expect(try await productCount(home) == neighbours)
        let images = home.root.appendingPathComponent("data/openmarket/local/images")
        let files = FileManager.default.enumerator(atPath: images.path)?.allObjects.compactMap { $0 as? String } ?? []
        #expect(files.filter { $0.hasSuffix(".png") }.count == neighbours * 2, "\(files)")
        #expect(!files.contains { $0.hasSuffix(".jpg") }, "our photo's files are gone: \(files)")
        // The demo vendor's credentials still work: registering again succeeds.
        let again = try await run(
            ["-c", "register name='New mug' description='After the reset' price=1000 currency=KRW image=\(image)"], home: home)
        #expect(again.status == 0, "\(again.stderr)")
    }

    /// How many products the local market holds, by its own list.
    func productCount(_ home: TestHome) async throws -> Int {
        let list = try await run(["--json", "-c", "list"], home: home)
        #expect(list.status == 0, "\(list.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any]
        return try #require(object?["totalCount"] as? Int ?? object?["total_count"] as? Int)
    }

    @Test(arguments: [["--local-port", "8123"], ["--reset-local"]])
    func localOptionsAreRefusedWithAnotherServer(_ options: [String]) async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let flag = try await run(options + ["--server", "http://127.0.0.1:9", "-c", "health"], home: home)
        #expect(flag.status == 2)
        #expect(
            flag.stderr.split(separator: "\n") == [
                "openmarket: --local-port and --reset-local are for the local market; --server names another server"
            ])
        let environment = try await run(options + ["-c", "health"], home: home, ["OPENMARKET_SERVER": "http://127.0.0.1:9"])
        #expect(environment.status == 2)
        #expect(environment.stderr.contains("OPENMARKET_SERVER names another server"))
        #expect(!FileManager.default.fileExists(atPath: home.root.appendingPathComponent("data/openmarket/local").path))
    }
}
