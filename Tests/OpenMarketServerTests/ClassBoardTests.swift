import AsyncHTTPClient
import Foundation
import HTTPHabits
import MarketTestSupport
import NIOCore
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// The teacher's board at `/class` (issue 42 §2): behind the teacher's token on every route,
/// live by Server-Sent Events, in Korean or English, a student's words escaped.
@Suite("The class board")
struct ClassBoardTests {
    @Test func everyClassRouteIsRefusedWithoutTheTeachersToken() async throws {
        try await TestMarket.with { market in
            _ = try await market.running.data.addVendor(name: "김민준")
            let token = try ClassBoardToken.load(in: market.directory)
            for path in ["/class", "/class/events", "/class/app.js", "/class/style.css"] {
                for headers in [
                    [:], ["Authorization": "Bearer wrong"], ["Cookie": "\(ClassBoardToken.cookieName)=wrong"],
                    ["Authorization": "Bearer \(market.demo.secret.revealed)"],
                ] {
                    let answer = try await market.raw("GET", path, headers: headers)
                    #expect(answer.status == 401, "\(path) \(headers)")
                    #expect(!answer.text.contains("김민준") && !answer.text.contains(token.value), "\(path)")
                }
                // The event stream never ends: HEAD answers what GET would, without the body.
                let allowed = try await market.raw(
                    path == "/class/events" ? "HEAD" : "GET", path, headers: ["Authorization": "Bearer \(token.value)"])
                #expect(allowed.status == 200, "\(path)")
                if path == "/class/events" { continue }
                let wrongInAddress = try await market.raw("GET", path + "?token=x\(token.value.dropFirst())")
                #expect(wrongInAddress.status == 401, "\(path)")
            }
        }
    }

    @Test func theBoardsAddressSetsACookieForClassOnlyAndLeavesTheTokenOutOfTheAddress() async throws {
        try await TestMarket.with { market in
            let token = try ClassBoardToken.load(in: market.directory)
            // Sent by hand: the HTTP client would follow the redirect.
            let connection = try RawConnection(port: market.port)
            #expect(connection.send("GET /class?token=\(token.value) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
            let opened = String(decoding: await connection.readUntilClosed(timeout: .seconds(30)).data, as: UTF8.self)
            let head = opened.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
            #expect(head.first == "HTTP/1.1 303 See Other", "\(head)")
            #expect(head.contains("Location: /class"), "\(head)")
            let cookie = try #require(head.first { $0.hasPrefix("Set-Cookie: ") }?.dropFirst("Set-Cookie: ".count))
            #expect(cookie.hasPrefix("\(ClassBoardToken.cookieName)=\(token.value);"))
            #expect(cookie.contains("Path=/class") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            let page = try await market.raw("GET", "/class", headers: ["Cookie": "\(ClassBoardToken.cookieName)=\(token.value)"])
            #expect(page.status == 200)
            #expect(!page.text.contains(token.value), "the page never holds the token")
            #expect(page.headers["cache-control"] == "no-store")
            #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
            for path in ["/", "/openapi.json", "/storefront/app.js"] {
                #expect(!(try await market.raw("GET", path).text.contains(token.value)), "\(path)")
            }
        }
    }

    /// `openmarket-server class board` prints the address with the market's own token, in the
    /// operator's language, and refuses an assignment that does not parse, keeping none.
    @Test func classBoardPrintsTheAddressWithTheMarketsToken() async throws {
        try await TestMarket.with { market in
            let server = BuiltProducts.path(of: "openmarket-server")
            let data = market.directory.path
            let korean = try await ChildProcess.run(
                server, ["class", "board", "--data", data, "--public-url", "http://10.0.0.5:8080"],
                environment: ["LANG": "ko_KR.UTF-8"])
            let token = try ClassBoardToken.load(in: market.directory)
            #expect(korean.status == 0, "\(korean.stderr)")
            #expect(korean.stdout.contains("  http://10.0.0.5:8080/class?token=\(token.value)\n"), "\(korean.stdout)")
            #expect(korean.stdout.hasPrefix(ClassBoardText.boardAddress.korean))
            let bad = market.directory.appendingPathComponent("bad-assignment.txt")
            try Data("step =\n".utf8).write(to: bad)
            let refused = try await ChildProcess.run(
                server, ["class", "board", "--data", data, "--assignment", bad.path], environment: ["LANG": "C"])
            #expect(refused.status == 1 && !refused.stdout.contains("token="))
            #expect(ClassBoardAssignment.current(in: market.directory) == .notChosen)
        }
    }

    @Test func theTokenIsKeptInTheDataDirectoryForItsOwnerOnly() async throws {
        let directory = try Fixtures.temporaryDirectory("class-board-token")
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = try ClassBoardToken.load(in: directory)
        #expect(token.value.utf8.count == 43)
        #expect(try ClassBoardToken.load(in: directory) == token)
        let file = directory.appendingPathComponent(ClassBoardToken.fileName).path
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(token.matches(token.value) && !token.matches(String(token.value.dropLast()) + "A") || token.value.hasSuffix("A"))
        #expect(!token.matches(nil) && !token.matches(""))
    }

