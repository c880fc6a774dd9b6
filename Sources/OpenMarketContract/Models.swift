import Foundation

/// A currency code. A struct rather than an enum so that a product priced in a currency this
/// client does not know still decodes; `isAccepted` says whether the market accepts it.
public struct Currency: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let krw = Currency(rawValue: "KRW")
    public static let usd = Currency(rawValue: "USD")
    /// The currencies the market accepts for new and edited products.
    public static let accepted: [Currency] = [.krw, .usd]

    public var isAccepted: Bool { Self.accepted.contains(self) }
    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// What a vendor proves itself with: the `identifier` header and the `secret` sent in bodies.
public struct VendorCredentials: Sendable, Hashable {
    public var identifier: String
    /// Masked wherever it is printed; `secret.revealed` goes into the request's `secret` field.
    public var secret: Secret

    public init(identifier: String, secret: Secret) {
        self.identifier = identifier
        self.secret = secret
    }
}

extension VendorCredentials: CustomStringConvertible, CustomDebugStringConvertible {
    /// Never shows the secret, so credentials can be logged or interpolated by mistake safely.
    public var description: String { "VendorCredentials(identifier: \(identifier), secret: \(secret))" }
    public var debugDescription: String { description }
}

/// An image of a product as the detail view lists it.
public struct ProductImage: Sendable, Hashable, Codable, Identifiable {
    public var id: Int
    public var url: String
    public var thumbnailURL: String
    public var issuedAt: MarketTimestamp?

    public init(id: Int, url: String, thumbnailURL: String, issuedAt: MarketTimestamp?) {
        self.id = id
        self.url = url
        self.thumbnailURL = thumbnailURL
        self.issuedAt = issuedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, url
        case thumbnailURL = "thumbnail_url"
        case issuedAt = "issued_at"
    }
}

/// The vendor that owns a product, as the detail view names it (`vendors`).
public struct VendorReference: Sendable, Hashable, Codable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// A product, in both shapes the market sends: the summary in list pages (`vendorName`, no
/// images) and the detail (`images` and `vendors`, no `vendorName`).
///
/// One type rather than two because the shapes share thirteen fields and every consumer (tables,
/// detail views, scripts' `${p.price}`) wants the same accessors; what a shape lacks is `nil`.
/// Encoding writes only what is present, so the server can encode either shape from this type.
public struct Product: Sendable, Hashable, Codable, Identifiable {
    public var id: Int
    public var vendorID: Int?
    /// Present in list pages only.
    public var vendorName: String?
    public var name: String
    public var description: String
    public var thumbnail: String?
    public var currency: Currency
    public var price: Decimal
    /// The final price, `price − discountedPrice`, as the server computed it.
    public var bargainPrice: Decimal
    /// The discount *amount* (not the discounted price, despite the name).
    public var discountedPrice: Decimal
    public var stock: Int
    public var createdAt: MarketTimestamp?
    /// The time of the last change.
    public var issuedAt: MarketTimestamp?
    /// Present in the detail view only.
    public var images: [ProductImage]?
    /// Present in the detail view only.
    public var vendor: VendorReference?

    public init(
        id: Int, vendorID: Int?, vendorName: String? = nil, name: String, description: String,
        thumbnail: String?, currency: Currency, price: Decimal, bargainPrice: Decimal? = nil,
        discountedPrice: Decimal = 0, stock: Int, createdAt: MarketTimestamp?, issuedAt: MarketTimestamp?,
        images: [ProductImage]? = nil, vendor: VendorReference? = nil
    ) {
        self.id = id
        self.vendorID = vendorID
        self.vendorName = vendorName
        self.name = name
        self.description = description
        self.thumbnail = thumbnail
        self.currency = currency
        self.price = price
        self.bargainPrice = bargainPrice ?? (price - discountedPrice)
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.createdAt = createdAt
        self.issuedAt = issuedAt
        self.images = images
        self.vendor = vendor
    }

    /// The summary shape of this product, as a list page carries it.
    public var summary: Product {
        var copy = self
        copy.vendorName = vendorName ?? vendor?.name
        copy.images = nil
        copy.vendor = nil
        return copy
    }

