import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

/// Every exchange has a deadline and a bound on what is read, against servers on 127.0.0.1 that
/// misbehave after their headers; `health` insists on the contract's "OK"; walking pages stops.
@Suite("Deadlines and bounds over loopback")
struct ExchangeBoundsTests {
    static let product =
        #"{"id":1,"vendor_id":1,"name":"Mug","description":"A mug for the bounds tests","thumbnail":"http://127.0.0.1/t.jpg","currency":"KRW","price":1000,"bargain_price":1000,"discounted_price":0,"stock":1,"created_at":"2022-10-18T09:12:44","issued_at":"2022-10-18T09:12:44","images":[],"vendors":{"id":1,"name":"shop"}}"#

    func client(_ server: MisbehavingServer, timeout: Duration = .milliseconds(400)) -> MarketClient {
        MarketClient(
            baseURL: server.baseURL, credentials: VendorCredentials(identifier: "id-1", secret: "S3cr3t-pw$#"), timeout: timeout)
    }

    /// Headers, then silence: before, AHC's deadline had ended with the head and `show 1` waited
    /// for as long as the server held the connection.
    @Test func serverThatStallsAfterItsHeadersTimesOut() async throws {
        let server = try MisbehavingServer { _ in [.send(MisbehavingServer.head(status: 200, contentLength: 400)), .hang] }
        defer { server.stop() }
        let client = client(server)
        // Generous: the suite's terminal tests block the cooperative pool on 2 cores. Before the
        // fix the wait lasted as long as the server held the connection (its lifetime, 120 s).
        let result = await finished(within: .seconds(60)) { try await client.product(id: 1) }
        guard case .failure(let error)? = result else {
            Issue.record("show 1 did not end within 60 s of a 400 ms timeout: \(String(describing: result))")
            return
        }
        #expect((error as? MarketError)?.category == .timedOut, "\(error)")
        #expect(await server.waitForHangUps(timeout: .seconds(30)), "the client did not close the stalled connection")
    }

    @Test func bodyThatDripsIsBoundedByTheDeadline() async throws {
        let server = try MisbehavingServer { _ in
            [
                .send(MisbehavingServer.head(status: 200, contentLength: nil)),
                .drip(MisbehavingServer.chunk([0x20]), every: .milliseconds(50)),
            ]
        }
        defer { server.stop() }
        let client = client(server)
        let result = await finished(within: .seconds(60)) { try await client.product(id: 1) }
        guard case .failure(let error)? = result else {
            Issue.record("a dripping body was read for more than 60 s: \(String(describing: result))")
            return
        }
        #expect((error as? MarketError)?.category == .timedOut, "\(error)")
    }

    /// An endless chunked body as fast as the client reads: stopped at the size a product can
    /// have, long before the deadline (a minute here).
    @Test func endlessBodyIsCutAtTheSizeAProductCanHave() async throws {
        let block = MisbehavingServer.chunk(Array(repeating: 0x20, count: 64 * 1024))
        let server = try MisbehavingServer { _ in
            [.send(MisbehavingServer.head(status: 200, contentLength: nil)), .sendRepeated(block, times: 1_000_000)]
        }
        defer { server.stop() }
        let client = client(server, timeout: .seconds(100))
        let result = await finished(within: .seconds(60)) { try await client.product(id: 1) }
        guard case .failure(let error)? = result, let error = error as? MarketError else {
            Issue.record("an endless body was not refused within 60 s: \(String(describing: result))")
            return
        }
        #expect(error.category == .unexpectedResponse, "\(error)")
        #expect(error.description.contains("larger than 1.0 MB"), "\(error)")
        #expect(await server.waitForHangUps(timeout: .seconds(30)))
    }

