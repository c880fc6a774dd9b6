// The GET mode (scripts/bench-scripts): `COUNT` sequential GETs of product details on one
// kept-alive connection, the yardstick for a script of `show ID` lines.
import AsyncHTTPClient
import Foundation
import OpenMarketAPI
import OpenMarketContract

struct UnexpectedStatus: Error, CustomStringConvertible {
    let url: String
    let code: UInt
    let body: String
    var description: String { "GET \(url): status \(code), expected 200: \(body.prefix(200))" }
}

struct LoopResult {
    let elapsed: Duration
    let first: Duration
    let bytes: Int
}

func requestLoop(client: HTTPClient, urls: [String], count: Int) async throws -> LoopResult {
    let clock = ContinuousClock()
    var bytes = 0
    var first = Duration.zero
    // The first request opens the connection and stays inside the timed loop: a script pays for
    // that too. It is reported apart so a slow connect is not mistaken for slow requests.
    let start = clock.now
    for index in 0..<count {
        let url = urls[index % urls.count]
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        // Read whole on every status: the shell buffers each body before looking at it, and the
        // connection goes back to the pool only once its body is consumed.
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        guard response.status.code == 200 else {
            throw UnexpectedStatus(url: url, code: response.status.code, body: String(buffer: body))
        }
        bytes += body.readableBytes
        if index == 0 { first = clock.now - start }
    }
    return LoopResult(elapsed: clock.now - start, first: first, bytes: bytes)
}

/// `market-client-bench URL COUNT [ID...]`: runs the loop and prints its two lines.
func runGets(arguments: [String]) async {
    guard arguments.count >= 2, let count = Int(arguments[1]), count > 0 else {
        fail("usage: \(usage)", status: 2)
    }
    let base = arguments[0].hasSuffix("/") ? String(arguments[0].dropLast()) : arguments[0]
    let ids = arguments.count > 2 ? Array(arguments[2...]) : ["1"]
    // Built before the clock starts, so the loop times requests rather than string formatting.
    let urls = ids.map { "\(base)/api/products/\($0)" }

    // The shell's client settings, so the two figures differ by the shell and nothing else.
    let configuration = AsyncHTTPClientTransport.configuration

    let result: LoopResult
    do {
        // Scoped rather than HTTPClient.shared: the client is shut down on every path, failures
        // included, so the server sees its kept-alive connection closed rather than dropped.
        result = try await HTTPClient.withHTTPClient(configuration: configuration) { client in
            try await requestLoop(client: client, urls: urls, count: count)
        }
    } catch {
        fail("\(error)", status: 1)
    }

    let loopMilliseconds = result.elapsed.milliseconds
    let requestsPerSecond = Double(count) / (loopMilliseconds / 1_000)
    print(
        "\(count) sequential GETs of \(base)/api/products/{\(ids.joined(separator: ","))} on one client: "
            + "\(result.bytes) body bytes, all 200")
    print(
        String(
            format: "loop_ms=%.1f requests_per_s=%.0f first_ms=%.2f bytes=%d",
            loopMilliseconds, requestsPerSecond, result.first.milliseconds, result.bytes))
}

/// `market-client-bench products URL COUNT ID...`: COUNT sequential `MarketClient.product(id:)`
/// calls, each decoded into a `Product` as `show` decodes it, on the shell's transport. The
/// second yardstick for a script of `show` lines: the client library with no shell around it, so
/// that what a line costs over the library (parsing, the session, rendering, the journal) shows
/// apart from what decoding a product costs. Prints the same last line as the GET mode.
func runProductGets(arguments: [String]) async {
    guard arguments.count >= 3, let baseURL = URL(string: arguments[0]), let count = Int(arguments[1]), count > 0 else {
        fail("usage: \(usage)", status: 2)
    }
    let ids = arguments[2...].compactMap { Int($0) }
    guard ids.count == arguments.count - 2 else { fail("product ids are numbers: \(arguments[2...])", status: 2) }
    let configuration = AsyncHTTPClientTransport.configuration
    let clock = ContinuousClock()
    let result: LoopResult
    do {
        result = try await HTTPClient.withHTTPClient(configuration: configuration) { http in
            let client = MarketClient(baseURL: baseURL, transport: AsyncHTTPClientTransport(client: http))
            var bytes = 0
            var first = Duration.zero
            let start = clock.now
            for index in 0..<count {
                let response = try await client.product(id: ids[index % ids.count])
                bytes += response.body.count
                if index == 0 { first = clock.now - start }
            }
            return LoopResult(elapsed: clock.now - start, first: first, bytes: bytes)
        }
    } catch {
        fail("\(error)", status: 1)
    }
    let loopMilliseconds = result.elapsed.milliseconds
    print("\(count) sequential MarketClient.product(id:) calls, decoded: \(result.bytes) body bytes")
    print(
        String(
            format: "loop_ms=%.1f requests_per_s=%.0f first_ms=%.2f bytes=%d",
            loopMilliseconds, Double(count) / (loopMilliseconds / 1_000), result.first.milliseconds, result.bytes))
}
