import Foundation
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
            try await Task.sleep(for: window + .milliseconds(500))
            #expect(try await patch(market, secret: "wrong-again").status == 401)
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
