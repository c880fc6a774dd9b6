import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketServer

/// Idle, half-sent and slowly dripped connections are closed; open connections are bounded; HTTP/1
/// is spoken as clients speak it (HTTP/1.0 closes, `Expect: 100-continue` is answered).
/// The limits are short here so the tests are quick; the waits around them are generous, so a
/// loaded machine cannot make them fail, while a connection that is never closed always does.
@Suite("Connections that time out")
struct ConnectionLimitTests {
    static let quick = ConnectionLimits(idleTimeout: .milliseconds(500), requestReadTimeout: .seconds(2))

    @Test func aSilentConnectionIsClosed() async throws {
        try await TestMarket.with(limits: Self.quick) { market in
            let connection = try RawConnection(port: market.port)
            let ended = await connection.readUntilClosed(timeout: .seconds(120))
            #expect(ended.closed)
            #expect(ended.data.isEmpty)
        }
    }

    @Test func aHalfSentRequestIsClosed() async throws {
        try await TestMarket.with(limits: Self.quick) { market in
            let connection = try RawConnection(port: market.port)
            connection.send("GET /healthChecker HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            #expect(await connection.readUntilClosed(timeout: .seconds(120)).closed)
        }
    }

    @Test func aKeptAliveConnectionIsClosedWhenIdle() async throws {
        try await TestMarket.with(limits: Self.quick) { market in
            let connection = try RawConnection(port: market.port)
            connection.send("GET /healthChecker HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let head = await connection.read(until: "\"OK\"", timeout: .seconds(120))
            #expect(head.hasPrefix("HTTP/1.1 200"))
            #expect(await connection.readUntilClosed(timeout: .seconds(120)).closed)
        }
    }

    /// One byte every 200 ms keeps the idle timer from ever firing; the read deadline still ends it.
    @Test func aSlowDripIsClosedAtTheReadDeadline() async throws {
        try await TestMarket.with(limits: Self.quick) { market in
            let connection = try RawConnection(port: market.port)
            connection.send(
                "PATCH /api/products/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "identifier: \(market.demo.identifier)\r\nContent-Length: 1000\r\n\r\n")
            let started = ContinuousClock.now
            var closed = false
            while ContinuousClock.now - started < .seconds(120) {
                guard connection.send(" ") else {
                    closed = true
                    break
                }
                if case .closed = await connection.read(timeout: .milliseconds(200)) {
                    closed = true
                    break
                }
            }
            #expect(closed, "the connection was still open after 120 s of drip")
        }
    }

    /// With room for two connections, two silent ones hold it; a third client is answered at once,
    /// and the place it needed came from the connection idle the longest.
    @Test func atTheBoundTheLongestIdleConnectionMakesRoom() async throws {
        let limits = ConnectionLimits(idleTimeout: .seconds(600), requestReadTimeout: .seconds(600), maxConnections: 2)
        try await TestMarket.with(limits: limits) { market in
            let oldest = try RawConnection(port: market.port)
            try await Task.sleep(for: .milliseconds(300))
            let newer = try RawConnection(port: market.port)
            try await Task.sleep(for: .milliseconds(300))
            let third = try RawConnection(port: market.port)
            third.send("GET /healthChecker HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await third.read(until: "\"OK\"", timeout: .seconds(120)).hasPrefix("HTTP/1.1 200"))
            #expect(await oldest.readUntilClosed(timeout: .seconds(120)).closed, "the longest idle was not closed")
            #expect(await newer.read(timeout: .milliseconds(300)) == .timedOut, "the newer idle one was closed too")
        }
    }

    /// Connections with a request in progress are never shed: past the bound, the new one goes.
    @Test func whenEveryConnectionIsBusyTheNewOneIsClosed() async throws {
        let limits = ConnectionLimits(idleTimeout: .seconds(600), requestReadTimeout: .seconds(600), maxConnections: 2)
        try await TestMarket.with(limits: limits) { market in
            let busy = try (0..<2).map { _ in try RawConnection(port: market.port) }
            for connection in busy {
                connection.send(
                    "PATCH /api/products/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "identifier: \(market.demo.identifier)\r\nContent-Length: 1000\r\n\r\n{")
            }
            try await Task.sleep(for: .milliseconds(500))
            let late = try RawConnection(port: market.port)
            late.send("GET /healthChecker HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let ended = await late.readUntilClosed(timeout: .seconds(120))
            #expect(ended.closed)
            #expect(ended.data.isEmpty)
            for connection in busy { #expect(await connection.read(timeout: .milliseconds(300)) == .timedOut) }
        }
    }

    @Test func http10WithoutKeepAliveIsClosedAfterTheAnswer() async throws {
        try await TestMarket.with { market in
            let connection = try RawConnection(port: market.port)
            connection.send("GET /healthChecker HTTP/1.0\r\n\r\n")
            let ended = await connection.readUntilClosed(timeout: .seconds(120))
            #expect(ended.closed)
            let text = String(decoding: ended.data, as: UTF8.self)
            #expect(text.contains(" 200 "))
            #expect(text.lowercased().contains("connection: close"))
            #expect(text.hasSuffix("\"OK\""))
        }
    }

    @Test func http11WithConnectionCloseIsClosedAfterTheAnswer() async throws {
        try await TestMarket.with { market in
            let connection = try RawConnection(port: market.port)
            connection.send("GET /healthChecker HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(await connection.readUntilClosed(timeout: .seconds(120)).closed)
        }
    }

    @Test func http10WithKeepAliveServesASecondRequest() async throws {
        try await TestMarket.with { market in
            let connection = try RawConnection(port: market.port)
            for _ in 0..<2 {
                connection.send("GET /healthChecker HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                #expect(await connection.read(until: "\"OK\"", timeout: .seconds(120)).contains(" 200 "))
            }
        }
    }

    /// curl sends `Expect: 100-continue` before a body over 1 MB and waits for the go-ahead.
    @Test func expectContinueIsAnsweredBeforeTheBody() async throws {
        try await TestMarket.with { market in
            let body = #"{"secret":"\#(market.demo.secret.revealed)"}"#
            let connection = try RawConnection(port: market.port)
            connection.send(
                "PATCH /api/products/999 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "identifier: \(market.demo.identifier)\r\nExpect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
            )
            let interim = await connection.read(until: "\r\n\r\n", timeout: .seconds(120))
            #expect(interim.hasPrefix("HTTP/1.1 100 Continue"))
            connection.send(body)
            #expect(await connection.read(until: "no such product", timeout: .seconds(120)).contains(" 404 "))
        }
    }

    @Test func expectContinueIsNotAnsweredForABodyOverTheLimit() async throws {
        try await TestMarket.with { market in
            let connection = try RawConnection(port: market.port)
            connection.send(
                "POST /api/products HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=B\r\n"
                    + "identifier: \(market.demo.identifier)\r\nExpect: 100-continue\r\nContent-Length: 5000000\r\n\r\n")
            let answer = await connection.read(until: "2 MiB", timeout: .seconds(120))
            #expect(answer.hasPrefix("HTTP/1.1 413"))
        }
    }
}
