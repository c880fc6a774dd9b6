import Digests
import Foundation
import MCP
import OpenMarketContract
import SellerShell

/// `import`'s `rows`: a catalog given in the call (an array of objects, each a product's id and
/// the fields to set), for a change over many products at once ("apply this price list",
/// "lower every mug by 10%") as one plan, one import and one change to undo. The rows are
/// written as a JSON Lines catalog (what `import` reads) into the run's scratch folder, under a
/// name made from their SHA-256, so the same rows make the same words when planned and applied.
enum ToolRows {
    /// The property's name.
    static let name = "rows"
    /// The most rows one call takes: a price list of a shop's size; a larger one is a file.
    static let most = 1000
    /// The fields a row may set (with `id`): a product's own values, no photos.
    static let fields: [ProductField] = [.name, .description, .price, .currency, .discount, .stock]

    /// How many hexadecimal digits of the rows' SHA-256 name their file: short to read, and the
    /// same rows still make the same name (a plan's words are those of its apply).
    static let shortHash = 16

    /// Whether `spec` is the command that takes rows (its catalog file is its one positional word).
    static func taken(by spec: CommandSpec) -> Bool { spec.name == "import" && spec.positional == [.path] }

    /// `{type: array, items: {id, fields…}, minItems 1, maxItems most}`, each field with the
    /// contract's bounds as `patch` takes it.
    static var schema: Value {
        var properties: [String: Value] = ["id": ToolProperty.productIDSchema]
        for field in fields { properties[field.rawValue] = ToolProperty.field(field, creates: false).schema }
        let item: Value = [
            "type": "object", "properties": .object(properties), "required": ["id"], "additionalProperties": false,
        ]
        return [
            "type": "array", "items": item, "minItems": 1, "maxItems": .int(most),
            "description": .string(ToolMessage.importRows(most: most, fields: fields.map(\.rawValue)).english),
        ]
    }

    /// The rows written as a catalog in `scratch`; its path.
    static func file(_ value: Value, in scratch: URL) throws(AgentFailure) -> String {
        guard case .array(let rows) = value else {
            throw AgentFailure(ToolMessage.wrongType(name, takes: .rows, given: ToolProperty.given(value)))
        }
        guard (1...most).contains(rows.count) else {
            throw AgentFailure(ToolMessage.itemCount(name, least: 1, most: most, given: rows.count))
        }
        var data = Data()
        for (index, row) in rows.enumerated() {
            data += try line(row, index: index)
            data.append(0x0A)
        }
        let file = scratch.appendingPathComponent("rows-\(SHA256.hash(data: data).hexadecimal.prefix(shortHash)).jsonl")
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            throw AgentFailure(ToolMessage.rowsNotWritten(file: file.lastPathComponent))
        }
        return file.path
    }

    /// One row as a JSON object on one line: its id and fields as typed JSON (amounts with
    /// every digit given), keys sorted so the same row is the same bytes.
    private static func line(_ row: Value, index: Int) throws(AgentFailure) -> Data {
        guard case .object(let given) = row else {
            throw AgentFailure(ToolMessage.wrongType("\(name)[\(index)]", takes: .object, given: ToolProperty.given(row)))
        }
        let known = ["id"] + fields.map(\.rawValue)
        if let unknown = given.keys.sorted().first(where: { !known.contains($0) }) {
            throw AgentFailure(ToolMessage.rowUnknownField(unknown, row: index, known: known))
        }
        guard let id = given["id"], id != .null else { throw AgentFailure(ToolMessage.rowNeedsID(row: index)) }
        var object: [String: JSONValue] = [:]
        let idProperty = ToolProperty(
            name: "\(name)[\(index)].id", kind: .wholeNumber, place: .positional, required: true,
            schema: ToolProperty.productIDSchema)
        object["id"] = try json(idProperty, id)
        for field in fields {
            guard let value = given[field.rawValue], value != .null else { continue }
            var property = ToolProperty.field(field, creates: false)
            property.name = "\(name)[\(index)].\(field.rawValue)"
            object[field.rawValue] = try json(property, value)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let line = try? encoder.encode(JSONValue.object(object)) else {
            throw AgentFailure(ToolMessage.wrongType("\(name)[\(index)]", takes: .object, given: .object))
        }
        return line
    }

    /// A cell as JSON: numbers as numbers (with the digits the call gave), text as strings.
    private static func json(_ property: ToolProperty, _ value: Value) throws(AgentFailure) -> JSONValue {
        let text = try property.texts(of: value).first ?? ""
        switch property.kind {
        case .wholeNumber, .number:
            guard let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw AgentFailure(ToolMessage.wrongType(property.name, takes: property.kind, given: .text))
            }
            return .number(number)
        default: return .string(text)
        }
    }
}
