import Foundation
import OpenMarketContract
import SellerShell

/// A product bound to a name (`register … as mug`): its id and the server's JSON. The JSON is
/// kept as the bytes that came and parsed only when a field is read: a 10,000-line script binds
/// `last` on every line and reads a field on few of them.
public struct ProductBinding: Sendable, Equatable, Codable {
    public var id: Int
    private var raw: Data

    public init(id: Int, document: JSONValue) {
        self.id = id
        self.raw = (try? MarketJSON.encoder.encode(document)) ?? Data()
    }

    init(_ result: ProductResult) {
        id = result.id
        raw = result.document
    }

    public var document: JSONValue { JSONValue.parse(raw) ?? .object(["id": .number(Decimal(id))]) }

    enum CodingKeys: String, CodingKey { case id, document }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id), document: try container.decode(JSONValue.self, forKey: .document))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(document, forKey: .document)
    }
}

/// What a name stands for.
public enum VariableValue: Sendable, Equatable, Codable {
    case text(String)
    case product(ProductBinding)
    /// A document read by field (`${response.headers.allow}`); the name alone reads `shown`.
    case document(JSONValue, shown: String)
}

/// Why a line could not be expanded; each message names the variable.
public struct ExpansionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}

/// The session's names: `set` variables, `--var` ones, and products bound with `as` (plus
/// `last`). One namespace, so `set mug 3` and `… as mug` replace each other.
public struct ScriptVariables: Sendable {
    public private(set) var values: [String: VariableValue] = [:]
    var environment: [String: String]
    /// The names (other than `last`) bound to each product, so that a command returning a
    /// product updates them without a pass over every name on every line.
    private var namesByID: [Int: Set<String>] = [:]

    /// The environment variables `${env.NAME}` may read (an untrusted script's `--env` names);
    /// nil: all of them.
    let allowedEnvironment: Set<String>?

    /// - Parameter allowedEnvironment: the names `${env.NAME}` may read (nil: all); the others
    ///   are refused, and kept from everything else the scripting layer reads (`~`, journals).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, allowedEnvironment: Set<String>? = nil) {
        self.environment = allowedEnvironment.map { names in environment.filter { names.contains($0.key) } } ?? environment
        self.allowedEnvironment = allowedEnvironment
    }

    public subscript(name: String) -> VariableValue? {
        get { values[name] }
        set {
            if case .product(let old)? = values[name] { namesByID[old.id]?.remove(name) }
            values[name] = newValue
            if case .product(let new)? = newValue, name != "last" { namesByID[new.id, default: []].insert(name) }
        }
    }

    /// Names the product a command returned: `last`, the name given (`… as mug`), and every
    /// name already bound to that product, since a name follows its product (after
    /// `patch $mug price=…`, `${mug.price}` is the new price). Returns the names it set.
    @discardableResult
    public mutating func bind(_ binding: ProductBinding, as name: String? = nil) -> [String: ProductBinding] {
        var bound = ["last": binding]
        for other in (namesByID[binding.id] ?? []).union(name.map { [$0] } ?? []) { bound[other] = binding }
        for (other, value) in bound { self[other] = .product(value) }
        return bound
    }

    /// Every name bound to product `old` now names `binding` (an undone delete registered the
    /// product again under a new id).
    public mutating func rebind(from old: Int, to binding: ProductBinding) {
        for name in namesByID[old] ?? [] { self[name] = .product(binding) }
    }

    /// Names a script may define: letters, digits and `_`, not starting with a digit, and not
    /// the two that mean something else.
    public static func checkName(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first) || first == "_",
            name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "_" })
        else { return "'\(name)' is not a name (letters, digits and _, not starting with a digit)" }
        if name == "env" { return "'env' is reserved for the environment (${env.HOME})" }
        if name == "last" { return "'last' is set by every command that returns a product; pick another name" }
        return nil
    }

    /// The text `$name` or `${name.field.sub}` stands for.
    public func resolve(_ reference: String) throws(ExpansionError) -> String {
        let parts = reference.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let name = parts[0]
        if name == "env" {
            guard parts.count == 2, !parts[1].isEmpty else {
                throw ExpansionError(description: "write ${env.NAME} to read the environment variable NAME")
            }
            if let allowed = allowedEnvironment, !allowed.contains(parts[1]) {
                throw ExpansionError(description: AccessMessage.environment(parts[1]).text)
            }
            guard let value = environment[parts[1]] else {
                throw ExpansionError(description: "environment variable \(parts[1]) is not set")
            }
            return value
        }
        guard let value = values[name] else {
            if name == "last" { throw ExpansionError(description: Message.lastUndefined.text) }
            throw ExpansionError(description: Message.undefinedVariable(name).text)
        }
        switch value {
        case .document(let document, let shown):
            guard parts.count > 1 else { return shown }
            guard let field = document.value(at: Array(parts.dropFirst())) else {
                throw ExpansionError(
                    description: Message.noSuchField(
                        name: name, field: parts.dropFirst().joined(separator: "."), known: document.keys.joined(separator: ", ")
                    ).text)
            }
            return field.text
        case .text(let text):
            guard parts.count == 1 else {
                throw ExpansionError(
                    description: Message.textHasNoField(name: name, field: parts.dropFirst().joined(separator: ".")).text)
            }
            return text
        case .product(let binding):
            guard parts.count > 1 else { return String(binding.id) }
            guard let field = binding.document.value(at: Array(parts.dropFirst())) else {
                let known = binding.document.keys.joined(separator: ", ")
                throw ExpansionError(
                    description: Message.productHasNoField(
                        name: name, field: parts.dropFirst().joined(separator: "."), known: known
                    )
                    .text)
            }
            return field.text
        }
    }
}

