import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// What schemathesis found when it first ran against the market with the OpenAPI document
/// (`scripts/check-openapi`), each kept as the test that failed before the fix.
@Suite("OpenAPI findings")
struct OpenAPIFindingsTests {
    /// A request whose head the HTTP decoder cannot parse (a control character in a header
    /// value, a broken request line) was answered with Hummingbird's bare 400: no Content-Type
    /// and no body, where the contract promises `{"code": 400, "message": …}` for every refusal.
    @Test(arguments: [
        "PATCH /api/products/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-Match: a\u{0B}b\r\nContent-Length: 2\r\n\r\n{}",
        "GET /api/products HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\u{06}b\r\n\r\n",
        "GET /api/products HTTP/1.1 trailing\r\nHost: 127.0.0.1\r\n\r\n",
    ])
    func anUnparsableRequestHeadGetsTheContractsErrorBody(request: String) async throws {
        try await TestMarket.with { market in
            let connection = try RawConnection(port: market.port)
            connection.send(request)
            let ended = await connection.readUntilClosed(timeout: .seconds(20))
            let text = String(decoding: ended.data, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 400 "), "\(text)")
            #expect(text.lowercased().contains("content-type: application/json"), "\(text)")
            let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
            let error = try? MarketJSON.decoder.decode(MarketErrorBody.self, from: Data(body.utf8))
            #expect(error?.code == 400, "\(text)")
            #expect(error?.message.contains("HTTP") == true, "\(text)")
            #expect(ended.closed)
        }
    }
}
