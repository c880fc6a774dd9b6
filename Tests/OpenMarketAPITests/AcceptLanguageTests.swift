import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

/// The client sends the reader's language as `Accept-Language` on every request (issue 40), so
/// the market's refusals come back in it: checked at the bundled market over loopback.
@Suite("The client asks for the reader's language")
struct AcceptLanguageTests {
    @Test func aKoreanReaderGetsTheMarketsRefusalInKorean() async throws {
        try await TestMarket.with { market in
            let client = market.client()
            let korean = await Language.$current.withValue(.ko) {
                await marketError { try await client.product(id: 99999) }
            }
            #expect(korean == .serverRefused(status: 404, message: "상품 99999: 없는 상품입니다"))
            let english = await marketError { try await client.product(id: 99999) }
            #expect(english == .serverRefused(status: 404, message: "product 99999: no such product"))
            var chosen = client
            chosen.language = .ko
            let configured = await marketError { try await chosen.product(id: 99999) }
            #expect(configured == .serverRefused(status: 404, message: "상품 99999: 없는 상품입니다"))
        }
    }

    @Test func everyRequestCarriesTheHeader() async throws {
        let transport = RecordingTransport()
        let client = MarketClient(baseURL: URL(string: "http://127.0.0.1:8080")!, transport: transport)
        _ = try? await Language.$current.withValue(.ko) { try await client.health() }
        _ = try? await client.products()
        #expect(transport.requests.map { $0.headers["Accept-Language"] } == ["ko, en;q=0.5", "en"])
    }
}

/// The client's own errors are said in the reader's language too.
@Suite("The client's errors in the reader's language")
struct MarketErrorLanguageTests {
    @Test func aClientErrorReadsKoreanUnderKorean() {
        let refused = MarketError.serverRefused(status: 404, message: "상품 7: 없는 상품입니다")
        #expect(refused.english == "the server refused (404): 상품 7: 없는 상품입니다")
        #expect(refused.korean == "서버가 거절했습니다(404): 상품 7: 없는 상품입니다")
        let invalid = MarketError.invalidInput([RuleViolation("price", .notANumber("abc"))])
        Language.$current.withValue(.ko) {
            #expect("\(invalid)" == "price: 'abc'은(는) 숫자가 아닙니다")
            #expect("\(MarketError.missingCredentials)".hasPrefix("로그인하지 않았습니다"))
        }
        #expect("\(MarketError.cancelled)" == "cancelled")
    }
}
