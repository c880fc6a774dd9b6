import Foundation
import OpenMarketContract

/// The document's reusable responses, headers and parameters, and the helpers that assemble an
/// operation's answers from them.
enum OpenAPIResponses {
    /// Each refusal the market makes, by status, with when it makes it.
    static let refusals: [Int: String] = [
        400: "Malformed JSON or multipart, a missing part, a broken field rule, bad query values, a wrong product token.",
        401: "No `identifier` header, an unknown identifier, or a wrong vendor secret.",
        403: "The product belongs to another vendor.",
        404: "No such product (unknown, deleted, or not a positive whole number).",
        405: "The path is another route's, which does not take this method; `Allow` lists the methods it takes.",
        412: "`If-Match` names a tag that is not the product's current `ETag`.",
        413: "The request body is over \(UploadRules.maxRequestBytes) bytes (2 MiB).",
        429: "Too many wrong secrets for this identifier from this address, or too many uploads for it at once.",
        503: "The market is checking too many secrets at once.",
        DiskFull.status.code: "The market's disk is full: nothing was saved.",
    ]

    static var components: OpenAPIValue {
        var responses: [String: OpenAPIValue] = [:]
        for (status, reason) in refusals {
            var response: OpenAPIValue = [
                "description": .string(reason), "content": errorContent,
                "headers": ["Content-Language": contentLanguage, "Vary": varyByLanguage],
            ]
            if status == 429 || status == 503 {
                response = response.merging([
                    "headers": ["Retry-After": retryAfter, "Content-Language": contentLanguage, "Vary": varyByLanguage]
                ])
            }
            if status == 405 {
                response = response.merging([
                    "headers": [
                        "Allow": ["required": true, "schema": ["type": "string"]], "Content-Language": contentLanguage,
                        "Vary": varyByLanguage,
                    ]
                ])
            }
            responses["Error\(status)"] = response
        }
        return .object(responses)
    }

    static let errorContent: OpenAPIValue = ["application/json": ["schema": .ref("schemas", "Error")]]

    /// The operation's refusals, by reference.
    static func errors(_ statuses: [Int]) -> [String: OpenAPIValue] {
        Dictionary(uniqueKeysWithValues: statuses.map { (String($0), .ref("responses", "Error\($0)")) })
    }

    /// The language of an error's message: the one the request's `Accept-Language` asks for.
    static let contentLanguage: OpenAPIValue = [
        "description": "The language of the message: `ko` when Accept-Language asks for Korean first, else `en`.",
        "required": true, "schema": ["type": "string", "enum": ["en", "ko"]],
    ]
    static let varyByLanguage: OpenAPIValue = [
        "description": "`Accept-Language`: the message is in the language the request asks for.",
        "schema": ["type": "string"],
    ]

    static let retryAfter: OpenAPIValue = [
        "description": "Seconds to wait before trying again.", "schema": ["type": "integer", "minimum": 0],
    ]
    static let etag: OpenAPIValue = [
        "description": "The representation's strong tag, for `If-None-Match` and `If-Match`.",
        "schema": ["type": "string", "pattern": #"^"[^"]*"$"#],
    ]

    /// A JSON answer of `schema`, with the given headers.
    static func json(_ description: String, _ schema: String, headers: [String: OpenAPIValue] = [:]) -> OpenAPIValue {
        var response: OpenAPIValue = [
            "description": .string(description),
            "content": ["application/json": ["schema": .ref("schemas", schema)]],
        ]
        if !headers.isEmpty { response = response.merging(["headers": .object(headers)]) }
        return response
    }

    /// A plain-text answer whose body matches `pattern`.
    static func text(_ description: String, pattern: String) -> OpenAPIValue {
        [
            "description": .string(description),
            "content": ["text/plain": ["schema": ["type": "string", "pattern": .string(pattern)]]],
        ]
    }

    /// HEAD's answer for a GET's `responses`: the same statuses and headers, no body.
    static func withoutBodies(_ responses: [String: OpenAPIValue]) -> [String: OpenAPIValue] {
        responses.mapValues { response in
            guard case .object(var fields) = response.json else { return response }
            if case .string(let reference)? = fields["$ref"] {
                let status = reference.split(separator: "Error").last.map(String.init) ?? ""
                return ["description": .string(refusals[Int(status) ?? 0] ?? reference)]
            }
            fields["content"] = nil
            return OpenAPIValue(.object(fields))
        }
    }
}
