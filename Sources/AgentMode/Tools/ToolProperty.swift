import Foundation
import MCP
import OpenMarketContract
import SellerShell

/// One property of a tool's input, derived from its command's ``CommandSpec``: its JSON name,
/// the kind of JSON value it takes, its JSON Schema, and where its words go on the command line.
struct ToolProperty: Sendable {
    /// The most characters `search`'s text takes, stated in its schema: the market names no
    /// bound, and its HTTP head (the query string holds the text, a character up to 12 bytes
    /// percent-encoded) is refused when too large; 1,000 keeps the worst case near 12 KB.
    static let searchTextMost = 1000

    /// The JSON value it takes, and so how it becomes words: the same kinds a refusal names
    /// (`ToolMessage.Takes`), one list of them. `boolean` is a flag that takes nothing (`true`
    /// writes it); `number` an amount written without losing a digit; `productIDs` and `paths`
    /// one word (or field) per item.
    typealias Kind = ToolMessage.Takes

    /// Where its words go.
    enum Place: Sendable, Equatable {
        /// Words of their own, in the spec's positional order.
        case positional
        /// `--per-page VALUE`; for a bare flag, the flag alone when `true`.
        case flag(String)
        /// `price=VALUE`; for a list (`image`), one field per item.
        case field(String)
    }

    var name: String
    var kind: Kind
    var place: Place
    var required: Bool
    var schema: Value
    /// Whether its value names files to read (a catalog's path, photos): without `--folder`
    /// the server refuses such a call before it is planned.
    var readsFiles = false
}

// MARK: Properties from a spec

extension ToolProperty {
    /// The properties of a command's spec, positional words first, then fields, then flags, each
    /// in the spec's order; flags ``excludedFlags`` names are left out.
    static func all(of spec: CommandSpec) -> [ToolProperty] {
        spec.positional.compactMap { positional($0, of: spec) } + spec.fields.map { field($0, creates: spec.effect == .creates) }
            + spec.flags.filter { excludedFlags[$0.name] == nil }.map { flag($0, of: spec) }
    }

    /// Flags no tool takes, each with why. Judged flag by flag: a flag is left out when the
    /// two-step tool already does what it does, when it only means something on a terminal, or
    /// when it would read or write outside what the run may touch.
    static let excludedFlags: [String: String] = [
        // The token is the confirmation: `words(_:)` adds `--yes` to every write.
        "--yes": "the token confirms",
        // The first call is the dry run and the plan.
        "--dry-run": "the first call plans", "--plan": "the first call plans",
        // The plan gives each PATCH its If-Match; a second one from the model would fight it.
        "--if-match": "the plan sets If-Match",
        // A run's journal and stepping: each tool call is one command, nothing to resume.
        "--step": "one command per call", "--journal": "one command per call", "--resume": "one command per call",
        "--restart": "one command per call",
        // Terminal-only: a pager, photos drawn with chafa.
        "--no-pager": "no terminal", "--grid": "no terminal", "--photos": "no terminal",
        // Only changes the printed line; the structured result has the product.
        "--porcelain": "the structured result has the product",
        // Writes a file where asked (`--report`), or into the seller's own catalog (`--write-ids`):
        // a tool call writes nothing but the market.
        "--report": "writes a file", "--write-ids": "writes into the catalog file",
        // Reads photos outside the run's folder, past the access policy.
        "--photos-anywhere": "reads outside the run's folder",
        // The structured result is the format: `list` and `search` answer their products as the
        // server's JSON whatever the filter; a format or a choice of columns would only change
        // the text (and leave the structured result without products).
        "--format": "the structured result is the format", "--fields": "the structured result is the format",
    ]

    /// Flag descriptions a tool says otherwise than the shell's help, which speaks of the
    /// shell's own flags: by command name and flag.
    static let describedOtherwise: [String: [String: ToolMessage]] = [
        "changes": ["--all": .changesAll], "import": ["--failed": .importFailed],
    ]

    /// The JSON name of a flag: `--per-page` → `per_page`.
    static func propertyName(ofFlag flag: String) -> String {
        var name = String.UnicodeScalarView()
        for scalar in flag.unicodeScalars.drop(while: { $0 == "-" }) { name.append(scalar == "-" ? "_" : scalar) }
        return String(name)
    }

    private static func flag(_ flag: CommandSpec.Flag, of spec: CommandSpec) -> ToolProperty {
        let description = Value.string(describedOtherwise[spec.name]?[flag.name]?.english ?? flag.help.english)
        let kind: Kind
        var schema: [String: Value]
        switch flag.kind {
        case .bare:
            (kind, schema) = (.boolean, ["type": "boolean"])
        case .number:
            (kind, schema) = (.wholeNumber, integer(flag.range))
        case .text, .name:
            if flag.choices.isEmpty {
                (kind, schema) = (.text, ["type": "string"])
            } else {
                (kind, schema) = (.choice(flag.choices), ["type": "string", "enum": .array(flag.choices.map(Value.string))])
            }
        }
        schema["description"] = description
        return ToolProperty(
            name: propertyName(ofFlag: flag.name), kind: kind, place: .flag(flag.name), required: false,
            schema: .object(schema))
    }

