import Foundation
import MCP
import OpenMarketContract
import SellerShell

/// A tool call's JSON arguments as the command's words: each value one word (text quoted, so
/// nothing splits or globs it again), in the order the shell reads them. Only the JSON kind is
/// checked here; the command's own `init(parsing:)` checks the values by the contract's rules.
extension ToolProperty {
    /// This property's words for `value`; a value of the wrong kind is refused naming the
    /// property and what it takes.
    func words(for value: Value) throws(AgentFailure) -> [Word] {
        let texts = try self.texts(of: value)
        if case .array(let items) = value { try count(items) }
        if kind == .wholeNumber || kind == .number, let text = texts.first { try bounded(text) }
        switch place {
        case .positional:
            return texts.map { Word($0, wasQuoted: kind != .wholeNumber && kind != .productIDs) }
        case .flag(let flag):
            guard kind != .boolean else { return texts == ["true"] ? [Word(flag)] : [] }
            return [Word(flag)] + texts.map { Word($0, wasQuoted: true) }
        case .field(let field):
            return texts.map { Word(field + "=" + $0, wasQuoted: true) }
        }
    }

    /// A number within its schema's own `minimum`, `maximum` and `exclusiveMinimum` (the one
    /// place every integer and number property is checked against its bounds).
    private func bounded(_ text: String) throws(AgentFailure) {
        let posix = Locale(identifier: "en_US_POSIX")
        guard let number = Decimal(string: text, locale: posix), let fields = schema.objectValue else { return }
        func bound(_ key: String) -> Decimal? {
            fields[key].flatMap { Self.amount($0) }.flatMap { Decimal(string: $0, locale: posix) }
        }
        let (above, least, most) = (bound("exclusiveMinimum"), bound("minimum"), bound("maximum"))
        let fits = above.map { number > $0 } ?? true && least.map { number >= $0 } ?? true && most.map { number <= $0 } ?? true
        guard !fits else { return }
        throw AgentFailure(
            ToolMessage.outOfBounds(
                name, above: above.map { "\($0)" }, least: least.map { "\($0)" }, most: most.map { "\($0)" }, given: text))
    }

    /// A list's items within its schema's own `minItems` and `maxItems`.
    private func count(_ items: [Value]) throws(AgentFailure) {
        let fields = schema.objectValue
        let (least, most) = (fields?["minItems"]?.intValue, fields?["maxItems"]?.intValue)
        guard items.count < (least ?? 0) || items.count > (most ?? .max) else { return }
        throw AgentFailure(ToolMessage.itemCount(name, least: least, most: most, given: items.count))
    }

    /// The value as the texts of its words.
    func texts(of value: Value) throws(AgentFailure) -> [String] {
        switch kind {
        case .boolean:
            guard case .bool(let flag) = value else { throw refused(value) }
            return [flag ? "true" : "false"]
        case .wholeNumber: return [try wholeNumber(value)]
        case .number:
            guard let amount = Self.amount(value) else { throw refused(value) }
            return [amount]
        case .text, .choice:
            guard let text = Self.text(value) else { throw refused(value) }
            return [text]
        case .productIDs:
            guard case .array(let items) = value else { throw refused(value) }
            var texts: [String] = []
            for item in items { texts.append(try wholeNumber(item)) }
            return texts
        case .paths:
            guard case .array(let items) = value else { throw refused(value) }
            var texts: [String] = []
            for item in items {
                guard let path = Self.text(item) else { throw refused(item) }
                texts.append(path)
            }
            return texts
        case .rows, .object:
            // Never one word each: `import`'s rows become a file of the run (`ToolRows`).
            throw refused(value)
        }
    }

    /// A whole number: a JSON integer, or a number with no fraction that a double holds exactly
    /// (below 2^53; some clients write every number as a double).
    private func wholeNumber(_ value: Value) throws(AgentFailure) -> String {
        switch value {
        case .int(let number): return String(number)
        case .double(let number) where number.rounded() == number && abs(number) < 0x1p53: return String(Int(number))
        case .double: throw AgentFailure(ToolMessage.wrongType(name, takes: kind, given: .fraction))
        default: throw refused(value)
        }
    }

    /// An amount as plain decimal text, with every digit the JSON had. The SDK decodes a JSON
    /// number into `Int` when it is whole, else `Double`, and keeps no text of it, so a `Decimal`
    /// cannot be read from the JSON's own digits. A double's shortest round-trip text (Swift's
    /// `description`) gives back the JSON's digits for every number of up to 15 significant
    /// digits, which covers every amount the contract takes (at most 10^12 with two decimals):
    /// 9000.5 stays 9000.5, 19.99 stays 19.99. That text is read as a `Decimal` and written in
    /// plain notation (`1e-05` → `0.00001`), which the field parser reads.
    static func amount(_ value: Value) -> String? {
        switch value {
        case .int(let number): return String(number)
        case .double(let number) where number.isFinite:
            let decimal = Decimal(string: number.description, locale: Locale(identifier: "en_US_POSIX"))
            return decimal.map { "\($0)" }
        default: return nil
        }
    }

    /// A JSON string's text. The SDK decodes a string that reads as a data URL (`data:…,…`)
    /// into `.data`; its description writes the data URL back.
    private static func text(_ value: Value) -> String? {
        switch value {
        case .string(let text): text
        case .data: value.description
        default: nil
        }
    }

    private func refused(_ value: Value) -> AgentFailure {
        AgentFailure(ToolMessage.wrongType(name, takes: kind, given: Self.given(value)))
    }

    static func given(_ value: Value) -> ToolMessage.Given {
        switch value {
        case .null: .null
        case .bool: .boolean
        case .int, .double: .number
        case .string, .data: .text
        case .array: .list
        case .object: .object
        }
    }
}
