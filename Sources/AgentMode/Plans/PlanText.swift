import Foundation
import MCP
import OpenMarketContract
import SellerShell

/// A plan written out: lines for a person or a model to read, and the same as JSON.
enum PlanText {
    /// The most of a body a plan's line shows, in Unicode scalars.
    static let bodyShown = 200
    /// The most requests, and products, a plan's lines list (a large import's run to thousands).
    static let itemsShown = 50

    static func lines(
        command: String, tool: String, requests: [PlannedRequest], products: [PlannedProduct], deletes: Int, minutes: Int
    ) -> [String] {
        var lines = [PlanMessage.heading(command: command).text]
        guard !requests.isEmpty else { return lines + [PlanMessage.nothingToApply.text] }
        lines.append(PlanMessage.requestsHeading(count: requests.count).text)
        lines += listed(requests.map(line))
        if !products.isEmpty {
            lines.append(PlanMessage.productsHeading.text)
            lines += listed(products.map(\.line.text))
        }
        if deletes > 0 { lines.append(PlanMessage.deletes(count: deletes).text) }
        lines.append(PlanMessage.howToApply(tool: tool, minutes: minutes).text)
        return lines
    }

    /// Each item indented, the first `itemsShown` of them, then how many more.
    static func listed(_ items: [String]) -> [String] {
        let shown = items.prefix(itemsShown).map { "  " + $0 }
        guard items.count > itemsShown else { return shown }
        return shown + ["  " + PlanMessage.andMore(count: items.count - itemsShown).text]
    }

    /// `PATCH /api/products/3  If-Match: "…"  {"price":9000,"secret":"$OPENMARKET_SECRET"}`.
    static func line(_ request: PlannedRequest) -> String {
        var line = request.shortText
        if let etag = request.ifMatch { line += "  " + PlanMessage.ifMatch(etag: TextLayout.visible(etag, limit: 80)).text }
        if let body = request.body { line += "  " + short(PlannedRequest.encoded(body)) }
        if !request.parts.isEmpty {
            let parts = request.parts.map { part in
                if let json = part.json { return "\(part.name) " + short(PlannedRequest.encoded(json)) }
                return PlanMessage.filePart(
                    name: part.name, file: part.filename.map { TextLayout.visible($0, limit: 60) },
                    contentType: part.contentType, bytes: part.byteCount, sha256: String((part.sha256 ?? "").prefix(12))
                ).text
            }
            line += "  " + PlanMessage.multipart(parts: parts).text
        }
        return line
    }

    /// `text` cut at `bodyShown` scalars.
    static func short(_ text: String) -> String { AgentText.cut(text, at: bodyShown) }

    /// The most requests, and products, a plan's JSON lists (the token binds them all).
    static let itemsInJSON = 500

    static func json(
        tool: String, command: String, requests: [PlannedRequest], products: [PlannedProduct], deletes: Int
    ) -> Value {
        var object: [String: Value] = [
            "tool": .string(tool), "command": .string(command), "deletes": .int(deletes),
            "requests": .array(requests.prefix(itemsInJSON).map(json)),
            "products": .array(products.prefix(itemsInJSON).map(json)),
        ]
        let left = (requests: max(0, requests.count - itemsInJSON), products: max(0, products.count - itemsInJSON))
        if left.requests + left.products > 0 {
            object["omitted"] = .object([
                "requests": .int(left.requests), "products": .int(left.products),
                "note": .string(PlanMessage.omitted(count: left.requests + left.products).text),
            ])
        }
        return .object(object)
    }

    static func json(_ request: PlannedRequest) -> Value {
        var object: [String: Value] = [
            "method": .string(request.method), "path": .string(request.path),
            "if_match": request.ifMatch.map(Value.string) ?? .null, "body": request.body.map(value) ?? .null,
        ]
        if !request.parts.isEmpty {
            object["parts"] = .array(
                request.parts.map { part in
                    .object([
                        "name": .string(part.name), "filename": part.filename.map(Value.string) ?? .null,
                        "content_type": .string(part.contentType), "bytes": .int(part.byteCount),
                        "sha256": part.sha256.map(Value.string) ?? .null, "json": part.json.map(value) ?? .null,
                    ])
                })
        }
        return .object(object)
    }

    static func json(_ product: PlannedProduct) -> Value {
        let fields = { (product: Product?) -> Value in
            guard let product else { return .null }
            let values = ProductField.changeable.compactMap { field in
                field.value(of: product).map { (field.rawValue, value($0)) }
            }
            return .object(Dictionary(values, uniquingKeysWith: { first, _ in first }))
        }
        return .object([
            "id": product.id.map(Value.int) ?? .null, "name": .string(product.name), "kind": .string(product.kind.rawValue),
            "before": fields(product.before), "after": fields(product.after),
            "changes": .array(
                product.changes.map { change in
                    .object([
                        "field": .string(change.field.rawValue), "before": change.before.map(value) ?? .null,
                        "after": value(change.after), "text": .string(change.text),
                    ])
                }),
        ])
    }

    /// A field's value as JSON: amounts as numbers, the currency and texts as strings.
    static func value(_ field: ProductFieldValue) -> Value {
        switch field {
        case .text(let text): .string(text)
        case .amount(let amount, _): number(amount)
        case .currency(let currency): .string(currency.rawValue)
        case .count(let count): .int(count)
        case .image(let id): .int(id)
        case .photo(let index): index.map(Value.int) ?? .null
        }
    }

    /// The one conversion agent mode uses (`JSONValues`).
    static func value(_ json: JSONValue) -> Value { JSONValues.value(json) }

    static func number(_ decimal: Decimal) -> Value { JSONValues.number(decimal) }
}