    /// The fields a new product cannot do without (what `ProductChanges.draft` needs); photos
    /// too when the contract asks for at least one.
    private static let neededToCreate: Set<ProductField> = [.name, .description, .price, .currency]

    static func field(_ field: ProductField, creates: Bool) -> ToolProperty {
        let (kind, rule) = fieldSchema(field)
        var schema = rule
        schema["description"] = .string(field.accepts.english)
        let needed =
            creates && (neededToCreate.contains(field) || (field == .image && UploadRules.imageCount.lowerBound > 0))
        return ToolProperty(
            name: field.rawValue, kind: kind, place: .field(field.rawValue), required: needed, schema: .object(schema),
            readsFiles: field == .image)
    }

    /// A field's kind and schema from its rule, with the contract's bounds.
    private static func fieldSchema(_ field: ProductField) -> (Kind, [String: Value]) {
        switch field.accepts {
        case .characters(let min, let max):
            return (.text, ["type": "string", "minLength": .int(min), "maxLength": .int(max)])
        case .numberAboveZero:
            return (.number, ["type": "number", "exclusiveMinimum": 0, "maximum": amount(ProductRules.maxPrice)])
        case .numberUpToPrice:
            return (.number, ["type": "number", "minimum": 0, "maximum": amount(ProductRules.maxPrice)])
        case .currencies:
            let choices = field.choices ?? Currency.accepted.map(\.rawValue)
            return (.choice(choices), ["type": "string", "enum": .array(choices.map(Value.string))])
        case .wholeNumberFromZero:
            return (.wholeNumber, integer(0...ProductRules.maxStock))
        case .photos(let min, let max):
            let item: Value = ["type": "string", "minLength": 1, "description": .string(ToolMessage.photoPath.english)]
            return (.paths, ["type": "array", "items": item, "minItems": .int(min), "maxItems": .int(max)])
        case .imageID:
            // The server refuses an image id below 1.
            return (.wholeNumber, ["type": "integer", "minimum": 1])
        }
    }

    /// The contract's amount bound as a JSON number (whole, so an integer).
    private static func amount(_ value: Decimal) -> Value {
        Int(value.description).map(Value.int) ?? .double(Double(value.description) ?? 0)
    }

    private static func integer(_ range: ClosedRange<Int>?) -> [String: Value] {
        guard let range else { return ["type": "integer"] }
        return ["type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)]
    }
}

// MARK: Positional words

extension ToolProperty {
    /// A positional slot as a property: named by the slot where the slot says what it is, by
    /// ``namedWords`` for a slot that is any word.
    /// A product id's schema: an integer from 1 to the contract's largest id.
    static let productIDSchema: Value = .object(integer(1...ProductRules.maxProductID))

    private static func positional(_ slot: CommandSpec.Slot, of spec: CommandSpec) -> ToolProperty? {
        let productID = integer(1...ProductRules.maxProductID)
        switch slot {
        case .productID:
            return positional("id", .wholeNumber, required: true, productID, ToolMessage.productID)
        case .productIDs:
            let schema: [String: Value] = ["type": "array", "items": .object(productID), "minItems": 1]
            return positional("ids", .productIDs, required: true, schema, ToolMessage.productIDs)
        case .stockChange:
            let schema: [String: Value] = ["type": "string", "pattern": "^[+=-][0-9]+$"]
            return positional("change", .text, required: true, schema, ToolMessage.stockChange)
        case .path:
            var file = positional("file", .text, required: true, ["type": "string", "minLength": 1], ToolMessage.catalogFile)
            file.readsFiles = true
            return file
        case .page:
            return positional("page", .wholeNumber, required: false, ["type": "integer", "minimum": 1], ToolMessage.page)
        case .word:
            return namedWords[spec.name]
        default:
            return nil
        }
    }

    /// The one name a spec cannot give: a slot that takes any word, per command. Kept to the
    /// commands with a tool (`search`'s text, `explain`'s topic, `undo`'s and `redo`'s number).
    static let namedWords: [String: ToolProperty] = [
        "search": positional(
            "text", .text, required: true, ["type": "string", "minLength": 1, "maxLength": .int(searchTextMost)],
            ToolMessage.searchText),
        "explain": positional("topic", .text, required: false, ["type": "string"], ToolMessage.explainTopic),
        "undo": positional(
            "number", .wholeNumber, required: false, ["type": "integer", "minimum": 1], ToolMessage.changeNumber(undo: true)),
        "redo": positional(
            "number", .wholeNumber, required: false, ["type": "integer", "minimum": 1], ToolMessage.changeNumber(undo: false)),
    ]

    private static func positional(
        _ name: String, _ kind: Kind, required: Bool, _ schema: [String: Value], _ description: ToolMessage
    ) -> ToolProperty {
        var schema = schema
        schema["description"] = .string(description.english)
        return ToolProperty(name: name, kind: kind, place: .positional, required: required, schema: .object(schema))
    }
}
