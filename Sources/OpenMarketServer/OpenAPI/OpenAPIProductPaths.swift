import Foundation
import OpenMarketContract

/// The product resource's paths (the contract's endpoint table), one builder per path.
enum OpenAPIProductPaths {
    typealias Ops = OpenAPIOperations
    static let tag = "products"

    static var all: [String: OpenAPIValue] {
        [
            "/api/products": collection, "/api/products/{id}": product, "/api/products/{id}/archived": archived,
            "/api/products/{id}/secret": secret, "/api/products/{id}/{secret}": legacyDelete,
        ]
    }

    static var idParameter: OpenAPIValue {
        Ops.path("id", OpenAPISchemas.productID, "The product's id; anything else is a product that does not exist (404).")
    }

    static let ifMatch = Ops.header(
        "If-Match", "Edit only if the product's current `ETag` is among these tags (or `*`); otherwise 412.")

    static func jsonBody(_ schema: String) -> OpenAPIValue {
        ["required": true, "content": ["application/json": ["schema": .ref("schemas", schema)]]]
    }

    static var collection: OpenAPIValue {
        let perPage = MarketRoutes.itemsPerPage
        let pages = MarketRoutes.pageNumbers
        let parameters: [OpenAPIValue] = [
            Ops.query(
                "page_no",
                ["type": "integer", "minimum": .number(pages.lowerBound), "maximum": .number(pages.upperBound), "default": 1],
                "The page, from 1; past the end, `pages` is empty."),
            Ops.query(
                "items_per_page",
                [
                    "type": "integer", "minimum": .number(perPage.lowerBound), "maximum": .number(perPage.upperBound),
                    "default": .number(MarketRoutes.defaultItemsPerPage),
                ], "Products per page."),
            Ops.query(
                "search_value", ["type": "string", "pattern": #"^[^\u0000]*$"#],
                "Case-insensitive substring of the name or the description; `totalCount` then counts matches."),
        ]
        var responses = OpenAPIResponses.errors([400])
        responses["200"] = OpenAPIResponses.json("A page of products, newest first.", "ProductPage")
        var item = Ops.getAndHead(
            "listProducts", "List and search products", tag: tag, parameters: parameters, responses: responses)
        item["post"] = create
        return Ops.pathItem("/api/products", tag: tag, item)
    }

    static var create: OpenAPIValue {
        var responses = OpenAPIResponses.errors([400, 401, 413, 429, 503, DiskFull.status.code])
        responses["201"] = OpenAPIResponses.json("The new product.", "Product", headers: ["ETag": OpenAPIResponses.etag])
        let body: OpenAPIValue = [
            "required": true,
            "content": [
                "multipart/form-data": [
                    "schema": .ref("schemas", "CreateForm"),
                    "encoding": [
                        "params": ["contentType": "application/json"],
                        "images": ["contentType": "image/jpeg, image/png, image/gif, application/octet-stream"],
                    ],
                ]
            ],
        ]
        return Ops.operation(
            "createProduct", "Create a product from a `params` part and 1 to 5 images", tag: tag, body: body, secured: true,
            responses: responses)
    }
}
