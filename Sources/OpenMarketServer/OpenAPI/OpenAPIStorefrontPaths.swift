import Foundation
import OpenMarketContract

/// The storefront's paths: what a browser reads. Its query values are lenient by design (a page
/// number that is not one is page 1), so their schemas are plain strings.
extension OpenAPIOtherPaths {
    static let storefront = "storefront"

    static func html(_ description: String) -> OpenAPIValue {
        ["description": .string(description), "content": ["text/html": ["schema": ["type": "string"]]]]
    }

    static let language = Ops.header("Accept-Language", "Korean (`ko`) or English; the page's language.")

    static var storefrontList: OpenAPIValue {
        let parameters: [OpenAPIValue] = [
            Ops.query("page", ["type": "string"], "A page number from 1; anything else is page 1, past the end the last page."),
            Ops.query("view", ["type": "string", "examples": ["grid"]], "`grid` for the grid view; anything else is the list."),
            language,
        ]
        let item = Ops.getAndHead(
            "storefrontList", "The catalog as buyers see it", tag: storefront, parameters: parameters,
            responses: ["200": html("The page.")])
        return Ops.pathItem("/", tag: storefront, item)
    }

    static var storefrontDetail: OpenAPIValue {
        let id = Ops.path("id", ["type": "string"], "The product's id; anything else is the missing page.")
        let item = Ops.getAndHead(
            "storefrontProduct", "One product as buyers see it", tag: storefront, parameters: [id, language],
            responses: ["200": html("The page."), "404": html("The missing page.")])
        return Ops.pathItem("/products/{id}", tag: storefront, item)
    }

    static func asset(_ name: String, _ type: String) -> OpenAPIValue {
        let ok: OpenAPIValue = ["description": "The file.", "content": [type: ["schema": ["type": "string"]]]]
        let id = name == "app.js" ? "storefrontScript" : "storefrontStyle"
        return Ops.pathItem(
            "/storefront/\(name)", tag: storefront,
            Ops.getAndHead(id, "The pages' \(name)", tag: storefront, responses: ["200": ok]))
    }

    static var storefrontEvents: OpenAPIValue {
        let responses: [String: OpenAPIValue] = [
            "200": [
                "description":
                    "Server-Sent Events, one per catalog change (`created`, `changed`, `deleted`), until the page closes.",
                "content": ["text/event-stream": ["schema": ["type": "string"]]],
            ],
            "503": [
                "description": "Too many pages are listening (no body).",
                "headers": ["Retry-After": OpenAPIResponses.retryAfter],
            ],
        ]
        let item = Ops.getAndHead("storefrontEvents", "Tell an open page what changed", tag: storefront, responses: responses)
        return Ops.pathItem("/storefront/events", tag: storefront, item)
    }
}
