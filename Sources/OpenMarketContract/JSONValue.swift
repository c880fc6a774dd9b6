import Foundation

/// Any JSON document, the one type for it in the package: a product's JSON as the server sent
/// it (kept whole so `${mug.any_field}` reaches fields the client's model does not name, and so
/// the journal can store a binding and give it back), and a catalog file's rows. Numbers are
/// `Decimal`, parsed from their digits and never through `Double`, so 19.99 reads back as written.
public indirect enum JSONValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    public static func parse(_ data: Data) -> JSONValue? { try? MarketJSON.decoder.decode(JSONValue.self, from: data) }

    /// `images.0.url`: object keys and array positions.
    public func value(at path: [String]) -> JSONValue? {
        guard let key = path.first else { return self }
        switch self {
        case .object(let fields): return fields[key]?.value(at: Array(path.dropFirst()))
        case .array(let items):
            guard let index = Int(key), items.indices.contains(index) else { return nil }
            return items[index].value(at: Array(path.dropFirst()))
        default: return nil
        }
    }

    /// The text a field expands to: strings as they are, numbers in plain notation, arrays and
    /// objects as compact JSON.
    public var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): "\(value)"
        case .string(let value): value
        case .array, .object:
            (try? MarketJSON.encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }

    public var keys: [String] {
        if case .object(let fields) = self { return fields.keys.sorted() }
        return []
    }
}
