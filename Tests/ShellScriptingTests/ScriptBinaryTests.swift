import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Scripts through the `openmarket` binary itself: a run killed at arbitrary moments and
/// resumed, dry runs that must not touch the network, scripts on standard input and behind a
/// `#!`, and a resume refused because the script was edited. Each test starts its own bundled
/// market in this process and runs the built binary as a child with `--server` and the demo
/// vendor's credentials in its environment, with its own HOME and XDG folders.
@Suite("openmarket scripts through the binary", .serialized)
struct ScriptBinaryTests {
    static let killDescription = "description='A product for the kill test'"

    // MARK: 1. Killed and resumed

    /// A 30-product script is SIGKILLed at several points (once 3, 6, 9, … 27 products exist,
    /// each time a different few milliseconds after the count was seen, so the kill lands
    /// before, during or after a create and its journal entries) and resumed each time; the
    /// last `--resume` finishes. Every product exists exactly once, and the lines that use a
    /// binding from early lines see the right product.
    @Test func killedMidRunThenResumedCreatesEachProductOnce() async throws {
        try await BinaryWorld.with { world in
            let script = try Self.writeKillScript(in: world)
            let journal = script + ".journal"
            let killAt: [(count: Int, extraDelay: Int)] = [
                (3, 0), (6, 5), (9, 15), (13, 35), (17, 60), (21, 0), (24, 10), (27, 25),
            ]
            var landed = 0
            for (index, point) in killAt.enumerated() {
                let arguments = index == 0 ? ["run", script] : ["run", script, "--resume"]
                if try await Self.killOnce(world, arguments, at: point, index: index) { landed += 1 }
                #expect(FileManager.default.fileExists(atPath: journal), "no journal after kill \(index)")
                #expect(!world.contents(journal).contains(world.secret))
                let products = try await world.allProducts()
                #expect(products.count <= 30, "kill \(index): \(products.count) products")
                #expect(Self.duplicates(products).isEmpty, "kill \(index): made twice: \(Self.duplicates(products))")
            }
            #expect(landed > 0, "no kill landed before the run finished")

            let final = try await world.run(world.serverArguments + ["run", script, "--resume"])
            #expect(final.status == 0, "final resume: \(final.stderr)")
            #expect(!final.killedBySignal)
            try await Self.expectTheWholeCatalogOnce(world)
            let text = world.contents(journal)
            #expect(!text.contains(world.secret))
            #expect(text.contains(#""state":"finished""#))
            // Nothing is left to resume.
            let again = try await world.run(world.serverArguments + ["run", script, "--resume"])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(try await world.productCount() == 30)
        }
    }

    /// 30 registers (every fifth named), then lines that use early names.
    private static func writeKillScript(in world: BinaryWorld) throws -> String {
        let photo = try world.copyFixture("coffee-small.jpg", as: "photo.jpg")
        let absoluteFixture = Fixtures.image("coffee-small.jpg").path
        var lines: [String] = ["# 30 products, killed and resumed"]
        for n in 1...30 {
            let nn = twoDigits(n)
            // Half the lines name the photo beside the script, half the fixture's absolute path.
            let image = n.isMultiple(of: 2) ? absoluteFixture : photo.lastPathComponent
            var line = "register name='Product \(nn)' \(killDescription) price=1000 currency=KRW stock=1 image=\(image)"
            if n == 1 || n.isMultiple(of: 5) { line += " as p\(nn)" }
            lines.append(line)
        }
        lines += ["patch $p05 price=2000", "patch $p10 stock=7", "show $p01", "expect ${p05.price} == 2000"]
        return try world.write("kill.om", lines.joined(separator: "\n") + "\n")
    }

