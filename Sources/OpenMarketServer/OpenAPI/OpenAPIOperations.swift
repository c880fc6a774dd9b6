import Foundation
import HTTPTypes

/// How an operation and a path item are written: the pieces every operation of the document
/// shares, so each operation's builder states only what is its own.
enum OpenAPIOperations {
    /// One operation. `secured` ones need the `identifier` header (the security scheme).
    static func operation(
        _ id: String, _ summary: String, tag: String, parameters: [OpenAPIValue] = [], body: OpenAPIValue? = nil,
        secured: Bool = false, responses: [String: OpenAPIValue]
    ) -> OpenAPIValue {
        var operation: OpenAPIValue = [
            "operationId": .string(id), "summary": .string(summary), "tags": [.string(tag)],
            "responses": .object(responses),
        ]
        if !parameters.isEmpty { operation = operation.merging(["parameters": .array(parameters)]) }
        if let body { operation = operation.merging(["requestBody": body]) }
        if secured { operation = operation.merging(["security": [["identifier": []]]]) }
        return operation
    }

    /// A GET and its HEAD, which answers the same statuses and headers without a body.
    static func getAndHead(
        _ id: String, _ summary: String, tag: String, parameters: [OpenAPIValue] = [], responses: [String: OpenAPIValue]
    ) -> [String: OpenAPIValue] {
        [
            "get": operation(id, summary, tag: tag, parameters: parameters, responses: responses),
            "head": operation(
                id + "Head", "\(summary) (headers only)", tag: tag, parameters: parameters,
                responses: OpenAPIResponses.withoutBodies(responses)),
        ]
    }

    /// A path item: its operations, and the `OPTIONS` every path answers with the `Allow` that
    /// `MethodTable` (the table the market's 405 and OPTIONS answers come from) gives for it.
    static func pathItem(_ path: String, tag: String, _ operations: [String: OpenAPIValue]) -> OpenAPIValue {
        let sample = path.split(separator: "/").map { $0.hasPrefix("{") ? "1" : String($0) }.joined(separator: "/")
        let allow = MethodTable.allowHeader(MethodTable.allowed(forPath: "/" + sample) ?? [])
        var item = operations
        item["options"] = operation(
            "options" + identifierPart(path), "The methods this path takes", tag: tag,
            responses: [
                "204": [
                    "description": "No body; `Allow` lists the methods.",
                    "headers": ["Allow": ["required": true, "schema": ["type": "string", "const": .string(allow)]]],
                ]
            ])
        // Declared on the path too (as any text) for OPTIONS; each operation states its own.
        let names = path.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) }
        if !names.isEmpty {
            item["parameters"] = .array(names.map { Self.path($0, ["type": "string"], "A path segment.") })
        }
        return .object(item)
    }

    /// `/api/products/{id}/archived` → `ApiProductsByIdArchived`, for operation ids.
    static func identifierPart(_ path: String) -> String {
        let segments = path.split(separator: "/").map { segment in
            let words = segment.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            return (segment.hasPrefix("{") ? "By" : "") + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
        return segments.isEmpty ? "Root" : segments.joined()
    }

    // MARK: Parameters

    static func path(_ name: String, _ schema: OpenAPIValue, _ description: String) -> OpenAPIValue {
        ["name": .string(name), "in": "path", "required": true, "schema": schema, "description": .string(description)]
    }

    static func query(_ name: String, _ schema: OpenAPIValue, _ description: String) -> OpenAPIValue {
        ["name": .string(name), "in": "query", "schema": schema, "description": .string(description)]
    }

    static func header(_ name: String, _ description: String) -> OpenAPIValue {
        ["name": .string(name), "in": "header", "schema": ["type": "string"], "description": .string(description)]
    }

    static let ifNoneMatch = header(
        "If-None-Match", "Tags of copies the client holds: naming the current `ETag` (or `*`) answers 304 without a body.")
}
