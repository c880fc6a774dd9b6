import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// Two HTTP details of the bundled market (issue 37): `OPTIONS *` asks about the server as a
/// whole (RFC 9110 §9.3.7) and is answered, not 404; and an image is served with
/// `X-Content-Type-Options: nosniff`, so a browser takes the type the market sniffed and
/// guesses no other.
@Suite("OPTIONS * and nosniff on images")
struct ServerWideOptionsAndNosniffTests {
    @Test func optionsAsteriskIsAnswered200WithEveryMethodTheServerTakes() async throws {
        try await TestMarket.with { market in
            let connection = try RawConnection(port: market.port)
            connection.send("OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1:\(market.port)\r\nConnection: close\r\n\r\n")
            let (data, closed) = await connection.readUntilClosed(timeout: .seconds(60))
            let answer = String(decoding: data, as: UTF8.self)
            #expect(closed)
            #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer)")
            let head = answer.components(separatedBy: "\r\n\r\n")[0].lowercased()
            #expect(head.contains("\r\nallow: get, head, post, patch, delete, options"), "\(answer)")
            #expect(head.contains("\r\ncontent-length: 0"), "\(answer)")
            #expect(answer.hasSuffix("\r\n\r\n"), "no content: \(answer)")
        }
    }

    @Test func anImageIsServedWithNosniff() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct()
            let image = try #require(product.images?.first)
            for url in [image.url, image.thumbnailURL] {
                let path = try #require(URL(string: url)?.path)
                let answer = try await market.raw("GET", path)
                #expect(answer.status == 200)
                #expect(answer.headers["x-content-type-options"] == "nosniff", "\(path)")
            }
        }
    }
}
