import Foundation
import OpenMarketContract

/// The document's `components/schemas`: the bodies the market reads and writes. Every bound is
/// taken from the rules the market itself applies (`ProductRules`, `UploadRules`), so the
/// document cannot state another number than the one enforced.
///
/// Response schemas are closed (`additionalProperties: false`): a field the market starts to
/// send, or stops sending, breaks the checks. Request schemas are open, as the market ignores
/// unknown keys. Lengths counted in characters as a person sees them (grapheme clusters) have
/// only their lower bound as a keyword (JSON Schema counts code points, never fewer than
/// graphemes); the upper bound is in the description.
enum OpenAPISchemas {
    static var all: OpenAPIValue {
        .object([
            "Error": error, "Timestamp": timestamp, "Currency": currency, "Price": price, "Discount": discount,
            "Stock": stock, "ProductImage": image, "VendorReference": vendorReference,
            "ProductSummary": summary, "Product": detail, "ProductPage": page,
            "CreateParams": createParams, "CreateForm": createForm,
            "EditBody": editBody, "SecretBody": secretBody,
        ])
    }

    static let error: OpenAPIValue = [
        "type": "object", "required": ["code", "message"], "additionalProperties": false,
        "description": .string(
            "Every refusal's body: the status again, and a message naming the offending field or part, in the "
                + "language the request's Accept-Language asks for (English by default; field names stay as they are)."),
        "properties": [
            "code": ["type": "integer", "minimum": 400, "maximum": 599],
            "message": ["type": "string", "minLength": 1],
        ],
    ]

    static let timestamp: OpenAPIValue = [
        "type": "string", "pattern": #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$"#,
        "description": "UTC, `yyyy-MM-dd'T'HH:mm:ss`, without a zone suffix.", "examples": ["2022-10-18T09:12:44"],
    ]

    static var currency: OpenAPIValue {
        ["type": "string", "enum": .array(Currency.accepted.map { .string($0.rawValue) })]
    }

    static var price: OpenAPIValue {
        [
            "type": "number", "exclusiveMinimum": 0, "maximum": .number(ProductRules.maxPrice),
            "description":
                "Greater than 0, at most \(ProductRules.maxPrice), with at most \(ProductRules.maxDecimalPlaces) decimal places.",
        ]
    }

    static var discount: OpenAPIValue {
        [
            "type": "number", "minimum": 0, "maximum": .number(ProductRules.maxPrice),
            "description": "The discount amount: 0 to the price, with at most \(ProductRules.maxDecimalPlaces) decimal places.",
        ]
    }

    static var stock: OpenAPIValue {
        ["type": "integer", "minimum": 0, "maximum": .number(ProductRules.maxStock)]
    }

    static var productID: OpenAPIValue {
        ["type": "integer", "minimum": 1, "maximum": .number(ProductRules.maxProductID)]
    }

    static var image: OpenAPIValue {
        closed(
            required: ["id", "url", "thumbnail_url", "issued_at"],
            [
                "id": productID, "url": ["type": "string", "format": "uri"],
                "thumbnail_url": ["type": "string", "format": "uri"], "issued_at": .ref("schemas", "Timestamp"),
            ])
    }

    static var vendorReference: OpenAPIValue {
        closed(required: ["id", "name"], ["id": ["type": "integer", "minimum": 1], "name": ["type": "string"]])
    }

    /// A closed object: exactly these properties, the listed ones always present.
    static func closed(required: [String], _ properties: [String: OpenAPIValue]) -> OpenAPIValue {
        [
            "type": "object", "additionalProperties": false, "required": .array(required.map { .string($0) }),
            "properties": .object(properties),
        ]
    }
}
