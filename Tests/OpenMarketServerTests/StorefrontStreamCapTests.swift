import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketServer

#if canImport(Glibc)
import Glibc
#endif

/// The storefront's event streams are shared fairly (issue 37): one address holds at most
/// `StorefrontEvents.maxPerClient` of them and is refused the next with 503 and `Retry-After`,
/// while another address still gets one; and the page's script tries again after a refusal.
@Suite("Event streams per address")
struct StorefrontStreamCapTests {
    static let request = "GET /storefront/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"

    @Test func oneAddressIsRefusedPastItsShareWhileAnotherStillGetsAStream() async throws {
        try await TestMarket.with { market in
            var held: [RawConnection] = []
            for index in 0..<StorefrontEvents.maxPerClient {
                let stream = try RawConnection(port: market.port)
                stream.send(Self.request)
                // The first line of the stream: the market holds the place from here on.
                let opened = await stream.read(until: "retry: 2000", timeout: .seconds(60))
                #expect(opened.hasPrefix("HTTP/1.1 200 ") && opened.contains("retry: 2000"), "stream \(index): \(opened)")
                held.append(stream)
            }
            let refused = try await SourcedExchange.send("GET", "/storefront/events", port: market.port, from: "127.0.0.1")
            #expect(refused.status == 503, "\(refused.head)")
            #expect(
                refused.head.lowercased().contains("\r\nretry-after: \(StorefrontEvents.retryAfterSeconds)"), "\(refused.head)")

            let other = try SourcedConnection(port: market.port, from: "127.0.0.2")
            other.send(Self.request)
            let answer = await Self.read(other.fd, until: "retry: 2000", timeout: .seconds(60))
            #expect(answer.hasPrefix("HTTP/1.1 200 ") && answer.contains("retry: 2000"), "\(answer)")

            // A place given back is a place another page from the first address gets.
            // The market finds the stream closed when writing to it fails (its keep-alive comments
            // come every 15 s): the place came back after about 30 s here.
            held.removeLast()
            let freed = try await eventually(within: .seconds(90), every: .milliseconds(50)) {
                try await SourcedExchange.send("HEAD", "/storefront/events", port: market.port, from: "127.0.0.1").status == 200
            }
            #expect(freed)
            withExtendedLifetime(held) {}
        }
    }

    @Test func thePageRetriesARefusedStreamWithACappedJitteredBackoff() async throws {
        try await TestMarket.with { market in
            let script = try await market.raw("GET", "/storefront/app.js").text
            // A refused EventSource is closed for good (readyState CLOSED): the script must listen again.
            #expect(script.contains("source.readyState === EventSource.CLOSED"))
            #expect(script.contains("retryLater()"))
            #expect(script.contains("Math.min(60000,"), "capped")
            #expect(script.contains("Math.random()"), "jittered")
            #expect(!script.contains("the browser retries"))
        }
    }

    /// Reads `fd` until `marker` arrives or `timeout` passes (blocking, on a Dispatch queue).
    static func read(_ fd: Int32, until marker: String, timeout: Duration) async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var all = Data()
                let deadline = ContinuousClock.now + timeout
                var buffer = [UInt8](repeating: 0, count: 65536)
                while ContinuousClock.now < deadline, !String(decoding: all, as: UTF8.self).contains(marker) {
                    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    guard poll(&poller, 1, Int32((deadline - ContinuousClock.now).wholeMilliseconds)) > 0 else { break }
                    let count = recv(fd, &buffer, buffer.count, 0)
                    guard count > 0 else { break }
                    all.append(contentsOf: buffer[0..<count])
                }
                continuation.resume(returning: String(decoding: all, as: UTF8.self))
            }
        }
    }
}
