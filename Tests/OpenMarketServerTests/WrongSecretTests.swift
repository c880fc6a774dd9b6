import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// Wrong secrets cost the sender, not the market: after a few, an identifier's unknown secrets
/// are refused with 429 and `Retry-After` without deriving anything.
@Suite("Wrong secrets")
struct WrongSecretTests {
    /// A window far longer than any test, so a slow hashing queue on a loaded machine cannot let
    /// a failure expire mid-test.
    static let policy = WrongSecretPolicy(freeFailures: 3, failureWindow: .seconds(600))

    func patch(_ market: TestMarket, secret: String) async throws -> TestMarket.RawResponse {
        try await market.json("PATCH", "/api/products/1", #"{"secret":"\#(secret)"}"#)
    }

    @Test func repeatedWrongSecretsAreRefusedWith429AndRetryAfter() async throws {
        try await TestMarket.with(wrongSecrets: Self.policy) { market in
            for attempt in 1...3 {
                let response = try await patch(market, secret: "wrong-\(attempt)")
                #expect(response.status == 401, "attempt \(attempt)")
            }
            let refused = try await patch(market, secret: "wrong-4")
            #expect(refused.status == 429)
            #expect(refused.error?.message.contains("too many wrong secrets") == true)
            let retryAfter = try #require(refused.headers["retry-after"].flatMap(Int.init))
            #expect((1...600).contains(retryAfter))
        }
    }

    @Test func theOwnersVerifiedSecretStillWorksWhileThrottled() async throws {
        try await TestMarket.with(wrongSecrets: Self.policy) { market in
            let product = try await market.createProduct()  // verifies the demo secret once
            for attempt in 1...4 { _ = try await patch(market, secret: "wrong-\(attempt)") }
            let path = "/api/products/\(product.id)"
            let owner = try await market.json("PATCH", path, #"{"secret":"\#(market.demo.secret.revealed)","stock":7}"#)
            #expect(owner.status == 202)
        }
    }

    /// Derivations under way count, so a burst in parallel cannot slip past the limit.
    @Test func aParallelBurstDerivesNoMoreThanTheLimit() async throws {
        try await TestMarket.with(wrongSecrets: Self.policy) { market in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for attempt in 1...10 { group.addTask { try await patch(market, secret: "burst-\(attempt)").status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.count { $0 == 401 } <= 3)
            #expect(statuses.count { $0 == 429 } >= 7)
            #expect(statuses.allSatisfy { $0 == 401 || $0 == 429 })
        }
    }

    @Test func theThrottleEndsAfterTheWindow() async throws {
        let window = Duration.seconds(3)
        try await TestMarket.with(wrongSecrets: WrongSecretPolicy(freeFailures: 2, failureWindow: window)) { market in
            var statuses: [Int] = []
            for attempt in 1...10 {
                statuses.append(try await patch(market, secret: "wrong-\(attempt)").status)
                if statuses.last == 429 { break }
            }
            #expect(statuses.last == 429, "never throttled: \(statuses)")
            // Every failure counted so far finished before that 429, so all are older than this.
            // The pause is the behaviour under test (the window passing), not a wait for an event.
            try await Task.sleep(for: window + .milliseconds(500))
            #expect(try await patch(market, secret: "wrong-again").status == 401)
        }
    }

    /// A PATCH of `path` from `source` (an address of 127.0.0.0/8), as the demo vendor.
    func patch(
        _ market: TestMarket, _ path: String = "/api/products/1", secret: String, from source: String, extra: String = ""
    ) async throws -> SourcedExchange.Answer {
        try await SourcedExchange.send(
            "PATCH", path, port: market.port, from: source,
            headers: ["identifier": market.demo.identifier, "Content-Type": "application/json"],
            body: #"{"secret":"\#(secret)"\#(extra)}"#)
    }

    /// Sends wrong secrets from `source` until one is refused with 429 (at most `limit` tries).
    func throttle(_ market: TestMarket, from source: String, limit: Int = 10) async throws -> SourcedExchange.Answer? {
        for attempt in 1...limit {
            let answer = try await patch(market, secret: "guess-\(attempt)", from: source)
            if answer.status == 429 { return answer }
            #expect(answer.status == 401, "guess \(attempt) from \(source)")
        }
        return nil
    }

    /// Someone guessing the demo vendor's secret from one address does not lock the vendor out
    /// of its own shop from another: the throttle counts per identifier and address.
    @Test func anAttackersWrongSecretsDoNotStopTheOwnerFromAnotherAddress() async throws {
        try await TestMarket.with(wrongSecrets: Self.policy) { market in
            let refused = try await throttle(market, from: "127.0.0.2")
            #expect(refused != nil, "the attacker was never throttled")
            // The owner's secret has never been verified in this market: it is checked, not remembered.
            let owner = try await patch(market, "/api/products/999", secret: market.demo.secret.revealed, from: "127.0.0.1")
            #expect(owner.status == 404, "\(owner.head)")
        }
    }

    /// The throttle still holds for the attacker: more guesses from its address are refused
    /// unheard with 429 and `Retry-After`, the owner's success from elsewhere notwithstanding.
    @Test func theAttackerStaysThrottledWhileTheOwnerGetsIn() async throws {
        try await TestMarket.with(wrongSecrets: Self.policy) { market in
            _ = try await throttle(market, from: "127.0.0.2")
            let owner = try await patch(market, "/api/products/999", secret: market.demo.secret.revealed, from: "127.0.0.1")
            #expect(owner.status == 404)
            let again = try await patch(market, secret: "guess-again", from: "127.0.0.2")
            #expect(again.status == 429)
            #expect(again.head.lowercased().contains("retry-after: "))
            #expect(again.body.contains(#""code":429"#))
        }
    }

    /// A secret that verified once is remembered, keyed, in the data directory: after a restart,
    /// with an attacker throttled on the owner's own address, the owner still gets in at once.
    @Test func theOwnerGetsInAfterARestartWhileTheAttackerIsThrottled() async throws {
        let directory = try Fixtures.temporaryDirectory("openmarket-wrong-secrets")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await TestMarket.with(directory: directory, wrongSecrets: Self.policy) { market in
            let owner = try await patch(market, "/api/products/999", secret: market.demo.secret.revealed, from: "127.0.0.1")
            #expect(owner.status == 404)
        }
        try await TestMarket.with(directory: directory, wrongSecrets: Self.policy) { market in
            let refused = try await throttle(market, from: "127.0.0.1")
            #expect(refused != nil, "the attacker was never throttled")
            let owner = try await patch(market, "/api/products/999", secret: market.demo.secret.revealed, from: "127.0.0.1")
            #expect(owner.status == 404, "\(owner.head)")
            #expect(try await patch(market, secret: "guess-after", from: "127.0.0.1").status == 429)
        }
    }

    /// Identifiers are throttled one by one: another vendor is not refused for someone else's guesses.
    @Test func anotherIdentifierIsNotThrottled() async throws {
        try await TestMarket.with(wrongSecrets: Self.policy) { market in
            let other = try await market.running.data.addVendor(name: "other-shop")
            for attempt in 1...4 { _ = try await patch(market, secret: "wrong-\(attempt)") }
            let response = try await market.json(
                "PATCH", "/api/products/1", #"{"secret":"wrong"}"#, identifier: other.credentials.identifier)
            #expect(response.status == 401)
        }
    }
}
