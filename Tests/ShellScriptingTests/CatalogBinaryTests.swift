import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `openmarket import` through the binary: killed with SIGKILL at several moments while four
/// requests are in flight, then resumed, it ends with exactly the file's products.
@Suite("openmarket import through the binary", .serialized)
struct CatalogBinaryTests {
    static let rows = 40

    @Test func anImportKilledAtAnyMomentThenResumedEndsWithExactlyTheFilesProducts() async throws {
        try await BinaryWorld.with { world in
            _ = try world.copyFixture("coffee-small.jpg", as: "photo.jpg")
            let lines =
                ["name,description,price,currency,stock,images"]
                + (1...Self.rows).map {
                    "Row \(String(format: "%02d", $0)),A product for the kill test,\(1000 + $0),KRW,1,photo.jpg"
                }
            let catalog = try world.write("kill.csv", lines.joined(separator: "\n") + "\n")
            let killAt: [(count: Int, delay: Int)] = [(4, 0), (9, 3), (15, 11), (22, 0), (28, 7), (34, 20)]
            var landed = 0
            for (index, point) in killAt.enumerated() {
                var arguments = world.serverArguments + ["import", catalog, "--yes", "--jobs", "4"]
                if index > 0 { arguments.append("--resume") }
                let child = try world.start(arguments)
                _ = try await eventually(within: .seconds(300), every: .milliseconds(5)) {
                    if !child.isRunning { return true }
                    return try await world.productCount() >= point.count
                }
                // The extra delay varies the moment of the kill: it is the behaviour under test.
                if point.delay > 0 { try await Task.sleep(for: .milliseconds(point.delay)) }
                let killed = child.kill()
                let result = try await child.waitForExit()
                if killed, result.killedBySignal { landed += 1 }
                let products = try await world.allProducts()
                #expect(Self.duplicates(products).isEmpty, "kill \(index): made twice: \(Self.duplicates(products))")
                #expect(!world.contents(catalog + ".journal").contains(world.secret))
            }
            #expect(landed > 0, "no kill landed before the import finished")
            let final = try await world.run(world.serverArguments + ["import", catalog, "--yes", "--jobs", "4", "--resume"])
            #expect(final.status == 0, "final resume: \(final.stderr)")
            let products = try await world.allProducts()
            #expect(products.count == Self.rows, "\(products.map(\.name).sorted())")
            #expect(Self.duplicates(products).isEmpty)
            #expect(Set(products.map(\.name)) == Set((1...Self.rows).map { "Row \(String(format: "%02d", $0))" }))
            #expect(products.allSatisfy { $0.price == Decimal(1000 + Int($0.name.dropFirst(4))!) })
        }
    }

    @Test func aTerminalLessImportPrintsThePlanAndTheSummary() async throws {
        try await BinaryWorld.with { world in
            _ = try world.copyFixture("coffee-small.jpg", as: "photo.jpg")
            let catalog = try world.write(
                "two.csv", "name,description,price,currency,images\nCup,A cup for the binary test,100,KRW,photo.jpg\n")
            let result = try await world.run(world.serverArguments + ["import", catalog])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("register   1"), "\(result.stdout)")
            #expect(result.stdout.contains("1 registered"), "\(result.stdout)")
            #expect(try await world.productCount() == 1)
        }
    }

    /// `--dry-run` after `openmarket import FILE` is the import's own: it printed nothing at all
    /// when the program took it for a script's dry run. It reads your products (to match rows by
    /// name) and changes nothing; a market that cannot be read leaves the rows shown as new.
    @Test func aDryRunFromTheCommandLinePrintsThePlanAndTheRequestsAndSendsNothing() async throws {
        try await BinaryWorld.with { world in
            _ = try world.copyFixture("coffee-small.jpg", as: "photo.jpg")
            let catalog = try world.write(
                "dry.csv", "name,description,price,currency,images\nCup,A cup for the dry run,100,KRW,photo.jpg\n")
            let result = try await world.run(world.serverArguments + ["import", catalog, "--dry-run"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("register   1"), "\(result.stdout)")
            #expect(result.stdout.contains("POST /api/products multipart: name=Cup"), "\(result.stdout)")
            #expect(try await world.productCount() == 0)
            // Nothing listens here: the plan is printed all the same, and says what it could not do.
            let closed = try Loopback.portOutsideEphemeralRange()
            let offline = try await world.run(["--server", "http://127.0.0.1:\(closed)", "import", catalog, "--dry-run"])
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(offline.stdout.contains("register   1"), "\(offline.stdout)")
            #expect(offline.stderr.contains("your products cannot be read"), "\(offline.stderr)")
        }
    }

    static func duplicates(_ products: [Product]) -> [String] {
        Dictionary(grouping: products, by: \.name).filter { $0.value.count > 1 }.keys.sorted()
    }
}