/// Replaces `$name` and `${name.field}` in a line before it is split into words. Single quotes
/// keep `$` literal, as in sh; a value is inserted quoted where needed so it stays one word
/// (a name with spaces cannot turn into two arguments). Written by hand because it must agree
/// exactly with the shell's own word splitting.
public enum Expander {
    public static func expand(
        _ line: String, _ resolve: (String) throws(ExpansionError) -> String
    ) throws(ExpansionError) -> String {
        // Unicode scalars, as the splitter reads the line: a quote followed by a combining mark
        // is one `Character` but still a quote.
        let chars = Array(line.unicodeScalars)
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(chars[range])) }
        var out = ""
        var i = 0
        var quote: Unicode.Scalar?
        while i < chars.count {
            let c = chars[i]
            if quote == .singleQuote {
                out.unicodeScalars.append(c)
                if c == .singleQuote { quote = nil }
                i += 1
                continue
            }
            if c == .backslash, i + 1 < chars.count {
                out.unicodeScalars.append(c)
                out.unicodeScalars.append(chars[i + 1])
                i += 2
                continue
            }
            if quote == nil, c == .dollar, i + 1 < chars.count, chars[i + 1] == .singleQuote {
                // `$'…'` is text, as single quotes are; `\'` inside does not close it.
                let end = WordSplitter.endOfAnsiCQuote(chars, from: i + 2)
                out += text(i..<end)
                i = end
                continue
            }
            if c == .singleQuote || c == .doubleQuote {
                if quote == nil { quote = c } else if quote == c { quote = nil }
                out.unicodeScalars.append(c)
                i += 1
                continue
            }
            guard c == .dollar, i + 1 < chars.count else {
                out.unicodeScalars.append(c)
                i += 1
                continue
            }
            var reference: String
            var end: Int
            if chars[i + 1] == "{" {
                guard let close = chars[(i + 2)...].firstIndex(of: "}") else {
                    throw ExpansionError(description: "'${' is not closed with '}'")
                }
                reference = text((i + 2)..<close).trimmingCharacters(in: .whitespaces)
                guard !reference.isEmpty else { throw ExpansionError(description: "'${}' names no variable") }
                end = close + 1
            } else if isNameStart(chars[i + 1]) {
                end = i + 1
                while end < chars.count, isNameStart(chars[end]) || isDigit(chars[end]) { end += 1 }
                reference = text((i + 1)..<end)
            } else {
                // `$5` or a lone `$` is text (a price in dollars, say).
                out.unicodeScalars.append(c)
                i += 1
                continue
            }
            let value = try resolve(reference)
            out += quote == .doubleQuote ? escapeForDoubleQuotes(value) : quoteIfNeeded(value)
            i = end
        }
        return out
    }

    /// A letter (any script: `$상품` is a name) or `_`.
    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: scalar == "_"
        }
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .decimalNumber }

    /// `value` inside `"…"`: `"`, `\` and `$` escaped, on Unicode scalars.
    static func escapeForDoubleQuotes(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            if scalar == "\"" || scalar == "\\" || scalar == "$" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// Glob characters stay bare on purpose: `set photos 'img/*.jpg'` then `image=$photos` globs.
    static func quoteIfNeeded(_ value: String) -> String {
        if value.isEmpty { return "''" }
        guard value.unicodeScalars.contains(where: { $0.properties.isWhitespace || "'\"\\#".unicodeScalars.contains($0) })
        else { return value }
        return WordQuoting.singleQuoted(value)
    }
}
