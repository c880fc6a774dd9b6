import Foundation
import MCP
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

@testable import AgentMode

/// A command's report as a tool's result: what the shell printed as text, the typed outcome as
/// structured content, bounded, and isError for a failure.
@Suite("Agent tools: results")
struct ToolResultTests {
    /// A session logged in to `market` as its demo vendor, its change log under `home`.
    static func session(_ market: TestMarket, home: URL, _ console: RecordingConsole) -> ScriptSession {
        ScriptSession(
            configuration: ShellConfiguration(
                serverURL: market.baseURL, credentials: market.demo, vendorID: market.demoVendorID,
                profiles: ProfileStore(directory: home.appendingPathComponent("profiles")), timeout: .seconds(60)),
            console: console, environment: ["HOME": home.path])
    }

    /// `tool` called with `arguments` in `session`, as a tool result.
    static func call(
        _ tool: String, _ arguments: [String: Value], in session: ScriptSession, _ console: RecordingConsole
    ) async throws -> CallTool.Result {
        let words = try #require(AgentToolCatalog.tool(named: tool)).words(arguments)
        console.clear()
        let report = await session.execute(words: words)
        return ToolResult.make(report, printed: console.transcript)
    }

    static func text(_ result: CallTool.Result) -> String {
        result.content.map { if case .text(let text, _, _) = $0 { text } else { "" } }.joined()
    }

    @Test("show's result holds the server's document, patch's the change before and after, a failure isError")
    func onAMarket() async throws {
        let home = try Fixtures.temporaryDirectory("agent-tool-results")
        defer { try? FileManager.default.removeItem(at: home) }
        try await TestMarket.with { market in
            let console = RecordingConsole()
            let session = Self.session(market, home: home, console)
            let image = Fixtures.image("coffee-small.jpg").path
            let made = await session.execute(
                "register name='Agent mug' description='A mug for the tool results' price=3500 currency=KRW stock=2 image='\(image)'"
            )
            let id = try #require(made.result?.id)

            let shown = try await Self.call("show", ["id": .int(id)], in: session, console)
            #expect(shown.isError == false)
            #expect(Self.text(shown).contains("Agent mug"))
            let product = try #require(shown.structuredContent?.objectValue?["products"]?.arrayValue?.first?.objectValue)
            #expect(product["id"] == .int(id))
            #expect(product["name"] == "Agent mug")
            #expect(product["price"] == 3500)
            #expect(shown.structuredContent?.objectValue?["status"] == "ok")

            let patched = try await Self.call("patch", ["ids": [.int(id)], "price": 9000.5], in: session, console)
            #expect(patched.isError == false, "\(Self.text(patched))")
            let change = try #require(patched.structuredContent?.objectValue?["changes"]?.arrayValue?.first?.objectValue)
            #expect(change["kind"] == "edited")
            #expect(change["id"] == .int(id))
            #expect(change["before"]?.objectValue?["price"] == 3500)
            #expect(change["after"]?.objectValue?["price"] == 9000.5)

            let missing = try await Self.call("show", ["id": 987_654], in: session, console)
            #expect(missing.isError == true)
            #expect(missing.structuredContent?.objectValue?["status"] == "failed")
            let failure = try #require(missing.structuredContent?.objectValue?["failure"]?.arrayValue?.first?.stringValue)
            #expect(Self.text(missing).contains(failure))
        }
    }

    @Test("list and search answer products in the structured content whatever the filter; a usage error has no usage line")
    func oneShape() async throws {
        let home = try Fixtures.temporaryDirectory("agent-tool-shape")
        defer { try? FileManager.default.removeItem(at: home) }
        try await TestMarket.with { market in
            let console = RecordingConsole()
            let session = Self.session(market, home: home, console)
            let image = Fixtures.image("coffee-small.jpg").path
            let made = await session.execute(
                "register name='Sold out mug' description='A mug nobody can buy' price=3500 currency=KRW stock=0 image='\(image)'"
            )
            let id = try #require(made.result?.id)
            let calls: [(String, [String: Value])] = [
                ("list", ["mine": true]), ("list", ["mine": true, "sold_out": true]), ("list", ["low_stock": 0, "all": true]),
                ("list", ["sort": "-price"]), ("search", ["text": "nobody", "sort": "-price"]),
            ]
            for (tool, arguments) in calls {
                let result = try await Self.call(tool, arguments, in: session, console)
                #expect(result.isError == false, "\(tool) \(arguments): \(Self.text(result))")
                let products = result.structuredContent?.objectValue?["products"]?.arrayValue ?? []
                let found = products.first { $0.objectValue?["id"] == .int(id) }?.objectValue
                #expect(found?["name"] == "Sold out mug", "\(tool) \(arguments): \(result.structuredContent ?? .null)")
                #expect(found?["stock"] == 0)
                #expect(result.structuredContent?.objectValue?["listed"] == nil, "\(tool) \(arguments)")
            }

            // The words as the shell reads them (the tool's own words refuse 5000 by its schema).
            console.clear()
            let report = await session.execute(words: [Word("list"), Word("--per-page"), Word("5000")])
            let refused = ToolResult.make(report, printed: console.transcript)
            #expect(refused.isError == true)
            #expect(!Self.text(refused).contains("usage:"), "\(Self.text(refused))")
            #expect(Self.text(refused).contains("1000"))
            let failure = refused.structuredContent?.objectValue?["failure"]?.arrayValue ?? []
            #expect(failure.count == 1 && failure.first?.stringValue?.contains("usage:") == false, "\(failure)")
        }
    }