    /// Runs the script and SIGKILLs it once `point.count` products exist (plus a delay); true
    /// when the kill landed, and a run that ended first must have ended cleanly.
    private static func killOnce(
        _ world: BinaryWorld, _ arguments: [String], at point: (count: Int, extraDelay: Int), index: Int
    ) async throws -> Bool {
        let child = try world.start(world.serverArguments + arguments)
        _ = try await eventually(within: .seconds(300)) {
            if !child.isRunning { return true }
            return try await world.productCount() >= point.count
        }
        // The extra delay varies the moment of the kill: it is the behaviour under test.
        if point.extraDelay > 0 { try await Task.sleep(for: .milliseconds(point.extraDelay)) }
        let killed = child.kill()
        let result = try await child.waitForExit()
        if killed, result.killedBySignal {
            #expect(result.status == SIGKILL)
            return true
        }
        #expect(result.status == 0, "run \(index) ended on its own: \(result.stderr)")
        return false
    }

    /// Every product of the kill script exactly once, with the later lines' changes.
    private static func expectTheWholeCatalogOnce(_ world: BinaryWorld) async throws {
        let products = try await world.allProducts()
        let names = products.map(\.name)
        #expect(products.count == 30, "\(names.sorted())")
        #expect(duplicates(products).isEmpty, "made twice: \(duplicates(products))")
        #expect(Set(names) == Set((1...30).map { "Product \(twoDigits($0))" }))
        let byName = Dictionary(products.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byName["Product 05"]?.price == 2000)
        #expect(byName["Product 10"]?.stock == 7)
        #expect(products.filter { $0.name != "Product 05" }.allSatisfy { $0.price == 1000 })
    }

    // MARK: 2. Dry runs

