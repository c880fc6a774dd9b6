import Foundation
import OpenMarketContract

/// The product's shapes: the summary in a list page, the detail, the page envelope, and the
/// bodies that create and edit one.
extension OpenAPISchemas {
    /// What the summary and the detail share.
    static var common: [String: OpenAPIValue] {
        [
            "id": productID, "name": ["type": "string", "minLength": .number(ProductRules.nameLength.lowerBound)],
            "description": ["type": "string", "minLength": .number(ProductRules.descriptionLength.lowerBound)],
            "thumbnail": ["type": "string", "format": "uri"], "currency": .ref("schemas", "Currency"),
            "price": .ref("schemas", "Price"), "bargain_price": ["type": "number", "minimum": 0],
            "discounted_price": .ref("schemas", "Discount"), "stock": .ref("schemas", "Stock"),
            "created_at": .ref("schemas", "Timestamp"), "issued_at": .ref("schemas", "Timestamp"),
        ]
    }

    static var commonRequired: [String] {
        [
            "id", "name", "description", "thumbnail", "currency", "price", "bargain_price", "discounted_price", "stock",
            "created_at", "issued_at",
        ]
    }

    static var summary: OpenAPIValue {
        var properties = common
        properties["vendor_id"] = ["type": "integer", "minimum": 1]
        properties["vendorName"] = ["type": "string"]
        return closed(required: commonRequired + ["vendor_id", "vendorName"], properties)
            .merging(["description": "A product in a list page (`vendorName` is camelCase, sic; no images)."])
    }

    static var detail: OpenAPIValue {
        var properties = common
        properties["vendor_id"] = ["type": "integer", "minimum": 1]
        properties["images"] = [
            "type": "array", "items": .ref("schemas", "ProductImage"),
            "minItems": .number(UploadRules.imageCount.lowerBound), "maxItems": .number(UploadRules.imageCount.upperBound),
        ]
        properties["vendors"] = .ref("schemas", "VendorReference")
        return closed(required: commonRequired + ["vendor_id", "images", "vendors"], properties)
            .merging(["description": "One product, with its images and its vendor. `bargain_price` is price − discounted_price."])
    }

    static var page: OpenAPIValue {
        let count: OpenAPIValue = ["type": "integer", "minimum": 0]
        return closed(
            required: ["pageNo", "itemsPerPage", "totalCount", "offset", "limit", "lastPage", "hasNext", "hasPrev", "pages"],
            [
                "pageNo": ["type": "integer", "minimum": 1],
                "itemsPerPage": [
                    "type": "integer", "minimum": .number(MarketRoutes.itemsPerPage.lowerBound),
                    "maximum": .number(MarketRoutes.itemsPerPage.upperBound),
                ],
                "totalCount": count, "offset": count, "lastPage": count,
                "limit": count.merging(["description": "pageNo × itemsPerPage: an end index, not a count (sic)."]),
                "hasNext": ["type": "boolean"], "hasPrev": ["type": "boolean"],
                "pages": ["type": "array", "items": .ref("schemas", "ProductSummary")],
            ]
        ).merging(["description": "A list page, newest first."])
    }
}
