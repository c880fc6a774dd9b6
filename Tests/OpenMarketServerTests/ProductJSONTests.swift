import AsyncHTTPClient
import Foundation
import Logging
import MarketTestSupport
import NIOCore
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// `ProductJSON` must write exactly the bytes `MarketJSON.encoder` writes, for every product.
@Suite("The product JSON writer, against JSONEncoder")
struct ProductJSONTests {
    static func encoded<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try MarketJSON.encoder.encode(value), as: UTF8.self)
    }

    static func written(_ product: Product) -> String { String(buffer: ProductJSON.product(product)) }
    static func written(_ page: ProductPage) -> String { String(buffer: ProductJSON.page(page)) }

    static func detail(
        name: String = "우유병 텀블러", description: String = "하얀 우유병 모양의 텀블러입니다", price: Decimal = 3500,
        discount: Decimal = 100, stock: Int = 5, base: String = "http://127.0.0.1:8080"
    ) -> Product {
        let images = [
            ProductImage(
                id: 7, url: "\(base)/images/1/20221018/9f2c_origin.jpg", thumbnailURL: "\(base)/images/1/20221018/9f2c_thumb.jpg",
                issuedAt: MarketTimestamp(text: "2022-10-18T09:10:11")),
            ProductImage(id: 8, url: "\(base)/images/1/b.png", thumbnailURL: "\(base)/images/1/b_thumb.png", issuedAt: nil),
        ]
        return Product(
            id: 42, vendorID: 3, name: name, description: description, thumbnail: images[0].thumbnailURL,
            currency: .krw, price: price, discountedPrice: discount, stock: stock,
            createdAt: MarketTimestamp(text: "2022-10-18T09:10:11"), issuedAt: MarketTimestamp(text: "2022-10-19T00:00:00"),
            images: images, vendor: VendorReference(id: 3, name: "demo-shop"))
    }

    @Test func aDetailAndItsSummary() throws {
        let product = Self.detail()
        #expect(Self.written(product) == (try Self.encoded(product)))
        #expect(Self.written(product.summary) == (try Self.encoded(product.summary)))
        // The keys in JSONEncoder's sorted order, slashes as they are.
        #expect(Self.written(product.summary).hasPrefix(#"{"bargain_price":3400,"created_at":"2022-10-18T09:10:11","#))
        #expect(
            Self.written(product.summary).hasSuffix(
                #""thumbnail":"http://127.0.0.1:8080/images/1/20221018/9f2c_thumb.jpg","vendorName":"demo-shop","vendor_id":3}"#))
    }

    @Test(arguments: [
        "3500", "3500.5", "3500.50", "19.99", "0.01", "0.1", "0", "-0", "1000000000000", "100", "1.5e3", "-19.99",
        "12345678901234567890123456789012345678", "99999999999999999999999999999999999999999", "1e30", "1e-30",
        "0.000001", "18446744073709551615", "18446744073709551616", "9223372036854775807.5",
    ])
    func prices(_ text: String) throws {
        let price = try #require(Decimal(string: text))
        for discount in [Decimal(0), Decimal(string: "0.01")!, price] {
            let product = Self.detail(price: price, discount: discount)
            #expect(Self.written(product) == (try Self.encoded(product)), "price \(text), discount \(discount)")
        }
    }

    @Test(arguments: [0, 1, 9, 10, 5, 1234567890, Int(Int32.max), Int.max, Int.min, -1, -10])
    func stocks(_ stock: Int) throws {
        let product = Self.detail(stock: stock)
        #expect(Self.written(product) == (try Self.encoded(product)))
    }

    @Test func everyControlCharacterAndTheCharactersAroundThem() throws {
        var text = ""
        for value in 0...0x20 { text.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
        text += "\"\\/\u{7F}\u{80}\u{A0}\u{2028}\u{2029}\u{FEFF}é한😀👩‍👩‍👧e\u{301}"
        let product = Self.detail(name: text, description: text + text)
        #expect(Self.written(product) == (try Self.encoded(product)))
        #expect(Self.written(product).contains(#"\u0000\u0001"#))
        #expect(Self.written(product).contains(#"\b\t\n\u000b\f\r"#))
    }

    @Test func whatIsAbsentIsLeftOut() throws {
        var product = Self.detail()
        product.thumbnail = nil
        product.createdAt = nil
        product.issuedAt = nil
        product.vendorID = nil
        product.images = []
        #expect(Self.written(product) == (try Self.encoded(product)))
        product.images = nil
        product.vendor = nil
        product.vendorName = nil
        #expect(Self.written(product) == (try Self.encoded(product)))
        product.currency = Currency(rawValue: "")
        product.name = ""
        product.description = ""
        #expect(Self.written(product) == (try Self.encoded(product)))
    }

    @Test func pages() throws {
        let products = (1...20).map { Self.detail(name: "상품 \($0)", price: Decimal($0) * 1000 + Decimal(string: "0.5")!).summary }
        for (pageNo, perPage, total) in [(1, 20, 100), (5, 20, 100), (6, 20, 100), (1, 1000, 0), (3, 7, 20), (1, 20, 20)] {
            let page = ProductPage(pageNo: pageNo, itemsPerPage: perPage, totalCount: total, products: products)
            #expect(Self.written(page) == (try Self.encoded(page)))
        }
        let empty = ProductPage(pageNo: 2, itemsPerPage: 20, totalCount: 0, products: [])
        #expect(Self.written(empty) == (try Self.encoded(empty)))
    }

    /// Many generated products with awkward strings, prices and shapes; the seed is in the
    /// message of any failure so it can be replayed.
    @Test func generatedProducts() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        var summaries: [Product] = []
        for round in 0..<400 {
            let product = Self.generatedProduct(&random)
            let written = Self.written(product)
            let encoded = try Self.encoded(product)
            #expect(written == encoded, "seed \(seed), round \(round)")
            if written != encoded { return }
            summaries.append(product.summary)
        }
        for start in stride(from: 0, to: summaries.count, by: 20) {
            let products = Array(summaries[start..<min(start + 20, summaries.count)])
            let page = ProductPage(
                pageNo: Int.random(in: 1...30, using: &random), itemsPerPage: 20,
                totalCount: Int.random(in: 0...600, using: &random), products: products)
            #expect(Self.written(page) == (try Self.encoded(page)), "seed \(seed), page from \(start)")
        }
    }

    /// Scalars a seller or a script might send, and the ones JSON treats specially.
    static let awkward: [Unicode.Scalar] = {
        var scalars: [Unicode.Scalar] = (0...0x1F).map { Unicode.Scalar(UInt8($0)) }
        scalars += ["\"", "\\", "/", "\u{7F}", "\u{80}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{301}", "\u{200D}", "é", "ß"]
        scalars += ["가", "힣", "우", "유", "병", "😀", "👩", "🇰", "🇷", "\u{10FFFF}", "\u{E000}", "'", "<", ">", "&", "%", " "]
        return scalars
    }()

    static func generatedString(_ random: inout SplitMix64, maxLength: Int = 40) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...maxLength, using: &random) {
            if Bool.random(using: &random) {
                text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random)))
            } else {
                text.unicodeScalars.append(awkward.randomElement(using: &random)!)
            }
        }
        return text
    }

    static func generatedDecimal(_ random: inout SplitMix64) -> Decimal {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            return Decimal(Int.random(in: 0...10_000_000, using: &random))
        case 1:
            let fixed = [
                "3500", "3500.5", "19.99", "0.01", "1000000000000", "0", "0.1", "99999999999999999999999999999999999999",
            ]
            return Decimal(string: fixed.randomElement(using: &random)!)!
        default:
            let integer = (0..<Int.random(in: 1...24, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }
            let fraction = (0..<Int.random(in: 0...8, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }
            let sign = Int.random(in: 0..<10, using: &random) == 0 ? "-" : ""
            let text = sign + integer.joined() + (fraction.isEmpty ? "" : "." + fraction.joined())
            return Decimal(string: text)!
        }
    }

    static func generatedProduct(_ random: inout SplitMix64) -> Product {
        let base = ["http://127.0.0.1:8080", "http://[::1]:41234", "https://market.example/a\"b\\c"].randomElement(
            using: &random)!
        let images = (0..<Int.random(in: 0...5, using: &random)).map { index in
            ProductImage(
                id: Int.random(in: 1...Int.max, using: &random),
                url: "\(base)/images/\(generatedString(&random, maxLength: 12))_origin.jpg",
                thumbnailURL: "\(base)/images/\(generatedString(&random, maxLength: 12))_thumb.jpg",
                issuedAt: Bool.random(using: &random) ? MarketTimestamp(text: generatedString(&random, maxLength: 20)) : nil)
        }
        let price = generatedDecimal(&random)
        var product = Product(
            id: Int.random(in: 1...Int.max, using: &random),
            vendorID: Bool.random(using: &random) ? Int.random(in: Int.min...Int.max, using: &random) : nil,
            name: generatedString(&random), description: generatedString(&random, maxLength: 200),
            thumbnail: Bool.random(using: &random) ? "\(base)/images/\(generatedString(&random, maxLength: 12))" : nil,
            currency: Currency(rawValue: ["KRW", "USD", generatedString(&random, maxLength: 4)].randomElement(using: &random)!),
            price: price, discountedPrice: Bool.random(using: &random) ? generatedDecimal(&random) : 0,
            stock: Int.random(in: Int.min...Int.max, using: &random),
            createdAt: Bool.random(using: &random) ? MarketTimestamp(text: generatedString(&random, maxLength: 20)) : nil,
            issuedAt: Bool.random(using: &random) ? MarketTimestamp(text: "2022-10-18T09:10:11") : nil,
            images: Bool.random(using: &random) ? images : nil,
            vendor: Bool.random(using: &random)
                ? VendorReference(id: Int.random(in: 1...99, using: &random), name: generatedString(&random)) : nil)
        if Bool.random(using: &random) { product.vendorName = generatedString(&random) }
        return product
    }
}

