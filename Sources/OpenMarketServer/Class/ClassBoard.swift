import Foundation
import HTTPHabits
import HTTPTypes
import Hummingbird
import NIOCore
import OpenMarketContract

/// The teacher's board at `/class`: a row per student, kept live by Server-Sent Events from the
/// activity record (`ClassActivity`). Every route under `/class` asks for the teacher's token
/// (`ClassBoardToken`): as the cookie the board's address sets, or as `Authorization: Bearer`.
/// Without it the answer is 401 and a page that says where the address comes from, and nothing
/// about the class.
struct ClassBoard: Sendable {
    let token: ClassBoardToken
    let data: MarketDataDirectory
    /// Identifiers of vendors that are not students (the demo vendors of a local market).
    let notStudents: Set<String>
    let pages: ClassBoardPage
    let streams: ClassBoardStreams

    /// Allows this origin's script, style and event stream, and nothing inline or framed.
    static let policy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; "
        + "form-action 'none'; frame-ancestors 'none'"

    var activity: ClassActivity { data.activity }

    init(token: ClassBoardToken, data: MarketDataDirectory, notStudents: Set<String>) {
        self.token = token
        self.data = data
        self.notStudents = notStudents
        self.pages = ClassBoardPage()
        self.streams = ClassBoardStreams()
    }

    /// The board of the market over `data`, its token read from (or first kept in) the data
    /// directory. A directory that cannot keep one gets a token nobody is told: the board then
    /// opens for no one, and `openmarket-server class board` says why.
    init(data: MarketDataDirectory) {
        self.init(
            token: (try? ClassBoardToken.load(in: data.url)) ?? ClassBoardToken(value: ClassBoardToken.random()),
            data: data,
            notStudents: data.demoCredentials.identifier.isEmpty ? [] : [data.demoCredentials.identifier])
    }

    /// Registers the board's routes under `/class`.
    func register(on router: Router<MarketRequestContext>) {
        router.addRoutes(routes(), atPath: "/class")
    }

    func routes() -> RouteCollection<MarketRequestContext> {
        let routes = RouteCollection(context: MarketRequestContext.self)
        MarketRoutes.getAndHead(routes) { request, _ in try await guarded(request) { try await page(request) } }
        MarketRoutes.getAndHead(routes, "events") { request, context in
            try await guarded(request) { events(request, client: context.clientKey) }
        }
        MarketRoutes.getAndHead(routes, "app.js") { request, _ in
            try await guarded(request) { Self.asset(ClassBoardAssets.script, type: "text/javascript; charset=utf-8") }
        }
        MarketRoutes.getAndHead(routes, "style.css") { request, _ in
            try await guarded(request) { Self.asset(ClassBoardAssets.style, type: "text/css; charset=utf-8") }
        }
        return routes
    }

    // MARK: The teacher's token

    /// Answers `answer()` when the request carries the token; otherwise 401. The board's address
    /// (`/class?token=…`) is answered with the cookie and a redirect to `/class`, so the token
    /// leaves the address bar and the browser's history at once.
    private func guarded(_ request: Request, _ answer: () async throws -> Response) async throws -> Response {
        let language = Language.answering(request.headers[.acceptLanguage])
        if let given = request.uri.queryParameters["token"].map(String.init) {
            guard token.matches(given), request.uri.path == "/class" else { return refused(in: language) }
            var redirect = Response(status: .seeOther, headers: [.location: "/class", .cacheControl: "no-store"])
            redirect.headers[.setCookie] =
                "\(ClassBoardToken.cookieName)=\(token.value); Path=/class; Max-Age=43200; HttpOnly; SameSite=Strict"
            redirect.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
            return redirect
        }
        guard token.matches(Self.presented(request)) else { return refused(in: language) }
        return try await answer()
    }

    /// The token the request carries: `Authorization: Bearer …`, else the board's cookie.
    static func presented(_ request: Request) -> String? {
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            return String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        }
        return request.cookies[ClassBoardToken.cookieName]?.value
    }

    private func refused(in language: Language) -> Response {
        var response = Self.html(.unauthorized, pages.refused(in: language))
        response.headers[.wwwAuthenticate] = #"Bearer realm="class board""#
        return response
    }

    // MARK: The page

    private func page(_ request: Request) async throws -> Response {
        let language = Language.answering(request.headers[.acceptLanguage])
        let students = try await students()
        let kept = ClassBoardAssignment.current(in: data.url)
        let records = Dictionary(grouping: try await activity.records(), by: \.vendorID)
        let rows = students.map { row($0, records: records[$0.id] ?? [], assignment: kept.assignment) }
        return Self.html(
            .ok,
            pages.board(
                rows, assignment: kept.assignment?.title, assignmentUnreadable: kept == .unreadable, showHabits: true,
                in: language))
    }

    /// One student's row, from their activity records (oldest first).
    func row(_ student: BoardStudent, records: [ActivityRecord], assignment: Assignment?) -> ClassBoardRow {
        var row = ClassBoardRow(vendorID: student.id, name: student.name)
        for record in records { row.count(method: record.method, route: record.route, status: record.status) }
        if let assignment {
            let done = ClassGrading.stepsDone(assignment, records: records)[student.id] ?? [:]
            row.steps = (assignment.steps.filter { done[$0.id] != nil }.map(\.id), assignment.steps.count)
            row.stepsMissing = assignment.steps.filter { done[$0.id] == nil }.map { $0.label.isEmpty ? $0.id : $0.label }
        }
        row.habits = HabitLinter().findings(in: records.map(\.habitExchange)).map(\.rule.rawValue)
        return row
    }

    /// A row of the board: a student of the roster, or a vendor when the market has no roster.
    struct BoardStudent: Sendable, Equatable {
        var id: Int
        var name: String
    }

    /// The class: the roster's students when a roster was added (`class add`), else every vendor
    /// but the demo ones, in the order they were added.
    func students() async throws -> [BoardStudent] {
        let roster = try await data.students()
        if !roster.isEmpty { return roster.map { BoardStudent(id: $0.vendorID, name: $0.name) } }
        return try await data.vendors()
            .filter { !notStudents.contains($0.identifier) && $0.name != MarketDataDirectory.neighbourName }
            .sorted { $0.id < $1.id }.map { BoardStudent(id: $0.id, name: $0.name) }
    }

    // MARK: Responses

    static func html(_ status: HTTPResponse.Status, _ text: String) -> Response {
        var response = MarketRoutes.response(status, contentType: "text/html; charset=utf-8", body: ByteBuffer(string: text))
        response.headers[.contentSecurityPolicy] = policy
        response.headers[.vary] = "Accept-Language"
        response.headers[.cacheControl] = "no-store"
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        return response
    }

    private static func asset(_ text: String, type: String) -> Response {
        var response = MarketRoutes.response(.ok, contentType: type, body: Data(text.utf8))
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
