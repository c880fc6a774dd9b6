import AsyncHTTPClient
import Foundation
import NIOCore
import OpenMarketContract
import OpenMarketServer

/// The steps of the class's example assignment (`ScriptedClass.assignmentText`), as a scripted
/// student does them.
public enum ClassStep: String, CaseIterable, Sendable {
    /// Registers a product with two photos (otherwise the student's product has one).
    case photos
    /// Changes their product's price with a current `If-Match`.
    case ifMatch = "if-match"
    /// Sends a PATCH with a stale `If-Match` and meets 412.
    case met412 = "met-412"
    /// Deletes their product (asks for the delete URI, then DELETEs it).
    case deleteOwn = "delete"
    /// PATCHes a classmate's product with their own secret and meets 403.
    case met403 = "met-403"
}

/// A mistake a scripted student makes on purpose: each one is a near miss of a step (it must not
/// count for it) or a habit the linter marks.
public enum PlantedMistake: String, CaseIterable, Sendable {
    /// Changes their product without `If-Match` (not the if-match step).
    case patchWithoutIfMatch
    /// A stale `If-Match` with a wrong secret: 401, not the 412 of met-412.
    case wrongSecretOnStale
    /// A classmate's product with a wrong secret: 401, not the 403 of met-403.
    case classmateWithWrongSecret
    /// A DELETE of a token that is none: 400, not a delete.
    case badDeleteToken
    /// Reads their product with the secret in the query.
    case secretInQuery
    /// Asks for the delete URI twice with the same body (a retried POST).
    case retriedPost
    /// A GET of the list with a body.
    case getWithBody
    /// Registers a second product whose photo part has no `Content-Type`.
    case untypedPart
}

/// One scripted student: who they are, the steps they do, the mistakes they make.
public struct ScriptedStudent: Sendable {
    public var entry: RosterEntry
    public var steps: Set<ClassStep>
    public var mistakes: Set<PlantedMistake>
}

/// A class of scripted students against one market: the roster, the plan of who does what, and
/// the driver that sends their requests over loopback, each student in a task of their own.
public enum ScriptedClass {
    /// The example assignment of docs/teaching.md, the issue's five steps.
    public static let assignmentText = """
        # Homework 2: conditional requests
        title = 과제 2: 조건부 요청
        step photos   = POST /api/products status=201 photos>=2 | 사진 2장으로 상품을 등록했다
        step if-match = PATCH /api/products/{id} status=202 if-match own | If-Match로 가격을 바꿨다
        step met-412  = status=412 | 412를 만났다
        step delete   = DELETE status=200 own | 자기 상품을 지웠다
        step met-403  = status=403 classmate | 친구 상품에서 403을 만났다

        """

    /// `count` students with Korean names and numbers 2026001…, each doing some steps and
    /// making some mistakes, decided by their position (the same plan every run): some do every
    /// step, some none.
    public static func plan(_ count: Int) -> [ScriptedStudent] {
        let family = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임"]
        let given = ["민준", "서연", "도윤", "하은", "시우", "지유", "주원", "서윤", "하준", "지민", "예준", "수아"]
        return (0..<count).map { index in
            let name = family[index % family.count] + given[(index * 7) % given.count]
            let steps = Set(ClassStep.allCases.enumerated().filter { Self.does(index, $0.offset) }.map(\.element))
            let mistakes = Set(
                PlantedMistake.allCases.enumerated().filter { (index + $0.offset) % 4 == 0 }.map(\.element))
            return ScriptedStudent(
                entry: RosterEntry(name: name, studentNumber: String(2_026_001 + index)), steps: steps, mistakes: mistakes)
        }
    }

    /// Student 0 does every step, student 1 none; the others a pattern of their position.
    static func does(_ index: Int, _ step: Int) -> Bool {
        if index == 0 { return true }
        if index == 1 { return false }
        return (index * 5 + step * 3) % 7 < 4
    }

    /// The roster as a CSV file's text (a header line, then name and number).
    public static func rosterCSV(_ students: [ScriptedStudent]) -> String {
        "이름,학번\n" + students.map { "\($0.entry.name),\($0.entry.studentNumber)\n" }.joined()
    }

    /// Runs every student against `market` at once, each logged in as `credentials[number]`;
    /// `classmate` is a product none of them owns. Returns when every student is done.
    public static func run(
        _ students: [ScriptedStudent], credentials: [String: VendorCredentials], on market: URL, classmate: Int
    ) async throws {
        let gate = DerivationGate(limit: 8)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for student in students {
                guard let login = credentials[student.entry.studentNumber] else { continue }
                group.addTask {
                    try await StudentDriver(market: market, login: login, classmate: classmate, gate: gate).run(student)
                }
            }
            try await group.waitForAll()
        }
    }
}

