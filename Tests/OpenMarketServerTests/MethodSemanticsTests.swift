import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import Testing

/// The HTTP semantics the contract decides for the bundled market (§8, issue 13 item 6): 405
/// with `Allow` for a method a path does not take, OPTIONS, HEAD like GET without the body, and
/// a conditional GET answering 304.
@Suite("Methods, HEAD, OPTIONS and 304")
struct MethodSemanticsTests {
    @Test func aMethodThePathDoesNotTakeIs405WithAllow() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct()
            let cases: [(String, String, String)] = [
                ("PUT", "/api/products/\(product.id)", "GET, HEAD, PATCH, DELETE, OPTIONS"),
                ("POST", "/api/products/\(product.id)", "GET, HEAD, PATCH, DELETE, OPTIONS"),
                ("DELETE", "/api/products", "GET, HEAD, POST, OPTIONS"),
                ("PATCH", "/healthChecker", "GET, HEAD, OPTIONS"),
                ("GET", "/api/products/\(product.id)/archived", "POST, OPTIONS"),
                ("PUT", "/images/1/x.jpg", "GET, HEAD, OPTIONS"),
            ]
            for (method, path, allow) in cases {
                let answer = try await market.raw(
                    method, path, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
                #expect(answer.status == 405, "\(method) \(path): \(answer.text)")
                #expect(answer.headers["allow"] == allow, "\(method) \(path)")
                #expect(answer.error?.code == 405, "\(answer.text)")
                #expect(answer.error?.message == "\(method) is not allowed on \(path); it allows \(allow)", "\(answer.text)")
            }
            // A path no route has stays a 404.
            let unknown = try await market.raw("PUT", "/api/nothing")
            #expect(unknown.status == 404 && unknown.headers["allow"] == nil)
        }
    }

    /// The table the `Allow` headers come from names only methods the router really serves.
    @Test func everyMethodTheTableAllowsHasARoute() async throws {
        try await TestMarket.with { market in
            for path in [
                "/healthChecker", "/api/products", "/api/products/1", "/api/products/1/archived", "/api/products/1/secret",
                "/api/products/1/x", "/images/1/x.jpg", "/", "/products/1", "/storefront/app.js", "/storefront/style.css",
            ] {
                let options = try await market.raw("OPTIONS", path)
                let allowed = (options.headers["allow"] ?? "").components(separatedBy: ", ").filter { $0 != "OPTIONS" }
                #expect(!allowed.isEmpty, "\(path)")
                for method in allowed {
                    let answer = try await market.raw(
                        method, path, headers: ["Content-Type": "application/json"],
                        body: method == "GET" || method == "HEAD" ? nil : Data("{}".utf8))
                    #expect(answer.status != 405, "\(method) \(path) is in the table: \(answer.text)")
                    #expect(answer.error?.message.hasPrefix("no such endpoint") != true, "\(method) \(path): \(answer.text)")
                }
            }
        }
    }

    @Test func optionsAnswers204WithAllowAndNeedsNoCredentials() async throws {
        try await TestMarket.with { market in
            for (path, allow) in [
                ("/healthChecker", "GET, HEAD, OPTIONS"), ("/api/products", "GET, HEAD, POST, OPTIONS"),
                ("/api/products/1", "GET, HEAD, PATCH, DELETE, OPTIONS"), ("/api/products/1/archived", "POST, OPTIONS"),
            ] {
                let answer = try await market.raw("OPTIONS", path)
                #expect(answer.status == 204, "\(path): \(answer.text)")
                #expect(answer.headers["allow"] == allow, "\(path)")
                #expect(answer.body.isEmpty)
            }
            #expect(try await market.raw("OPTIONS", "/nowhere").status == 404)
        }
    }

    @Test func headAnswersAsGetWithoutTheBody() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct()
            let image = try #require(URL(string: product.images?.first?.url ?? "")).path
            for path in ["/healthChecker", "/api/products", "/api/products/\(product.id)", image, "/api/products/999999"] {
                let get = try await market.raw("GET", path)
                let head = try await market.raw("HEAD", path)
                #expect(head.status == get.status, "\(path)")
                #expect(head.headers["content-type"] == get.headers["content-type"], "\(path)")
                #expect(head.headers["content-length"] == String(get.body.count), "\(path): the length GET's body has")
                #expect(head.headers["etag"] == get.headers["etag"], "\(path)")
            }
            // On the wire: the head, and not one byte of body after it.
            let connection = try RawConnection(port: market.port)
            #expect(connection.send("HEAD /api/products/\(product.id) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
            let (data, closed) = await connection.readUntilClosed(timeout: .seconds(30))
            #expect(closed)
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(text)")
            #expect(text.hasSuffix("\r\n\r\n"), "nothing after the head: \(text)")
        }
    }

    @Test func aConditionalGetWithTheCurrentETagIs304() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct()
            let path = "/api/products/\(product.id)"
            let first = try await market.raw("GET", path)
            let tag = try #require(first.headers["etag"])
            for header in [tag, "W/\(tag)", "\"stale\", \(tag)", "*"] {
                let answer = try await market.raw("GET", path, headers: ["If-None-Match": header])
                #expect(answer.status == 304, "If-None-Match: \(header)")
                #expect(answer.body.isEmpty && answer.headers["etag"] == tag)
            }
            let stale = try await market.raw("GET", path, headers: ["If-None-Match": "\"stale\""])
            #expect(stale.status == 200 && stale.body == first.body)
            // After a change the old tag no longer matches: the whole product comes back.
            let edit = try await market.json("PATCH", path, #"{"stock": 9, "secret": "\#(market.demo.secret.revealed)"}"#)
            #expect(edit.status == 202)
            let changed = try await market.raw("GET", path, headers: ["If-None-Match": tag])
            #expect(changed.status == 200 && changed.headers["etag"] != tag)
        }
    }
}
