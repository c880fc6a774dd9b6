import Foundation
import MarketTestSupport
import MultipartKit
import NIOCore
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

@Suite("Multipart bodies, byte by byte")
struct MultipartTests {
    @Test func goldenBody() throws {
        let params = Data(#"{"name":"Mug"}"#.utf8)
        let png = try UploadImage(filename: "a.png", data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x01]))
        let gif = try UploadImage(filename: #"상품 "b";c=d.gif"#, data: Data("GIF89a!".utf8))
        let body = try MultipartBody.productCreation(params: params, images: [png, gif], boundary: "XyZ")

        var expected = Data()
        expected.append(contentsOf: Array("--XyZ\r\n".utf8))
        expected.append(contentsOf: Array("Content-Disposition: form-data; name=\"params\"\r\n".utf8))
        expected.append(contentsOf: Array("Content-Type: application/json\r\n\r\n".utf8))
        expected.append(params)
        expected.append(contentsOf: Array("\r\n--XyZ\r\n".utf8))
        expected.append(contentsOf: Array("Content-Disposition: form-data; name=\"images\"; filename=\"a.png\"\r\n".utf8))
        expected.append(contentsOf: Array("Content-Type: image/png\r\n\r\n".utf8))
        expected.append(png.data)
        expected.append(contentsOf: Array("\r\n--XyZ\r\n".utf8))
        expected.append(
            contentsOf: Array("Content-Disposition: form-data; name=\"images\"; filename=\"상품 \\\"b\\\";c=d.gif\"\r\n".utf8))
        expected.append(contentsOf: Array("Content-Type: image/gif\r\n\r\n".utf8))
        expected.append(gif.data)
        expected.append(contentsOf: Array("\r\n--XyZ--\r\n".utf8))

        #expect(body.data == expected)
        #expect(body.contentType == "multipart/form-data; boundary=XyZ")
    }

    /// Parses a body with MultipartKit's incremental parser (the one the server uses), keeping
    /// every part, fed in small chunks as a socket would deliver it.
    static func parse(_ body: MultipartBody, chunk: Int = 7) throws -> [(headers: [String: String], body: Data)] {
        let parser = MultipartParser(boundary: body.boundary)
        final class Collector {
            var parts: [([String: String], Data)] = []
            var headers: [String: String] = [:]
            var data = Data()
        }
        let c = Collector()
        parser.onHeader = { name, value in c.headers[name.lowercased()] = value }
        parser.onBody = { buffer in c.data.append(contentsOf: buffer.readableBytesView) }
        parser.onPartComplete = {
            c.parts.append((c.headers, c.data))
            c.headers = [:]
            c.data = Data()
        }
        var offset = 0
        while offset < body.data.count {
            let end = min(offset + chunk, body.data.count)
            try parser.execute(ByteBuffer(bytes: body.data[offset..<end]))
            offset = end
        }
        return c.parts.map { (headers: $0.0, body: $0.1) }
    }

    @Test func roundTripThroughMultipartKitsParser() throws {
        let files = ["coffee-small.jpg", "chelsea.png", "오토바이-상품사진.jpg", "tiny-animated.gif"]
        let images = try files.map { try UploadImage.load(path: Fixtures.image($0).path) }
        let draft = ProductDraft(name: "커피 세트", description: "원두와 머그컵 세트입니다", price: Decimal(string: "19.99")!, currency: .usd)
        let credentials = VendorCredentials(identifier: "id-1", secret: "s3cr3t!")
        let endpoint = try Endpoints.createProduct(draft, images: images, credentials: credentials)
        let contentType = try #require(endpoint.headers["Content-Type"])
        let boundary = String(try #require(contentType.split(separator: "=").last))
        let body = MultipartBody(boundary: boundary, data: try #require(endpoint.body))

        let parts = try Self.parse(body)
        #expect(parts.count == 1 + files.count)
        // The parts as described (what a trace and a dry run show) are the parts as sent.
        let described = try #require(endpoint.multipart?.parts)
        #expect(described.map(\.name) == ["params"] + files.map { _ in "images" })
        #expect(described.map(\.byteCount) == parts.map(\.body.count))
        #expect(described.first?.json == parts.first?.body)
        #expect(parts[0].headers["content-disposition"] == #"form-data; name="params""#)
        #expect(parts[0].headers["content-type"] == "application/json")
        let params = try JSONSerialization.jsonObject(with: parts[0].body) as? [String: Any]
        #expect(params?["name"] as? String == "커피 세트")
        #expect(params?["secret"] as? String == "s3cr3t!")
        struct Price: Decodable { var price: Decimal }
        #expect(try MarketJSON.decoder.decode(Price.self, from: parts[0].body).price == Decimal(string: "19.99"))
        #expect(params?["currency"] as? String == "USD")

        let expectedTypes = ["image/jpeg", "image/png", "image/jpeg", "image/gif"]
        for (index, file) in files.enumerated() {
            let part = parts[index + 1]
            #expect(part.headers["content-disposition"] == #"form-data; name="images"; filename="\#(file)""#)
            #expect(part.headers["content-type"] == expectedTypes[index])
            #expect(part.body == (try Fixtures.imageData(file)))
        }
    }

    @Test func randomBoundaryNeverOccursInContent() throws {
        // Content that contains the fixed prefix of every generated boundary.
        let params = Data("OpenMarketBoundary OpenMarketBoundary".utf8)
        for _ in 0..<20 {
            let body = try MultipartBody.productCreation(params: params, images: [])
            #expect(params.range(of: Data(body.boundary.utf8)) == nil)
            #expect(body.boundary.hasPrefix("OpenMarketBoundary"))
        }
    }

    @Test func aFixedBoundaryFoundInContentIsRefused() {
        #expect(throws: MarketError.self) {
            try MultipartBody.productCreation(params: Data("has XyZ inside".utf8), images: [], boundary: "XyZ")
        }
    }

    @Test(arguments: [
        ("plain.jpg", #""plain.jpg""#),
        ("오토바이-상품사진.jpg", #""오토바이-상품사진.jpg""#),
        (#"say "cheese".jpg"#, #""say \"cheese\".jpg""#),
        ("a;b=c.png", #""a;b=c.png""#),
        (#"back\slash.gif"#, #""back\\slash.gif""#),
        ("line\r\nbreak.jpg", #""line__break.jpg""#),
    ])
    func fileNamesAreQuotedSafely(name: String, quoted: String) {
        #expect(MultipartBody.quotedString(name) == quoted)
    }

    @Test func createRequestShape() throws {
        let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
        let credentials = VendorCredentials(identifier: "7f1f-uuid", secret: "pw")
        let endpoint = try Endpoints.createProduct(
            ProductDraft(
                name: "Mug", description: "A very nice mug", price: 3500, currency: .krw, discountedPrice: 100, stock: 3),
            images: [image], credentials: credentials, boundary: "B0UNDARY")
        #expect(endpoint.method == .post)
        #expect(endpoint.path == "/api/products")
        #expect(endpoint.headers["identifier"] == "7f1f-uuid")
        #expect(endpoint.documentedStatus == 201)
        let text = String(decoding: try #require(endpoint.body), as: UTF8.self)
        #expect(
            text.contains(
                #"{"currency":"KRW","description":"A very nice mug","discounted_price":100,"name":"Mug","price":3500,"secret":"pw","stock":3}"#
            ))
    }
}
