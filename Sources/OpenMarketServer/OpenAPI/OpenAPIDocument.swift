import Foundation
import OpenMarketContract

/// The market's API as an OpenAPI 3.1 document, built here from the values the market enforces
/// (the one source of truth; `docs/openapi.json` is a copy that a test keeps equal), served at
/// `/openapi.json` and printed by `openmarket-server openapi`.
public enum OpenAPIDocument {
    /// The document as a value.
    public static var value: JSONValue {
        let paths = OpenAPIProductPaths.all.merging(OpenAPIOtherPaths.all) { first, _ in first }
        let document: OpenAPIValue = [
            "openapi": "3.1.0", "info": info, "paths": .object(paths),
            "tags": [
                ["name": "products", "description": "The seller's API: list, read, create, edit and delete products."],
                ["name": "images", "description": "The uploaded images and their thumbnails."],
                ["name": "health", "description": "The health check and this document."],
                ["name": "storefront", "description": "The catalog as buyers see it, as HTML."],
            ],
            "components": [
                "schemas": OpenAPISchemas.all, "responses": OpenAPIResponses.components,
                "securitySchemes": [
                    "identifier": [
                        "type": "apiKey", "in": "header", "name": "identifier",
                        "description": "The vendor's identifier (a UUID). The vendor's secret travels in the body.",
                    ]
                ],
            ],
        ]
        return document.json
    }

    /// The document as served: pretty-printed with sorted keys, so the checked-in copy reads
    /// and diffs well, ending in a newline.
    public static var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail: it holds no non-finite numbers.
        let data = (try? encoder.encode(value)) ?? Data()
        return data + Data("\n".utf8)
    }

    static var info: OpenAPIValue {
        [
            "title": "Open Market API", "version": "2.0",
            "description": .string(description),
        ]
    }

    static let description = """
        The Open Market API 2.0 as the bundled market (`openmarket-server`) answers it; docs/api.md has the \
        rules in words. Reading needs no credentials. Every change sends the vendor's `identifier` header and \
        the vendor's `secret` in the body.

        Beyond the operations listed: a method a path does not take answers 405 with `Allow` and the error \
        body; `OPTIONS` answers 204 with `Allow`; a path no route has answers 404 with the error body; a \
        request with a transfer coding other than `chunked` answers 501 with the error body. `+` in a query \
        string is a space. Every refusal's body is `{"code": status, "message": text}`; the message is in \
        the language the request's `Accept-Language` asks for (Korean for `ko`, English otherwise), which the \
        answer's `Content-Language` names (with `Vary: Accept-Language`).
        """
}