@Suite("Decimal texts, remembered")
struct DecimalTextTests {
    @Test func parsingAnswersWhatFoundationAnswers() {
        let memo = DecimalText(capacity: 8)
        let texts = [
            "3500", "3500.50", "19.99", "0.01", "-0", "1e3", "12abc", "abc", "", " 12", "0.000001",
            "99999999999999999999999999999999999999999", "1000000000000", "NaN",
        ]
        // Twice over, so the second answers come from memory, and past the capacity.
        for _ in 0..<2 {
            for text in texts {
                let expected = Decimal(string: text)
                let answer = memo.decimal(text)
                #expect(answer == expected, "\(text)")
                #expect(answer?.description == expected?.description, "\(text)")
            }
        }
    }

    @Test func writingAnswersWhatFoundationDescribes() {
        let memo = DecimalText(capacity: 8)
        var values = ["3500", "3500.5", "19.99", "0.01", "1000000000000", "0", "-19.99", "1e30", "1e-30"].map {
            Decimal(string: $0)!
        }
        values += [
            Decimal(3500) - Decimal(100), Decimal(string: "19.99")! - Decimal(string: "0.99")!, .nan, .greatestFiniteMagnitude,
        ]
        values += (0..<20).map { Decimal($0) / Decimal(7) }
        for _ in 0..<2 {
            for value in values {
                var buffer = ByteBuffer()
                memo.write(value, into: &buffer)
                #expect(String(buffer: buffer) == value.description)
            }
        }
    }
}