    /// A 60 MB error page: a few KiB are read, the message is a short excerpt, and the rest
    /// is never read (the server sees the client hang up before it could send it all).
    @Test func hugeErrorBodyIsReadOnlyAsFarAsAnExcerpt() async throws {
        let opening = Array(#"{"code":404,"message":"#.utf8) + [0x22]
        let filler = Array(repeating: UInt8(ascii: "a"), count: 64 * 1024)
        let total = 60_000_000
        let server = try MisbehavingServer { _ in
            [
                .send(MisbehavingServer.head(status: 404, contentLength: total)), .send(opening),
                .sendRepeated(filler, times: total / filler.count),
            ]
        }
        defer { server.stop() }
        let client = client(server, timeout: .seconds(60))
        let result = await finished(within: .seconds(60)) { try await client.product(id: 1) }
        guard case .failure(let error)? = result, let error = error as? MarketError else {
            Issue.record("no error: \(String(describing: result))")
            return
        }
        #expect(error.category == .serverRefused)
        #expect(error.description.count < 400, "\(error.description.count) characters")
        #expect(await server.waitForHangUps(timeout: .seconds(30)), "the whole 60 MB was read")
    }

    @Test func healthWantsTheContractsOK() async throws {
        let answers = ["\"OK\"", "<html>It works!</html>", "OK", "\"NOT OK\"", ""]
        let server = try MisbehavingServer { request in
            let index = Int(request.headers["x-answer"] ?? "") ?? 0
            return [.send(MisbehavingServer.response(status: 200, body: answers[index]))]
        }
        defer { server.stop() }
        let client = client(server, timeout: .seconds(30))
        #expect(try await client.health().value == "OK")
        for index in 1..<answers.count {
            var endpoint = Endpoints.health()
            endpoint.headers.add("x-answer", String(index))
            do {
                let answer = try await client.send(endpoint).value
                Issue.record("\(answers[index].debugDescription) was taken for a healthy market: \(answer)")
            } catch {
                #expect(error.category == .unexpectedResponse)
                #expect(error.description.contains("not the contract's \"OK\""), "\(error)")
            }
        }
    }

    /// A server that always says `hasNext`, with fresh rows on every page: the walk stops at
    /// the client's limit with a message that says what to do.
    @Test func walkingPagesStopsAtTheLimit() async throws {
        let server = try MisbehavingServer { request in
            let page = Int(request.query("page_no") ?? "1") ?? 1
            let rows = (0..<10).map { Self.product.replacingOccurrences(of: #""id":1,"#, with: #""id":\#(page * 10 + $0),"#) }
            let body =
                #"{"pageNo":\#(page),"itemsPerPage":10,"totalCount":99999999,"offset":0,"limit":10,"lastPage":9999999,"hasNext":true,"hasPrev":false,"pages":[\#(rows.joined(separator: ","))]}"#
            return [.send(MisbehavingServer.response(status: 200, body: body))]
        }
        defer { server.stop() }
        var client = client(server, timeout: .seconds(30))
        client.pageWalkLimits = PageWalkLimits(pages: 25, products: 100_000, bytes: 100_000_000)
        do {
            let all = try await client.allProducts(perPage: 10)
            Issue.record("walked without end: \(all.products.count) products")
        } catch {
            #expect(error.description.contains("after 25 pages (250 products"), "\(error)")
            #expect(error.description.contains("'list PAGE'"))
        }
        #expect(server.received.count == 25)
    }

    @Test func pageOfRepeatedRowsStopsTheWalk() async throws {
        let server = try MisbehavingServer { request in
            let body =
                #"{"pageNo":1,"itemsPerPage":1,"totalCount":5,"offset":0,"limit":1,"lastPage":5,"hasNext":true,"hasPrev":false,"pages":[\#(Self.product)]}"#
            return [.send(MisbehavingServer.response(status: 200, body: body))]
        }
        defer { server.stop() }
        let client = client(server, timeout: .seconds(30))
        do {
            _ = try await client.allProducts(perPage: 1)
            Issue.record("a page of repeated rows did not stop the walk")
        } catch {
            #expect(error.description.contains("page 2 repeated products of earlier pages"), "\(error)")
        }
        #expect(server.received.count == 2)
    }
}
