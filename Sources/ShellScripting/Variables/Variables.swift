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

    /// `bind`, answering the names it set. A product no name follows, named nothing by the line
    /// (every `show`), is only `last`: set without the sets and dictionaries `bind` makes.
    public mutating func bindNames(_ binding: ProductBinding, as name: String? = nil) -> [String] {
        guard name != nil || namesByID[binding.id]?.isEmpty == false else {
            // `last` is never among `namesByID`'s names: nothing to take out there.
            values["last"] = .product(binding)
            return ["last"]
        }
        return Array(bind(binding, as: name).keys)
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
        else { return ScriptMessage.notAName(name).text }
        if name == "env" { return ScriptMessage.envIsReserved.text }
        if name == "last" { return ScriptMessage.lastIsReserved.text }
        return nil
    }

    /// The text `$name` or `${name.field.sub}` stands for.
    public func resolve(_ reference: String) throws(ExpansionError) -> String {
        let parts = reference.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let name = parts[0]
        if name == "env" {
            guard parts.count == 2, !parts[1].isEmpty else {
                throw ExpansionError(description: ScriptMessage.envNeedsName.text)
            }
            if let allowed = allowedEnvironment, !allowed.contains(parts[1]) {
                throw ExpansionError(description: AccessMessage.environment(parts[1]).text)
            }
            guard let value = environment[parts[1]] else {
                throw ExpansionError(description: ScriptMessage.environmentNotSet(parts[1]).text)
            }
            return value
        }
        guard let value = values[name] else {
            if name == "last" { throw ExpansionError(description: ScriptMessage.lastUndefined.text) }
            throw ExpansionError(description: ScriptMessage.undefinedVariable(name).text)
        }
        switch value {
        case .document(let document, let shown):
            guard parts.count > 1 else { return shown }
            guard let field = document.value(at: Array(parts.dropFirst())) else {
                throw ExpansionError(
                    description: ScriptMessage.noSuchField(
                        name: name, field: parts.dropFirst().joined(separator: "."), known: document.keys.joined(separator: ", ")
                    ).text)
            }
            return field.text
        case .text(let text):
            guard parts.count == 1 else {
                throw ExpansionError(
                    description: ScriptMessage.textHasNoField(name: name, field: parts.dropFirst().joined(separator: ".")).text)
            }
            return text
        case .product(let binding):
            guard parts.count > 1 else { return String(binding.id) }
            guard let field = binding.document.value(at: Array(parts.dropFirst())) else {
                let known = binding.document.keys.joined(separator: ", ")
                throw ExpansionError(
                    description: ScriptMessage.productHasNoField(
                        name: name, field: parts.dropFirst().joined(separator: "."), known: known
                    )
                    .text)
            }
            return field.text
        }
    }
}

/// Fills the references of a line's words (`WordSplitter.words`) with their values. A value is
/// put in as text and never split or read for quotes again: a name with spaces stays one
/// argument, and a value holding `'` or `$` is that text.
public enum Expander {
    /// The words of `line` with every reference filled by `resolve`.
    public static func words(
        _ line: String, _ resolve: (String) throws(ExpansionError) -> String
    ) throws(ExpansionError) -> [Word] {
        let templates: [WordTemplate]
        do { templates = try WordSplitter.words(line) } catch { throw ExpansionError(description: error.description) }
        return try fill(templates, resolve)
    }

    public static func fill(
        _ templates: [WordTemplate], _ resolve: (String) throws(ExpansionError) -> String
    ) throws(ExpansionError) -> [Word] {
        var words: [Word] = []
        words.reserveCapacity(templates.count)
        for template in templates {
            if let literal = template.literal {
                words.append(literal)
                continue
            }
            var word = Word("", wasQuoted: template.wasQuoted)
            for piece in template.pieces {
                switch piece {
                case .text(let text): word.text += text
                case .reference(let reference):
                    let value = try resolve(reference)
                    if value.utf8.contains(0) { throw ExpansionError(description: WordSplitError.nulCharacter.description) }
                    // A value that would have needed quotes to stay one word counts as quoted:
                    // `image=$photos` holding 'img/*.jpg' globs, one holding 'my photo*.jpg' does not.
                    if needsQuotes(value) { word.wasQuoted = true }
                    word.text += value
                    word.holdsAValue = true
                }
            }
            words.append(word)
        }
        return words
    }

    /// Glob characters do not count on purpose: `set photos 'img/*.jpg'` then `image=$photos` globs.
    static func needsQuotes(_ value: String) -> Bool {
        value.isEmpty || value.unicodeScalars.contains { $0.properties.isWhitespace || "'\"\\#".unicodeScalars.contains($0) }
    }
}
