import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// Text is stored as sent or refused; numbers within the contract's bounds (§5) or refused; the
/// query string read as clients write it.
@Suite("Text and numbers at the contract's bounds")
struct ContractBoundsTests {
    static let gif = try! Fixtures.imageData("tiny-animated.gif")

    func params(
        _ market: TestMarket, name: String = "Bound mug", description: String = "A mug at the bounds",
        price: String = "1000", discount: String = "0", stock: String = "1"
    ) -> String {
        let encoded = { (text: String) in String(decoding: try! JSONEncoder().encode(text), as: UTF8.self) }
        return
            #"{"name":\#(encoded(name)),"description":\#(encoded(description)),"price":\#(price),"discounted_price":\#(discount),"currency":"KRW","stock":\#(stock),"secret":"\#(market.demo.secret.revealed)"}"#
    }

    func create(_ market: TestMarket, _ params: String) async throws -> TestMarket.RawResponse {
        try await market.rawCreate(params: params, images: [("a.gif", Self.gif)])
    }

    func expect400(_ response: TestMarket.RawResponse, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == 400, "\(response.text)", sourceLocation: sourceLocation)
        #expect(response.error?.message.contains(words) == true, "\(response.text)", sourceLocation: sourceLocation)
    }

    @Test func nulAndControlCharactersAreRefusedNotCut() async throws {
        try await TestMarket.with { market in
            expect400(
                try await create(market, params(market, name: "Mug\u{0}trailing")), "name: must not contain control characters")
            expect400(
                try await create(market, params(market, name: "Red \u{1B}[31mmug")), "name: must not contain control characters")
            expect400(
                try await create(market, params(market, description: "A long text\u{0} that is cut")),
                "description: must not contain NUL")
            let product = try await market.createProduct()
            let path = "/api/products/\(product.id)"
            expect400(
                try await market.json("PATCH", path, #"{"name":"ab\u0000cdef","secret":"\#(market.demo.secret.revealed)"}"#),
                "name:")
            expect400(
                try await market.json("PATCH", path, #"{"secret":"\#(market.demo.secret.revealed)\u0000"}"#),
                "secret: must not contain NUL")
            let unchanged = try await market.raw("GET", path)
            #expect(unchanged.text.contains(#""name":"Test mug""#))
        }
    }

    /// A name or a description of only white space (Unicode White_Space) is refused on create
    /// and on edit (*decided*), and nothing is stored or changed.
    @Test func namesAndDescriptionsOfOnlyWhiteSpaceAreRefused() async throws {
        try await TestMarket.with { market in
            let blank = "must contain a character that is not white space"
            expect400(try await create(market, params(market, name: "   ")), "name: " + blank)
            expect400(try await create(market, params(market, name: "\u{3000}\u{A0} ")), "name: " + blank)
            expect400(
                try await create(market, params(market, description: String(repeating: " ", count: 12))), "description: " + blank)
            #expect(try await market.client().products().value.totalCount == 0)
            let product = try await market.createProduct()
            let path = "/api/products/\(product.id)"
            let secret = market.demo.secret.revealed
            expect400(try await market.json("PATCH", path, #"{"name":"   ","secret":"\#(secret)"}"#), "name: " + blank)
            expect400(
                try await market.json("PATCH", path, #"{"description":"\n \t \u3000 \r\n   ","secret":"\#(secret)"}"#),
                "description: " + blank)
            let unchanged = try await market.raw("GET", path)
            #expect(unchanged.text.contains(#""name":"Test mug""#), "\(unchanged.text)")
        }
    }

    @Test func descriptionsKeepLineBreaksAndTabs() async throws {
        try await TestMarket.with { market in
            let response = try await create(market, params(market, description: "Line one\nLine two\twith a tab"))
            #expect(response.status == 201, "\(response.text)")
            #expect(response.text.contains(#"Line one\nLine two\twith a tab"#))
        }
    }

    @Test func nulInASearchIsRefused() async throws {
        try await TestMarket.with { market in
            try await market.createProduct(name: "Plain mug")
            expect400(try await market.raw("GET", "/api/products?search_value=%00"), "search_value: must not contain NUL")
            expect400(try await market.raw("GET", "/api/products?search_value=zz%00mug"), "search_value")
        }
    }

    @Test(arguments: [
        ("1000000000001", "price: must be at most 1,000,000,000,000"),
        ("1.005", "price: may have at most 2 decimal places"),
        ("1.000000000000000000000000000000000000001", "price: has 40 significant digits"),
        ("-5", "price: must be greater than 0"),
    ])
    func pricesOutsideTheBoundsAreRefused(price: String, words: String) async throws {
        try await TestMarket.with { market in
            expect400(try await create(market, params(market, price: price)), words)
        }
    }

    @Test func theBoundsThemselvesAreAccepted() async throws {
        try await TestMarket.with { market in
            let response = try await create(
                market, params(market, price: "1000000000000", discount: "999999999999.99", stock: "9007199254740991"))
            #expect(response.status == 201, "\(response.text)")
            let product = try MarketJSON.decoder.decode(Product.self, from: response.body)
            #expect(product.price == Decimal(string: "1000000000000"))
            #expect(product.discountedPrice == Decimal(string: "999999999999.99"))
            #expect(product.stock == 9_007_199_254_740_991)
        }
    }

    @Test func discountsAndStockOutsideTheBoundsAreRefused() async throws {
        try await TestMarket.with { market in
            expect400(
                try await create(market, params(market, discount: "0.001")), "discounted_price: may have at most 2 decimal places"
            )
            expect400(
                try await create(market, params(market, stock: "9007199254740992")),
                "stock: must be at most 9,007,199,254,740,991")
            let product = try await market.createProduct(price: 1000)
            let path = "/api/products/\(product.id)"
            let secret = market.demo.secret.revealed
            expect400(
                try await market.json(
                    "PATCH", path, #"{"price":0.0000000000000000000000000000000000000000123,"secret":"\#(secret)"}"#), "price:")
            expect400(
                try await market.json(
                    "PATCH", path, #"{"price":10.000000000000000000000000000000000000000001,"secret":"\#(secret)"}"#),
                "price: has 44 significant digits")
            expect400(try await market.json("PATCH", path, #"{"stock":9007199254740993,"secret":"\#(secret)"}"#), "stock")
        }
    }

    @Test func plusInAQueryIsASpace() async throws {
        try await TestMarket.with { market in
            try await market.createProduct(name: "Big mug")
            try await market.createProduct(name: "Small cup")
            let page = try await market.raw("GET", "/api/products?search_value=big+mug")
            #expect(try MarketJSON.decoder.decode(ProductPage.self, from: page.body).products.map(\.name) == ["Big mug"])
            let literal = try await market.raw("GET", "/api/products?search_value=big%2Bmug")
            #expect(try MarketJSON.decoder.decode(ProductPage.self, from: literal.body).products.isEmpty)
        }
    }

    @Test func aParamsPartOverTheLimitIsCalledTooLarge() async throws {
        try await TestMarket.with { market in
            let padding = String(repeating: " ", count: 310_000)
            let response = try await create(market, params(market).replacingOccurrences(of: "{", with: "{" + padding))
            expect400(response, "params: the part is")
            #expect(response.error?.message.contains("too large") == true)
        }
    }

    @Test func numberTextsAreFoundAtTheTopLevelOnly() {
        let body = Data(#"{"name":"a \"price\": 1","nested":{"price":2},"price" : -1.50e3,"list":[3],"stock":7}"#.utf8)
        let found = JSONNumberText.topLevelNumbers(in: body)
        #expect(found.map(\.key) == ["price", "stock"])
        #expect(found.map(\.text) == ["-1.50e3", "7"])
    }
}