    @Test("failure, notes, warnings, summary and documents are capped, each with a note")
    func listsCapped() throws {
        let many = (1...250).map { "line \($0)" }
        let outputs: [CommandOutcome.Output] =
            many.map { .note($0) } + many.map { .warning($0) } + many.map { .summary($0) }
            + many.map { .text($0, raw: Data("{\"n\":1}".utf8)) }
        let report = CommandReport(status: .failed, failure: many, outcome: CommandOutcome(outputs))
        let result = ToolResult.make(report, printed: "")
        let structured = try #require(result.structuredContent?.objectValue)
        for key in ["failure", "warnings", "summary", "documents", "text"] {
            #expect(structured[key]?.arrayValue?.count == ToolResult.itemsShown, "\(key)")
            let note = ToolMessage.itemsCapped(list: key, shown: ToolResult.itemsShown, total: 250).text
            #expect(structured["notes"]?.arrayValue?.contains(.string(note)) == true, "\(key)")
            #expect(Self.text(result).contains(note), "\(key)")
        }
        #expect((structured["notes"]?.arrayValue?.count ?? 0) <= ToolResult.itemsShown + 10)
    }

    @Test("numbers convert one way: whole as integers, others as the double of their digits")
    func numbers() {
        #expect(JSONValues.number(Decimal(string: "3500")!) == .int(3500))
        #expect(JSONValues.number(Decimal(string: "19.99")!) == .double(19.99))
        #expect(JSONValues.number(Decimal(string: "1000000000000")!) == .int(1_000_000_000_000))
        #expect(PlanText.number(Decimal(string: "0.1")!) == JSONValues.number(Decimal(string: "0.1")!))
        #expect(JSONValues.document(Data(#"{"a":[1,2.5,null,"x"]}"#.utf8)) == ["a": [1, 2.5, .null, "x"]])
    }

    static func product(_ id: Int, name: String) -> Product {
        Product(
            id: id, vendorID: 1, name: name, description: "A product for the result tests", thumbnail: nil, currency: .usd,
            price: Decimal(string: "19.99")!, stock: 1, createdAt: nil, issuedAt: nil)
    }

    @Test("a list of 1000 products is cut to the first 100, and the result says so")
    func bounded() throws {
        let products = (1...1000).map { Self.product($0, name: "Product \($0)") }
        let raw = try MarketJSON.encoder.encode(products)
        let report = CommandReport(status: .ok, outcome: CommandOutcome([.products(products, raw: raw)]))
        let result = ToolResult.make(report, printed: String(repeating: "#1 Product 1 $19.99\n", count: 5000))
        let structured = try #require(result.structuredContent?.objectValue)
        #expect(structured["products"]?.arrayValue?.count == ToolResult.productsShown)
        #expect(structured["products"]?.arrayValue?.first?.objectValue?["price"] == 19.99)
        let note = ToolMessage.productsCapped(shown: ToolResult.productsShown, total: 1000).text
        #expect(structured["notes"]?.arrayValue?.contains(.string(note)) == true)
        let text = Self.text(result)
        #expect(text.contains(note))
        #expect(text.utf8.count < ToolResult.textBytes + 1000)
        #expect(text.contains(ToolMessage.textCapped(shown: ToolResult.textBytes, total: 100_000).text))
        let encoded = try JSONEncoder().encode(result)
        #expect(encoded.count < 1_000_000, "\(encoded.count) bytes")
    }

    @Test("control characters from the server stay in the structured content, escaped by the JSON")
    func controlCharacters() throws {
        let product = Self.product(3, name: "Mug\u{1B}[31m red")
        let raw = try MarketJSON.encoder.encode(product)
        let report = CommandReport(status: .ok, outcome: CommandOutcome([.detail(product, raw: raw)]))
        let result = ToolResult.make(report, printed: "#3 Mug^[[31m red")
        let name = result.structuredContent?.objectValue?["products"]?.arrayValue?.first?.objectValue?["name"]
        #expect(name == "Mug\u{1B}[31m red")
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        #expect(json.contains(#"Mug\u001b[31m red"#))
        #expect(!json.contains("\u{1B}"))
    }

    @Test("a failed report is an error result with its failure lines")
    func failed() throws {
        let report = CommandReport(status: .usage, failure: ["patch: price: 'abc' is not a number"])
        let result = ToolResult.make(report, printed: "")
        #expect(result.isError == true)
        #expect(Self.text(result) == "patch: price: 'abc' is not a number")
        #expect(result.structuredContent?.objectValue?["failure"] == ["patch: price: 'abc' is not a number"])
        #expect(result.structuredContent?.objectValue?["status"] == "usage")
    }
}
