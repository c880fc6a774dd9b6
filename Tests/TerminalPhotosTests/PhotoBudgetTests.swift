import Foundation
import MarketTestSupport
import SellerShell
import Testing

/// Issue 37 (low): `list --grid` has one deadline for all its photos (`PhotoFetch.budget`, 8 s),
/// not 5 s for each 8 of them: 40 photos a server drips a byte a second took 25 s.
@Suite("The photos of a grid share one deadline")
struct PhotoBudgetTests {
    static func product(_ id: Int, port: Int) -> String {
        """
        {"id": \(id), "vendor_id": 1, "name": "Slow lamp \(id)", "description": "A lamp", "currency": "KRW",
         "price": 3500, "bargain_price": 3500, "discounted_price": 0, "stock": 2, "created_at": "2022-10-18T09:12:44",
         "issued_at": "2022-10-18T09:12:44", "thumbnail": "http://127.0.0.1:\(port)/images/\(id).jpg"}
        """
    }

    @Test func fortyDrippingPhotosEndAtTheDeadlineWithOneLineAndEveryCard() async throws {
        let count = 40
        let server = try MisbehavingServer { request in
            if request.target.hasPrefix("/api/products") {
                let port = Int(request.headers["host"]?.split(separator: ":").last ?? "") ?? 0
                let rows = (1...count).map { Self.product($0, port: port) }.joined(separator: ",")
                let page =
                    #"{"pageNo":1,"itemsPerPage":40,"totalCount":40,"offset":0,"limit":40,"lastPage":1,"hasNext":false,"hasPrev":false,"pages":[\#(rows)]}"#
                return [.send(MisbehavingServer.response(status: 200, body: page))]
            }
            // A JPEG's first byte, then a byte a second, for ever.
            return [
                .send(MisbehavingServer.head(status: 200, contentType: "image/jpeg", contentLength: nil)),
                .drip(MisbehavingServer.chunk([0xFF]), every: .seconds(1)),
            ]
        }
        defer { server.stop() }
        let console = PhotoConsole(canvas: terminalCanvas())
        // A deadline of 2 s, not the program's 8 s, well inside one photo's own 5 s.
        var configuration = ShellConfiguration(serverURL: server.baseURL)
        configuration.photoBudget = .seconds(2)
        let shell = ShellSession(configuration: configuration, console: console)
        let clock = ContinuousClock()
        let start = clock.now
        let report = await shell.execute("list --grid --per-page 40")
        let took = clock.now - start
        #expect(report.status == .ok)
        // Not a measure of speed (the whole suite beside it made an 8 s deadline take 29 s), only
        // a guard against waiting on photos that drip for ever.
        #expect(took < .seconds(120), "took \(took)")
        // What the deadline does, whatever the machine's load: the photos after it are never
        // asked for. Eight go at once (`PhotoFetch.parallel`), and one more each time one ends by
        // its own 5 s; without the deadline all 40 were asked for, 8 at a time, for 25 s.
        let notes = console.notes.split(separator: "\n")
        let timedOut = notes.filter { $0.contains("photo not drawn") }.count
        let asked = server.received.filter { $0.target.hasPrefix("/images/") }.count
        #expect(asked <= 8 + timedOut && asked < count, "\(asked) photos asked for, \(timedOut) timed out")
        // Those that ran out of their own 5 s (none, unless the machine is slow) say so; the
        // rest, cut at the deadline, in one line that counts them.
        let budget = notes.filter { $0.contains("may take 2 s in all") }
        #expect(budget.count == 1, "\(console.notes)")
        let cut = Int(budget.first?.prefix { $0.isNumber } ?? "") ?? 0
        #expect(cut > 0 && cut + timedOut == count, "\(console.notes)")
        #expect(console.out.contains("Slow lamp 1") && console.out.contains("Slow lamp 40"))
    }
}