    @Test func dryRunSendsNothing() async throws {
        try await BinaryWorld.with { world in
            // Accepts, counts and never answers: what a dry run must never reach.
            let listener = try MisbehavingServer.silent()
            defer { listener.stop() }
            let server = ["--server", "http://127.0.0.1:\(listener.port)"]
            _ = try world.copyFixture("coffee-small.jpg", as: "mug.jpg")
            let script = try world.write(
                "dry.om",
                """
                register name='Dry mug' description='A mug that is never made' price=3500 currency=KRW stock=2 image=mug.jpg as mug
                patch $mug price=4000
                stock $mug +1
                delete $mug --yes
                show 1

                """)
            let result = try await world.run(server + ["run", script, "--dry-run"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("→ POST"))
            #expect(result.stdout.contains("→ PATCH"))
            #expect(result.stdout.contains("→ DELETE"))
            #expect(result.stdout.contains("<id of mug>"))
            #expect(result.stdout.contains("••••••"))
            #expect(result.stdout.contains("http://127.0.0.1:\(listener.port)/api/products"))
            #expect(!result.stdout.contains(world.secret))
            #expect(!result.stderr.contains(world.secret))
            #expect(!FileManager.default.fileExists(atPath: script + ".journal"))
            #expect(await listener.settledConnections() == 0)
        }
    }

    @Test func aDryRunStopsAtALineThatCannotBeSent() async throws {
        try await BinaryWorld.with { world in
            let listener = try MisbehavingServer.silent()
            defer { listener.stop() }
            let server = ["--server", listener.baseURL.absoluteString]
            let missing = try world.write(
                "dry-missing.om",
                """
                health
                register name='Dry mug' description='A mug that is never made' price=3500 currency=KRW image=no-such-photo.jpg as mug
                show $mug

                """)
            let failed = try await world.run(server + ["run", missing, "--dry-run"])
            // Found by the check of the whole script, before its first line.
            #expect(failed.status == 2, "\(failed.stderr)")
            #expect(failed.stderr.contains("\(missing):2:"), "\(failed.stderr)")
            #expect(!failed.stdout.contains("\(missing):3:"))  // stopped at line 2
            #expect(!failed.stdout.contains(world.secret))
            #expect(!FileManager.default.fileExists(atPath: missing + ".journal"))
            #expect(await listener.settledConnections() == 0)
            // The real market saw nothing either.
            #expect(try await world.productCount() == 0)
        }
    }

    // MARK: 3. Standard input and #!

    @Test func aScriptOnStandardInputStopsAtItsFirstFailure() async throws {
        try await BinaryWorld.with { world in
            let image = Fixtures.image("coffee-small.jpg").path
            let piped = try await world.run(
                world.serverArguments,
                input: """
                    health
                    show 999
                    register name='Never made' description='Line 3 must not run' price=100 currency=KRW image=\(image)

                    """)
            #expect(piped.status == 1, "\(piped.stderr)")
            #expect(piped.stderr.contains("stdin:2: show 999:"), "\(piped.stderr)")
            #expect(piped.stdout.components(separatedBy: "answers OK").count == 2)
            #expect(try await world.productCount() == 0)
        }
    }

    static let shebangScript = """
        #!/usr/bin/env openmarket
        # registers one mug and checks it
        register name='Shebang mug' description='Made by a script with a shebang' price=1200 currency=KRW stock=3 image=coffee-small.jpg as mug
        expect ${mug.stock} == 3
        show $mug

        """

    @Test func aScriptFileNamedAloneRuns() async throws {
        try await BinaryWorld.with { world in
            _ = try world.copyFixture("coffee-small.jpg")
            let script = try world.write("mug.om", Self.shebangScript)
            let direct = try await world.run(world.serverArguments + [script])
            #expect(direct.status == 0, "\(direct.stderr)")
            #expect(direct.stdout.contains("Shebang mug"))
            #expect(try await world.allProducts().map(\.name) == ["Shebang mug"])
        }
    }

    @Test func aScriptWithAShebangRunsAsAProgram() async throws {
        try await BinaryWorld.with { world in
            _ = try world.copyFixture("coffee-small.jpg")
            let script = try world.write("mug.om", Self.shebangScript)
            // Executed as a program: the kernel runs `/usr/bin/env openmarket FILE`.
            #expect(chmod(script, 0o755) == 0)
            let binaryFolder = (BuiltProducts.path(of: "openmarket") as NSString).deletingLastPathComponent
            var environment = world.environment
            environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["OPENMARKET_SERVER"] = world.market.baseURL.absoluteString
            let executed = try await world.run([], executable: script, environment: environment)
            #expect(executed.status == 0, "\(executed.stderr)")
            #expect(executed.stdout.contains("Shebang mug"))
            #expect(try await world.allProducts().map(\.name) == ["Shebang mug"])
        }
    }

    @Test func aScriptThatCannotBeReadIsAUsageError() async throws {
        try await BinaryWorld.with { world in
            let result = try await world.run(
                world.serverArguments + ["run", world.scripts.appendingPathComponent("missing.om").path])
            #expect(result.status == 2, "\(result.stderr)")
        }
    }

    // MARK: 4. An edited script is not resumed

    @Test func resumeRefusesAnEditedScript() async throws {
        try await BinaryWorld.with { world in
            _ = try world.copyFixture("coffee-small.jpg")
            let register =
                "register name='Edit mug' description='A product for the edit test' currency=KRW stock=2 image=coffee-small.jpg"
            func text(price: Int, line3: String) -> String {
                """
                \(register) price=\(price) as mug
                stock $mug +1
                \(line3)
                show $mug

                """
            }
            let script = try world.write("edit.om", text(price: 1500, line3: "patch $mug price=${mug.colour}"))

            let first = try await world.run(world.serverArguments + ["run", script])
            #expect(first.status == 2, "\(first.stderr)")
            #expect(first.stderr.contains("\(script):3: patch: product 'mug' has no field 'colour'"), "\(first.stderr)")
            #expect(try await world.productCount() == 1)

            // Line 1 ran; editing it makes a resume unsafe.
            try world.write("edit.om", text(price: 1600, line3: "patch $mug price=${mug.colour}"))
            let edited = try await world.run(world.serverArguments + ["run", script, "--resume"])
            #expect(edited.status == 2, "\(edited.stderr)")
            #expect(edited.stderr.contains("changed"), "\(edited.stderr)")

            // Neither --resume nor --restart: refused, pointing at --resume.
            let plain = try await world.run(world.serverArguments + ["run", script])
            #expect(plain.status == 2, "\(plain.stderr)")
            #expect(plain.stderr.contains("--resume"), "\(plain.stderr)")
            #expect(try await world.productCount() == 1)

            // Line 1 put back, line 3 fixed: the resume skips lines 1 and 2 and runs 3 and 4.
            try world.write("edit.om", text(price: 1500, line3: "patch $mug price=1700"))
            let resumed = try await world.run(world.serverArguments + ["run", script, "--resume"])
            #expect(resumed.status == 0, "\(resumed.stderr)")
            let products = try await world.allProducts()
            #expect(products.count == 1, "\(products.map(\.name))")
            #expect(products.first?.name == "Edit mug")
            #expect(products.first?.price == 1700)
            #expect(products.first?.stock == 3)  // `stock $mug +1` was not repeated
            #expect(!world.contents(script + ".journal").contains(world.secret))
        }
    }

    // MARK: Helpers

    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func duplicates(_ products: [Product]) -> [String] {
        Dictionary(grouping: products, by: \.name).filter { $0.value.count > 1 }.keys.sorted()
    }
}

// MARK: - The world of one test

/// A bundled market on an ephemeral port, a folder for scripts, HOME and XDG folders, and the
/// `openmarket` binary run as a child against that market.
struct BinaryWorld {
    let root: URL
    let market: RunningMarket
    let home: TestHome
    /// The demo vendor's id: the environment gives it (`OPENMARKET_VENDOR_ID`), as a script on a
    /// server the shell did not start must.
    let demoVendorID: Int?

