import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

/// The client's fast reader of a product's JSON: it reads what the market sends as `JSONDecoder`
/// does, and leaves everything else to `JSONDecoder`.
@Suite("Reading a product's JSON")
struct ProductJSONReaderTests {
    /// A product as the bundled market writes it (`MarketJSON.encoder`: sorted keys, no spaces),
    /// with what text can hold: Korean, quotes, a backslash, a slash, new lines and tabs.
    static let marketProduct: Data = {
        let product = Product(
            id: 32, vendorID: 15, name: "우유병 \"텀블러\" \\ 1/2", description: "첫 줄\n둘째 줄\t끝",
            thumbnail: "http://127.0.0.1:8080/images/15/9f2c_thumb.jpg", currency: .krw, price: 3500,
            bargainPrice: 3400, discountedPrice: 100, stock: 2, createdAt: MarketTimestamp(text: "2022-10-18T09:12:44"),
            issuedAt: MarketTimestamp(text: "2022-10-18T09:13:00"),
            images: [
                ProductImage(
                    id: 35, url: "http://127.0.0.1:8080/images/15/9f2c_origin.jpg",
                    thumbnailURL: "http://127.0.0.1:8080/images/15/9f2c_thumb.jpg", issuedAt: nil)
            ], vendor: VendorReference(id: 15, name: "tumbler-shop"))
        return try! MarketJSON.encoder.encode(product)
    }()

    static func json(_ text: String) -> Data { Data(text.utf8) }

    @Test func readsWhatTheMarketWritesAsJSONDecoderDoes() throws {
        let read = try #require(ProductJSONReader.read(Self.marketProduct))
        #expect(read == (try MarketJSON.decoder.decode(Product.self, from: Self.marketProduct)))
        #expect(read.name == "우유병 \"텀블러\" \\ 1/2")
        #expect(read.description == "첫 줄\n둘째 줄\t끝")
        #expect(read.images?.first?.issuedAt == nil)
        #expect(productJSONDisagreement(Self.marketProduct) == nil)
    }

    @Test func readsTheShapesBothDecodeTheSame() throws {
        let texts = [
            // The public server's detail, spaced and with decimals written as such.
            #"{"id": 32, "vendor_id": 15, "name": "a", "description": "b", "thumbnail": null, "currency": "USD", "#
                + #""price": 19.99, "bargain_price": 17.5, "discounted_price": 2.49, "stock": 0, "created_at": "2022-10-18", "#
                + #""issued_at": null, "images": [], "vendors": null}"#,
            // A summary: vendorName, no images, no description, no discount.
            #"{"id":1,"vendorName":"shop","name":"n","currency":"KRW","price":1000,"stock":-3}"#,
            // Negative and zero amounts, a long integer, nulls where a missing value is allowed.
            #" {"id":-7,"name":"","currency":"XYZ","price":0,"discounted_price":-1.5,"bargain_price":999999999999999999,"#
                + #""stock":2,"description":null,"vendor_id":null,"vendorName":null} "#,
        ]
        for text in texts {
            let data = Self.json(text)
            #expect(ProductJSONReader.read(data) != nil, "\(text)")
            #expect(productJSONDisagreement(data) == nil, "\(text)")
        }
        let defaults = try #require(ProductJSONReader.read(Self.json(texts[1])))
        #expect(defaults.description == "" && defaults.discountedPrice == 0 && defaults.bargainPrice == 1000)
    }

    /// A whole amount is made from its integer, not read from its text: the Decimal must be the
    /// one Foundation reads from the text, bit for bit (its exponent and mantissa show in how a
    /// price is printed), not only equal in value.
    @Test func aWholeAmountIsTheDecimalFoundationReadsBitForBit() throws {
        var amounts = ["0", "7", "-42", "1000", "1020", "5000", "1000000", "999999999999999999", "-999999999999999999"]
        amounts += (0..<18).flatMap { power in
            let ten = (0..<power).reduce(Int64(1)) { product, _ in product * 10 }
            return ["\(ten)", "\(ten * 3)", "\(ten - 1)", "-\(ten + 1)"]
        }
        var random = SplitMix64(seed: 7)
        amounts += (0..<2000).map { _ in "\(Int64(bitPattern: random.next()) % 1_000_000_000_000_000_000)" }
        func bits(_ value: Decimal) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
        for amount in amounts {
            let text = #"{"id":1,"name":"n","currency":"KRW","price":\#(amount),"stock":1}"#
            let product = try #require(ProductJSONReader.read(Self.json(text)), "\(amount)")
            let foundation = try #require(Decimal(string: amount))
            #expect(bits(product.price) == bits(foundation), "\(amount)")
        }
    }