    /// The keys of a product's document as the contract writes it (`stock`, `bargain_price`, …).
    public static let documentKeys = CodingKeys.allCases.map(\.rawValue)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case vendorID = "vendor_id"
        case vendorName
        case name, description, thumbnail, currency, price
        case bargainPrice = "bargain_price"
        case discountedPrice = "discounted_price"
        case stock
        case createdAt = "created_at"
        case issuedAt = "issued_at"
        case images
        case vendor = "vendors"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        vendorID = try c.decodeIfPresent(Int.self, forKey: .vendorID)
        vendorName = try c.decodeIfPresent(String.self, forKey: .vendorName)
        name = try c.decode(String.self, forKey: .name)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        thumbnail = try c.decodeIfPresent(String.self, forKey: .thumbnail)
        currency = try c.decode(Currency.self, forKey: .currency)
        price = try c.decode(Decimal.self, forKey: .price)
        discountedPrice = try c.decodeIfPresent(Decimal.self, forKey: .discountedPrice) ?? 0
        bargainPrice = try c.decodeIfPresent(Decimal.self, forKey: .bargainPrice) ?? (price - discountedPrice)
        stock = try c.decode(Int.self, forKey: .stock)
        createdAt = try c.decodeIfPresent(MarketTimestamp.self, forKey: .createdAt)
        issuedAt = try c.decodeIfPresent(MarketTimestamp.self, forKey: .issuedAt)
        images = try c.decodeIfPresent([ProductImage].self, forKey: .images)
        vendor = try c.decodeIfPresent(VendorReference.self, forKey: .vendor)
    }
}

/// One page of a product list (the "page envelope").
///
/// The current host spells the envelope in camelCase and the earlier one in snake_case; both
/// decode. Encoding uses camelCase, as the contract's current host does.
public struct ProductPage: Sendable, Hashable, Codable {
    public var pageNo: Int
    public var itemsPerPage: Int
    public var totalCount: Int
    public var offset: Int
    /// An end index (`pageNo × itemsPerPage`), not a count: a quirk of the public server.
    public var limit: Int
    public var lastPage: Int
    public var hasNext: Bool
    public var hasPrev: Bool
    public var products: [Product]

    public init(pageNo: Int, itemsPerPage: Int, totalCount: Int, products: [Product]) {
        self.pageNo = pageNo
        self.itemsPerPage = itemsPerPage
        self.totalCount = totalCount
        self.offset = (pageNo - 1) * itemsPerPage
        self.limit = pageNo * itemsPerPage
        self.lastPage = itemsPerPage > 0 ? (totalCount + itemsPerPage - 1) / itemsPerPage : 0
        self.hasNext = pageNo < lastPage
        self.hasPrev = pageNo > 1
        self.products = products
    }

    enum CodingKeys: String, CodingKey {
        case pageNo, itemsPerPage, totalCount, offset, limit, lastPage, hasNext, hasPrev
        case products = "pages"
    }

    enum SnakeKeys: String, CodingKey {
        case pageNo = "page_no", itemsPerPage = "items_per_page", totalCount = "total_count"
        case offset, limit
        case lastPage = "last_page", hasNext = "has_next", hasPrev = "has_prev"
    }

    public init(from decoder: any Decoder) throws {
        let camel = try decoder.container(keyedBy: CodingKeys.self)
        let snake = try decoder.container(keyedBy: SnakeKeys.self)
        func value<T: Decodable>(_ type: T.Type, _ c: CodingKeys, _ s: SnakeKeys) throws -> T? {
            if camel.contains(c) { return try camel.decode(T.self, forKey: c) }
            return try snake.decodeIfPresent(T.self, forKey: s)
        }
        products = try camel.decode([Product].self, forKey: .products)
        pageNo = try value(Int.self, .pageNo, .pageNo) ?? 1
        itemsPerPage = try value(Int.self, .itemsPerPage, .itemsPerPage) ?? products.count
        totalCount = try value(Int.self, .totalCount, .totalCount) ?? products.count
        offset = try value(Int.self, .offset, .offset) ?? (pageNo - 1) * itemsPerPage
        limit = try value(Int.self, .limit, .limit) ?? pageNo * itemsPerPage
        let computedLast = itemsPerPage > 0 ? (totalCount + itemsPerPage - 1) / itemsPerPage : 0
        lastPage = try value(Int.self, .lastPage, .lastPage) ?? computedLast
        hasNext = try value(Bool.self, .hasNext, .hasNext) ?? (pageNo < lastPage)
        hasPrev = try value(Bool.self, .hasPrev, .hasPrev) ?? (pageNo > 1)
    }
}

/// The market's error body (`{"code": 400, "message": "…"}`).
public struct MarketErrorBody: Sendable, Hashable, Codable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }
}
