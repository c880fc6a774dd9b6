import Foundation
import MCP
import OpenMarketContract

/// JSON documents (a server's answer, a product encoded, a plan's bodies) as MCP values: the one
/// conversion agent mode uses, so a number reads the same in a tool's result and in a plan.
enum JSONValues {
    /// `json` as an MCP value, numbers as ``number(_:)`` writes them.
    static func value(_ json: JSONValue) -> Value {
        switch json {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): Self.number(number)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(value))
        case .object(let fields): .object(fields.mapValues(value))
        }
    }

    /// A whole number that fits an `Int` as an integer; any other as the double nearest its
    /// decimal text, which JSON writes back as the same digits (19.99 stays 19.99).
    static func number(_ decimal: Decimal) -> Value {
        let text = "\(decimal)"
        if let whole = Int(text) { return .int(whole) }
        return .double(Double(text) ?? NSDecimalNumber(decimal: decimal).doubleValue)
    }

    /// A JSON document's bytes as an MCP value; nil when they are no JSON.
    static func document(_ data: Data) -> Value? { JSONValue.parse(data).map(value) }
}
