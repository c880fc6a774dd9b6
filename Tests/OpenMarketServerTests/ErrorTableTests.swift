import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import Testing

/// Every row of the contract's error table (§8), mostly with raw requests the client would
/// refuse to send. Each answer must carry the JSON body `{"code": status, "message": …}`.
@Suite("The contract's error table")
struct ErrorTableTests {
    func expectError(
        _ response: TestMarket.RawResponse, _ status: Int, mentioning words: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(response.status == status, "body: \(response.text)", sourceLocation: sourceLocation)
        #expect(response.error?.code == status, "body: \(response.text)", sourceLocation: sourceLocation)
        #expect(response.error?.message.contains(words) == true, "message: \(response.text)", sourceLocation: sourceLocation)
        #expect(response.headers["content-type"]?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
    }

    static let gif = try! Fixtures.imageData("tiny-animated.gif")

    @Test func malformedJSONIs400() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct()
            expectError(
                try await market.json("PATCH", "/api/products/\(product.id)", "{not json"), 400, mentioning: "not valid JSON")
            expectError(
                try await market.json(
                    "PATCH", "/api/products/\(product.id)", #"{"stock": 1.5, "secret": "\#(market.demo.secret.revealed)"}"#), 400,
                mentioning: "stock: must be a whole number")
            expectError(
                try await market.json("POST", "/api/products/\(product.id)/archived", "[]"), 400, mentioning: "JSON object")
            expectError(
                try await market.rawCreate(params: "{broken", images: [("a.gif", Self.gif)]), 400,
                mentioning: "params: not valid JSON")
        }
    }

    @Test func brokenMultipartFramingIs400() async throws {
        try await TestMarket.with { market in
            expectError(
                try await market.rawCreate(params: market.params(), images: [("a.gif", Self.gif)], closing: false), 400,
                mentioning: "closing")
            expectError(
                try await market.raw(
                    "POST", "/api/products",
                    headers: ["identifier": market.demo.identifier, "Content-Type": "multipart/form-data; boundary=abc"],
                    body: Data("this is not multipart at all".utf8)), 400, mentioning: "multipart")
            expectError(
                try await market.raw(
                    "POST", "/api/products", headers: ["identifier": market.demo.identifier, "Content-Type": "application/json"],
                    body: Data(market.params().utf8)), 400, mentioning: "multipart/form-data")
        }
    }

    @Test func missingParamsPartIs400() async throws {
        try await TestMarket.with { market in
            expectError(
                try await market.rawCreate(params: nil, images: [("a.gif", Self.gif)]), 400,
                mentioning: "params: the part is missing")
        }
    }

    @Test func brokenFieldRulesAre400AndNameTheField() async throws {
        try await TestMarket.with { market in
            let secret = market.demo.secret.revealed
            let cases: [(String, String)] = [
                (
                    #"{"name":"ab","description":"long enough text","price":10,"currency":"KRW","secret":"\#(secret)"}"#,
                    "name: must be 3 to 100 characters"
                ),
                (
                    #"{"name":"abc","description":"short","price":10,"currency":"KRW","secret":"\#(secret)"}"#,
                    "description: must be 10 to 1000"
                ),
                (
                    #"{"name":"abc","description":"long enough text","price":0,"currency":"KRW","secret":"\#(secret)"}"#,
                    "price: must be greater than 0"
                ),
                (
                    #"{"name":"abc","description":"long enough text","price":10,"currency":"EUR","secret":"\#(secret)"}"#,
                    "currency: must be KRW or USD"
                ),
                (
                    #"{"name":"abc","description":"long enough text","price":10,"currency":"KRW","discounted_price":11,"secret":"\#(secret)"}"#,
                    "discounted_price: must not exceed"
                ),
                (
                    #"{"name":"abc","description":"long enough text","price":10,"currency":"KRW","stock":-1,"secret":"\#(secret)"}"#,
                    "stock: must be a whole number of 0 or more"
                ),
                (#"{"description":"long enough text","price":10,"currency":"KRW","secret":"\#(secret)"}"#, "name: is required"),
            ]
            for (params, message) in cases {
                expectError(try await market.rawCreate(params: params, images: [("a.gif", Self.gif)]), 400, mentioning: message)
            }
            #expect(try await market.client().products().value.totalCount == 0)
        }
    }

    @Test func imageRulesAre400() async throws {
        try await TestMarket.with { market in
            let six = Array(repeating: (filename: "a.gif", data: Self.gif), count: 6)
            expectError(try await market.rawCreate(params: market.params(), images: six), 400, mentioning: "images: at most 5")
            expectError(try await market.rawCreate(params: market.params(), images: []), 400, mentioning: "images: at least 1")
            var big = try Fixtures.imageData("coffee-small.jpg")
            big.append(Data(count: 400 * 1024 - big.count))
            expectError(
                try await market.rawCreate(params: market.params(), images: [("big.jpg", big)]), 400,
                mentioning: "images[1] (big.jpg): 409600 bytes is over the 300 KiB")
            expectError(
                try await market.rawCreate(
                    params: market.params(),
                    images: [("ok.gif", Self.gif), ("not-an-image.jpg", try Fixtures.imageData("not-an-image.jpg"))]),
                400, mentioning: "images[2] (not-an-image.jpg): not a JPEG, PNG or GIF (the file starts with text)")
            expectError(
                try await market.rawCreate(params: market.params(), images: [("empty.png", Data())]), 400,
                mentioning: "the file is empty")
            expectError(
                try await market.rawCreate(
                    params: market.params(), images: [("truncated.jpg", try Fixtures.imageData("truncated.jpg"))]),
                400, mentioning: "images[1] (truncated.jpg): cannot be read as an image")
            #expect(try await market.client().products().value.totalCount == 0)
        }
    }

    @Test func aFileNameWithQuotesAndSemicolonsIsRead() async throws {
        try await TestMarket.with { market in
            let response = try await market.rawCreate(
                params: market.params(), images: [(#"a "b";c=d.gif"#, Data("not a gif".utf8))])
            expectError(response, 400, mentioning: #"images[1] (a "b";c=d.gif)"#)
        }
    }

    @Test func bodyOver2MiBIs413() async throws {
        try await TestMarket.with { market in
            let chunk = try Fixtures.imageData("chelsea.png")
            let images = Array(repeating: (filename: "c.png", data: chunk), count: 10)
            expectError(try await market.rawCreate(params: market.params(), images: images), 413, mentioning: "2 MiB")
            let bigJSON = #"{"secret":"x","description":""# + String(repeating: "x", count: 3 << 20) + #""}"#
            let product = try await market.createProduct()
            expectError(try await market.json("PATCH", "/api/products/\(product.id)", bigJSON), 413, mentioning: "2 MiB")
        }
    }

    @Test func credentialsAre401() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct()
            let path = "/api/products/\(product.id)"
            let body = #"{"stock": 3, "secret": "\#(market.demo.secret.revealed)"}"#
            expectError(try await market.json("PATCH", path, body, sendIdentifier: false), 401, mentioning: "identifier")
            expectError(
                try await market.json("PATCH", path, body, identifier: UUID().uuidString.lowercased()), 401,
                mentioning: "identifier")
            expectError(
                try await market.json("PATCH", path, #"{"stock": 3, "secret": "wrong-secret"}"#), 401, mentioning: "secret")
            expectError(
                try await market.rawCreate(params: market.params(secret: "wrong-secret"), images: [("a.gif", Self.gif)]), 401,
                mentioning: "secret")
            expectError(
                try await market.rawCreate(params: market.params(), images: [("a.gif", Self.gif)], identifier: "nobody"), 401,
                mentioning: "identifier")
            expectError(try await market.json("POST", "\(path)/archived", #"{"secret":"wrong"}"#), 401, mentioning: "secret")
            expectError(try await market.raw("DELETE", "/api/products/abc"), 401, mentioning: "identifier")
            #expect(try await market.client().product(id: product.id).value.stock == 1)
        }
    }

    @Test func anotherVendorsProductIs403() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct()
            let other = try await market.running.data.addVendor(name: "other-shop").credentials
            let client = market.client(other)
            #expect(await marketError { try await client.edit(id: product.id, ProductChanges(stock: 0)) }?.status == 403)
            #expect(await marketError { try await client.deleteURI(id: product.id) }?.status == 403)
            #expect(await marketError { try await client.productSecret(id: product.id) }?.status == 403)
            // Even with a valid delete URI obtained by the owner.
            let uri = try await market.client().deleteURI(id: product.id).value
            let error = await marketError { try await client.delete(uri: uri) }
            #expect(error?.status == 403)
            #expect(error?.description.contains("belongs to another vendor") == true)
            #expect(try await market.client().product(id: product.id).value.stock == 1)
        }
    }

    @Test func unknownAndDeletedIdsAre404() async throws {
        try await TestMarket.with { market in
            expectError(try await market.raw("GET", "/api/products/999"), 404, mentioning: "no such product")
            expectError(try await market.raw("GET", "/api/products/abc"), 404, mentioning: "no such product")
            let product = try await market.createProduct()
            _ = try await market.client().delete(id: product.id)
            expectError(try await market.raw("GET", "/api/products/\(product.id)"), 404, mentioning: "no such product")
            expectError(
                try await market.json("PATCH", "/api/products/\(product.id)", #"{"secret":"\#(market.demo.secret.revealed)"}"#),
                404,
                mentioning: "no such product")
            expectError(
                try await market.json(
                    "POST", "/api/products/\(product.id)/archived", #"{"secret":"\#(market.demo.secret.revealed)"}"#), 404,
                mentioning: "no such product")
        }
    }

    @Test func wrongDeleteTokenIs400() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct()
            let identifier = ["identifier": market.demo.identifier]
            expectError(
                try await market.raw("DELETE", "/api/products/not-a-token!", headers: identifier), 400, mentioning: "delete token"
            )
            let forged = Data("\(product.id)|00000000-0000-0000-0000-000000000000".utf8).base64EncodedString()
                .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-").replacingOccurrences(
                    of: "/", with: "_")
            expectError(
                try await market.raw("DELETE", "/api/products/\(forged)", headers: identifier), 400, mentioning: "delete token")
            #expect(try await market.client().product(id: product.id).value.id == product.id)
        }
    }

    @Test func badPagingValuesAre400() async throws {
        try await TestMarket.with { market in
            for query in [
                "page_no=0", "page_no=-1", "page_no=abc", "items_per_page=0", "items_per_page=1001", "items_per_page=2.5",
                "page_no=",
            ] {
                let response = try await market.raw("GET", "/api/products?\(query)")
                let name = String(query.prefix { $0 != "=" })
                expectError(response, 400, mentioning: name)
            }
            #expect(try await market.raw("GET", "/api/products?items_per_page=1000").status == 200)
        }
    }

    @Test func unknownEndpointIsAJSON404() async throws {
        try await TestMarket.with { market in
            expectError(try await market.raw("GET", "/api/nothing"), 404, mentioning: "no such endpoint")
        }
    }

    @Test func noResponseEverContainsTheSecret() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct()
            let responses = [
                try await market.raw("GET", "/api/products/\(product.id)"),
                try await market.raw("GET", "/api/products"),
                try await market.json(
                    "PATCH", "/api/products/\(product.id)", #"{"secret":"\#(market.demo.secret.revealed)","stock":-4}"#),
                try await market.json(
                    "POST", "/api/products/\(product.id)/archived", #"{"secret":"\#(market.demo.secret.revealed)"}"#),
            ]
            for response in responses { #expect(!response.text.contains(market.demo.secret.revealed)) }
        }
    }
}
