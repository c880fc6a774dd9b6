import Foundation
import OpenMarketContract

/// A piece of the OpenAPI document as the builders write it: Swift literals for strings,
/// integers, booleans, arrays and objects, kept as the package's `JSONValue`. A type of its own
/// rather than literal conformances on `JSONValue` (which the shell's scripting module already
/// declares for itself), so the two cannot meet in one program.
struct OpenAPIValue: Sendable, ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    var json: JSONValue

    init(_ json: JSONValue) { self.json = json }
    init(stringLiteral value: String) { json = .string(value) }
    init(integerLiteral value: Int) { json = .number(Decimal(value)) }
    init(booleanLiteral value: Bool) { json = .bool(value) }
    init(arrayLiteral elements: OpenAPIValue...) { json = .array(elements.map(\.json)) }

    /// Keys must be unique; a repeated key is a mistake in a builder, and the later one wins.
    init(dictionaryLiteral elements: (String, OpenAPIValue)...) {
        json = .object(Dictionary(elements.map { ($0.0, $0.1.json) }, uniquingKeysWith: { $1 }))
    }

    static func string(_ text: String) -> OpenAPIValue { OpenAPIValue(.string(text)) }
    static func number(_ value: Decimal) -> OpenAPIValue { OpenAPIValue(.number(value)) }
    static func number(_ value: Int) -> OpenAPIValue { OpenAPIValue(.number(Decimal(value))) }
    static func array(_ items: [OpenAPIValue]) -> OpenAPIValue { OpenAPIValue(.array(items.map(\.json))) }

    static func object(_ fields: [String: OpenAPIValue]) -> OpenAPIValue {
        OpenAPIValue(.object(fields.mapValues(\.json)))
    }

    /// A reference to a schema, response or parameter under `components`.
    static func ref(_ kind: String, _ name: String) -> OpenAPIValue { ["$ref": "#/components/\(kind)/\(name)"] }

    /// Whether this schema already admits null (made by `OpenAPISchemas.orNull`).
    var isNullable: Bool {
        guard case .object(let fields) = json, case .array(let choices)? = fields["anyOf"] else { return false }
        return choices.contains(.object(["type": .string("null")]))
    }

    /// This object with `other`'s fields added (and winning on a clash).
    func merging(_ other: OpenAPIValue) -> OpenAPIValue {
        guard case .object(let mine) = json, case .object(let theirs) = other.json else { return other }
        return OpenAPIValue(.object(mine.merging(theirs) { $1 }))
    }
}
