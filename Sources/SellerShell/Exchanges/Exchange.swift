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
    /// What the command that sent it does (`.reads` for `show`, `.script` for `import`); nil when
    /// no command sent it. A read sent by a command that does something else is the command's
    /// own step (the read before a write, an import's comparison), not one a person chose.
    public var sentBy: CommandSpec.Effect?
    public var request: Request
    public var response: Response?
    /// Why no answer came (a refused connection, a timeout, Ctrl-C).
    public var failure: String?
    /// Made in a dry run: nothing was sent, and the answer was made up by the dry run.
    public var dryRun = false
    /// The bytes of bodies the exchange log counts this one for (against its budget), kept so
    /// that dropping it needs no look at its bodies.
    var keptBytes = 0

    public struct Request: Sendable {
        public var method: String
        public var url: URL
        /// The request line's target (`/api/products?page_no=2`).
        public var target: String
        /// Every header as sent, `Host` and `Content-Length` included.
        public var headers: HeaderFields
        /// A body that is not multipart.
        public var body: KeptBody?
        /// A multipart body: its parts as composed (a JSON part's content masked, for showing),
        /// and its bytes with each file left out.
        public var parts: [MultipartBody.Part]?
        /// The content of each JSON part (by its index in `parts`), the secret as a typed piece.
        public var partJSON: [Int: SentBytes]
        public var outline: [Segment]?
        /// The local file of each file part (by its index in `parts`), as the shell read it.
        public var sources: [Int: PhotoSource]

        public init(
            method: String, url: URL, target: String, headers: HeaderFields, body: KeptBody? = nil,
            parts: [MultipartBody.Part]? = nil, partJSON: [Int: SentBytes] = [:], outline: [Segment]? = nil,
            sources: [Int: PhotoSource] = [:]
        ) {
            self.method = method
            self.url = url
            self.target = target
            self.headers = headers
            self.body = body
            self.parts = parts
            self.partJSON = partJSON
            self.outline = outline
            self.sources = sources
        }

        public var contentType: String? { headers["Content-Type"] }
        /// The size of the body as sent.
        public var byteCount: Int { headers["Content-Length"].flatMap(Int.init) ?? body?.byteCount ?? 0 }
    }

    /// A piece of a multipart body as the log keeps it: bytes as sent (the secret a typed piece),
    /// or a file's content left out (see `WireSegment`).
    public enum Segment: Sendable, Hashable {
        case bytes(SentBytes)
        /// `byteCount` bytes of `contentType`, the content of the body's `part`-th part (from 1).
        case file(byteCount: Int, contentType: String, part: Int)
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: HeaderFields
        public var body: KeptBody
    }

    public init(
        number: Int, startedAt: Date = Date(), elapsed: Duration? = nil, command: String? = nil, bookkeeping: String? = nil,
        sentBy: CommandSpec.Effect? = nil, request: Request, response: Response? = nil, failure: String? = nil,
        dryRun: Bool = false
    ) {
        self.number = number
        self.startedAt = startedAt
        self.elapsed = elapsed
        self.command = command
        self.bookkeeping = bookkeeping
        self.sentBy = sentBy
        self.request = request
        self.response = response
        self.failure = failure
        self.dryRun = dryRun
    }

    /// Whether the request has come back (answered or failed).
    public var isFinished: Bool { response != nil || failure != nil }
}

/// A body, or its first part when it is large: the log is bounded in memory. A request's body
/// keeps the secret as a typed piece (`SentBytes`); a cut one is kept as shown, the secret masked.
public struct KeptBody: Sendable {
    public private(set) var sent: SentBytes
    /// The size of the whole body, as shown.
    public var byteCount: Int
    private var keptCount: Int

    public init(_ data: Data, limit: Int) { self.init(SentBytes(data), limit: limit) }

    public init(_ sent: SentBytes, limit: Int) {
        let shown = sent.masked
        byteCount = shown.count
        self.sent = shown.count > limit ? SentBytes(Data(shown.prefix(limit))) : sent
        keptCount = min(shown.count, limit)
    }

    /// As shown: the secret as `••••••`.
    public var data: Data { sent.masked }

    public var isCut: Bool { keptCount < byteCount }

    /// The size of `data`, without making it.
    var keptByteCount: Int { keptCount }
}

/// What the shell notes on the requests of a command (`MarketClient.notes`), besides the line
/// (`label`), the bookkeeping reason and the number the exchange log gives each: set on the
/// command's client by `ShellSession.perform` (and by a command for its photos), read by the
/// transports under it.
extension RequestNotes {
    /// Where the exchanges of the running command wait to be explained, so that `set explain on`
    /// prints its lines after the command's own output (or its error) rather than before.
    public var explanations: ExplanationQueue? {
        get { self[ExplanationQueue.Key.self] }
        set { self[ExplanationQueue.Key.self] = newValue }
    }

    /// The sources of the file parts the request sends, in order (`register`, a raw request
    /// with `images@PATH`), for the exchange log.
    public var photoSources: [PhotoSource] {
        get { self[PhotoSource.Key.self] ?? [] }
        set { self[PhotoSource.Key.self] = newValue }
    }

    /// What the command asked to be shown (`CommandContext.trace`), over the session's setting.
    public var trace: TraceOptions? {
        get { self[TraceOptions.Key.self] }
        set { self[TraceOptions.Key.self] = newValue }
    }
}

/// The exchanges a command made, in the order they finished, kept for explaining once it is
/// done; and what the command does (`Exchange.sentBy`), which the exchange log reads from here:
/// a note of its own on every line's requests cost 3 to 5 k instructions a line (callgrind,
/// `scripts/bench-instructions`), this one is there already.
public final class ExplanationQueue: Sendable {
    private let finished = Mutex<[Exchange]>([])
    public let sentBy: CommandSpec.Effect?

    public init(sentBy: CommandSpec.Effect? = nil) { self.sentBy = sentBy }

    enum Key: RequestNoteKey { typealias Value = ExplanationQueue }

    func append(_ exchange: Exchange) { finished.withLock { $0.append(exchange) } }

    /// Everything kept so far, and forgets it.
    func drain() -> [Exchange] {
        finished.withLock { kept in
            defer { kept = [] }
            return kept
        }
    }
}
