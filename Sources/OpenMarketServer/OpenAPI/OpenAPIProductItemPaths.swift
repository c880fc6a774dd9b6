import Foundation
import OpenMarketContract

/// One product's paths: read, edit, the two-step delete, and the earlier host's secret and delete.
extension OpenAPIProductPaths {
    static var product: OpenAPIValue {
        var read = OpenAPIResponses.errors([404])
        read["200"] = OpenAPIResponses.json("The product.", "Product", headers: ["ETag": OpenAPIResponses.etag])
        read["304"] = [
            "description": "The copy named in `If-None-Match` is current.", "headers": ["ETag": OpenAPIResponses.etag],
        ]
        var item = Ops.getAndHead(
            "getProduct", "Read a product", tag: tag, parameters: [idParameter, Ops.ifNoneMatch], responses: read)
        var edited = OpenAPIResponses.errors([400, 401, 403, 404, 412, 413, 429, 503, DiskFull.status.code])
        edited["202"] = OpenAPIResponses.json("The edited product.", "Product", headers: ["ETag": OpenAPIResponses.etag])
        item["patch"] = Ops.operation(
            "editProduct", "Edit a product (the vendor's secret in the body)", tag: tag, parameters: [idParameter, ifMatch],
            body: jsonBody("EditBody"), secured: true, responses: edited)
        var deleted = OpenAPIResponses.errors([400, 401, 403, 404, DiskFull.status.code])
        deleted["200"] = OpenAPIResponses.json("The deleted product, as it was.", "Product")
        let token = Ops.path(
            "id", ["type": "string", "minLength": 1],
            "The token of the delete URI that `POST /api/products/{id}/archived` answered (opaque; a wrong one is 400).")
        item["delete"] = Ops.operation(
            "deleteProduct", "Delete a product by its delete URI", tag: tag, parameters: [token], secured: true,
            responses: deleted)
        return Ops.pathItem("/api/products/{id}", tag: tag, item)
    }

    static var archived: OpenAPIValue {
        var responses = OpenAPIResponses.errors([400, 401, 403, 404, 413, 429, 503])
        responses["200"] = OpenAPIResponses.text("The delete URI, an absolute path.", pattern: "^/api/products/[A-Za-z0-9_-]+$")
        let operation = Ops.operation(
            "deleteURI", "Ask for a product's delete URI", tag: tag, parameters: [idParameter], body: jsonBody("SecretBody"),
            secured: true, responses: responses)
        return Ops.pathItem("/api/products/{id}/archived", tag: tag, ["post": operation])
    }

    static var secret: OpenAPIValue {
        var responses = OpenAPIResponses.errors([400, 401, 403, 404, 413, 429, 503])
        responses["200"] = OpenAPIResponses.text("The product's own secret (the earlier host's delete step).", pattern: "^[^/]+$")
        let operation = Ops.operation(
            "productSecret", "Ask for a product's secret (the earlier host)", tag: tag, parameters: [idParameter],
            body: jsonBody("SecretBody"), secured: true, responses: responses)
        return Ops.pathItem("/api/products/{id}/secret", tag: tag, ["post": operation])
    }

    static var legacyDelete: OpenAPIValue {
        var responses = OpenAPIResponses.errors([400, 401, 403, 404, 405, DiskFull.status.code])
        responses["200"] = OpenAPIResponses.json("The deleted product, as it was.", "Product")
        // `archived` and `secret` there are the two POST routes' paths, not a product secret.
        let productSecret = Ops.path(
            "secret", ["type": "string", "minLength": 1, "not": ["enum": ["archived", "secret"]]],
            "The product's secret (not the vendor's).")
        let operation = Ops.operation(
            "deleteProductBySecret", "Delete a product by its product secret (the earlier host)", tag: tag,
            parameters: [idParameter, productSecret], secured: true, responses: responses)
        return Ops.pathItem("/api/products/{id}/{secret}", tag: tag, ["delete": operation])
    }
}