extension DecimalTextTests {
    @Test func differencesAreFoundations() {
        let memo = DecimalText(capacity: 8)
        let values = ["3500", "100", "0", "19.99", "0.99", "0.01", "1e30", "-5", "99999999999999999999999999999999999999"].map {
            Decimal(string: $0)!
        }
        for _ in 0..<2 {
            for a in values {
                for b in values {
                    let expected = a - b
                    let answer = memo.difference(a, b)
                    #expect(answer == expected || (answer.isNaN && expected.isNaN), "\(a) - \(b)")
                    #expect(answer.description == expected.description, "\(a) - \(b)")
                }
            }
        }
    }
}

@Suite("List and detail responses, written by ProductJSON")
struct ProductResponseTests {
    /// What the server sends is what JSONEncoder makes of the same values, and a market with the
    /// list cache off sends the same bytes as one with it on.
    @Test func responsesAreJSONEncodersBytesWithTheListCacheOnAndOff() async throws {
        try await TestMarket.with { market in
            // Names may hold no control character (the market refuses them); the writer's escapes of
            // control characters are checked directly above.
            let names = ["우유병 \"텀블러\" \\ / 😀", "Angle <b> & 'quote'", "Plain plate \u{2028}"]
            for name in names {
                try await market.createProduct(
                    name: name, price: Decimal(string: "3500.5")!, discount: Decimal(string: "0.5")!,
                    images: ["tiny-animated.gif", "chelsea.png"])
            }
            var logger = Logger(label: "test-market-uncached")
            logger.logLevel = .critical
            let uncached = try await MarketServer.start(
                MarketServerConfiguration(
                    host: "127.0.0.1", port: 0, dataDirectory: market.directory, logger: logger, listCache: false))
            do {
                let paths = [
                    "/api/products", "/api/products?items_per_page=2&page_no=2", "/api/products?search_value=PLATE",
                    "/api/products?page_no=9",
                ]
                for path in paths {
                    let first = try await market.raw("GET", path)
                    let again = try await market.raw("GET", path)  // from the cache
                    #expect(first.status == 200)
                    #expect(again.body == first.body)
                    let page = try MarketJSON.decoder.decode(ProductPage.self, from: first.body)
                    #expect(first.body == (try MarketJSON.encoder.encode(page)), "\(path)")
                    var request = HTTPClientRequest(url: uncached.baseURL.absoluteString + path)
                    request.method = .GET
                    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
                    let body = try await response.body.collect(upTo: 1 << 20)
                    // The image URLs name the host each market was reached at.
                    let other = String(buffer: body).replacingOccurrences(
                        of: uncached.baseURL.absoluteString, with: market.baseURL.absoluteString)
                    #expect(other == first.text, "\(path)")
                }
                for id in 1...names.count {
                    let raw = try await market.raw("GET", "/api/products/\(id)")
                    let product = try MarketJSON.decoder.decode(Product.self, from: raw.body)
                    #expect(product.images?.count == 2)
                    #expect(raw.body == (try MarketJSON.encoder.encode(product)))
                }
            } catch {
                await uncached.stop()
                throw error
            }
            await uncached.stop()
        }
    }
}
