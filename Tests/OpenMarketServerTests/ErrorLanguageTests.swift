import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// The bundled market's error text follows the request's `Accept-Language` (issue 40): the
/// body's shape and the field names stay, only the words change; every error answer says which
/// language it is in and that it varies by `Accept-Language`.
@Suite("Error answers in the request's language")
struct ErrorLanguageTests {
    @Test func aBrokenRuleIsAnsweredInKoreanWhenKoreanIsAsked() async throws {
        try await TestMarket.with { market in
            let product = try await market.createProduct()
            let body = #"{"price": 0, "secret": "\#(market.demo.secret.revealed)"}"#
            let headers = ["Content-Type": "application/json", "identifier": market.demo.identifier]
            let korean = try await market.raw(
                "PATCH", "/api/products/\(product.id)", headers: headers.merging(["Accept-Language": "ko-KR, en;q=0.5"]) { $1 },
                body: Data(body.utf8))
            #expect(korean.status == 400)
            #expect(korean.error?.code == 400)
            #expect(korean.error?.message == "price: 0보다 커야 합니다(지금 0)", "\(korean.text)")
            #expect(korean.headers["content-language"] == "ko")
            #expect(korean.headers["vary"]?.contains("Accept-Language") == true)

            let english = try await market.raw(
                "PATCH", "/api/products/\(product.id)", headers: headers, body: Data(body.utf8))
            #expect(english.error?.message == "price: must be greater than 0 (it is 0)", "\(english.text)")
            #expect(english.headers["content-language"] == "en")
            #expect(english.headers["vary"]?.contains("Accept-Language") == true)
        }
    }

    @Test func aLanguageTheMarketDoesNotSpeakGetsEnglish() async throws {
        try await TestMarket.with { market in
            let french = try await market.raw("GET", "/api/products/99999", headers: ["Accept-Language": "fr-FR"])
            #expect(french.status == 404)
            #expect(french.error?.message == "product 99999: no such product")
            let korean = try await market.raw("GET", "/api/products/99999", headers: ["Accept-Language": "ko"])
            #expect(korean.error?.message == "상품 99999: 없는 상품입니다")
            let method = try await market.raw("PUT", "/api/products/1", headers: ["Accept-Language": "ko"])
            #expect(method.status == 405)
            #expect(method.headers["content-language"] == "ko")
            #expect(method.error?.message.hasPrefix("/api/products/1에는 PUT 메서드를 쓸 수 없습니다") == true, "\(method.text)")
        }
    }

    /// Two `Accept-Language` lines are one list (RFC 9110 §5.3): the refusal made before the
    /// routes read only the first line, so `en;q=0.1` then `ko` was answered in English.
    @Test func aRefusalBeforeTheRoutesReadsEveryAcceptLanguageLine() async throws {
        try await TestMarket.with { market in
            let connection = try RawConnection(port: market.port)
            connection.send(
                "PATCH /api/products/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: en;q=0.1\r\n"
                    + "Accept-Language: ko\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n"
                    + "5\r\nhello\r\n0\r\n\r\n")
            let ended = await connection.readUntilClosed(timeout: .seconds(120))
            let text = String(decoding: ended.data, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 501 "), "\(text)")
            #expect(text.lowercased().contains("content-language: ko"), "\(text)")
        }
    }

    @Test func aRouteReadsEveryAcceptLanguageLineAndTheWildcard() async throws {
        try await TestMarket.with { market in
            let twoLines = try await market.raw(
                "GET", "/api/products/99999", headers: ["Accept-Language": "en;q=0.1, ko"])
            #expect(twoLines.error?.message == "상품 99999: 없는 상품입니다", "\(twoLines.text)")
            let wildcard = try await market.raw(
                "GET", "/api/products/99999", headers: ["Accept-Language": "en;q=0, *"])
            #expect(wildcard.headers["content-language"] == "ko", "\(wildcard.text)")
        }
    }

    /// Every message has Korean of its own (a catalogue left in English would compile too).
    @Test(arguments: [
        MarketMessage.notMultipart, .bodyTooLarge, .paramsMissing, .noSuchImage, .deleteTokenInvalid, .identifierRequired,
        .unknownIdentifier, .wrongSecret, .secretThrottled(seconds: 3), .checkingBusy(seconds: 1), .noSuchProduct("7"),
        .anotherVendorsProduct(7), .notJSON(what: "params"), .noParts, .diskFull, .internalError, .uploadsBusy(limit: 2),
        .changedSinceRead(etag: "\"abc\""), .notWholeNumberInRange(name: "page_no", low: 1, high: nil, given: "x"),
    ])
    func everyMessageHasItsKorean(message: MarketMessage) {
        #expect(message.korean != message.english)
        #expect(message.korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(message.korean)")
    }
}