    @Test func thePageHasARowPerStudentInKoreanOrEnglishWithTheirNamesEscaped() async throws {
        try await TestMarket.with { market in
            let hostile = "<script>alert(1)</script>\"\u{301} onmouseover=x '"
            _ = try await market.running.data.addVendor(name: "이서연")
            _ = try await market.running.data.addVendor(name: hostile)
            let token = try ClassBoardToken.load(in: market.directory)
            let korean = try await market.raw(
                "GET", "/class", headers: ["Authorization": "Bearer \(token.value)", "Accept-Language": "ko-KR,ko;q=0.9"])
            #expect(korean.text.contains(#"<html lang="ko">"#) && korean.text.contains("수업 현황판"))
            #expect(korean.text.contains("학생 2명") && korean.text.contains(">이서연<"))
            #expect(korean.text.contains("아직 요청이 없습니다"))
            #expect(!korean.text.contains("demo-shop"), "the demo vendor is not a student")
            #expect(!korean.text.contains("<script>alert") && korean.text.contains(HTMLEscaping.escaped(hostile)))
            let english = try await market.raw(
                "GET", "/class", headers: ["Authorization": "Bearer \(token.value)", "Accept-Language": "en"])
            #expect(english.text.contains(#"<html lang="en">"#) && english.text.contains("Class board"))
            #expect(english.text.contains("2 students") && english.text.contains("No request yet"))
        }
    }

    @Test func theEventStreamTellsARowsChangeAfterAStudentsRequestInTheReadersLanguage() async throws {
        try await TestMarket.with { market in
            let student = try await market.running.data.addVendor(name: "박지훈")
            let token = try ClassBoardToken.load(in: market.directory)
            let korean = try await BoardEvents.open(market, token: token, language: "ko")
            let english = try await BoardEvents.open(market, token: token, language: "en")
            defer {
                korean.stop()
                english.stop()
            }
            #expect(await korean.row(student.id, requests: 0) != nil, "the stream starts with every row")
            let product = try await market.createProduct(name: "<b>첫 상품</b>", as: student.credentials)
            // `row` waits 10 s at most: a row held back for the stream's first keep-alive, 15 s
            // after the stream began, would come too late (unless opening the stream and making
            // the product took over 5 s), and no time is measured against the machine's speed.
            let created = await korean.row(student.id, requests: 1)
            #expect(created?.methods == "POST" && created?.products == "1", "\(String(describing: created))")
            let client = market.client(student.credentials)
            _ = try? await client.edit(id: product.id + 1000, ProductChanges(stock: 1))
            let failed = await korean.row(student.id, requests: 2)
            #expect(failed?.error == "404 PATCH")
            #expect(failed?.errorTitle == "404 PATCH /api/products/{id}\n" + ClassBoardText.meaning(status: 404).korean)
            #expect(failed?.meaning == ClassBoardText.shortMeaning(status: 404).korean)
            #expect(failed?.statuses == "1 / 1 / 0" && failed?.failing == true)
            let inEnglish = await english.row(student.id, requests: 2)
            #expect(inEnglish?.meaning == "No such product")
            #expect(inEnglish?.errorTitle == "404 PATCH /api/products/{id}\nNo such product, or no such address.")
        }
    }
}

/// The board's words: every case in both languages, the Korean as the other catalogues write it.
@Suite("The class board's words")
struct ClassBoardTextTests {
    @Test(
        arguments: [
            ClassBoardText.title, .live, .student, .requests, .methods, .statuses, .lastError, .products, .steps, .habits,
            .students(1), .students(30), .noStudents, .noRequestsYet, .needsToken, .needsTokenHint, .boardAddress,
            .boardAddressNote, .stepsToDo,
        ]
            + [400, 401, 403, 404, 405, 408, 412, 413, 429, 431, 500, 503, 418].flatMap {
                [ClassBoardText.meaning(status: $0), .shortMeaning(status: $0)]
            } + HabitRule.allCases.map { ClassBoardText.habit($0) })
    func everyCaseHasKoreanInTheCataloguesStyle(text: ClassBoardText) {
        #expect(!text.english.isEmpty && !text.korean.isEmpty)
        #expect(text.korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } || text == .statuses)
        for fact in ["If-Match", "ETag", "Allow", "identifier", "secret", "openmarket-server class", "--public-url"]
        where text.english.contains(fact) {
            #expect(text.korean.contains(fact), "\(fact) in \(text.korean)")
        }
        #expect(KoreanStyle.problems(text) == [])
    }
}

