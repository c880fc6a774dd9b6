import Foundation
import OpenMarketContract

/// The paths beside the products: the health check, the image files, this document, and the
/// buyers' storefront (HTML, read-only, no credentials).
enum OpenAPIOtherPaths {
    typealias Ops = OpenAPIOperations

    static var all: [String: OpenAPIValue] {
        [
            "/healthChecker": health, "/images/{vendor_id}/{day}/{file}": image, "/openapi.json": document,
            "/": storefrontList, "/products/{id}": storefrontDetail, "/storefront/app.js": asset("app.js", "text/javascript"),
            "/storefront/style.css": asset("style.css", "text/css"), "/storefront/events": storefrontEvents,
        ]
    }

    static var health: OpenAPIValue {
        let ok: OpenAPIValue = [
            "description": "The 4 bytes `\"OK\"`: a JSON string, quotes included.",
            "content": ["application/json": ["schema": ["const": "OK"]]],
        ]
        return Ops.pathItem(
            "/healthChecker", tag: "health",
            Ops.getAndHead("healthCheck", "Is the market up", tag: "health", responses: ["200": ok]))
    }

    static var document: OpenAPIValue {
        let ok: OpenAPIValue = [
            "description": "This document.",
            "content": ["application/json": ["schema": ["type": "object", "required": ["openapi", "info", "paths"]]]],
        ]
        return Ops.pathItem(
            "/openapi.json", tag: "health",
            Ops.getAndHead("openAPIDocument", "This OpenAPI document", tag: "health", responses: ["200": ok]))
    }

    static var image: OpenAPIValue {
        let parameters: [OpenAPIValue] = [
            Ops.path("vendor_id", ["type": "string", "pattern": "^[0-9]+$"], "The vendor's id."),
            Ops.path("day", ["type": "string", "pattern": "^[0-9]{8}$"], "The upload's day, `yyyyMMdd`."),
            Ops.path(
                "file", ["type": "string", "pattern": #"^[0-9a-f]{32}_(origin|thumb)\.(jpg|png|gif)$"#],
                "The file: the original or its thumbnail (longest side at most 200 px)."),
            Ops.ifNoneMatch,
        ]
        let cache: OpenAPIValue = [
            "schema": ["type": "string"], "description": "Cached for good: a file's name never changes its content.",
        ]
        let bytes: OpenAPIValue = ["schema": ["type": "string", "format": "binary"]]
        var responses = OpenAPIResponses.errors([404])
        responses["200"] = [
            "description": "The image's bytes.", "headers": ["ETag": OpenAPIResponses.etag, "Cache-Control": cache],
            "content": ["image/jpeg": bytes, "image/png": bytes, "image/gif": bytes],
        ]
        responses["304"] = [
            "description": "The copy named in `If-None-Match` is current.",
            "headers": ["ETag": OpenAPIResponses.etag, "Cache-Control": cache],
        ]
        let item = Ops.getAndHead(
            "getImage", "An uploaded image or its thumbnail", tag: "images", parameters: parameters, responses: responses)
        return Ops.pathItem("/images/{vendor_id}/{day}/{file}", tag: "images", item)
    }
}
