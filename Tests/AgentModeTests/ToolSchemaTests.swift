import Foundation
import MCP
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

@testable import AgentMode

/// The tools' schemas, derived from the commands' specs, and their arguments as words.
@Suite("Agent tools: schemas and words")
struct ToolSchemaTests {
    static func tool(_ name: String) throws -> AgentTool { try #require(AgentToolCatalog.tool(named: name)) }

    static func properties(_ name: String) throws -> [String: Value] {
        try #require(try tool(name).tool.inputSchema.objectValue?["properties"]?.objectValue)
    }

    static func property(_ tool: String, _ name: String) throws -> [String: Value] {
        try #require(try properties(tool)[name]?.objectValue, "\(tool) has no \(name)")
    }

    @Test("the catalog serves the 12 tools, reads read-only, writes with a token")
    func catalog() throws {
        let names = AgentToolCatalog.tools.map(\.name)
        #expect(
            names == [
                "list", "search", "show", "changes", "explain", "register", "patch", "stock", "delete", "import", "undo", "redo",
            ])
        for tool in AgentToolCatalog.tools {
            #expect(tool.command.spec.name == tool.name)
            let hasToken = try Self.properties(tool.name)["token"] != nil
            #expect(hasToken == (tool.access == .write), "\(tool.name)")
            #expect(tool.tool.annotations.readOnlyHint == (tool.access == .read), "\(tool.name)")
        }
        for name in ["delete", "import", "undo"] { #expect(try Self.tool(name).tool.annotations.destructiveHint == true) }
        #expect(try Self.tool("patch").tool.annotations.destructiveHint == false)
    }

    @Test("every schema has the shape of a draft 2020-12 object schema, closed, every property typed and described")
    func schemaShape() throws {
        let types: Set = ["boolean", "integer", "number", "string", "array"]
        for tool in AgentToolCatalog.tools {
            let schema = try #require(tool.tool.inputSchema.objectValue)
            #expect(schema["type"] == "object")
            #expect(schema["additionalProperties"] == false, "\(tool.name)")
            let properties = try #require(schema["properties"]?.objectValue)
            let required = try #require(schema["required"]?.arrayValue).compactMap(\.stringValue)
            #expect(Set(required).isSubset(of: properties.keys), "\(tool.name)")
            for (name, property) in properties {
                let fields = try #require(property.objectValue)
                #expect(types.contains(fields["type"]?.stringValue ?? ""), "\(tool.name).\(name)")
                let description = fields["description"]?.stringValue ?? ""
                #expect(description.count > 3, "\(tool.name).\(name)")
                if fields["type"] == "array" { #expect(fields["items"]?.objectValue?["type"] != nil, "\(tool.name).\(name)") }
            }
            // Every positional slot has its property (none is left without a name).
            let positional = tool.command.spec.positional.count
            #expect(
                properties.keys.filter { ["id", "ids", "change", "file", "page", "text", "topic", "number"].contains($0) }.count
                    == positional, "\(tool.name)")
            #expect(tool.tool.description?.hasPrefix(tool.command.spec.summary.english) == true)
        }
    }

    @Test("no schema takes --yes, --dry-run, --if-match or what writes outside the run")
    func excludedFlags() throws {
        let never = [
            "yes", "dry_run", "plan", "if_match", "step", "journal", "resume", "restart", "report", "write_ids",
            "photos_anywhere", "secret",
        ]
        for tool in AgentToolCatalog.tools {
            let names = try Self.properties(tool.name).keys
            for name in never { #expect(!names.contains(name), "\(tool.name) takes \(name)") }
        }
    }

    @Test("patch's schema says the contract's rules: price above 0 up to the largest, currency from the accepted, ids bounded")
    func patchRules() throws {
        let price = try Self.property("patch", "price")
        #expect(price["type"] == "number")
        #expect(price["exclusiveMinimum"] == 0)
        #expect(price["maximum"] == .int(Int("\(ProductRules.maxPrice)")!))
        let discount = try Self.property("patch", "discount")
        #expect(discount["minimum"] == 0)
        #expect(try Self.property("patch", "currency")["enum"] == .array(Currency.accepted.map { .string($0.rawValue) }))
        let stock = try Self.property("patch", "stock")
        #expect(stock["type"] == "integer")
        #expect(stock["minimum"] == 0)
        #expect(stock["maximum"] == .int(ProductRules.maxStock))
        let name = try Self.property("patch", "name")
        #expect(name["minLength"] == .int(ProductRules.nameLength.lowerBound))
        #expect(name["maxLength"] == .int(ProductRules.nameLength.upperBound))
        let ids = try Self.property("patch", "ids")
        #expect(ids["type"] == "array")
        #expect(ids["minItems"] == 1)
        let item = try #require(ids["items"]?.objectValue)
        #expect(item["type"] == "integer")
        #expect(item["minimum"] == 1)
        #expect(item["maximum"] == .int(ProductRules.maxProductID))
        #expect(try Self.property("patch", "thumbnail")["type"] == "integer")
        let required = try Self.tool("patch").tool.inputSchema.objectValue?["required"]
        #expect(required == ["ids"])
    }

    @Test("list and search take no format or fields (the structured result is the format); descriptions say what the tool does")
    func formatDroppedAndDescriptions() throws {
        for tool in ["list", "search"] {
            let names = try Self.properties(tool).keys
            #expect(!names.contains("format") && !names.contains("fields"), "\(tool)")
        }
        let lowStock = try Self.property("list", "low_stock")
        #expect(lowStock["minimum"] == 0)
        #expect(lowStock["maximum"] == .int(ProductRules.maxStock))
        #expect(try Self.property("patch", "thumbnail")["minimum"] == 1)
        #expect(try Self.property("search", "text")["description"] == .string(ToolMessage.searchText.english))
        #expect(ToolMessage.searchText.english.contains("descriptions"))
        #expect(try Self.property("changes", "all")["description"] == .string(ToolMessage.changesAll.english))
        #expect(try Self.property("import", "failed")["description"] == .string(ToolMessage.importFailed.english))
        // Paths are read under --folder, not wherever the server was started.
        let photo = try Self.property("register", "image")["items"]?.objectValue?["description"]?.stringValue ?? ""
        #expect(photo.contains("--folder") && photo.contains("no globs"), "\(photo)")
        #expect(try Self.property("import", "file")["description"]?.stringValue?.contains("--folder") == true)
        let patch = try Self.tool("patch")
        #expect(patch.tool.description == ToolMessage.writeDescription(summary: patch.command.spec.summary.english).english)
        #expect(ToolMessage.writeDescription(summary: "Do it").english.hasPrefix("Do it. A change in two steps"))
        #expect(ToolMessage.writeDescription(summary: "Do it.").english.hasPrefix("Do it. A change"))
        for name in ["list", "search", "show", "changes"] {
            #expect(try Self.tool(name).tool.outputSchema?.objectValue?["type"] == "object", "\(name)")
        }
        #expect(try Self.tool("changes").tool.outputSchema?.objectValue?["properties"]?.objectValue?["entries"] != nil)
    }

    @Test("a flag's property name is read scalar by scalar")
    func propertyNames() {
        #expect(ToolProperty.propertyName(ofFlag: "--per-page") == "per_page")
        #expect(ToolProperty.propertyName(ofFlag: "--no-resize") == "no_resize")
        #expect(ToolProperty.propertyName(ofFlag: "-x") == "x")
    }

    @Test("the server's instructions name the catalog's reads and writes")
    func instructions() {
        #expect(AgentToolCatalog.reads + AgentToolCatalog.writes == AgentToolCatalog.tools.map(\.name))
        for language in [ServerMessage.instructions.english, ServerMessage.instructions.korean] {
            #expect(language.contains(AgentToolCatalog.reads.joined(separator: ", ")))
            #expect(language.contains(AgentToolCatalog.writes.joined(separator: ", ")))
        }
    }

    @Test("register requires what a new product needs, photos bounded by the upload rules; flags keep their ranges")
    func registerAndRanges() throws {
        let schema = try #require(try Self.tool("register").tool.inputSchema.objectValue)
        #expect(schema["required"] == ["name", "description", "price", "currency", "image"])
        let image = try Self.property("register", "image")
        #expect(image["minItems"] == .int(UploadRules.imageCount.lowerBound))
        #expect(image["maxItems"] == .int(UploadRules.imageCount.upperBound))
        #expect(try Self.property("register", "no_resize")["type"] == "boolean")
        let perPage = try Self.property("list", "per_page")
        #expect(perPage["minimum"] == 1)
        #expect(perPage["maximum"] == 1000)
        let jobs = try Self.property("import", "jobs")
        #expect(jobs["minimum"] == 1)
        #expect(jobs["maximum"] == 32)
        #expect(try Self.property("list", "sort")["enum"]?.arrayValue?.contains("-price") == true)
        #expect(try Self.property("stock", "change")["pattern"] == "^[+=-][0-9]+$")
        #expect(try Self.property("undo", "number")["type"] == "integer")
        #expect(try Self.property("explain", "topic")["type"] == "string")
        #expect(try Self.property("search", "text")["type"] == "string")
        #expect(try Self.property("import", "file")["type"] == "string")
    }
}

/// JSON arguments → the words the shell parses: the same typed command as the equivalent line.
@Suite("Agent tools: arguments as words")
struct ToolWordsTests {
    /// The words `tool` makes of `arguments` and the words of `line`, each parsed and written back.
    static func both(_ tool: String, _ arguments: [String: Value], _ line: String) throws -> (tool: [Word], shell: [Word]) {
        let words = try #require(AgentToolCatalog.tool(named: tool)).words(arguments)
        let fromTool = try ScriptSession.registry.parse(words)
        let fromShell = try ScriptSession.registry.parse(WordSplitter.split(line))
        #expect(type(of: fromTool) == type(of: fromShell))
        return (fromTool.words, fromShell.words)
    }

    /// A tool call and the shell line it stands for.
    struct Call: Sendable, CustomTestStringConvertible {
        var tool: String
        var arguments: [String: Value]
        var line: String
        init(_ tool: String, _ arguments: [String: Value], _ line: String) {
            (self.tool, self.arguments, self.line) = (tool, arguments, line)
        }
        var testDescription: String { line }
    }

    static let calls: [Call] = [

        Call("patch", ["ids": [3], "price": 9000.5], "patch 3 price=9000.5 --yes"),
        Call("patch", ["ids": [3], "price": 9000], "patch 3 price=9000"),
        Call(
            "patch", ["ids": [3, 4], "price": 19.99, "currency": "USD", "name": "Mug 'big' one"],
            #"patch 3 4 name="Mug 'big' one" price=19.99 currency=USD --yes"#
        ),
        Call("patch", ["ids": [7], "discount": 0.1, "stock": 5, "thumbnail": 35], "patch 7 discount=0.1 stock=5 thumbnail=35"),
        Call("patch", ["ids": [7], "price": 1_000_000_000_000], "patch 7 price=1000000000000"),
        Call("patch", ["ids": [7], "price": 0.01], "patch 7 price=0.01"),
        Call("stock", ["ids": [5], "change": "-2"], "stock 5 -2"),
        Call("stock", ["ids": [5, 6], "change": "=0"], "stock 5 6 =0 --yes"),
        Call("delete", ["ids": [3, 4, 5]], "delete 3 4 5 --yes"),
        Call(
            "list", ["page": 2, "per_page": 50, "search": "텀블러", "mine": true, "sort": "-price", "all": false],
            "list 2 --per-page 50 --search 텀블러 --mine --sort -price"
        ),
        Call(
            "list", ["currency": "KRW", "sold_out": true, "low_stock": 3], "list --currency KRW --sold-out --low-stock 3"
        ),
        Call("search", ["text": "milk bottle", "all": true], "search 'milk bottle' --all"),
        Call("search", ["text": "--mine"], "search '--mine'"),
        Call("show", ["id": 12], "show 12"),
        Call("show", ["id": 12.0], "show 12"),
        Call("changes", ["all": true], "changes --all"),
        Call("explain", ["topic": "If-Match", "lang": "ko"], "explain If-Match --lang ko"),
        Call(
            "register",
            [
                "name": "우유병 텀블러", "description": "하얀 우유병 모양의 텀블러", "price": 3500, "currency": "KRW", "stock": 5,
                "image": ["a b.jpg", "sku*.jpg"],
            ],
            #"register name="우유병 텀블러" description="하얀 우유병 모양의 텀블러" price=3500 currency=KRW stock=5 image="a b.jpg" image='sku*.jpg'"#
        ),
        Call(
            "import", ["file": "catalog.csv", "prune": true, "jobs": 4, "match": "id"],
            "import catalog.csv --prune --jobs 4 --match id --yes"
        ),
        Call("undo", ["number": 7, "force": true], "undo 7 --force --yes"),
        Call("redo", [:], "redo --yes"),
    ]

    @Test("arguments parse into the command the shell line parses into", arguments: calls)
    func roundTrip(call: Call) throws {
        let (fromTool, fromShell) = try Self.both(call.tool, call.arguments, call.line)
        #expect(fromTool == fromShell)
    }

    @Test("a write's words end in --yes where its command takes it, and never hold the token")
    func tokenAndYes() throws {
        let patch = try #require(AgentToolCatalog.tool(named: "patch"))
        let words = try patch.words(["ids": [3], "price": 9000, "token": "t-123"])
        #expect(words.map(\.text) == ["patch", "3", "price=9000", "--yes"])
        #expect(AgentTool.token(["ids": [3], "token": "t-123"]) == "t-123")
        #expect(AgentTool.token(["ids": [3]]) == nil)
        let register = try #require(AgentToolCatalog.tool(named: "register"))
        let made = try register.words([
            "name": "Mug", "description": "A sturdy mug", "price": 1, "currency": "USD", "image": ["m.jpg"],
        ])
        #expect(!made.contains(Word("--yes")))
        // A text that reads as a data URL (which the SDK decodes into data) is still the text.
        let url = "data:text/plain;base64,SGVsbG8="
        let decoded = try JSONDecoder().decode(Value.self, from: Data("\"\(url)\"".utf8))
        #expect(try patch.words(["ids": [3], "description": decoded])[2] == Word("description=" + url, wasQuoted: true))
        let show = try #require(AgentToolCatalog.tool(named: "show"))
        #expect(try show.words(["id": 3]).map(\.text) == ["show", "3"])
    }

    @Test("amounts keep every digit the JSON had")
    func amounts() throws {
        let patch = try #require(AgentToolCatalog.tool(named: "patch"))
        let cases: [(Value, String)] = [
            (9000.5, "price=9000.5"), (19.99, "price=19.99"), (0.1, "price=0.1"), (999_999_999_999.99, "price=999999999999.99"),
            (1e12, "price=1000000000000"), (0.00001, "price=0.00001"), (3500, "price=3500"),
        ]
        for (value, word) in cases {
            #expect(try patch.words(["ids": [1], "price": value])[2].text == word)
        }
    }

    /// The one-line failure `arguments` get from `tool`, in English.
    static func failure(_ tool: String, _ arguments: [String: Value]) throws -> String {
        let tool = try #require(AgentToolCatalog.tool(named: tool))
        do {
            _ = try tool.words(arguments)
        } catch {
            return error.message.english
        }
        Issue.record("\(arguments) was taken")
        return ""
    }

    @Test("bad arguments are refused in one line naming the property and what it takes")
    func refused() throws {
        let cases: [(String, [String: Value], String)] = [
            (
                "patch", ["ids": [3], "colour": "red"],
                "'colour' is not an argument of patch; it takes ids, name, description, price, currency, discount, stock, thumbnail, token"
            ),
            ("patch", ["ids": [3], "price": "abc"], "price takes a number, not text"),
            ("patch", ["price": 9000], "patch needs ids: a list of product ids"),
            ("patch", ["ids": 3], "ids takes a list of product ids, not a number"),
            ("patch", ["ids": [1.5]], "ids takes a list of product ids, not a number with a fraction or beyond 2^53"),
            ("show", ["id": "3"], "id takes a whole number, not text"),
            ("show", ["id": 3, "token": "x"], "'token' is not an argument of show; it takes id"),
            ("delete", ["ids": [3], "yes": true], "'yes' is not an argument of delete; it takes ids, token"),
            ("list", ["mine": "yes"], "mine takes true or false, not text"),
            ("register", ["name": "Mug", "image": "m.jpg"], "register needs description: text"),
            (
                "register", ["name": "Mug", "description": "A sturdy mug", "price": 1, "currency": "USD", "image": [1]],
                "image takes a list of file paths, not a number"
            ),
            ("stock", ["ids": [3]], "stock needs change: text"),
        ]
        for (tool, arguments, expected) in cases {
            let said = try Self.failure(tool, arguments)
            #expect(said == expected)
            #expect(!said.contains("\n"))
        }
    }

    @Test("a list outside its schema's bounds and a token that is no text are refused in one line")
    func boundsAndToken() throws {
        let cases: [(String, [String: Value], String)] = [
            ("stock", ["ids": [], "change": "+10"], "ids takes at least 1 item, not 0"),
            ("delete", ["ids": []], "ids takes at least 1 item, not 0"),
            (
                "register",
                [
                    "name": "Mug", "description": "A sturdy mug", "price": 1, "currency": "USD",
                    "image": .array(Array(repeating: "m.jpg", count: UploadRules.imageCount.upperBound + 1)),
                ],
                "image takes \(UploadRules.imageCount.lowerBound) to \(UploadRules.imageCount.upperBound) items, not "
                    + "\(UploadRules.imageCount.upperBound + 1)"
            ),
            ("patch", ["ids": [3], "price": 9000, "token": 123], "token takes text, not a number"),
            ("delete", ["ids": [3], "token": ["a"]], "token takes text, not a list"),
        ]
        for (tool, arguments, expected) in cases {
            let said = try Self.failure(tool, arguments)
            #expect(said == expected)
            #expect(!said.contains("\n"))
        }
    }

    @Test("the command's own checks still refuse what the schema forbids (the words reach them as typed)")
    func commandChecks() throws {
        let patch = try #require(AgentToolCatalog.tool(named: "patch"))
        // The schema's bounds refuse -5 first; the command's own check still would.
        #expect(throws: AgentFailure.self) { try patch.words(["ids": [3], "price": -5]) }
        let words = [Word("patch"), Word("3"), Word("price=-5", wasQuoted: true)]
        #expect(throws: CommandFailure.self) { try ScriptSession.registry.parse(words) }
        let stock = try #require(AgentToolCatalog.tool(named: "stock"))
        #expect(throws: CommandFailure.self) { try ScriptSession.registry.parse(try stock.words(["ids": [3], "change": "--5"])) }
    }
}

/// Every sentence the tools write, in both catalogues.
@Suite("Agent tools: messages")
struct ToolMessageTests {
    static let every: [ToolMessage] = [
        .twoSteps, .token, .productID, .productIDs, .stockChange, .catalogFile, .page, .searchText, .explainTopic,
        .changeNumber(undo: true), .changeNumber(undo: false), .photoPath,
        .unknownProperty("colour", tool: "patch", known: ["ids"]), .unknownProperty("x", tool: "changes", known: []),
        .wrongType("price", takes: .number, given: .text), .wrongType("sort", takes: .choice(["id", "-id"]), given: .list),
        .wrongType("ids", takes: .productIDs, given: .fraction), .wrongType("image", takes: .paths, given: .object),
        .wrongType("mine", takes: .boolean, given: .null), .wrongType("id", takes: .wholeNumber, given: .boolean),
        .missing("file", tool: "import", takes: .text),
        .productsCapped(shown: 100, total: 1000), .changesCapped(shown: 100, total: 250),
        .textCapped(shown: 65536, total: 100_000), .writeDescription(summary: "Change a product"), .changesAll,
        .importFailed, .importRows(most: 1000, fields: ["price"]), .itemCount("ids", least: 1, most: nil, given: 0),
        .itemCount("image", least: 1, most: 12, given: 13), .itemCount("rows", least: nil, most: 3, given: 4),
        .fileOrRows(tool: "import", both: true), .fileOrRows(tool: "import", both: false), .rowsNeedFolder,
        .rowNeedsID(row: 2), .rowUnknownField("image", row: 0, known: ["id"]), .rowsNotWritten(file: "rows.jsonl"),
        .itemsCapped(list: "failure", shown: 100, total: 250), .documentLeftOut(bytes: 100_000),
        .wrongType("rows", takes: .rows, given: .object), .wrongType("rows[0]", takes: .object, given: .list),
    ]

    @Test("every message is said in English and in Korean, each on one line")
    func bothLanguages() {
        for message in Self.every {
            #expect(!message.english.isEmpty && !message.korean.isEmpty)
            #expect(message.english != message.korean, "\(message)")
            #expect(!message.english.contains("\n") && !message.korean.contains("\n"), "\(message)")
            #expect(message.korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(message)")
        }
    }
}
