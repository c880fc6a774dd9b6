import Foundation

public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    case get = "GET", post = "POST", patch = "PATCH", put = "PUT", delete = "DELETE", head = "HEAD", options = "OPTIONS"
}

/// One header line.
public struct HeaderField: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// Header lines in order, looked up without regard to case (as HTTP names are).
public struct HeaderFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [HeaderField]

    public init(_ fields: [HeaderField] = []) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { HeaderField($0.0, $0.1) }
    }

    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Whether two field names are the same name: HTTP names are tokens, compared without regard
    /// to ASCII case (RFC 9110 §5.1). Compared on UTF-8 bytes by hand because
    /// `caseInsensitiveCompare` goes through CFString and every request looks up several headers
    /// (measured with perf on `scripts/bench-scripts`).
    public static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count
            && zip(a.utf8, b.utf8).allSatisfy { x, y in
                x == y || (x | 0x20 == y | 0x20 && (0x61...0x7A).contains(x | 0x20))
            }
    }

    public mutating func add(_ name: String, _ value: String) { fields.append(HeaderField(name, value)) }

    public func makeIterator() -> IndexingIterator<[HeaderField]> { fields.makeIterator() }
}

/// A request as it goes on the wire.
public struct HTTPRequestData: Sendable, Hashable {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HeaderFields
    public var body: Data?
    /// The most a successful answer to this request can sensibly be (a product, a page of up
    /// to 1,000); nil leaves it to the transport. A transport reads no further.
    public var maxResponseBytes: Int?
    /// The parts of a multipart body as composed, so that nothing needs to parse `body` to show them.
    public var parts: [MultipartBody.Part]?
    /// A multipart body with each file's bytes left out (see `MultipartBody.outline`).
    public var outline: [WireSegment]?
    /// What the caller says about the request, for the transports that wrap the real one
    /// (never sent; see `RequestNotes`).
    public var notes = RequestNotes()

    public init(
        method: HTTPMethod, url: URL, headers: HeaderFields = [:], body: Data? = nil, maxResponseBytes: Int? = nil,
        parts: [MultipartBody.Part]? = nil, outline: [WireSegment]? = nil
    ) {
        self.outline = outline
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.maxResponseBytes = maxResponseBytes
        self.parts = parts
    }
}

/// A response as it came off the wire.
public struct HTTPResponseData: Sendable, Hashable {
    public var status: Int
    public var headers: HeaderFields
    public var body: Data

    public init(status: Int, headers: HeaderFields = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why a request got no HTTP response at all.
public enum TransportFailure: Error, Sendable, Hashable {
    /// The connection could not be made (refused, no route, unknown host, connect timeout).
    case cannotConnect(reason: String)
    /// No complete answer within the time allowed.
    case timedOut
    /// The connection broke after it was made (reset, closed early).
    case connectionLost(reason: String)
    /// Something answered, but not in HTTP (a different service on that port, say).
    case malformedResponse(reason: String)
    /// The calling task was cancelled.
    case cancelled
    /// The transport could not even form the request (a bad URL, say).
    case invalidRequest(reason: String)
}

/// "Send this request, give me status, headers and body": the one thing the client needs from
/// HTTP, kept small so tests can stand in for the network where a live server cannot produce a
/// fault on demand, and so a shell can wrap it (to trace exchanges, or to send nothing).
public protocol HTTPTransport: Sendable {
    /// Throws `TransportFailure` when no response arrived; any status code is a response.
    nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData

    /// Where a task that sends one request after another through this transport runs best:
    /// the thread its connections' I/O is done on, if it has one (`EventLoopTaskExecutor`).
    /// A transport that wraps another answers the inner one's.
    var taskExecutor: (any TaskExecutor)? { get }
}

extension HTTPTransport {
    /// None: a stand-in for the network, or a transport with no thread of its own.
    public var taskExecutor: (any TaskExecutor)? { nil }
}
