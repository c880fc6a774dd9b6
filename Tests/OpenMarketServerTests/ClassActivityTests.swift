import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// The activity record: what the market keeps of each vendor's requests (Class/ClassActivity).
@Suite struct ClassActivityTests {
    /// A student's create with two photos, a stale and a fresh conditional PATCH, a PATCH on a
    /// classmate's product and a delete of their own: each record says what happened.
    @Test func recordsWhatEachRequestWas() async throws {
        try await TestMarket.with { market in
            let student = try await market.running.data.addVendor(name: "김민수")
            let secret = student.credentials.secret.revealed
            let classmate = try await market.createProduct(name: "Demo's mug")
            let photo = try Fixtures.imageData("coffee-small.jpg")
            let created = try await market.rawCreate(
                params: market.params(secret: secret), images: [("a.jpg", photo), ("b.jpg", photo)],
                identifier: student.credentials.identifier)
            #expect(created.status == 201)
            let id = try MarketJSON.decoder.decode(Product.self, from: created.body).id
            let me = student.credentials.identifier
            let patch = #"{"price":2000,"secret":"\#(secret)"}"#
            let stale = try await market.raw(
                "PATCH", "/api/products/\(id)",
                headers: ["identifier": me, "Content-Type": "application/json", "If-Match": "\"\(id)-9\""], body: Data(patch.utf8)
            )
            #expect(stale.status == 412)
            let fresh = try await market.raw(
                "PATCH", "/api/products/\(id)",
                headers: ["identifier": me, "Content-Type": "application/json", "If-Match": "\"\(id)-1\""], body: Data(patch.utf8)
            )
            #expect(fresh.status == 202)
            let theirs = try await market.json("PATCH", "/api/products/\(classmate.id)", patch, identifier: me)
            #expect(theirs.status == 403)
            let token = try await market.json("POST", "/api/products/\(id)/archived", #"{"secret":"\#(secret)"}"#, identifier: me)
            let deleted = try await market.raw("DELETE", token.text, headers: ["identifier": me])
            #expect(deleted.status == 200)

            let records = try await market.running.data.activity.records(vendor: student.id)
            #expect(records.map(\.status) == [201, 412, 202, 403, 200, 200])
            #expect(records.allSatisfy { $0.vendorID == student.id && $0.authenticated })
            #expect(records[0].route == "/api/products" && records[0].photoCount == 2 && records[0].partsTyped == false)
            #expect(records[0].productID == id && records[0].ownProduct == true && records[0].bodyDigest?.count == 64)
            #expect(records[1].route == "/api/products/{id}" && records[1].ifMatch && records[1].errorCode == "changedSinceRead")
            #expect(records[2].ifMatch && records[2].errorCode == nil && records[2].ownProduct == true)
            #expect(records[3].productID == classmate.id && records[3].ownProduct == false)
            #expect(records[3].errorCode == "anotherVendorsProduct")
            #expect(records[4].route == "/api/products/{id}/archived")
            #expect(records[5].route == "/api/products/{token}" && records[5].productID == id && records[5].ownProduct == true)
            #expect(records[5].method == "DELETE" && !records[5].hadBody && records[4].hadBody)
            #expect(!records.contains { $0.secretMisplaced })
        }
    }

    /// The shell's login check (`CredentialProbe`) that verified is no record of the student's:
    /// before, it was a 404 on every student's board row and met a step asking for a 404. One
    /// with a wrong secret is the student's trouble and is kept.
    @Test func aLoginCheckThatVerifiedIsNoRecordOfTheStudents() async throws {
        try await TestMarket.with { market in
            let student = try await market.running.data.addVendor(name: "김민수")
            #expect(try await market.client(student.credentials).verifyCredentials() == .verified)
            #expect(try await market.running.data.activity.records(vendor: student.id).isEmpty)
            let wrong = VendorCredentials(identifier: student.credentials.identifier, secret: Secret("not-the-secret"))
            guard case .refused = try await market.client(wrong).verifyCredentials() else {
                Issue.record("a wrong secret was not refused")
                return
            }
            let records = try await market.running.data.activity.records(vendor: student.id)
            #expect(records.map(\.status) == [401], "\(records)")
        }
    }

    /// A 405, which the method check answers itself, is kept with its reason, so a step asking
    /// for `error=methodNotAllowed` can be done (it was kept with none: the step matched nobody).
    @Test func aMethodNotAllowedIsKeptWithItsReason() async throws {
        try await TestMarket.with { market in
            let student = try await market.running.data.addVendor(name: "김민수")
            let refused = try await market.raw("PUT", "/healthChecker", headers: ["identifier": student.credentials.identifier])
            #expect(refused.status == 405)
            let records = try await market.running.data.activity.records(vendor: student.id)
            #expect(records.map(\.errorCode) == ["methodNotAllowed"], "\(records)")
            let step = try Assignment.parse("step m = status=405 error=methodNotAllowed unverified").steps[0]
            #expect(records.contains(where: step.isDone(by:)))
        }
    }

    /// A secret sent in the query and in a header is noticed, yet neither the database nor its
    /// write-ahead log holds its bytes, and a request naming no vendor is nobody's record.
    @Test func neverKeepsTheSecret() async throws {
        try await TestMarket.with { market in
            let student = try await market.running.data.addVendor(name: "이서연")
            let secret = student.credentials.secret.revealed
            let me = student.credentials.identifier
            let body = #"{"secret":"\#(secret)"}"#
            let product = try await market.createProduct(as: student.credentials)
            let inQuery = try await market.raw(
                "POST", "/api/products/\(product.id)/secret?secret=\(Self.percentEncoded(secret))",
                headers: ["identifier": me, "Content-Type": "application/json"], body: Data(body.utf8))
            #expect(inQuery.status == 200)
            let inHeader = try await market.raw(
                "GET", "/api/products/\(product.id)", headers: ["identifier": me, "Authorization": "Bearer \(secret)"])
            #expect(inHeader.status == 200)
            _ = try await market.raw("GET", "/api/products")
            let records = try await market.running.data.activity.records()
            #expect(records.map(\.vendorID) == [student.id, student.id, student.id])
            #expect(records.map(\.secretMisplaced) == [false, true, true])
            await market.running.stop()
            let files = try FileManager.default.contentsOfDirectory(atPath: market.directory.path).filter {
                $0.hasPrefix("market.sqlite")
            }
            #expect(files.contains("market.sqlite"))
            for file in files {
                let bytes = try Data(contentsOf: market.directory.appendingPathComponent(file))
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds the secret")
            }
        }
    }

    /// A student's secret in a header or the query is noticed on their very first request, before
    /// it ever verified: as `class add` made it (also from another process, as the program does
    /// while the market runs) and as `class reset-secret` made it anew.
    @Test func noticesAMisplacedSecretFromTheFirstRequest() async throws {
        try await TestMarket.with { market in
            let data = market.running.data
            let here = try await data.enrol([RosterEntry(name: "김민수", studentNumber: "2026101")]).added[0]
            let other = try await MarketDataDirectory.open(market.directory)
            defer { other.close() }
            let there = try await other.enrol([RosterEntry(name: "이서연", studentNumber: "2026102")]).added[0]
            for student in [here, there] {
                let bearer = "Bearer \(student.credentials.secret.revealed)"
                _ = try await market.raw(
                    "GET", "/api/products", headers: ["identifier": student.student.identifier, "Authorization": bearer])
            }
            let renewed = try await other.resetSecret(of: "2026101")
            let query = Self.percentEncoded(renewed.credentials.secret.revealed)
            _ = try await market.raw("GET", "/api/products?secret=\(query)", headers: ["identifier": here.student.identifier])
            let records = try await data.activity.records()
            #expect(records.map(\.vendorID) == [here.student.vendorID, there.student.vendorID, here.student.vendorID])
            #expect(records.map(\.secretMisplaced) == [true, true, true])
        }
    }

    /// The same create sent twice, each time with the new boundary a client picks, has one body
    /// digest (a retried POST is spotted); another create has another.
    @Test func aRetriedMultipartPostHasTheSameDigest() async throws {
        try await TestMarket.with { market in
            let student = try await market.running.data.addVendor(name: "최유진")
            let params = market.params(secret: student.credentials.secret.revealed)
            func create(_ params: String) async throws {
                let boundary = "retry-\(UUID().uuidString)"
                var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"params\"\r\n".utf8)
                body += Data("Content-Type: application/json\r\n\r\n\(params)".utf8)
                body += Data("\r\n--\(boundary)--\r\n".utf8)
                let contentType = "multipart/form-data; boundary=\"\(boundary)\""
                _ = try await market.raw(
                    "POST", "/api/products",
                    headers: ["identifier": student.credentials.identifier, "Content-Type": contentType], body: body)
            }
            try await create(params)
            try await create(params)
            try await create(market.params(name: "Another mug", secret: student.credentials.secret.revealed))
            let digests = try await market.running.data.activity.records(vendor: student.id).map(\.bodyDigest)
            #expect(digests.count == 3 && digests.allSatisfy { $0?.count == 64 })
            #expect(digests[0] == digests[1] && digests[1] != digests[2])
        }
    }

    /// A secret as a query value: its `#`, `$`, `@` percent-encoded (a raw `#` would end the URL
    /// there and the secret would never be sent).
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    /// Records survive the market's restart, and a listener hears of a record as it is made.
    @Test func survivesARestartAndStreamsLive() async throws {
        let directory = try Fixtures.temporaryDirectory("class-activity")
        defer { try? FileManager.default.removeItem(at: directory) }
        let student = try await TestMarket.with(directory: directory) { market in
            let student = try await market.running.data.addVendor(name: "박지훈")
            var updates = market.running.data.activity.updates().makeAsyncIterator()
            _ = try await market.raw("GET", "/api/products", headers: ["identifier": student.credentials.identifier])
            let heard = await updates.next()
            #expect(heard?.vendorID == student.id && heard?.route == "/api/products" && heard?.status == 200)
            return student
        }
        try await TestMarket.with(directory: directory) { market in
            let summary = try await market.running.data.activity.summary(vendor: student.id)
            #expect(summary.requests == 1 && summary.methods == ["GET": 1] && summary.successes == 1)
            let records = try await market.running.data.activity.records(
                vendor: student.id, since: Date(timeIntervalSinceNow: -600))
            #expect(records.count == 1 && records[0].sequence != nil)
        }
    }
}
