import Foundation
import MarketTestSupport
import Synchronization
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

/// `allProducts(perPage:search:concurrency:)`: the same answer as the sequential walk, sooner.
@Suite("Walking pages concurrently")
struct ConcurrentWalkTests {
    /// A page of the hostile servers below: these ids, and what the server claims about the rest.
    static func page(_ no: Int, ids: [Int], lastPage: Int, hasNext: Bool) -> [UInt8] {
        let rows = ids.map { ExchangeBoundsTests.product.replacingOccurrences(of: #""id":1,"#, with: #""id":\#($0),"#) }
        let body =
            #"{"pageNo":\#(no),"itemsPerPage":\#(ids.count),"totalCount":99999999,"offset":0,"limit":10,"lastPage":\#(lastPage),"hasNext":\#(hasNext),"hasPrev":false,"pages":[\#(rows.joined(separator: ","))]}"#
        return MisbehavingServer.response(status: 200, body: Array(body.utf8))
    }

    static func client(_ server: MisbehavingServer) -> MarketClient {
        MarketClient(baseURL: server.baseURL, timeout: .seconds(30))
    }

    /// A walk started from a task that prefers the client's loop (a script's line) fetches and
    /// decodes its pages side by side on the cooperative pool, not one after another on that loop.
    @Test func aWalkFromTheClientsLoopFetchesItsPagesOffIt() async throws {
        try await TestMarket.with { market in
            try await Self.create(45, in: market)
            let executor = try #require(AsyncHTTPClientTransport.shared.taskExecutor as? EventLoopTaskExecutor)
            let sent = Mutex<[(page: String, onLoop: Bool)]>([])
            var client = market.client()
            client.transport = SpyTransport(taskExecutor: executor) { request, timeout in
                let page =
                    URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
                    .first { $0.name == "page_no" }?.value ?? "?"
                sent.withLock { $0.append((page, executor.isCurrent)) }
                return try await SpyTransport.market(request, timeout)
            }
            let walk = try await withTaskExecutorPreference(client.transport.taskExecutor) {
                try await client.allProducts(perPage: 10, concurrency: 3)
            }
            #expect(walk.products.count == 45)
            let pages = sent.withLock { $0 }
            #expect(pages.first?.onLoop == true, "the first page, from the caller")
            #expect(pages.count == 5, "\(pages.map(\.page))")
            #expect(pages.dropFirst().map(\.onLoop) == [false, false, false, false], "\(pages.map(\.page))")
        }
    }

    @Test func fourAtATimeMatchesTheSequentialWalk() async throws {
        try await TestMarket.with { market in
            let client = market.client()
            try await Self.create(250, in: market)
            let sequential = try await client.allProducts(perPage: 20)
            let progress = Recorder<[Int]>()
            let concurrent = try await client.allProducts(perPage: 20, concurrency: 4) { progress.append([$0, $1]) }
            #expect(sequential.products.count == 250)
            #expect(Set(sequential.products.map(\.id)).count == 250)
            #expect(concurrent.products.map(\.id) == sequential.products.map(\.id))
            #expect(concurrent.pages.map(\.value.pageNo) == Array(1...13))
            #expect(progress.all.map { $0[0] } == Array(1...13))
            #expect(progress.all.last == [13, 13])
        }
    }

    /// Rows that moved to a later page while others created are kept once, in page order.
    @Test func rowsRepeatedOnLaterPagesAreKeptOnce() async throws {
        let pages = [1: [10, 9, 8], 2: [8, 7, 6], 3: [6, 5, 4], 4: [4, 3, 2, 1]]
        let server = try MisbehavingServer { request in
            let no = Int(request.query("page_no") ?? "1") ?? 1
            return [.send(Self.page(no, ids: pages[no] ?? [], lastPage: 4, hasNext: no < 4))]
        }
        defer { server.stop() }
        let walk = try await Self.client(server).allProducts(perPage: 3, concurrency: 3)
        #expect(walk.products.map(\.id) == Array((1...10).reversed()))
        #expect(server.received.count == 4)
    }

    /// As `ExchangeBoundsTests.walkingPagesStopsAtTheLimit`, four at a time: the same stop, and
    /// not one request past the page limit.
    @Test func theWalkLimitsStillApply() async throws {
        let server = try MisbehavingServer { request in
            let no = Int(request.query("page_no") ?? "1") ?? 1
            return [.send(Self.page(no, ids: (0..<10).map { no * 10 + $0 }, lastPage: 9_999_999, hasNext: true))]
        }
        defer { server.stop() }
        var client = Self.client(server)
        client.pageWalkLimits = PageWalkLimits(pages: 25, products: 100_000, bytes: 100_000_000)
        let error = await marketError { try await client.allProducts(perPage: 10, concurrency: 4) }
        #expect(error?.description.contains("after 25 pages (250 products") == true, "\(String(describing: error))")
        #expect(error?.description.contains("'list PAGE'") == true)
        #expect(server.received.count == 25)
    }

    @Test func aPageOfRepeatedRowsStillStopsTheWalk() async throws {
        let server = try MisbehavingServer { request in
            let no = Int(request.query("page_no") ?? "1") ?? 1
            return [.send(Self.page(no, ids: [1], lastPage: 5, hasNext: true))]
        }
        defer { server.stop() }
        let error = await marketError { try await Self.client(server).allProducts(perPage: 1, concurrency: 4) }
        #expect(error?.description.contains("page 2 repeated products of earlier pages") == true, "\(String(describing: error))")
        #expect(server.received.count <= 5)
    }

    @Test func concurrencyBelowOneIsRefusedLocally() async throws {
        let transport = RecordingTransport()
        let client = MarketClient(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport)
        let error = await marketError { try await client.allProducts(concurrency: 0) }
        #expect(error?.description == "concurrency: must be 1 or more (it is 0)")
        #expect(transport.requests.isEmpty)
    }

    /// `count` products with a small image, eight creates at a time.
    static func create(_ count: Int, in market: TestMarket) async throws {
        let client = market.client()
        let image = try UploadImage.load(path: Fixtures.image("tiny-animated.gif").path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<count {
                if n >= 8 { try await group.next() }
                group.addTask {
                    _ = try await client.create(
                        ProductDraft(
                            name: "Walk product \(n)", description: "One of many on many pages", price: 100, currency: .krw),
                        images: [image])
                }
            }
            try await group.waitForAll()
        }
    }
}
