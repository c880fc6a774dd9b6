import Foundation
import MCP
import MarketTestSupport
import Testing

@testable import AgentMode

/// Every read tool's result, answered or refused, fits the tool's own outputSchema: an
/// argument the schema refuses answers the same shape as a command's failure.
@Suite("Agent tools: results keep the output schema")
struct ToolOutputSchemaTests {
    /// What `value` breaks of `schema` (the subset the tools' schemas use: type, properties,
    /// required, items, enum, additionalProperties, minimum, maximum), as paths; empty: it fits.
    static func violations(_ value: Value, _ schema: Value, at path: String = "$") -> [String] {
        guard case .object(let rule) = schema else { return [] }
        var found: [String] = []
        if let type = rule["type"]?.stringValue, !fits(value, type: type) {
            return ["\(path): not \(type): \(value)"]
        }
        if let allowed = rule["enum"]?.arrayValue, !allowed.contains(value) { found.append("\(path): not one of \(allowed)") }
        if let minimum = rule["minimum"]?.doubleValue ?? rule["minimum"]?.intValue.map(Double.init),
            let number = number(value), number < minimum
        {
            found.append("\(path): below \(minimum)")
        }
        if let maximum = rule["maximum"]?.doubleValue ?? rule["maximum"]?.intValue.map(Double.init),
            let number = number(value), number > maximum
        {
            found.append("\(path): above \(maximum)")
        }
        if case .object(let fields) = value {
            let properties = rule["properties"]?.objectValue ?? [:]
            for name in rule["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where fields[name] == nil {
                found.append("\(path): \(name) is required")
            }
            for (name, field) in fields {
                if let property = properties[name] {
                    found += violations(field, property, at: "\(path).\(name)")
                } else if rule["additionalProperties"] == .bool(false) {
                    found.append("\(path).\(name): not allowed")
                }
            }
        }
        if case .array(let items) = value, let itemRule = rule["items"] {
            for (index, item) in items.enumerated() { found += violations(item, itemRule, at: "\(path)[\(index)]") }
        }
        return found
    }

    static func number(_ value: Value) -> Double? {
        switch value {
        case .int(let int): Double(int)
        case .double(let double): double
        default: nil
        }
    }

    static func fits(_ value: Value, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null): true
        case ("integer", .int), ("number", .int), ("number", .double): true
        case ("integer", .double(let double)): double.rounded() == double
        default: false
        }
    }

    @Test("the validator itself refuses a missing status and a failure given as text")
    func validatorRefuses() {
        let schema = ToolResult.outputSchema(for: "list")
        #expect(!Self.violations(["failure": "page takes a whole number, not text"], schema).isEmpty)
        #expect(Self.violations(["status": "usage", "failure": ["page takes a whole number, not text"]], schema).isEmpty)
    }

    @Test("every read tool's result, answered or refused (argument errors included), fits its outputSchema")
    func everyReadResultFits() async throws {
        try await AgentServerTests.Fixture.with { f in
            let product = try await f.product(named: "Schema mug")
            let calls: [(String, [String: Value])] = [
                ("list", [:]), ("list", ["page": "x"]), ("list", ["bogus": 1]), ("list", ["page": 0]),
                ("list", ["page": 999]), ("search", ["text": "Schema"]), ("search", ["text": "zzzz-nothing"]),
                ("search", [:]), ("show", ["id": .int(product.id)]), ("show", ["id": "x"]), ("show", [:]),
                ("show", ["id": 987_654]), ("changes", [:]), ("changes", ["all": "yes"]), ("explain", [:]),
                ("explain", ["topic": "undo"]), ("explain", ["topic": 5]),
            ]
            for (name, arguments) in calls {
                let tool = try #require(AgentToolCatalog.tool(named: name))
                let schema = try #require(tool.tool.outputSchema, "\(name) has no outputSchema")
                let result = try await f.call(name, arguments)
                let structured = try #require(result.structuredContent, "\(name) \(arguments): no structured content")
                let broken = Self.violations(structured, schema)
                #expect(broken.isEmpty, "\(name) \(arguments): \(broken) in \(structured)")
            }
        }
    }

    @Test("a write's refusal before it runs (an argument error, an unknown token) is shaped as a command's failure")
    func writeRefusalsShaped() async throws {
        try await AgentServerTests.Fixture.with { f in
            let schema = ToolResult.outputSchema(for: "patch")
            for arguments: [String: Value] in [["ids": "x"], ["ids": [1], "price": 5, "token": "no-such-token"]] {
                let result = try await f.call("patch", arguments)
                #expect(result.isError == true)
                let structured = try #require(result.structuredContent)
                #expect(Self.violations(structured, schema).isEmpty, "\(arguments): \(structured)")
                #expect(structured.objectValue?["failure"]?.arrayValue?.isEmpty == false)
            }
        }
    }
}

/// B8: a number outside its schema's bounds is refused by the words, in one line, before
/// anything runs.
@Suite("Agent tools: numbers within the schema's bounds")
struct ToolNumberBoundsTests {
    @Test("thumbnail -5, a stock past the most and a price of 0 are refused with the schema's bounds")
    func outOfBoundsRefused() throws {
        let patch = try #require(AgentToolCatalog.tool(named: "patch"))
        for (arguments, said) in [
            (["ids": [4], "thumbnail": -5] as [String: Value], "thumbnail takes a number of at least 1, not -5"),
            (["ids": [4], "price": 0], "price takes a number greater than 0"),
            (["ids": [4], "stock": -1], "stock takes a number of at least 0"),
        ] {
            #expect(throws: AgentFailure.self) { try patch.words(arguments) }
            do {
                _ = try patch.words(arguments)
            } catch {
                #expect(error.text.contains(said), "\(error.text)")
            }
        }
        #expect(try patch.words(["ids": [4], "thumbnail": 2]).map(\.text).contains("thumbnail=2"))
    }
}

@Suite("Agent tools: search text bounded")
struct SearchTextBoundTests {
    @Test("search's text has a maxLength in its schema, so a 100,000-character text is out of schema")
    func searchTextHasMaxLength() throws {
        let search = try #require(AgentToolCatalog.tool(named: "search"))
        let text = search.tool.inputSchema.objectValue?["properties"]?.objectValue?["text"]?.objectValue
        #expect(text?["maxLength"] == .int(ToolProperty.searchTextMost))
    }
}