    /// What the reader is not sure of is JSONDecoder's to read (or refuse, with its message).
    @Test func leavesAnythingElseToJSONDecoder() {
        let base = #""name":"n","currency":"KRW","price":1000,"stock":1"#
        let others = [
            #"{"id":1,"extra":1,"#: "an unknown key",
            #"{"id":1,"color":{"a":[1]},"#: "another unknown key",
            #"{"id":1,"id":2,"#: "a key twice",
            #"{"id":1e2,"#: "an exponent",
            #"{"id":01,"#: "a leading zero",
            #"{"id":-0,"#: "minus zero",
            #"{"id":1,"discounted_price":-0.5,"#: "minus zero and a fraction",
            #"{"id":1.0,"#: "an integer with a fraction",
            #"{"id":1234567890123456789,"#: "more than 18 digits",
            #"{"id":"1","#: "a number as a string",
            #"{"id":null,"#: "null for a required field",
            #"{"id":1,"description":"caf\u00e9","#: "a backslash-u escape",
            "{\"id\":1,\"description\":\"a\u{01}b\",": "a raw control character",
            #"{"id":1,"description":"a\qb","#: "an invalid escape",
            #"{"id":1,"created_at":12345,"#: "a date as a number",
            #"{"i\u0064":1,"#: "an escaped key",
        ]
        for (start, what) in others {
            #expect(ProductJSONReader.read(Self.json(start + base + "}")) == nil, "\(what)")
        }
        let broken = [
            #"{"id":1,"# + base + "} x", #"{"id":1,"# + base, #"{"id":1,"# + base + ",}", "[" + #"{"id":1,"# + base + "}]",
            #"{"name":"n","currency":"KRW","price":1000,"stock":1}"#, "",
        ]
        for text in broken { #expect(ProductJSONReader.read(Self.json(text)) == nil, "\(text)") }
        var invalidUTF8 = Data(#"{"id":1,"description":""#.utf8)
        invalidUTF8.append(contentsOf: [0xC3, 0x28])
        invalidUTF8.append(contentsOf: Data(#"",\#(base)}"#.utf8))
        #expect(ProductJSONReader.read(invalidUTF8) == nil)
    }

    /// Thousands of damaged copies of the market's product (bytes changed, dropped, doubled or
    /// swapped for JSON's own punctuation, from a fixed seed): whatever the reader reads, JSONDecoder
    /// reads the same. The `product-json` fuzz target goes on from here for as long as it runs.
    @Test func agreesWithJSONDecoderOnDamagedProducts() {
        var random = SplitMix64(seed: 22)
        let punctuation = Array(#"{}[]:,"\-.0123456789eEnul tf"#.utf8) + [0x0A, 0xC3, 0xFF, 0x00]
        let seeds = [
            Array(Self.marketProduct),
            Array(#"{"id":1,"name":"n","currency":"KRW","price":19.99,"stock":1,"discounted_price":0.5}"#.utf8),
        ]
        var read = 0
        for round in 0..<6000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 4 {
                case 0: bytes[at] = punctuation[Int(random.next() % UInt64(punctuation.count))]
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(bytes[at], at: at)
                default: bytes.insert(punctuation[Int(random.next() % UInt64(punctuation.count))], at: at)
                }
            }
            let data = Data(bytes)
            if ProductJSONReader.read(data) != nil { read += 1 }
            let disagreement = productJSONDisagreement(data)
            #expect(disagreement == nil, "\(String(decoding: bytes, as: UTF8.self))")
            if disagreement != nil { return }
        }
        // The damage must leave many copies readable, or this would test nothing.
        #expect(read > 600)
    }
}
