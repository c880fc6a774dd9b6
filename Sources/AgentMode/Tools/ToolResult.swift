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
    /// The most items of any other list (`failure`, `notes`, `warnings`, `summary`,
    /// `documents`, `entries`) one result holds.
    public static let itemsShown = 100
    /// The most bytes of printed text one result holds, and of one document.
    public static let textBytes = 64 * 1024

    /// A read's or an applied change's result: text (what the shell printed, plain) +
    /// structuredContent (`status`, `products`, `listed`, `text`, `documents`, `entries`,
    /// `notes`, `warnings`, `summary`, `changes` as `{kind, id, before, after}`, `failure`),
    /// isError for a failed report. A usage error's `usage: …` line is the shell's syntax, which
    /// no tool takes: it is left out (the schema says what the tool takes).
    public static func make(_ report: CommandReport, printed: String) -> CallTool.Result {
        var result = Structured()
        if let outcome = report.outcome { result.add(outcome) }
        var failure = report.failure
        if let usage = report.usage, failure.last == usage { failure.removeLast() }
        result.fields["failure"] = failure.isEmpty ? nil : .array(result.capped("failure", failure).map(Value.string))
        result.fields["status"] = .string("\(report.status)")
        let failed = report.status != .ok
        // A usage error stops before the command runs: its failure is all it printed.
        var text = (printed.isEmpty || report.usage != nil) && failed ? failure.joined(separator: "\n") : printed
        if let cut = bounded(text) {
            result.added.append(ToolMessage.textCapped(shown: cut.utf8.count, total: text.utf8.count).text)
            text = cut
        }
        let structured: Value? = result.finish()
        // Only the notes said here: the shell printed its own already.
        let notes = result.capNotes()
        if !notes.isEmpty { text += (text.isEmpty ? "" : "\n") + notes.joined(separator: "\n") }
        return CallTool.Result(
            content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: structured, isError: failed)
    }

    /// A failure found before any command ran (an argument the schema refuses, a refused token,
    /// a question the person declined) as a tool result: the same shape as a command's failure
    /// (`status` and `failure` as a list of lines), so every result keeps the tool's
    /// outputSchema; `isError`.
    public static func failure(_ failure: AgentFailure, status: CommandStatus = .usage) -> CallTool.Result {
        make(CommandReport(status: status, failure: [failure.text]), printed: "")
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

    static func document(_ data: Data) -> Value? { JSONValues.document(data) }

    static func document(_ product: Product) -> Value? {
        (try? MarketJSON.encoder.encode(product)).flatMap(document)
    }

    /// The shape of a read tool's structured content, from the keys `make` writes: an object
    /// whose lists hold products (the server's JSON), `changes`' entries, or lines. Open to more
    /// keys, and requiring none but `status`, so a failure's result fits it too.
    static func outputSchema(for tool: String) -> Value {
        let lines: Value = ["type": "array", "items": ["type": "string"]]
        let objects: Value = ["type": "array", "items": ["type": "object"]]
        var properties: [String: Value] = [
            "status": ["type": "string", "description": "ok, or how the command failed (usage, failed, …)"],
            "failure": lines, "notes": lines, "warnings": lines, "summary": lines, "listed": lines, "text": lines,
            "documents": ["type": "array"],
        ]
        switch tool {
        case "list", "search", "show":
            properties["products"] = [
                "type": "array", "items": ["type": "object"], "description": "the products, as the server's JSON",
            ]
        case "changes":
            properties["entries"] = [
                "type": "array", "description": "the kept changes, oldest first; number is what undo and redo take",
                "items": [
                    "type": "object",
                    "properties": [
                        "number": ["type": "integer"], "time": ["type": "string"], "command": ["type": "string"],
                        "kind": ["type": "string"], "products": ["type": "array", "items": ["type": "integer"]],
                        "state": ["type": "string", "enum": ["done", "undone", "partly undone"]],
                        "this_session": ["type": "boolean"],
                    ],
                ],
            ]
        default: properties["changes"] = objects
        }
        return ["type": "object", "properties": .object(properties), "required": ["status"]]
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
    var entries: [Value] = []
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
        case .grid(let grid, let raw): addList(raw, grid.products)
        case .products(let products, let raw, _): addList(raw, products)
        case .listed(let text, _, let raw):
            if let raw, case .array(let items)? = ToolResult.document(raw) {
                entries += items
            } else {
                listed.append(bounded(text))
            }
        case .text(let text, let raw):
            texts.append(bounded(text))
            if let raw, raw.count <= ToolResult.textBytes, let document = ToolResult.document(raw) {
                documents.append(document)
            } else if let raw {
                added.append(ToolMessage.documentLeftOut(bytes: raw.count).text)
            }
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

    /// A list's products, in its order: each the server's own item of the document it came in
    /// (a page's `pages` array, or an array of every page gathered), matched by id; the
    /// product encoded where the document has none (a filter or a sort keeps the document's
    /// items, not its order).
    private mutating func addList(_ raw: Data, _ products: [Product]) {
        productIDs.formUnion(products.map(\.id))
        var items: [Value] = []
        switch ToolResult.document(raw) {
        case .array(let all)?: items = all
        case .object(let page)?: items = page["pages"]?.arrayValue ?? []
        default: break
        }
        var byID: [Int: Value] = [:]
        for item in items { if let id = item.objectValue?["id"]?.intValue, byID[id] == nil { byID[id] = item } }
        append(products.compactMap { byID[$0.id] ?? ToolResult.document($0) })
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

    /// The first ``ToolResult/itemsShown`` of `items`, with a note when there are more.
    mutating func capped<Item>(_ list: String, _ items: [Item]) -> [Item] {
        guard items.count > ToolResult.itemsShown else { return items }
        added.append(ToolMessage.itemsCapped(list: list, shown: ToolResult.itemsShown, total: items.count).text)
        return Array(items.prefix(ToolResult.itemsShown))
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

    /// The fields, each list capped (with a note, in `notes`, which is capped last).
    mutating func finish() -> Value {
        var fields = self.fields
        let lists: [(String, [String])] = [("listed", listed), ("text", texts), ("warnings", warnings), ("summary", summary)]
        for (key, items) in lists where !items.isEmpty { fields[key] = .array(capped(key, items).map(Value.string)) }
        if !products.isEmpty { fields["products"] = .array(products) }
        if !documents.isEmpty { fields["documents"] = .array(capped("documents", documents)) }
        if !entries.isEmpty { fields["entries"] = .array(capped("entries", entries)) }
        if !changes.isEmpty { fields["changes"] = .array(changes) }
        let notes = capped("notes", notes) + capNotes()
        if !notes.isEmpty { fields["notes"] = .array(notes.map(Value.string)) }
        return .object(fields)
    }
}
