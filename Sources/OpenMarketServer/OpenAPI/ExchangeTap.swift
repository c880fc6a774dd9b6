import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// One request and its answer as the market saw them: what tools need to check exchanges against
/// the OpenAPI document (the tests record them with `MarketTestSupport`'s `ExchangeRecorder`,
/// and `scripts/check-openapi` validates the record).
public struct MarketExchange: Sendable {
    public var method: String
    /// The path and query as sent.
    public var target: String
    public var requestHeaders: [(name: String, value: String)]
    /// The bytes of the body the route read (a refusal decided from the head reads none).
    public var requestBody: Data
    /// Whether the route read the body to its end.
    public var requestBodyComplete: Bool
    public var status: Int
    public var responseHeaders: [(name: String, value: String)]
    /// The body as written, at most `ExchangeTap.maxBodyBytes` of it.
    public var responseBody: Data
}

/// Hands every exchange to `observer` once its answer has been written. Installed only when a
/// configuration has an observer; outermost, so it sees each answer as the client gets it.
struct ExchangeTap<Context: RequestContext>: RouterMiddleware {
    /// Bodies are kept to this size (a create's body is at most 2 MiB).
    static var maxBodyBytes: Int { 4 << 20 }

    let observer: @Sendable (MarketExchange) -> Void

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        let read = TappedBytes()
        var request = request
        request.body = RequestBody(asyncSequence: TappedBody(base: request.body, tap: read))
        let response = try await next(request, context)
        let fields = { (fields: HTTPFields) in fields.map { (name: $0.name.rawName, value: $0.value) } }
        let exchange = MarketExchange(
            method: request.method.rawValue, target: request.uri.description, requestHeaders: fields(request.headers),
            requestBody: Data(), requestBodyComplete: false, status: response.status.code,
            responseHeaders: fields(response.headers), responseBody: Data())
        let observer = self.observer
        var tapped = response
        let body = response.body
        tapped.body = ResponseBody(contentLength: body.contentLength) { writer in
            let written = TappedBytes()
            try await body.write(TappedWriter(base: writer, tap: written))
            var complete = exchange
            (complete.requestBody, complete.requestBodyComplete) = read.value
            complete.responseBody = written.value.bytes
            observer(complete)
        }
        return tapped
    }
}

/// Bytes seen so far, and whether the stream ended.
final class TappedBytes: Sendable {
    private let state = Mutex((bytes: Data(), ended: false))

    func append(_ buffer: ByteBuffer) {
        state.withLock { state in
            if state.bytes.count < ExchangeTap<BasicRequestContext>.maxBodyBytes {
                state.bytes.append(contentsOf: buffer.readableBytesView)
            }
        }
    }

    func end() { state.withLock { $0.ended = true } }
    var value: (bytes: Data, ended: Bool) { state.withLock { $0 } }
}

/// A request body that keeps a copy of what is read from it.
struct TappedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let base: RequestBody
    let tap: TappedBytes

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: RequestBody.AsyncIterator
        let tap: TappedBytes

        mutating func next() async throws -> ByteBuffer? {
            guard let buffer = try await base.next() else {
                tap.end()
                return nil
            }
            tap.append(buffer)
            return buffer
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), tap: tap) }
}

/// A response body writer that keeps a copy of what is written.
struct TappedWriter: ResponseBodyWriter {
    var base: any ResponseBodyWriter
    let tap: TappedBytes

    mutating func write(_ buffer: ByteBuffer) async throws {
        tap.append(buffer)
        try await base.write(buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        tap.end()
        try await base.finish(trailingHeaders)
    }
}
