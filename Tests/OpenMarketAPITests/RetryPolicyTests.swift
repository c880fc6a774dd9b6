import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

/// `MarketClient.retryPolicy` against servers on 127.0.0.1 that answer 429 or 503 on purpose.
@Suite("Backoff on 429 and 503")
struct RetryPolicyTests {
    static let busyBody = Array(#"{"code":429,"message":"slow down"}"#.utf8)

    /// A server that answers `status` with these headers to the first `refusals` requests and
    /// the health check's `"OK"` after.
    static func busyServer(
        refusals: Int, status: Int = 429, headers: @escaping @Sendable () -> [String: String] = { ["Retry-After": "1"] }
    ) throws -> MisbehavingServer {
        let seen = Recorder<Int>()
        return try MisbehavingServer { _ in
            if seen.append(0) <= refusals {
                return [.send(MisbehavingServer.response(status: status, headers: headers(), body: busyBody))]
            }
            return [.send(MisbehavingServer.response(status: 200, body: #""OK""#))]
        }
    }

    static func client(_ server: MisbehavingServer, policy: RetryPolicy?) -> MarketClient {
        var client = MarketClient(baseURL: server.baseURL, timeout: .seconds(30))
        client.retryPolicy = policy
        return client
    }

    @Test(arguments: [429, 503])
    func retryAfterOneSecondTwiceThenSuccess(status: Int) async throws {
        let server = try Self.busyServer(refusals: 2, status: status)
        defer { server.stop() }
        let pauses = Recorder<(status: Int, wait: Duration)>()
        let client = Self.client(server, policy: RetryPolicy(onPause: { pauses.append(($0, $1)) }))
        let started = ContinuousClock.now
        let health = try await client.health()
        let elapsed = ContinuousClock.now - started
        #expect(health.value == "OK")
        #expect(pauses.all.map(\.status) == [status, status])
        #expect(pauses.all.map(\.wait) == [.seconds(1), .seconds(1)])
        #expect(elapsed >= .seconds(2), "\(elapsed)")
        #expect(elapsed < .seconds(60), "\(elapsed)")
        #expect(server.received.count == 3)
    }

    /// The client waits as long as the date says, measured from its clock (given here, so that
    /// how long the answer took to arrive does not matter): exactly, where the backoff it would
    /// use had it not understood the date is at most 100 ms.
    @Test func retryAfterAsAnHTTPDateIsHonoured() async throws {
        let server = try Self.busyServer(refusals: 1) { ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"] }
        defer { server.stop() }
        let pauses = Recorder<Duration>()
        let policy = RetryPolicy(
            basePause: .milliseconds(100), onPause: { pauses.append($1) },
            now: { Date(timeIntervalSince1970: 784_111_775) })  // Sun, 06 Nov 1994 08:49:35 GMT
        #expect(try await Self.client(server, policy: policy).health().value == "OK")
        #expect(pauses.all == [.seconds(2)])
        #expect(server.received.count == 2)
    }

    @Test(arguments: ["soon", "-3", "1.5", "", "Sun, 99 Foo 1994 08:49:37 GMT"])
    func unusableRetryAfterFallsBackToTheBackoff(value: String) async throws {
        let server = try Self.busyServer(refusals: 2) { ["Retry-After": value] }
        defer { server.stop() }
        let pauses = Recorder<Duration>()
        let policy = RetryPolicy(basePause: .milliseconds(100), onPause: { pauses.append($1) })
        #expect(try await Self.client(server, policy: policy).health().value == "OK")
        // Full jitter below a ceiling of 100 ms, then 200 ms.
        #expect(pauses.all.count == 2)
        #expect(pauses.all.first.map { $0 <= .milliseconds(100) } == true, "\(pauses.all)")
        #expect(pauses.all.last.map { $0 <= .milliseconds(200) } == true, "\(pauses.all)")
    }

    @Test func retryAfterAboveMaxWaitGivesUpAtOnceNamingTheWait() async throws {
        let server = try Self.busyServer(refusals: 5) { ["Retry-After": "120"] }
        defer { server.stop() }
        let pauses = Recorder<Duration>()
        let client = Self.client(server, policy: RetryPolicy(maxWait: .seconds(30), onPause: { pauses.append($1) }))
        let error = await marketError { try await client.health() }
        #expect(error?.category == .serverRefused)
        #expect(
            error?.description
                == "the server refused (429): slow down; the server asked to wait 120 s before trying again, longer than this client waits (30 s); try again later"
        )
        #expect(pauses.all.isEmpty)
        #expect(server.received.count == 1)
    }

    @Test func withoutAPolicyA429IsThrownAtOnce() async throws {
        let server = try Self.busyServer(refusals: 5)
        defer { server.stop() }
        let client = MarketClient(baseURL: server.baseURL, timeout: .seconds(30))
        #expect(client.retryPolicy == nil)
        let error = await marketError { try await client.health() }
        #expect(error == .serverRefused(status: 429, message: "slow down"))
        #expect(server.received.count == 1)
    }

    @Test func whenTheAttemptsRunOutTheLastRefusalIsThrownAsIs() async throws {
        let server = try Self.busyServer(refusals: 100) { ["Retry-After": "0"] }
        defer { server.stop() }
        let client = Self.client(server, policy: RetryPolicy(maxAttempts: 3))
        let error = await marketError { try await client.health() }
        #expect(error == .serverRefused(status: 429, message: "slow down"))
        #expect(server.received.count == 3)
    }

    @Test func theBudgetBoundsTheTotalWait() async throws {
        let server = try Self.busyServer(refusals: 100)
        defer { server.stop() }
        let client = Self.client(server, policy: RetryPolicy(budget: .milliseconds(1500)))
        let error = await marketError { try await client.health() }
        #expect(
            error?.description
                == "the server refused (429): slow down; the server was still busy after 2 attempts and 1 s of waiting; try again later"
        )
        #expect(server.received.count == 2)
    }

    @Test func otherRefusalsAreNotRetried() async throws {
        let server = try Self.busyServer(refusals: 5, status: 500)
        defer { server.stop() }
        let client = Self.client(server, policy: RetryPolicy())
        let error = await marketError { try await client.health() }
        #expect(error == .serverRefused(status: 500, message: "slow down"))
        #expect(server.received.count == 1)
    }

    @Test func cancellingDuringAPauseEndsPromptly() async throws {
        let server = try Self.busyServer(refusals: 5) { ["Retry-After": "25"] }
        defer { server.stop() }
        let pauses = Recorder<Duration>()
        let client = Self.client(server, policy: RetryPolicy(onPause: { pauses.append($1) }))
        let task = Task { try await client.health() }
        #expect(await pauses.wait(for: 1, within: .seconds(30)), "the client never paused")
        #expect(pauses.all == [.seconds(25)])
        let cancelled = ContinuousClock.now
        task.cancel()
        let result = await task.result
        // Well short of the 25 s pause, with room for a busy machine: the pause was cut short.
        #expect(ContinuousClock.now - cancelled < .seconds(20))
        guard case .failure(let error) = result else {
            Issue.record("not cancelled: \(result)")
            return
        }
        #expect(error as? MarketError == .cancelled)
        #expect(server.received.count == 1)
    }

    /// A create answered 429 by the proxy is sent again, whole: the market ends with exactly one
    /// product, and its image is the uploaded file byte for byte.
    @Test func aMultipartCreateRefusedOnceIsResentIntact() async throws {
        try await TestMarket.with { market in
            let proxy = try ThrottlingProxy(
                target: market.baseURL, refusals: [.init(method: "POST", path: "/api/products", times: 1, retryAfter: "1")])
            defer { proxy.stop() }
            var client = market.client()
            client.baseURL = proxy.baseURL
            let pauses = Recorder<Duration>()
            client.retryPolicy = RetryPolicy(onPause: { pauses.append($1) })
            let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
            let created = try await client.create(
                ProductDraft(name: "Retried mug", description: "Sent twice, stored once", price: 1200, currency: .krw),
                images: [image])
            #expect(pauses.all == [.seconds(1)])
            #expect(proxy.count("POST", "/api/products") == .init(forwarded: 1, refused: 1))
            let all = try await market.client().allProducts().products
            #expect(all.map(\.id) == [created.value.id])
            let stored = try #require(try await market.client().product(id: created.value.id).value.images?.first)
            let downloaded = try await market.client().downloadImage(stored.url)
            #expect(downloaded.data == (try Fixtures.imageData("coffee-small.jpg")))
        }
    }

    // MARK: Reading Retry-After

    @Test func retryAfterForms() throws {
        let now = try #require(RetryAfter.httpDate("Sun, 06 Nov 1994 08:49:30 GMT"))
        #expect(RetryAfter.parse("120", now: now) == .seconds(120))
        #expect(RetryAfter.parse(" 0 ", now: now) == .zero)
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == .seconds(7))
        #expect(RetryAfter.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == .seconds(7))
        #expect(RetryAfter.parse("Sun Nov  6 08:49:37 1994", now: now) == .seconds(7))
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:49:00 GMT", now: now) == .zero)
        #expect(RetryAfter.parse("99999999999999999999999", now: now) == RetryAfter.longest)
        for garbage in ["", "-1", "1.5", "soon", "0x10", "Sun, 06 Nov 1994"] {
            #expect(RetryAfter.parse(garbage, now: now) == nil, "\(garbage)")
        }
    }

    /// A connection closed before any answer (a kept-alive one the market had closed meanwhile)
    /// loses a GET once: it is sent again on a new connection, with no retry policy at all. A
    /// PATCH lost so is not: the market may have made the change.
    @Test func aGetWhoseConnectionClosedUnansweredIsSentOnceMoreAndAPatchIsNot() async throws {
        let seen = Recorder<Int>()
        let server = try MisbehavingServer { _ in
            // The first request of each pair: read, then the connection closed without a word.
            seen.append(0) % 2 == 1 ? [] : [.send(MisbehavingServer.response(status: 200, body: #""OK""#))]
        }
        defer { server.stop() }
        let client = MarketClient(
            baseURL: server.baseURL, credentials: VendorCredentials(identifier: "id-1", secret: "S3cr3t-pw$#"),
            timeout: .seconds(30))
        _ = try await client.health()
        #expect(server.received.count == 2)
        let error = await marketError { _ = try await client.edit(id: 1, ProductChanges(stock: 1)) }
        guard case .connectionLost? = error else {
            Issue.record("not lost: \(String(describing: error))")
            return
        }
        #expect(server.received.count == 3)
        // Lost twice in a row, a GET fails: one resend, not a loop.
        let closing = try MisbehavingServer { _ in [] }
        defer { closing.stop() }
        let lost = await marketError { try await Self.client(closing, policy: nil).health() }
        guard case .connectionLost? = lost else {
            Issue.record("not lost: \(String(describing: lost))")
            return
        }
        #expect(closing.received.count == 2)
    }
}

/// The `MarketError` a call threw, or nil when it returned.
func marketError<T>(_ body: () async throws -> T) async -> MarketError? {
    do {
        _ = try await body()
        return nil
    } catch let error as MarketError {
        return error
    } catch {
        Issue.record("not a MarketError: \(error)")
        return nil
    }

}
