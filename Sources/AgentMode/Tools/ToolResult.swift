import Foundation
import MCP
import OpenMarketContract
import SellerShell

/// A command's report as a tool's result: the text is what the shell printed (already made
/// visible: control characters shown, not acted on), the structured content the typed outcome.
/// Products are the server's own JSON documents; a string from the server keeps its control
/// characters, which the JSON escapes. Both are bounded, with a note that says so.
public enum ToolResult {
    /// The most products, and product changes, one result holds.
    public static let productsShown = 100
    /// The most bytes of printed text one result holds.
    public static let textBytes = 64 * 1024

    /// A read's or an applied change's result: text (what the shell printed, plain) +
    /// structuredContent (`status`, `products`, `listed`, `text`, `documents`, `notes`,
    /// `warnings`, `summary`, `changes` as `{kind, id, before, after}`, `failure`), isError for a
    /// failed report.
    public static func make(_ report: CommandReport, printed: String) -> CallTool.Result {
        var result = Structured()
        if let outcome = report.outcome { result.add(outcome) }
        result.fields["failure"] = report.failure.isEmpty ? nil : .array(report.failure.map(Value.string))
        result.fields["status"] = .string("\(report.status)")
        let failed = report.status != .ok
        var text = printed.isEmpty && failed ? report.failure.joined(separator: "\n") : printed
        if let cut = bounded(text) {
            result.added.append(ToolMessage.textCapped(shown: cut.utf8.count, total: text.utf8.count).text)
            text = cut
        }
        // Only the notes said here: the shell printed its own already.
        let notes = result.capNotes()
        if !notes.isEmpty { text += (text.isEmpty ? "" : "\n") + notes.joined(separator: "\n") }
        let structured: Value? = result.value
        return CallTool.Result(
            content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: structured, isError: failed)
    }

    /// `text` cut at ``textBytes`` on a scalar's boundary; nil when it fits.
    static func bounded(_ text: String) -> String? {
        guard text.utf8.count > textBytes else { return nil }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= textBytes else { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// A JSON document (a server's answer, a product encoded) as an MCP value; numbers stay
    /// whole where they are, others become the nearest double to their decimal text, which
    /// JSON writes back as the same digits (19.99).
    static func value(_ json: JSONValue) -> Value {
        switch json {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): Int("\(number)").map(Value.int) ?? .double(Double("\(number)") ?? 0)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(value))
        case .object(let fields): .object(fields.mapValues(value))
        }
    }

    static func document(_ data: Data) -> Value? { JSONValue.parse(data).map(value) }

    static func document(_ product: Product) -> Value? {
        (try? MarketJSON.encoder.encode(product)).flatMap(document)
    }
}

/// The structured content, gathered output by output.
private struct Structured {
    var fields: [String: Value] = [:]
    var products: [Value] = []
    var productIDs: Set<Int> = []
    var listed: [String] = []
    var texts: [String] = []
    var documents: [Value] = []
    var notes: [String] = []
    var warnings: [String] = []
    var summary: [String] = []
    var changes: [Value] = []
    /// Every product the outcome held, shown or not.
    var productsTotal = 0
    var cappedChanges: Int?
    /// The notes said here, not by the command (what was left out).
    var added: [String] = []

    mutating func add(_ outcome: CommandOutcome) {
        for output in outcome.output { add(output) }
        if let product = outcome.product, !productIDs.contains(product.id) {
            add(product: product.product, raw: product.document)
        }
        let changes = outcome.changes
        self.changes = changes.prefix(ToolResult.productsShown).map(Self.change)
        if changes.count > ToolResult.productsShown { cappedChanges = changes.count }
    }

    private mutating func add(_ output: CommandOutcome.Output) {
        switch output {
        case .detail(let product, let raw), .pictured(let product, let raw, _, _), .written(let product, let raw, _, _):
            add(product: product, raw: raw)
        case .grid(_, let raw): addList(raw, [])
        case .products(let products, let raw, _): addList(raw, products)
        case .listed(let text, _): listed.append(bounded(text))
        case .text(let text, let raw):
            texts.append(bounded(text))
            if let raw, let document = ToolResult.document(raw) { documents.append(document) }
        case .prose(let text): texts.append(bounded(text))
        case .note(let text): notes.append(text)
        case .warning(let text): warnings.append(text)
        case .summary(let text): summary.append(text)
        }
    }

    private mutating func add(product: Product, raw: Data) {
        productIDs.insert(product.id)
        guard let document = ToolResult.document(raw) ?? ToolResult.document(product) else { return }
        append([document])
    }

    /// A list's items: the page's `pages` array as the server sent it, or the array itself (every
    /// page, gathered); the products encoded when the document is neither.
    private mutating func addList(_ raw: Data, _ products: [Product]) {
        productIDs.formUnion(products.map(\.id))
        switch JSONValue.parse(raw) {
        case .array(let items)?: append(items.map(ToolResult.value))
        case .object(let page)?:
            if case .array(let items)? = page["pages"] { append(items.map(ToolResult.value)) }
        default: append(products.compactMap(ToolResult.document))
        }
    }

    private mutating func append(_ more: [Value]) {
        productsTotal += more.count
        products += more.prefix(max(ToolResult.productsShown - products.count, 0))
    }

    /// `text`, cut at ``ToolResult/textBytes`` with a note when it is longer.
    private mutating func bounded(_ text: String) -> String {
        guard let cut = ToolResult.bounded(text) else { return text }
        added.append(ToolMessage.textCapped(shown: cut.utf8.count, total: text.utf8.count).text)
        return cut
    }

    private static func change(_ change: ProductChange) -> Value {
        [
            "kind": .string(change.kind.rawValue), "id": .int(change.productID),
            "before": change.before.flatMap(ToolResult.document) ?? .null,
            "after": change.after.flatMap(ToolResult.document) ?? .null,
        ]
    }

    /// The notes for what was left out, in the session's language.
    func capNotes() -> [String] {
        var lines = added
        if productsTotal > products.count {
            let total = productsTotal
            lines.append(ToolMessage.productsCapped(shown: ToolResult.productsShown, total: total).text)
        }
        if let total = cappedChanges {
            lines.append(ToolMessage.changesCapped(shown: ToolResult.productsShown, total: total).text)
        }
        return lines
    }

    var value: Value {
        var fields = self.fields
        let lists: [(String, [String])] = [
            ("listed", listed), ("text", texts), ("warnings", warnings), ("summary", summary),
            ("notes", notes + capNotes()),
        ]
        for (key, items) in lists where !items.isEmpty { fields[key] = .array(items.map(Value.string)) }
        if !products.isEmpty { fields["products"] = .array(products) }
        if !documents.isEmpty { fields["documents"] = .array(documents) }
        if !changes.isEmpty { fields["changes"] = .array(changes) }
        return .object(fields)
    }
}