/// At most `limit` requests at a time whose secret the market must derive (a student's first,
/// and a wrong one): past 16 waiting, the market answers 503 "busy, retry" (see `SecretVerifier`),
/// which a class of 30 starting at once would meet. A client would retry; the scripted students
/// queue here instead, so that every request they send is the one planned.
actor DerivationGate {
    let limit: Int
    private var inUse = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = limit }

    func through<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if inUse < limit {
            inUse += 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        defer {
            if waiting.isEmpty { inUse -= 1 } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}

/// A scripted student's create was refused: the status and the market's body.
struct UnexpectedAnswer: Error, CustomStringConvertible {
    var status: Int
    var body: String
    var description: String { "the create was answered \(status): \(body)" }
}

/// One student's requests, built by hand so that the mistakes can be made.
struct StudentDriver {
    let market: URL
    let login: VendorCredentials
    let classmate: Int
    let gate: DerivationGate
    var secret: String { login.secret.revealed }

    struct Answer {
        var status: Int
        var etag: String?
        var body: Data
    }

    func run(_ student: ScriptedStudent) async throws {
        let steps = student.steps
        let mistakes = student.mistakes
        let photo = try Fixtures.imageData("coffee-small.jpg")
        let made = try await gate.through { try await create(photos: steps.contains(.photos) ? 2 : 1, photo: photo, typed: true) }
        guard made.status == 201 else {
            throw UnexpectedAnswer(status: made.status, body: String(decoding: made.body, as: UTF8.self))
        }
        let id = try MarketJSON.decoder.decode(Product.self, from: made.body).id
        var etag = made.etag ?? ""
        if mistakes.contains(.untypedPart) { _ = try await create(photos: 1, photo: photo, typed: false) }
        if steps.contains(.ifMatch) { etag = try await patch(id, price: 2000, ifMatch: etag).etag ?? etag }
        if mistakes.contains(.patchWithoutIfMatch) { etag = try await patch(id, price: 2100, ifMatch: nil).etag ?? etag }
        if steps.contains(.met412) { _ = try await patch(id, price: 2200, ifMatch: "\"\(id)-999\"") }
        if mistakes.contains(.wrongSecretOnStale) {
            _ = try await gate.through { try await patch(id, price: 2200, ifMatch: "\"\(id)-999\"", secret: "not-the-secret-0") }
        }
        if steps.contains(.met403) { _ = try await patch(classmate, price: 1, ifMatch: nil) }
        if mistakes.contains(.classmateWithWrongSecret) {
            _ = try await gate.through { try await patch(classmate, price: 1, ifMatch: nil, secret: "not-the-secret-0") }
        }
        if mistakes.contains(.secretInQuery) {
            _ = try await send(
                "GET",
                "/api/products/\(id)?secret=\(secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret)")
        }
        if mistakes.contains(.getWithBody) { _ = try await send("GET", "/api/products", body: Data("{}".utf8)) }
        if mistakes.contains(.badDeleteToken) { _ = try await send("DELETE", "/api/products/not-a-token") }
        if steps.contains(.deleteOwn) || mistakes.contains(.retriedPost) {
            let body = Data(#"{"secret":"\#(secret)"}"#.utf8)
            var uri = try await send("POST", "/api/products/\(id)/archived", json: body)
            if mistakes.contains(.retriedPost) { uri = try await send("POST", "/api/products/\(id)/archived", json: body) }
            if steps.contains(.deleteOwn) { _ = try await send("DELETE", String(decoding: uri.body, as: UTF8.self)) }
        }
    }

    func create(photos: Int, photo: Data, typed: Bool) async throws -> Answer {
        let boundary = "ScriptedStudent\(UUID().uuidString.prefix(8))"
        var body = Data()
        func line(_ text: String) { body.append(Data((text + "\r\n").utf8)) }
        let params = #"{"name":"수업 머그","description":"수업 시간에 등록한 머그컵입니다","price":1000,"currency":"KRW","secret":"\#(secret)"}"#
        line("--\(boundary)")
        line(#"Content-Disposition: form-data; name="params""#)
        line("Content-Type: application/json")
        line("")
        body.append(Data(params.utf8))
        line("")
        for index in 0..<photos {
            line("--\(boundary)")
            line(#"Content-Disposition: form-data; name="images"; filename="mug\#(index).jpg""#)
            if typed { line("Content-Type: image/jpeg") }
            line("")
            body.append(photo)
            line("")
        }
        line("--\(boundary)--")
        return try await send(
            "POST", "/api/products", body: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    func patch(_ id: Int, price: Int, ifMatch: String?, secret: String? = nil) async throws -> Answer {
        let body = Data(#"{"price":\#(price),"secret":"\#(secret ?? self.secret)"}"#.utf8)
        return try await send("PATCH", "/api/products/\(id)", json: body, ifMatch: ifMatch)
    }

    func send(
        _ method: String, _ path: String, json: Data? = nil, body: Data? = nil, contentType: String? = nil,
        ifMatch: String? = nil
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: market.absoluteString + path)
        request.method = .init(rawValue: method)
        request.headers.add(name: "identifier", value: login.identifier)
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: json))
        } else if let body {
            if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        if let ifMatch { request.headers.add(name: "If-Match", value: ifMatch) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
        let bytes = try await response.body.collect(upTo: 16 << 20)
        return Answer(
            status: Int(response.status.code), etag: response.headers.first(name: "ETag"), body: Data(bytes.readableBytesView))
    }
}
