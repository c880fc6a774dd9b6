import Foundation
import OpenMarketContract

/// The bodies sellers send: a create's `params` part and its images, an edit, a secret.
extension OpenAPISchemas {
    /// The product fields a create must and an edit may send (rules from `ProductRules`).
    static var fields: [String: OpenAPIValue] {
        let name = ProductRules.nameLength
        let description = ProductRules.descriptionLength
        return [
            "name": [
                "type": "string", "minLength": .number(name.lowerBound), "pattern": #"^[^\u0000-\u001F\u007F-\u009F]*$"#,
                "description": "\(name.lowerBound) to \(name.upperBound) characters (grapheme clusters), no control characters.",
            ],
            "description": [
                "type": "string", "minLength": .number(description.lowerBound), "pattern": #"^[^\u0000]*$"#,
                "description": "\(description.lowerBound) to \(description.upperBound) characters (grapheme clusters), no NUL.",
            ],
            "descriptions": orNull(
                ["type": "string", "deprecated": true],
                "The earlier host's spelling of `description`, read when `description` is absent."),
            "price": .ref("schemas", "Price"), "currency": .ref("schemas", "Currency"),
            "discounted_price": orNull(.ref("schemas", "Discount"), "Default 0."),
            "stock": orNull(.ref("schemas", "Stock"), "Default 0."), "secret": secretField,
        ]
    }

    /// `schema` or `null`: the market reads an optional field sent as null as a field left out.
    static func orNull(_ schema: OpenAPIValue, _ description: String = "") -> OpenAPIValue {
        [
            "anyOf": [schema, ["type": "null"]],
            "description": .string((description.isEmpty ? "" : description + " ") + "null is the same as leaving it out."),
        ]
    }

    static let secretField: OpenAPIValue = [
        "type": "string", "pattern": #"^[^\u0000]*$"#, "description": "The vendor's secret.",
    ]

    static var createParams: OpenAPIValue {
        [
            "type": "object", "properties": .object(fields), "required": ["name", "price", "currency", "secret"],
            "anyOf": [["required": ["description"]], ["required": ["descriptions"]]],
            "description": "The `params` part of a create. Unknown keys are ignored.",
        ]
    }

    static var createForm: OpenAPIValue {
        let count = UploadRules.imageCount
        return [
            "type": "object", "required": ["params", "images"],
            "properties": [
                "params": .ref("schemas", "CreateParams"),
                "images": [
                    "type": "array", "minItems": .number(count.lowerBound), "maxItems": .number(count.upperBound),
                    "items": ["type": "string", "format": "binary", "contentMediaType": "application/octet-stream"],
                    "description": .string(
                        "\(count.lowerBound) to \(count.upperBound) file parts, each named `images` with a filename, each at most "
                            + "\(UploadRules.maxImageBytes) bytes and a JPEG, PNG or GIF by its bytes (the declared type is not read)."
                    ),
                ],
            ],
        ]
    }

    static var editBody: OpenAPIValue {
        // In an edit every field but the secret is optional, so each may be null (unchanged).
        var properties = fields.mapValues { field in field.isNullable ? field : orNull(field) }
        properties["secret"] = secretField
        properties["thumbnail_id"] = orNull(productID, "One of this product's image ids.")
        return [
            "type": "object", "properties": .object(properties), "required": ["secret"],
            "description": .string(
                "Every field but `secret` is optional; the create rules apply to the merged result. A body with only "
                    + "`secret` is a valid no-op edit. Unknown keys are ignored."),
        ]
    }

    static var secretBody: OpenAPIValue {
        ["type": "object", "required": ["secret"], "properties": ["secret": secretField]]
    }
}
