import AsyncHTTPClient
import Foundation
import HTTPTypes
import MarketTestSupport
import NIOCore
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// The OpenAPI document: served at `/openapi.json` byte for byte as checked in at
/// `docs/openapi.json`, and naming, for every path, exactly the methods the market takes there.
@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    static let checkedIn = Fixtures.packageRoot.appendingPathComponent("docs/openapi.json")

    /// Fails when the builder changed and the copy was not regenerated
    /// (`swift run openmarket-server openapi > docs/openapi.json`), or the other way round.
    @Test func theServedDocumentIsTheCheckedInCopy() async throws {
        try await TestMarket.with { market in
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: market.baseURL.absoluteString + "/openapi.json"), timeout: .seconds(600))
            #expect(response.status.code == 200)
            #expect(response.headers["Content-Type"].first == "application/json")
            let served = Data(buffer: try await response.body.collect(upTo: 1 << 22))
            let copy = try Data(contentsOf: Self.checkedIn)
            #expect(
                served == copy,
                "docs/openapi.json differs from what the market serves; regenerate it with `openmarket-server openapi`")
        }
    }

    @Test func headAnswersTheDocumentsLengthWithoutItsBody() async throws {
        try await TestMarket.with { market in
            var request = HTTPClientRequest(url: market.baseURL.absoluteString + "/openapi.json")
            request.method = .HEAD
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
            #expect(response.status.code == 200)
            #expect(response.headers["Content-Length"].first == String(OpenAPIDocument.json.count))
            #expect(try await response.body.collect(upTo: 1024).readableBytes == 0)
        }
    }

    /// Every path of the document takes the methods `MethodTable` (the source of the 405 and
    /// OPTIONS answers) gives for it, and the document names every method of the table's rows.
    @Test func everyPathNamesExactlyTheMethodsTheMarketTakes() throws {
        guard case .object(let document) = OpenAPIDocument.value, case .object(let paths)? = document["paths"] else {
            Issue.record("the document has no paths")
            return
        }
        var covered: Set<String> = []
        for (path, item) in paths {
            let sample = path.split(separator: "/").map { $0.hasPrefix("{") ? "1" : String($0) }.joined(separator: "/")
            let allowed = try #require(MethodTable.allowed(forPath: "/" + sample), "\(path) is not in MethodTable")
            let documented = Set(item.keys.filter { $0 != "parameters" }.map { $0.uppercased() })
            #expect(documented == Set(allowed.map(\.rawValue)), "\(path)")
            covered.insert(sample)
        }
        for row in MethodTable.rows {
            let sample = row.pattern.map { $0 == ":" ? "1" : $0 == "**" ? "1/20260101/x" : $0 }.joined(separator: "/")
            let matched = covered.contains {
                MethodTable.allowed(forPath: "/" + $0) == MethodTable.allowed(forPath: "/" + sample) && Self.same($0, sample)
            }
            #expect(matched, "MethodTable row /\(row.pattern.joined(separator: "/")) has no path in the document")
        }
    }

    /// Whether two sample paths name the same route (same literal segments where both have one).
    static func same(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: "/")
        let right = b.split(separator: "/")
        return left.count == right.count && zip(left, right).allSatisfy { $0 == $1 || $0 == "1" || $1 == "1" }
    }
}
