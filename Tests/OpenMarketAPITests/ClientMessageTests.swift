import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

/// The client's own sentences (why no connection was made, an answer that did not decode, a
/// retry or a walk given up) are `ClientMessage` cases, said in the reader's language; before,
/// a Korean screen showed `127.0.0.1:9에 연결할 수 없습니다(connection refused)`.
@Suite("The client speaks the reader's language")
struct ClientMessageTests {
    /// A duration in a Korean sentence is `3초`, not `3 s`; the English keeps `3 s`.
    @Test func aDurationIsSaidInSecondsInKorean() {
        let late = MarketError.timedOut(host: "127.0.0.1", port: 9, after: .seconds(3))
        #expect(late.text(in: .ko) == "127.0.0.1:9에서 3초 안에 응답이 오지 않았습니다")
        #expect(late.text(in: .en) == "127.0.0.1:9 did not answer within 3 s")
        #expect(Language.$current.withValue(.ko) { MarketError.seconds(.milliseconds(1500)) } == "1.5초")
        let busy = ClientMessage.stillBusy(attempts: 6, waited: .milliseconds(2500)).text(in: .ko)
        #expect(busy == "6번 시도하고 2.5초 기다렸지만 서버가 아직 바쁩니다. 나중에 다시 해 보세요")
    }

    @Test func aRefusedConnectionsReasonIsKoreanUnderKorean() async throws {
        let port = try LiveTransportTests.closedPort()
        let client = MarketClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: .seconds(5))
        let error = await Language.$current.withValue(.ko) { () async -> MarketError? in
            do {
                _ = try await client.health()
                return nil
            } catch {
                return error as? MarketError
            }
        }
        #expect(error == .cannotConnect(host: "127.0.0.1", port: port, reason: "연결이 거부됨"))
        #expect(error?.text(in: .ko) == "127.0.0.1:\(port)에 연결할 수 없습니다(연결이 거부됨)")
    }

    /// The reason follows the language the request asks the market for (`MarketClient.language`),
    /// as the sentence around it is shown in that language.
    @Test func theReasonFollowsTheClientsLanguage() async throws {
        let port = try LiveTransportTests.closedPort()
        var client = MarketClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: .seconds(5))
        client.language = .ko
        do {
            _ = try await client.health()
            Issue.record("a closed port answered")
        } catch {
            #expect(error == .cannotConnect(host: "127.0.0.1", port: port, reason: "연결이 거부됨"))
        }
    }

    @Test func aFieldOfTheWrongKindIsSaidInKorean() throws {
        let decode = Endpoints.jsonDecoder([String: Int].self)
        do {
            _ = try decode(Data(#"{"price": "abc"}"#.utf8))
            Issue.record("decoded")
        } catch let failure as ResponseDecodingFailure {
            #expect(Language.$current.withValue(.ko) { failure.description } == "price: 숫자가 아닙니다")
            #expect(failure.description == "price is not a number")
        }
    }

    @Test func aRetryGivenUpIsSaidInKorean() {
        let policy = RetryPolicy(maxWait: .seconds(30))
        let decision = Language.$current.withValue(.ko) {
            policy.decide(status: 503, retryAfter: "120", attempt: 1, waited: .zero, now: Date())
        }
        guard case .giveUpSaying(let text) = decision else {
            Issue.record("\(decision)")
            return
        }
        #expect(text == "서버가 120초 기다린 뒤 다시 하라고 했는데, 이 클라이언트가 기다리는 시간(30초)보다 깁니다. 나중에 다시 해 보세요")
    }

    /// Every case has Korean of its own: Hangul, and every number and name of the English kept.
    @Test(arguments: [
        ClientMessage.connectionRefused, .noRouteToHost, .connectTimedOut, .resetByServer, .closedByServer, .unknownHost,
        .noFreeConnection, .certificateNotTrusted, .notTLS(plainAddress: "http://127.0.0.1:8080"), .notHTTP,
        .portOutOfRange(99999),
        .answerTooLargeForClient, .answerTooLarge(limit: 1024), .notTheContractsOK(excerpt: "<html>"), .emptyBody,
        .fieldMissing, .fieldNot(.string), .fieldNull(.boolean), .notJSON, .atField("pages[3].price", .fieldMissing),
        .pageRepeated(page: 7, products: 120, searched: true), .walkLimit(pages: 9, products: 900, bytes: 2048, searched: false),
        .waitTooLong(asked: .seconds(90), limit: .seconds(30)), .stillBusy(attempts: 4, waited: .seconds(12)),
        .notModifiedUnasked, .imageTooLarge(url: "http://127.0.0.1/images/1.jpg", limit: 4096),
    ])
    func everyCaseHasKorean(message: ClientMessage) {
        #expect(message.korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(message.korean)")
        let facts = ["http://127.0.0.1:8080", "1 KB", "<html>", "pages[3].price", "7", "120", "900", "90 s", "30 s", "12 s", "4"]
        for fact in facts where message.english.contains(fact) {
            // A duration is said in Korean units (`90 s` → `90초`), its number kept.
            let korean = fact.hasSuffix(" s") ? String(fact.dropLast(2)) + "초" : fact
            #expect(message.korean.contains(korean), "\(korean) in \(message.korean)")
        }
        #expect(KoreanStyle.problems(message) == [])
    }
}

/// Where a secret would travel is named in the reader's language (before, `the header X-Note`
/// inside a Korean refusal).
@Suite("Where a secret would travel, in the reader's language")
struct SecretPlaceTests {
    @Test func aSecretInAHeaderIsNamedInKorean() {
        let url = URL(string: "http://127.0.0.1:8080/api/products/1")!
        let request = HTTPRequestData(method: .get, url: url, headers: ["X-Note": "S3cr3t-pw"])
        #expect(SecretMasking.place(in: request, secrets: ["S3cr3t-pw"]) == .header("X-Note"))
        #expect(Language.$current.withValue(.ko) { SecretMasking.leak(in: request, secrets: ["S3cr3t-pw"]) } == "X-Note 헤더")
    }

    @Test(arguments: [
        SecretPlace.url, .header("X-Note"), .body, .fieldName(in: nil), .fieldName(in: "extra"), .partHeaders(params: true),
        .partHeaders(params: false), .imagePart,
    ])
    func everyPlaceHasKorean(place: SecretPlace) {
        #expect(place.korean != place.english)
        for name in ["X-Note", "extra", "params", "URL"] where place.english.contains(name) {
            #expect(place.korean.contains(name), "\(name) in \(place.korean)")
        }
    }
}
