import Foundation
import OpenMarketAPI
import OpenMarketContract
import Synchronization

/// One HTTP exchange of the session as the exchange log keeps it: the request as it went on the
/// wire (framing headers included) and the answer, with every secret already masked and large
/// bodies kept in part, numbered from 1 in the order the requests were sent.
public struct Exchange: Sendable {
    public let number: Int
    public var startedAt: Date
    /// From sending the request to the last byte of the answer (or the failure); nil while in flight.
    public var elapsed: Duration?
    /// The line that sent it, as typed.
    public var command: String?
    /// Why the shell sent it for itself (see `Bookkeeping`); nil for a command's own request.
    public var bookkeeping: String?
    public var request: Request
    public var response: Response?
    /// Why no answer came (a refused connection, a timeout, Ctrl-C).
    public var failure: String?

    public struct Request: Sendable {
        public var method: String
        public var url: URL
        /// The request line's target (`/api/products?page_no=2`).
        public var target: String
        /// Every header as sent, `Host` and `Content-Length` included.
        public var headers: HeaderFields
        /// A body that is not multipart.
        public var body: KeptBody?
        /// A multipart body: its parts as composed, and its bytes with each file left out.
        public var parts: [MultipartBody.Part]?
        public var outline: [WireSegment]?

        public init(
            method: String, url: URL, target: String, headers: HeaderFields, body: KeptBody? = nil,
            parts: [MultipartBody.Part]? = nil, outline: [WireSegment]? = nil
        ) {
            self.method = method
            self.url = url
            self.target = target
            self.headers = headers
            self.body = body
            self.parts = parts
            self.outline = outline
        }

        public var contentType: String? { headers["Content-Type"] }
        /// The size of the body as sent.
        public var byteCount: Int { headers["Content-Length"].flatMap(Int.init) ?? body?.byteCount ?? 0 }
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: HeaderFields
        public var body: KeptBody
    }

    public init(
        number: Int, startedAt: Date = Date(), elapsed: Duration? = nil, command: String? = nil, bookkeeping: String? = nil,
        request: Request, response: Response? = nil, failure: String? = nil
    ) {
        self.number = number
        self.startedAt = startedAt
        self.elapsed = elapsed
        self.command = command
        self.bookkeeping = bookkeeping
        self.request = request
        self.response = response
        self.failure = failure
    }

    /// Whether the request has come back (answered or failed).
    public var isFinished: Bool { response != nil || failure != nil }
}

/// A body, or its first part when it is large: the log is bounded in memory.
public struct KeptBody: Sendable {
    public var data: Data
    /// The size of the whole body.
    public var byteCount: Int

    public init(_ data: Data, limit: Int) {
        self.data = data.count > limit ? Data(data.prefix(limit)) : data
        self.byteCount = data.count
    }

    public var isCut: Bool { data.count < byteCount }
}

/// The line being run, so each exchange it sends records where it came from. A task-local
/// value set around a command by the session, read by `ExchangeRecorder`.
public enum ExchangeContext {
    @TaskLocal public static var command: String?
    /// Where the exchanges of the running command wait to be explained, so that `set explain on`
    /// prints its lines after the command's own output (or its error) rather than before.
    @TaskLocal public static var explanations: ExplanationQueue?
}

/// The exchanges a command made, in the order they finished, kept for explaining once it is done.
public final class ExplanationQueue: Sendable {
    private let finished = Mutex<[Exchange]>([])

    public init() {}

    func append(_ exchange: Exchange) { finished.withLock { $0.append(exchange) } }

    /// Everything kept so far, and forgets it.
    func drain() -> [Exchange] {
        finished.withLock { kept in
            defer { kept = [] }
            return kept
        }
    }
}
