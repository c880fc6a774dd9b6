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
                "type": "string", "minLength": .number(name.lowerBound), "pattern": .string(notBlank(refusing: controls)),
                "description": .string(
                    "\(name.lowerBound) to \(name.upperBound) characters (grapheme clusters), no control characters, "
                        + "not only white space."),
            ],
            "description": [
                "type": "string", "minLength": .number(description.lowerBound), "pattern": .string(notBlank(refusing: [0...0])),
                "description": .string(
                    "\(description.lowerBound) to \(description.upperBound) characters (grapheme clusters), no NUL, "
                        + "not only white space."),
            ],
            "descriptions": orNull(
                ["type": "string", "deprecated": true],
                "The earlier host's spelling of `description`, read when `description` is absent."),
            "price": .ref("schemas", "Price"), "currency": .ref("schemas", "Currency"),
            "discounted_price": orNull(.ref("schemas", "Discount"), "Default 0."),
            "stock": orNull(.ref("schemas", "Stock"), "Default 0."), "secret": secretField,
        ]
    }

    /// Unicode's White_Space scalars, which a name or a description may not be made of only
    /// (`ProductRules.isOnlyWhiteSpace`); a test compares them with every scalar's property.
    static let whiteSpace: [ClosedRange<UInt32>] = [
        0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
    ]
    /// C0 controls, DEL and C1 controls: what a name may not hold (`Unicode.Scalar.isControlCharacter`).
    static let controls: [ClosedRange<UInt32>] = [0x00...0x1F, 0x7F...0x9F]

    /// A pattern for a text with no scalar in `refused` and at least one outside White_Space as
    /// well (`^[^\u0000]*[^\u0000\u0009-\u000D …][^\u0000]*$`): the rule `ProductRules` checks.
    static func notBlank(refusing refused: [ClosedRange<UInt32>]) -> String {
        let allowed = characterClass(excluding: refused)
        return "^\(allowed)*\(characterClass(excluding: refused + whiteSpace))\(allowed)*$"
    }

    /// A regular expression class of every scalar outside `ranges` (`[^\u0000-\u0020\u007F-\u00A0]`),
    /// the ranges sorted and merged, each end written `\uXXXX` (ECMA-262 and Python read it alike).
    static func characterClass(excluding ranges: [ClosedRange<UInt32>]) -> String {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        let escape = { (value: UInt32) in "\\u" + String(format: "%04X", value) }
        let parts = merged.map { range in
            range.count == 1 ? escape(range.lowerBound) : escape(range.lowerBound) + "-" + escape(range.upperBound)
        }
        return "[^" + parts.joined() + "]"
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
