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
