import Foundation
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

@Suite("Decoding the contract's objects")
struct DecodingTests {
    static let detailJSON = """
        {"id": 32, "vendor_id": 15, "name": "우유병 텀블러", "description": "하얀 우유병 모양의 텀블러입니다",
         "thumbnail": "http://127.0.0.1:8080/images/15/20221018/9f2c_thumb.jpg",
         "currency": "KRW", "price": 3500.0, "bargain_price": 3400.0, "discounted_price": 100.0, "stock": 2,
         "created_at": "2022-10-18T09:12:44", "issued_at": "2022-10-18T09:12:44",
         "images": [{"id": 35, "url": "http://127.0.0.1:8080/images/15/20221018/9f2c_origin.jpg",
                     "thumbnail_url": "http://127.0.0.1:8080/images/15/20221018/9f2c_thumb.jpg",
                     "issued_at": "2022-10-18T09:12:44"}],
         "vendors": {"id": 15, "name": "tumbler-shop"}}
        """

    static func summaryJSON(id: Int, price: String = "19.99", extra: String = "") -> String {
        """
        {"id": \(id), "vendor_id": 3, "vendorName": "acme", "name": "Mug \(id)", "description": "A mug for tea and coffee",
         "thumbnail": "http://x/t.jpg", "currency": "USD", "price": \(price), "bargain_price": \(price),
         "discounted_price": 0, "stock": 7, "created_at": "2022-11-15T00:00:00", "issued_at": "2022-11-15T00:00:00"\(extra)}
        """
    }

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try MarketJSON.decoder.decode(T.self, from: Data(json.utf8))
    }

    @Test func detailDecodesEveryField() throws {
        let product = try decode(Product.self, Self.detailJSON)
        #expect(product.id == 32)
        #expect(product.vendorID == 15)
        #expect(product.vendorName == nil)
        #expect(product.name == "우유병 텀블러")
        #expect(product.description == "하얀 우유병 모양의 텀블러입니다")
        #expect(product.currency == .krw)
        #expect(product.price == Decimal(3500))
        #expect(product.bargainPrice == Decimal(3400))
        #expect(product.discountedPrice == Decimal(100))
        #expect(product.stock == 2)
        #expect(product.createdAt?.text == "2022-10-18T09:12:44")
        #expect(product.createdAt?.date == Date(timeIntervalSince1970: 1_666_084_364))
        #expect(product.images?.count == 1)
        #expect(product.images?.first?.id == 35)
        #expect(product.images?.first?.thumbnailURL.hasSuffix("9f2c_thumb.jpg") == true)
        #expect(product.vendor == VendorReference(id: 15, name: "tumbler-shop"))
    }

    @Test func summaryHasVendorNameAndNoImages() throws {
        let product = try decode(Product.self, Self.summaryJSON(id: 1))
        #expect(product.vendorName == "acme")
        #expect(product.images == nil)
        #expect(product.vendor == nil)
    }

    @Test func decimalPricesStayExact() throws {
        let product = try decode(Product.self, Self.summaryJSON(id: 1, price: "19.99"))
        #expect(product.price == Decimal(string: "19.99"))
        #expect(product.price * 3 == Decimal(string: "59.97"))
        let encoded = String(decoding: try MarketJSON.encoder.encode(product), as: UTF8.self)
        #expect(encoded.contains(#""price":19.99"#))
    }

    @Test func stockBeyond32Bits() throws {
        let json = Self.summaryJSON(id: 1).replacingOccurrences(of: #""stock": 7"#, with: #""stock": 8589934592"#)
        #expect(try decode(Product.self, json).stock == 8_589_934_592)
    }

    @Test func camelCaseEnvelope() throws {
        let json = """
            {"pageNo": 2, "itemsPerPage": 2, "totalCount": 5, "offset": 2, "limit": 4, "lastPage": 3,
             "hasNext": true, "hasPrev": true, "pages": [\(Self.summaryJSON(id: 3)), \(Self.summaryJSON(id: 2))]}
            """
        let page = try decode(ProductPage.self, json)
        #expect(page.pageNo == 2)
        #expect(page.itemsPerPage == 2)
        #expect(page.totalCount == 5)
        #expect(page.offset == 2)
        #expect(page.limit == 4)
        #expect(page.lastPage == 3)
        #expect(page.hasNext)
        #expect(page.hasPrev)
        #expect(page.products.map(\.id) == [3, 2])
    }

    @Test func snakeCaseEnvelope() throws {
        let json = """
            {"page_no": 1, "items_per_page": 20, "total_count": 1, "offset": 0, "limit": 20, "last_page": 1,
             "has_next": false, "has_prev": false, "pages": [\(Self.summaryJSON(id: 9))]}
            """
        let page = try decode(ProductPage.self, json)
        #expect(page.pageNo == 1)
        #expect(page.itemsPerPage == 20)
        #expect(page.totalCount == 1)
        #expect(page.lastPage == 1)
        #expect(!page.hasNext)
        #expect(page.products.first?.id == 9)
    }

    @Test func envelopeWithoutDerivedFieldsComputesThem() throws {
        let page = try decode(ProductPage.self, #"{"page_no": 2, "items_per_page": 10, "total_count": 25, "pages": []}"#)
        #expect(page.lastPage == 3)
        #expect(page.hasNext)
        #expect(page.hasPrev)
        #expect(page.offset == 10)
        #expect(page.limit == 20)
    }

    @Test func emptyPageHasLastPageZero() {
        let page = ProductPage(pageNo: 1, itemsPerPage: 20, totalCount: 0, products: [])
        #expect(page.lastPage == 0)
        #expect(!page.hasNext)
        #expect(!page.hasPrev)
    }

    @Test(arguments: [
        ("2022-11-15T00:00:00", 1_668_470_400.0),
        ("2022-01-03T00:00:00.00", 1_641_168_000.0),
        ("2022-10-18T09:12:44", 1_666_084_364.0),
        ("2022-10-18T09:12:44.5", 1_666_084_364.5),
        ("2022-10-18T09:12:44Z", 1_666_084_364.0),
        ("2022-10-18T18:12:44+09:00", 1_666_084_364.0),
        ("2022-10-18", 1_666_051_200.0),
    ])
    func datesParseLeniently(text: String, epoch: Double) {
        #expect(MarketTimestamp(text: text).date == Date(timeIntervalSince1970: epoch))
    }

    @Test(arguments: [
        "", "yesterday", "2022-13-01T00:00:00", "2022-02-31T00:00:00", "2022-10-18T25:00:00", "2022-10-18T09:12:44junk",
    ])
    func badDatesKeepTheirTextOnly(text: String) {
        let stamp = MarketTimestamp(text: text)
        #expect(stamp.date == nil)
        #expect(stamp.text == text)
    }

    @Test func aBadDateDoesNotFailTheProduct() throws {
        let json = Self.summaryJSON(id: 4).replacingOccurrences(
            of: #""created_at": "2022-11-15T00:00:00""#, with: #""created_at": "not a date""#)
        let product = try decode(Product.self, json)
        #expect(product.createdAt?.text == "not a date")
        #expect(product.createdAt?.date == nil)
        #expect(product.issuedAt?.date != nil)
    }

    @Test func missingOptionalFieldsDecode() throws {
        let json = #"{"id": 5, "name": "Minimal", "currency": "USD", "price": 1, "stock": 0}"#
        let product = try decode(Product.self, json)
        #expect(product.description == "")
        #expect(product.thumbnail == nil)
        #expect(product.discountedPrice == 0)
        #expect(product.bargainPrice == 1)
        #expect(product.createdAt == nil)
        #expect(product.vendorID == nil)
    }

    @Test func unknownCurrencyStillDecodes() throws {
        let json = #"{"id": 5, "name": "Yen", "currency": "JPY", "price": 100, "stock": 0}"#
        let product = try decode(Product.self, json)
        #expect(product.currency.rawValue == "JPY")
        #expect(!product.currency.isAccepted)
    }

    @Test func koreanTextRoundTrips() throws {
        let product = try decode(Product.self, Self.detailJSON)
        let again = try decode(Product.self, String(decoding: try MarketJSON.encoder.encode(product), as: UTF8.self))
        #expect(again == product)
    }

    @Test func detailEncodingOmitsVendorNameAndSummaryOmitsImages() throws {
        let detail = try decode(Product.self, Self.detailJSON)
        let detailJSON = String(decoding: try MarketJSON.encoder.encode(detail), as: UTF8.self)
        #expect(!detailJSON.contains("vendorName"))
        #expect(detailJSON.contains(#""vendors":{"id":15,"name":"tumbler-shop"}"#))
        let summaryJSON = String(decoding: try MarketJSON.encoder.encode(detail.summary), as: UTF8.self)
        #expect(summaryJSON.contains(#""vendorName":"tumbler-shop""#))
        #expect(!summaryJSON.contains(#""images":"#))
        #expect(!summaryJSON.contains("vendors"))
    }

    @Test func errorBodyDecodes() throws {
        let body = try decode(MarketErrorBody.self, #"{"code": 400, "message": "name: must be 3 to 100 characters"}"#)
        #expect(body == MarketErrorBody(code: 400, message: "name: must be 3 to 100 characters"))
    }
}