/// The steps of the chosen assignment and the habits found, on a student's row.
@Suite("The class board's steps and habits")
struct ClassBoardStepsTests {
    @Test func aRowShowsTheAssignmentsStepsDoneAndTheHabitsFound() async throws {
        try await TestMarket.with { market in
            let student = try await market.running.data.addVendor(name: "최하은")
            try ClassBoardAssignment.keep(
                """
                title = 과제 2
                step photos = POST /api/products status=201 photos>=2 | 사진 2장으로 등록했다
                step met-412 = status=412 | 412를 만났다
                """, in: market.directory)
            let token = try ClassBoardToken.load(in: market.directory)
            let board = try await BoardEvents.open(market, token: token, language: "ko")
            defer { board.stop() }
            #expect(await board.row(student.id, requests: 0)?.steps == "0/2")
            _ = try await market.createProduct(images: ["coffee-small.jpg", "chelsea.png"], as: student.credentials)
            #expect(await board.row(student.id, requests: 1)?.stepsValue == "1/2 photos")
            // The secret in a header, where it does not belong: a habit the linter marks.
            _ = try await market.raw(
                "GET", "/api/products?page_no=1",
                headers: ["identifier": student.credentials.identifier, "secret": student.credentials.secret.revealed])
            let marked = await board.row(student.id, requests: 2)
            #expect(marked?.habitsValue == "1 · secret-in-request", "\(String(describing: marked))")
            #expect(marked?.habits == "1 · secret 노출" && marked?.habitsTitle == "secret-in-request")
            #expect(await board.row(student.id, requests: 2)?.stepNames == "남은 단계:\n412를 만났다")
            let page = try await market.raw("GET", "/class", headers: ["Authorization": "Bearer \(token.value)"])
            #expect(page.text.contains(#"<p id="assignment">과제 2</p>"#) && page.text.contains("1/2 photos"))
            #expect(!page.text.contains("assignment-unreadable"))
        }
    }

    /// A copy kept by a version whose rules differed (here a reason this one does not know) is
    /// said on the board, with what to do, instead of the steps' column vanishing without a word.
    @Test func aKeptAssignmentThatNoLongerReadsIsSaidOnTheBoard() async throws {
        try await TestMarket.with { market in
            _ = try await market.running.data.addVendor(name: "Ana")
            let copy = market.directory.appendingPathComponent("class-board-assignment")
            try Data("title = Week 3\nstep a = error=noSuchReasonAnyMore\n".utf8).write(to: copy)
            #expect(ClassBoardAssignment.current(in: market.directory) == .unreadable)
            let token = try ClassBoardToken.load(in: market.directory)
            let page = try await market.raw(
                "GET", "/class", headers: ["Authorization": "Bearer \(token.value)", "Accept-Language": "en"])
            #expect(page.text.contains(#"<p id="assignment-unreadable">"#), "\(page.text)")
            #expect(page.text.contains(ClassBoardText.assignmentUnreadable.english))
            #expect(!page.text.contains(#"<p id="assignment">"#) && !page.text.contains(#"class="steps""#))
            // A copy that cannot be opened at all (a folder in its place; permissions do not stop
            // root, who runs the tests) is said the same way (before: as if none was chosen).
            try FileManager.default.removeItem(at: copy)
            #expect(ClassBoardAssignment.current(in: market.directory) == .notChosen)
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false)
            #expect(ClassBoardAssignment.current(in: market.directory) == .unreadable)
        }
    }
}

/// The events of one open `/class/events` stream, parsed as they arrive.
final class BoardEvents: Sendable {
    let rows: Watched<[ClassBoardRow.Wire]>
    private let reader: Task<Void, any Error>

    private init(_ body: HTTPClientResponse.Body, rows: Watched<[ClassBoardRow.Wire]>) {
        self.rows = rows
        reader = Task {
            var pending = ""
            for try await chunk in body {
                pending += String(buffer: chunk)
                while let end = pending.range(of: "\n\n") {
                    let event = String(pending[..<end.lowerBound])
                    pending.removeSubrange(..<end.upperBound)
                    guard event.hasPrefix("event: row\ndata: ") else { continue }
                    let data = Data(event.dropFirst("event: row\ndata: ".count).utf8)
                    if let row = try? JSONDecoder().decode(ClassBoardRow.Wire.self, from: data) {
                        rows.change { $0.append(row) }
                    }
                }
            }
        }
    }

    static func open(_ market: TestMarket, token: ClassBoardToken, language: String) async throws -> BoardEvents {
        var request = HTTPClientRequest(url: market.baseURL.absoluteString + "/class/events")
        request.headers.add(name: "Authorization", value: "Bearer \(token.value)")
        request.headers.add(name: "Accept-Language", value: language)
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        #expect(response.status.code == 200)
        #expect(response.headers.first(name: "content-type") == "text/event-stream; charset=utf-8")
        let rows = Watched<[ClassBoardRow.Wire]>([])
        return BoardEvents(response.body, rows: rows)
    }

    /// The first row event of `vendor` that counts `requests`, waiting up to 10 s for it.
    func row(_ vendor: Int, requests: Int) async -> ClassBoardRow.Wire? {
        let count = String(requests)
        guard await rows.wait(within: .seconds(10), until: { $0.contains { $0.id == vendor && $0.requests == count } })
        else { return nil }
        return rows.value.first { $0.id == vendor && $0.requests == count }
    }

    func stop() { reader.cancel() }
}
