import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

/// `MarketClient.downloadImage`: the stored bytes, bounded, http(s) only, never signed.
@Suite("Downloading images")
struct ImageDownloadTests {
    static let credentials = VendorCredentials(identifier: "0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77", secret: "S3cr3t$#@_-pw")

    @Test func downloadedBytesAreTheUploadedOnes() async throws {
        try await TestMarket.with { market in
            let client = market.client()
            let names = ["coffee-small.jpg", "chelsea.png"]
            let images = try names.map { try UploadImage.load(path: Fixtures.image($0).path) }
            let created = try await client.create(
                ProductDraft(name: "Two photos", description: "A product with two photos", price: 10, currency: .usd),
                images: images)
            let stored = try #require(try await client.product(id: created.value.id).value.images)
            #expect(stored.count == 2)
            for (image, name) in zip(stored, names) {
                let downloaded = try await client.downloadImage(image.url)
                #expect(downloaded.data == (try Fixtures.imageData(name)), "\(name)")
                #expect(downloaded.contentType == (name.hasSuffix(".jpg") ? "image/jpeg" : "image/png"))
                // The same image by a path relative to the client's base URL.
                let path = try #require(URL(string: image.url)?.path)
                #expect(try await client.downloadImage(path).data == downloaded.data)
            }
        }
    }

    @Test func anAnswerLargerThanTheLimitIsRefusedNamingIt() async throws {
        let announced = try MisbehavingServer { _ in
            [
                .send(
                    MisbehavingServer.response(
                        status: 200, contentType: "image/png", body: [UInt8](repeating: 7, count: 2_000_000)))
            ]
        }
        defer { announced.stop() }
        let block = MisbehavingServer.chunk([UInt8](repeating: 7, count: 64 * 1024))
        let endless = try MisbehavingServer { _ in
            [
                .send(MisbehavingServer.head(status: 200, contentType: "image/png", contentLength: nil)),
                .sendRepeated(block, times: 100_000),
            ]
        }
        defer { endless.stop() }
        for server in [announced, endless] {
            let client = MarketClient(baseURL: server.baseURL, timeout: .seconds(60))
            let error = await marketError { try await client.downloadImage("/images/big.png", maxBytes: 1024 * 1024) }
            #expect(
                error
                    == .unexpectedResponse(
                        "the image at http://127.0.0.1:\(server.port)/images/big.png is larger than 1.0 MB, the most this download accepts; stopped reading it"
                    ))
        }
        #expect(ResponseLimits.image == 20 * 1024 * 1024)
    }

    @Test(arguments: [
        ("file:///etc/passwd", Rule.onlyHTTPImages(scheme: "file")),
        ("data:image/png;base64,iVBORw0KGgo=", .onlyHTTPImages(scheme: "data")),
        ("ftp://127.0.0.1/a.png", .onlyHTTPImages(scheme: "ftp")),
        ("  ", .emptyText),
        ("http:///a.png", .namesNoHost("http:///a.png")),
    ])
    func onlyHTTPAddressesAreDownloaded(address: String, rule: Rule) async {
        let transport = RecordingTransport()
        let client = MarketClient(baseURL: URL(string: "http://127.0.0.1:8080")!, transport: transport)
        let error = await marketError { try await client.downloadImage(address) }
        #expect(error == .invalidInput([RuleViolation("image URL", rule)]))
        #expect(transport.requests.isEmpty)
    }

    @Test func noCredentialIsSent() async throws {
        let png = try Fixtures.imageData("chelsea.png")
        let server = try MisbehavingServer { _ in
            [.send(MisbehavingServer.response(status: 200, contentType: "image/png", body: Array(png)))]
        }
        defer { server.stop() }
        let client = MarketClient(baseURL: server.baseURL, credentials: Self.credentials, timeout: .seconds(30))
        let downloaded = try await client.downloadImage("images/1/chelsea.png")
        #expect(downloaded.data == png)
        let request = try #require(server.received.first)
        #expect(request.target == "/images/1/chelsea.png")
        #expect(request.headers["identifier"] == nil)
        #expect(!request.headers.values.contains { $0.contains(Self.credentials.identifier) || $0.contains("S3cr3t") })
    }

    /// Relative addresses resolve as in a web page (RFC 3986), against a base with a path too;
    /// spaces and Korean letters are percent-encoded, `%xx` already there is kept.
    @Test func addressesAreResolvedAgainstTheBaseAndEncoded() async throws {
        let server = try MisbehavingServer { _ in
            [.send(MisbehavingServer.response(status: 200, contentType: "image/gif", body: [0x47, 0x49, 0x46]))]
        }
        defer { server.stop() }
        let client = MarketClient(baseURL: server.baseURL.appendingPathComponent("market/"), timeout: .seconds(30))
        _ = try await client.downloadImage("images/오토바이 상품.jpg")
        _ = try await client.downloadImage("/images/a%20b.gif")
        _ = try await client.downloadImage("HTTP://127.0.0.1:\(server.port)/x.gif#top")
        #expect(
            server.received.map(\.target) == [
                "/market/images/%EC%98%A4%ED%86%A0%EB%B0%94%EC%9D%B4%20%EC%83%81%ED%92%88.jpg", "/images/a%20b.gif", "/x.gif",
            ])
    }

    @Test func aRefusedDownloadIsAMarketError() async throws {
        let server = try MisbehavingServer.answering(status: 404, body: #"{"code":404,"message":"no such image"}"#)
        defer { server.stop() }
        let client = MarketClient(baseURL: server.baseURL, timeout: .seconds(30))
        let error = await marketError { try await client.downloadImage("/images/gone.png") }
        #expect(error == .serverRefused(status: 404, message: "no such image"))
    }
}