    var secret: String { market.demoCredentials.secret.revealed }
    var serverArguments: [String] { ["--server", market.baseURL.absoluteString] }
    var scripts: URL { root.appendingPathComponent("scripts", isDirectory: true) }
    var client: MarketClient {
        MarketClient(baseURL: market.baseURL, credentials: market.demoCredentials, timeout: .seconds(600))
    }

    var environment: [String: String] { environment(vendorID: true) }

    /// The login in the environment, with its vendor id or without.
    func environment(vendorID: Bool) -> [String: String] {
        var login = [
            "OPENMARKET_IDENTIFIER": market.demoCredentials.identifier,
            "OPENMARKET_SECRET": market.demoCredentials.secret.revealed,
        ]
        if vendorID, let id = demoVendorID { login["OPENMARKET_VENDOR_ID"] = String(id) }
        return home.environment(terminal: "dumb", login)
    }

    static func with(_ body: (BinaryWorld) async throws -> Void) async throws {
        let root = try Fixtures.temporaryDirectory("openmarket-script-binary")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["scripts", "home", "home/data", "home/state", "home/config"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let home = TestHome(root: root.appendingPathComponent("home", isDirectory: true))
        try await TestMarket.with(directory: root.appendingPathComponent("market")) { market in
            try await body(BinaryWorld(root: root, market: market.running, home: home, demoVendorID: market.demoVendorID))
        }
    }

    /// Writes a script into the scripts folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = scripts.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Copies a fixture image beside the scripts.
    func copyFixture(_ name: String, as newName: String? = nil) throws -> URL {
        let target = scripts.appendingPathComponent(newName ?? name)
        if !FileManager.default.fileExists(atPath: target.path) {
            try FileManager.default.copyItem(at: Fixtures.image(name), to: target)
        }
        return target
    }

    func contents(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    func productCount() async throws -> Int { try await client.products(perPage: 1).value.totalCount }

    func allProducts() async throws -> [Product] { try await client.allProducts().products }

    /// Starts the binary (or `executable`) in the world's folder, its input from `input` or
    /// /dev/null.
    func start(
        _ arguments: [String], input: String? = nil, executable: String? = nil, environment: [String: String]? = nil
    ) throws
        -> ChildProcess
    {
        try ChildProcess(
            executable ?? BuiltProducts.path(of: "openmarket"), arguments, environment: environment ?? self.environment,
            input: input, workingDirectory: root)
    }

    func run(
        _ arguments: [String], input: String? = nil, executable: String? = nil, environment: [String: String]? = nil
    ) async throws -> ChildProcess.Result {
        try await start(arguments, input: input, executable: executable, environment: environment).waitForExit()
    }
}
