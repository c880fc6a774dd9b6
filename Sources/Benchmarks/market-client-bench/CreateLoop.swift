// The create mode (scripts/bench-import): COUNT product creates with CONCURRENCY in flight, each
// through `MarketClient.create` (the shell's own multipart composition, rule checks and decoding)
// on its own scoped AsyncHTTPClient with the shell's settings. What `openmarket import --jobs N`
// costs over this is the import's overhead; what this costs is the server's ceiling.
import AsyncHTTPClient
import Foundation
import OpenMarketAPI
import OpenMarketContract

struct CreateResult {
    let elapsed: Duration
    /// Each request's time from sending to the decoded answer, in the order they finished.
    let latencies: [Duration]
}

struct UnexpectedCreate: Error, CustomStringConvertible {
    let index: Int
    let status: Int
    var description: String { "create \(index + 1): status \(status), expected 201" }
}

/// One create; names are unique within the process (`tag`) so the market's list stays readable.
func createOne(
    client: MarketClient, index: Int, tag: String, images: [UploadImage]
) async throws -> Duration {
    let draft = ProductDraft(
        name: "Ceiling \(tag) \(index + 1)", description: "A product made by market-client-bench create",
        price: Decimal(1_000 + index), currency: .krw, stock: 5)
    let clock = ContinuousClock()
    let start = clock.now
    let response = try await client.create(draft, images: images)
    guard response.status == 201 else { throw UnexpectedCreate(index: index, status: response.status) }
    return clock.now - start
}

/// A sliding window: `concurrency` creates start at once, and each one that finishes starts the
/// next, so exactly that many are in flight until the last ones drain.
func createLoop(
    client: MarketClient, count: Int, concurrency: Int, tag: String, images: [UploadImage]
) async throws -> CreateResult {
    let clock = ContinuousClock()
    let start = clock.now
    var latencies: [Duration] = []
    latencies.reserveCapacity(count)
    try await withThrowingTaskGroup(of: Duration.self) { group in
        var next = 0
        while next < min(concurrency, count) {
            let index = next
            group.addTask { try await createOne(client: client, index: index, tag: tag, images: images) }
            next += 1
        }
        while let latency = try await group.next() {
            latencies.append(latency)
            guard next < count else { continue }
            let index = next
            group.addTask { try await createOne(client: client, index: index, tag: tag, images: images) }
            next += 1
        }
    }
    return CreateResult(elapsed: clock.now - start, latencies: latencies)
}

/// The demo vendor's credentials, from the environment as the shell reads them; the secret is
/// never printed (`Secret` masks itself).
func environmentCredentials() -> VendorCredentials {
    let environment = ProcessInfo.processInfo.environment
    guard let identifier = environment["OPENMARKET_IDENTIFIER"], !identifier.isEmpty,
        let secret = environment["OPENMARKET_SECRET"], !secret.isEmpty
    else {
        fail("create needs OPENMARKET_IDENTIFIER and OPENMARKET_SECRET in the environment", status: 2)
    }
    return VendorCredentials(identifier: identifier, secret: Secret(secret))
}

/// `market-client-bench create URL COUNT CONCURRENCY PHOTO...`: runs the creates and prints two lines.
func runCreates(arguments: [String]) async {
    guard arguments.count >= 4, let baseURL = URL(string: arguments[0]), let count = Int(arguments[1]), count > 0,
        let concurrency = Int(arguments[2]), concurrency > 0
    else {
        fail("usage: \(usage)", status: 2)
    }
    let paths = Array(arguments[3...])
    // Read once, before the clock starts: the loop times requests, not the disk.
    let loaded = UploadRules.loadImages(paths: paths)
    if let problem = loaded.problems.first { fail("\(problem)", status: 2) }
    let credentials = environmentCredentials()
    let tag = String(ProcessInfo.processInfo.processIdentifier)

    // The shell's client settings, scoped so the client is shut down on every path.
    let configuration = AsyncHTTPClientTransport.configuration

    let result: CreateResult
    do {
        result = try await HTTPClient.withHTTPClient(configuration: configuration) { http in
            let client = MarketClient(
                baseURL: baseURL, credentials: credentials, transport: AsyncHTTPClientTransport(client: http))
            return try await createLoop(
                client: client, count: count, concurrency: concurrency, tag: tag, images: loaded.images)
        }
    } catch {
        fail("\(error)", status: 1)
    }
    printCreates(result, count: count, concurrency: concurrency, base: arguments[0], images: loaded.images)
}

func printCreates(_ result: CreateResult, count: Int, concurrency: Int, base: String, images: [UploadImage]) {
    let loopMilliseconds = result.elapsed.milliseconds
    let sorted = result.latencies.sorted()
    let median = sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    let photos = images.map { "\($0.filename) \($0.data.count) B" }.joined(separator: " + ")
    print("\(count) creates of \(base)/api/products, \(concurrency) in flight, photos \(photos): all 201")
    print(
        String(
            format: "loop_ms=%.1f products_per_s=%.1f created=%d concurrency=%d median_ms=%.1f max_ms=%.1f",
            loopMilliseconds, Double(count) / (loopMilliseconds / 1_000), result.latencies.count, concurrency,
            median.milliseconds, (sorted.last ?? .zero).milliseconds))
}
