import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenMarketContract
import ServiceLifecycle
import Synchronization

/// The board's open event streams, bounded: a class has one projector and a teacher's laptop or
/// two, so past `maxStreams` another is refused with 503 and `Retry-After`.
final class ClassBoardStreams: Sendable {
    static let maxStreams = 16
    static let retryAfterSeconds = 5
    static let lifetime: Duration = .seconds(600)
    static let keepAlive: Duration = .seconds(15)

    private let open = Mutex(0)

    /// Takes a place, or answers false when every place is taken.
    func take() -> Bool {
        open.withLock { count in
            guard count < Self.maxStreams else { return false }
            count += 1
            return true
        }
    }

    func release() { open.withLock { $0 -= 1 } }
}

/// Every student's records as one stream knows them, the vendors whose rows changed since the
/// stream last wrote, and a wake-up for the writer: a busy class's requests collapse into one
/// row event per student per write, however many came, and a row is counted from the records
/// kept here (no database read per request).
final class ClassBoardChanges: Sendable {
    private struct State {
        var history: [Int: [ActivityRecord]]
        /// The records read at the start, by `key`: one told again by the live updates (it was
        /// made while they were read) is not counted twice.
        var known: Set<String>
        var vendors: Set<Int> = []
        var keepAlive = false
    }
    private let state: Mutex<State>
    let wakeUps: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init(snapshot: [ActivityRecord]) {
        state = Mutex(State(history: Dictionary(grouping: snapshot, by: \.vendorID), known: Set(snapshot.map(Self.key))))
        (wakeUps, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// What tells one record from another without its sequence number (a live record has none).
    static func key(_ record: ActivityRecord) -> String {
        let micros = Int64((record.time.timeIntervalSince1970 * 1_000_000).rounded())
        return "\(record.vendorID) \(micros) \(record.method) \(record.route) \(record.status)"
    }

    /// The records of `vendor` known so far, oldest first.
    func history(_ vendor: Int) -> [ActivityRecord] { state.withLock { $0.history[vendor] ?? [] } }

    func changed(_ record: ActivityRecord) {
        let new = state.withLock { state -> Bool in
            if !state.known.isEmpty, state.known.remove(Self.key(record)) != nil { return false }
            state.history[record.vendorID, default: []].append(record)
            state.vendors.insert(record.vendorID)
            return true
        }
        if new { continuation.yield() }
    }

    func keepAlive() {
        state.withLock { $0.keepAlive = true }
        continuation.yield()
    }

    /// What changed since the last call, and whether a keep-alive comment is due.
    func take() -> (vendors: Set<Int>, keepAlive: Bool) {
        state.withLock { state in
            defer {
                state.vendors = []
                state.keepAlive = false
            }
            return (state.vendors, state.keepAlive)
        }
    }

    func finish() { continuation.finish() }
}

extension ClassBoard {
    /// `/class/events`: `retry`, every student's row (so a page rendered a moment ago misses
    /// nothing), then an `event: row` for each student whose activity grew, its cells in the
    /// language of the request's `Accept-Language`, and a comment every `keepAlive`, until the
    /// page closes, `lifetime` passes (the browser reconnects) or the market stops.
    func events(_ request: Request, client: String) -> Response {
        let language = Language.answering(request.headers[.acceptLanguage])
        guard streams.take() else {
            var busy = Response(
                status: .serviceUnavailable, headers: [.retryAfter: String(ClassBoardStreams.retryAfterSeconds)])
            busy.headers[.contentType] = "text/plain; charset=utf-8"
            return busy
        }
        let board = self
        let body = ResponseBody { writer in
            defer { board.streams.release() }
            try await board.stream(to: &writer, in: language)
            try await writer.finish(nil)
        }
        // A HEAD never writes its body: its place is given back here.
        if request.method == .head { streams.release() }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
                HTTPField.Name("X-Accel-Buffering")!: "no",
            ],
            body: request.method == .head ? ResponseBody() : body)
    }

    private func stream(to writer: inout any ResponseBodyWriter, in language: Language) async throws {
        // Listening starts before the first rows are read, so nothing falls between the two.
        let updates = activity.updates()
        let changes = ClassBoardChanges(snapshot: try await activity.records())
        try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
        let assignment = ClassBoardAssignment.current(in: data.url).assignment
        var students = try await studentsByID()
        try await writer.write(ByteBuffer(string: Self.countEvent(students.count, in: language)))
        for student in students.values.sorted(by: { $0.id < $1.id }) {
            let row = row(student, records: changes.history(student.id), assignment: assignment)
            try await writer.write(ByteBuffer(string: Self.rowEvent(row, in: language)))
        }
        try await withGracefulShutdownHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await record in updates { changes.changed(record) }
                    changes.finish()
                }
                group.addTask {
                    let started = ContinuousClock.now
                    while ContinuousClock.now - started < ClassBoardStreams.lifetime {
                        try await Task.sleep(for: ClassBoardStreams.keepAlive)
                        changes.keepAlive()
                    }
                    changes.finish()
                }
                for await _ in changes.wakeUps {
                    let (vendors, keepAlive) = changes.take()
                    if keepAlive { try await writer.write(ByteBuffer(string: ": keep-alive\n\n")) }
                    try await write(
                        vendors, known: &students, changes: changes, assignment: assignment, to: &writer, in: language)
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            changes.finish()
        }
    }

    /// The rows of `vendors` that are students; a vendor not known yet (added since the stream
    /// opened) makes the class be read again, and the count is told when it grew.
    private func write(
        _ vendors: Set<Int>, known students: inout [Int: BoardStudent], changes: ClassBoardChanges, assignment: Assignment?,
        to writer: inout any ResponseBodyWriter, in language: Language
    ) async throws {
        if !vendors.isSubset(of: students.keys) {
            let before = students.count
            students = try await studentsByID()
            if students.count != before {
                try await writer.write(ByteBuffer(string: Self.countEvent(students.count, in: language)))
            }
        }
        for id in vendors.sorted() {
            guard let student = students[id] else { continue }
            let row = row(student, records: changes.history(id), assignment: assignment)
            try await writer.write(ByteBuffer(string: Self.rowEvent(row, in: language)))
        }
    }

    private func studentsByID() async throws -> [Int: BoardStudent] {
        Dictionary(try await students().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func rowEvent(_ row: ClassBoardRow, in language: Language) -> String {
        event("row", json(row.wire(in: language)))
    }

    static func countEvent(_ count: Int, in language: Language) -> String {
        event("count", json(["text": ClassBoardText.students(count).text(in: language)]))
    }

    /// One server-sent event: its name, and its data on one line.
    private static func event(_ name: String, _ data: String) -> String {
        ["event: " + name, "data: " + data, "", ""].joined(separator: "\n")
    }

    /// One line of JSON (the encoder escapes line breaks inside strings, so an event's `data`
    /// stays one line whatever a student named themselves).
    private static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
