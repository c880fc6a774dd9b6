import Foundation
import MCP
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

@testable import AgentMode

/// `import`'s `rows`: a price list given in the call, planned and applied as one import and
/// kept as one change; and `changes` answering its entries typed.
@Suite("Agent tools: import rows")
struct ToolRowsTests {
    static func importTool() throws -> AgentTool { try #require(AgentToolCatalog.tool(named: "import")) }

    @Test("rows for 3 products: one plan, applied, one change in the log that changes lists typed with its number")
    func rowsAsOneBatch() async throws {
        try await PlanTests.Fixture.with { f in
            let products = [
                try await f.product(named: "Rows mug"), try await f.product(named: "Rows cup"),
                try await f.product(named: "Rows jug"),
            ]
            let scratch = f.home.appendingPathComponent("scratch")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let rows: Value = .array(
                products.enumerated().map { index, product in
                    ["id": .int(product.id), "price": .int(7200 + index), "name": .string(product.name + " (sale)")]
                })
            let words = try Self.importTool().words(["rows": rows], scratch: scratch)
            // The same rows are the same words when applied.
            #expect(try Self.importTool().words(["rows": rows, "token": "t"], scratch: scratch) == words)
            #expect(words.last == Word("--yes"))
            let sessions = f.sessions()
            let (plan, token) = try PlanTests.planned(await sessions.plan(words, tool: "import"))
            #expect(plan.requests.map(\.method) == ["PATCH", "PATCH", "PATCH"], "\(plan.lines)")
            #expect(await f.now(products[0].id)?.price == 8000)
            try PlanTests.applied(await sessions.apply(token: token, words: words))
            for (index, product) in products.enumerated() {
                let now = await f.now(product.id)
                #expect(now?.price == Decimal(7200 + index))
                #expect(now?.name == product.name + " (sale)")
            }

            let listing = try #require(AgentToolCatalog.tool(named: "changes")).words([:])
            let (report, printed) = await sessions.read(listing)
            let result = ToolResult.make(report, printed: printed)
            let entries = try #require(
                result.structuredContent?.objectValue?["entries"]?.arrayValue, "\(result.structuredContent ?? .null) \(printed)")
            #expect(entries.count == 1, "\(entries)")
            let entry = try #require(entries.first?.objectValue)
            #expect(entry["number"]?.intValue != nil)
            #expect(entry["kind"] == "edited")
            #expect(entry["state"] == "done")
            #expect(entry["this_session"] == true)
            #expect(Set(entry["products"]?.arrayValue?.compactMap(\.intValue) ?? []) == Set(products.map(\.id)))
            #expect(result.structuredContent?.objectValue?["listed"] == nil)

            let console = RecordingConsole()
            let shell = ScriptSession(configuration: f.configuration, console: console, environment: f.environment)
            #expect(await shell.execute("undo --yes").status == .ok, "\(console.notes)")
            for product in products { #expect(await f.now(product.id)?.price == 8000) }
        }
    }

    @Test("rows are refused without a scratch folder, beside a file, past their bound, or with a field they do not take")
    func rowsRefused() throws {
        let tool = try Self.importTool()
        let scratch = try Fixtures.temporaryDirectory("agent-rows")
        defer { try? FileManager.default.removeItem(at: scratch) }
        func said(_ arguments: [String: Value], scratch: URL?) -> String {
            do {
                _ = try tool.words(arguments, scratch: scratch)
                return ""
            } catch { return error.message.english }
        }
        let row: Value = ["id": 3, "price": 9000]
        #expect(said(["rows": [row]], scratch: nil) == ToolMessage.rowsNeedFolder.english)
        #expect(said(["rows": [row], "file": "a.csv"], scratch: scratch) == "import takes file or rows, not both")
        #expect(said([:], scratch: scratch) == "import takes file or rows")
        let many = Value.array(Array(repeating: row, count: ToolRows.most + 1))
        #expect(said(["rows": many], scratch: scratch) == "rows takes 1 to \(ToolRows.most) items, not \(ToolRows.most + 1)")
        #expect(said(["rows": [["id": 3, "image": "x.jpg"]]], scratch: scratch).hasPrefix("rows[0]: 'image' is not a field"))
        #expect(said(["rows": [["price": 3]]], scratch: scratch) == "rows[0] needs id: the product's id")
        #expect(said(["rows": [["id": 3, "price": "cheap"]]], scratch: scratch) == "rows[0].price takes a number, not text")
        // Nothing was written for the refused calls.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        let schema = try #require(tool.tool.inputSchema.objectValue)
        #expect(schema["required"] == [])
        #expect(schema["properties"]?.objectValue?["rows"]?.objectValue?["maxItems"] == .int(ToolRows.most))
    }

    @Test("a row's amounts keep their digits in the catalog written, keys in one order")
    func rowsFile() throws {
        let scratch = try Fixtures.temporaryDirectory("agent-rows-file")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = try ToolRows.file([["price": 19.99, "id": 4, "name": "Mug \"big\""]], in: scratch)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == #"{"id":4,"name":"Mug \"big\"","price":19.99}"# + "\n")
        #expect(URL(fileURLWithPath: path).lastPathComponent.hasPrefix("rows-"))
    }
}
