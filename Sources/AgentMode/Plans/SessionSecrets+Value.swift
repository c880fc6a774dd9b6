import MCP
import SellerShell

extension SessionSecrets {
    /// Every text in `value` (strings, and strings in arrays and objects, at any depth) with the
    /// session's secrets masked: a plan's JSON, a tool's structured result.
    public func maskedValue(_ value: Value) -> Value {
        switch value {
        case .string(let text): .string(masked(text))
        case .array(let items): .array(items.map(maskedValue))
        case .object(let fields): .object(fields.mapValues(maskedValue))
        default: value
        }
    }
}
