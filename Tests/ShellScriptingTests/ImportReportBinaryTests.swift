import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

/// `--report` through the binary: a `kill -9` mid-import leaves a report whose lines are whole
/// and name every product the import had made and said so; `--resume --report` then adds the
/// rest, so the report ends with a line that went through for every row.
@Suite("An import's report through the binary", .serialized)
struct ImportReportBinaryTests {
    static let rows = 40

    @Test func aReportKilledMidImportHasWholeLinesForTheRowsFinished() async throws {
        try await BinaryWorld.with { world in
            _ = try world.copyFixture("coffee-small.jpg", as: "photo.jpg")
            let lines =
                ["name,description,price,currency,stock,images"]
                + (1...Self.rows).map {
                    "Row \(String(format: "%02d", $0)),A product for the report test,\(1000 + $0),KRW,1,photo.jpg"
                }
            let catalog = try world.write("killed.csv", lines.joined(separator: "\n") + "\n")
            let report = world.scripts.appendingPathComponent("killed-report.csv").path
            let arguments = world.serverArguments + ["import", catalog, "--yes", "--jobs", "2", "--report", report]
            let child = try world.start(arguments)
            // Killed once the report has ten rows' lines (the header is one more).
            _ = await eventually(within: .seconds(300), every: .milliseconds(5)) {
                !child.isRunning || world.contents(report).split(separator: "\n").count > 10
            }
            let killed = child.kill()
            let exit = try await child.waitForExit()
            let text = world.contents(report)
            #expect(text.hasSuffix("\r\n"), "a line cut short: \(text.suffix(80))")
            let cells = Self.cells(text)
            #expect(cells.first == ["row", "action", "id", "status", "code", "message", "file"])
            #expect(cells.allSatisfy { $0.count == 7 }, "\(cells)")
            let products = try await world.allProducts()
            var said: [Int: Int] = [:]
            for line in cells.dropFirst() where line[3] == "registered" { said[Int(line[0]) ?? 0] = Int(line[2]) }
            // Every line that says a row was registered names the product the market has for it.
            for (row, id) in said {
                #expect(products.first { $0.id == id }?.name == "Row \(String(format: "%02d", row - 1))", "row \(row)")
            }
            // A product made and not yet in the report was in flight when the kill came (two jobs).
            if killed, exit.killedBySignal { #expect(products.count - said.count <= 2, "\(products.count) \(said.count)") }
            // Resumed with the same report: its lines are kept and the rest added.
            let resumed = try await world.run(arguments + ["--resume"])
            #expect(resumed.status == 0, "\(resumed.stderr)")
            var last: [Int: String] = [:]
            for line in Self.cells(world.contents(report)).dropFirst() { last[Int(line[0]) ?? 0] = line[3] }
            #expect(Set(last.keys) == Set(2...(Self.rows + 1)))
            #expect(last.values.allSatisfy { ["registered", "unchanged"].contains($0) }, "\(last)")
            #expect(try await world.productCount() == Self.rows)
        }
    }

    static func cells(_ text: String) -> [[String]] { ImportReportTests.records(text) }
}
