import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import OpenMarketContract

/// The real transport, over one AsyncHTTPClient for the whole process (it keeps connections alive
/// between requests, so a script of a thousand lines reuses one connection).
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// Uses the process-wide client, made when it is first needed (the first request, or a script
    /// asking for its loop) rather than here: making it starts SwiftNIO's thread, which a shell
    /// should not pay for before its prompt appears.
    public static let shared = AsyncHTTPClientTransport()

    /// Like `HTTPClient.shared`, which also lives for the whole process and is never shut down,
    /// but configured for a seller at a prompt (`configuration`), on an event loop of its own:
    /// a script runs on that loop (`taskExecutor`), and a line waiting there for its reader (a
    /// question, a pipe) must not hold up the connections of anything else in the process, such
    /// as the local market's server on SwiftNIO's shared loops.
    private static let sharedClient = HTTPClient(
        eventLoopGroup: MultiThreadedEventLoopGroup(numberOfThreads: 1), configuration: configuration)

    /// The shell's client settings, which the benchmarks' loops use too (so that a script and
    /// its yardstick differ by the shell alone). `HTTPClient.shared` retries a refused connection
    /// until the request's deadline, so a stopped server cost the full timeout (30 s) before the
    /// seller heard "connection refused". Here a refusal is reported at once.
    public static var configuration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            // AHC also uses the connect timeout for a request waiting for a free pooled
            // connection, so it must cover a queue of parallel uploads, not just a handshake.
            timeout: .init(connect: .seconds(60)),
            connectionPool: .init(idleTimeout: .seconds(60)),
            decompression: .disabled)
        configuration.connectionPool.retryConnectionEstablishment = false
        // The shell bootstraps no distributed tracing; without this, every request still starts
        // and ends a span of the global no-op tracer (3% of what a script's `show` line costs).
        configuration.tracing.tracer = nil
        return configuration
    }

    /// Successful answers larger than this are refused rather than buffered without bound; a
    /// request may ask for less (`HTTPRequestData.maxResponseBytes`).
    public var maxResponseBytes: Int
    /// How much of an error answer (any status outside 2xx) is read: enough for the contract's
    /// `{"code": …, "message": …}` and an excerpt of anything else. The rest is not read; the
    /// connection is closed instead, so a 60 MB error page costs a few KiB.
    public var maxErrorBodyBytes: Int = 8 * 1024
    /// The client, its one loop and what goes with that loop, made once: this transport's own
    /// (nil: the process-wide client's).
    private let own: Backing?
    private static let sharedBacking = Backing(sharedClient)
    private var backing: Backing { own ?? Self.sharedBacking }
    private var client: HTTPClient { backing.client }
    private var loop: any EventLoop { backing.loop }

    private struct Backing: Sendable {
        let client: HTTPClient
        /// The event loop every request's answer is collected on. Left to itself, AsyncHTTPClient
        /// collects each answer on the next loop of its group in turn, while the kept-alive
        /// connection stays on the loop it was made on: every other request then hands its head,
        /// each body part and its end from one thread to the other (a wake-up each, and 44 µs of a
        /// `show`'s CPU, measured with perf on `market-client-bench products`). One loop for every
        /// request of a transport makes its connections there, so an answer is read and collected
        /// on one thread; parallel requests still get their own connections.
        let loop: any EventLoop
        /// Runs a task on `loop`.
        let executor: EventLoopTaskExecutor
        /// When a request on `loop` last came back, answered or not.
        let lastDone: NIOLoopBoundBox<NIODeadline?>

        init(_ client: HTTPClient) {
            self.client = client
            self.loop = client.eventLoopGroup.next()
            self.executor = EventLoopTaskExecutor(loop: loop)
            self.lastDone = NIOLoopBoundBox.makeEmptyBox(valueType: NIODeadline.self, eventLoop: loop)
        }
    }

    /// How long since the last answer a task on the loop may have held it before a request it
    /// starts waits for the loop to read its sockets first (see `send`): far longer than a
    /// script's work between two requests, far shorter than any server keeps an idle connection.
    static let heldLoop = TimeAmount.milliseconds(50)
    /// How much later such a request starts: time for the loop to poll its sockets and to close
    /// the connections the servers closed.
    static let readFirst = TimeAmount.milliseconds(1)

    /// The loop every request is sent and answered on: a task that awaits one request after
    /// another (a script) does all its work on one thread there.
    public var taskExecutor: (any TaskExecutor)? { backing.executor }

    /// Makes the process-wide client and starts its loop now, on the calling thread, instead of
    /// at the first request: for a program that knows from its start that it will send some (a
    /// script), called on a thread beside the one that reads the script. Making it is about a
    /// millisecond (SwiftNIO's thread, and the runtime's first look at its types).
    public static func prepareShared() { _ = sharedBacking }

    public init(client: HTTPClient, maxResponseBytes: Int = 64 * 1024 * 1024) {
        self.own = Backing(client)
        self.maxResponseBytes = maxResponseBytes
    }

    private init() {
        self.own = nil
        self.maxResponseBytes = 64 * 1024 * 1024
    }

    public nonisolated(nonsending) func send(_ unframed: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        // Host and Content-Length set here, as AsyncHTTPClient would set them, so that the
        // request an exchange log shows (`framed()` too) is the request sent.
        let request = unframed.framed()
        let outgoing = try Self.outgoing(request)
        let limit = min(request.maxResponseBytes ?? maxResponseBytes, maxResponseBytes)
        // Why an exchange failed is said in the language the request asks the market for: read
        // from its header only when there is something to say. Parsed on every request, it was
        // 3% of a script's `show` line (perf record of 3,000 lines).
        let language = ReaderLanguage(acceptLanguage: request.headers["Accept-Language"])
        let collector = ResponseCollector(limit: limit, errorLimit: min(maxErrorBodyBytes, limit), language: language)
        // A task running on the loop itself (a script, `taskExecutor`) may have held it since the
        // last answer: a person answering a lesson's question, a pipe slow to give the next line.
        // The loop has not read its sockets meanwhile, so a kept-alive connection the server closed
        // then still looks open; and what this thread queues now runs before the loop polls again,
        // so the request would be lent that connection and fail ("the server closed the
        // connection"). After such a pause the request starts a moment later instead, once the
        // loop has read its sockets and seen the close.
        let held = loop.inEventLoop && backing.lastDone.value.map { NIODeadline.now() - $0 > Self.heldLoop } == true
        let deadline = NIODeadline.now() + .nanoseconds(timeout.wholeNanoseconds)
        do {
            return try await execute(
                outgoing, collector: collector, deadline: deadline, afterHeldLoop: held,
                whileAwaiting: request.notes.whileAwaiting)
        } catch let cut as ResponseCollector.ErrorBodyCut {
            return cut.response
        } catch {
            if Task.isCancelled { throw TransportFailure.cancelled }
            throw Self.classify(error, url: request.url, language: language.resolved)
        }
    }

    /// The request as AsyncHTTPClient takes it.
    private static func outgoing(_ request: HTTPRequestData) throws(TransportFailure) -> HTTPClient.Request {
        // AsyncHTTPClient traps on a port over 65535 (an address typed, or one a server sent).
        if let port = request.url.port, !URL.isPort(port) {
            throw .invalidRequest(reason: ClientMessage.portOutOfRange(port).text(in: .current))
        }
        do {
            var headers = HTTPHeaders()
            for field in request.headers { headers.add(name: field.name, value: field.value) }
            // The URL itself, not its text: AsyncHTTPClient would parse the text into a URL again.
            return try HTTPClient.Request(
                url: request.url, method: .init(rawValue: request.method.rawValue), headers: headers,
                body: request.body.map { .byteBuffer(ByteBuffer(bytes: $0)) })
        } catch {
            throw classify(error, url: request.url, language: .current)
        }
    }

    /// Sends `outgoing` on the loop and awaits its answer there; cancelling the task cancels the
    /// request, started or not.
    ///
    /// AHC's callback API rather than its async one: its deadline covers the whole exchange,
    /// head and body (the async API's ends when the head arrives, so a server that stalls after
    /// its headers, drips its body or never ends it would hold the seller for ever), and a
    /// request costs one suspension instead of a task racing a timer (measured with perf and
    /// scripts/bench-scripts).
    ///
    /// Started on the loop itself: called from another thread, `execute` handed the loop four
    /// pieces of work one by one (the request, its deadline, the idle timer's cancelling, the
    /// connection's turn), each a lock and a wake-up, a third of a `show` line's own CPU. On the
    /// loop they are queued where they run, and the request crosses threads once.
    private func execute(
        _ outgoing: HTTPClient.Request, collector: ResponseCollector, deadline: NIODeadline, afterHeldLoop held: Bool,
        whileAwaiting: (@Sendable () -> Void)?
    ) async throws -> HTTPResponseData {
        let client = client
        let loop = loop
        let lastDone = backing.lastDone
        // The answer is awaited from the loop too: `EventLoopFuture.get()` called here would hand
        // the loop a second piece of work (registering its callback), a second wake-up per
        // request (counted with `perf record -e sched:sched_switch` on a script of `show` lines).
        let state = NIOLoopBoundBox.makeBoxSendingValue(RequestState.waiting, eventLoop: loop)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (answer: CheckedContinuation<HTTPResponseData, any Error>) in
                let start: @Sendable () -> Void = {
                    // Cancelled before it started: never sent.
                    guard case .waiting = state.value else {
                        return answer.resume(throwing: CancellationError())
                    }
                    let task = client.execute(
                        request: outgoing, delegate: collector, eventLoop: .delegate(on: loop), deadline: deadline)
                    state.value = .started(task)
                    task.futureResult.whenComplete {
                        lastDone.value = .now()
                        answer.resume(with: $0)
                    }
                    // The request is written (or queued for its connection): the loop has nothing
                    // to do until the answer comes, so the caller's waiting work is done now.
                    // Writing the request woke the server's thread, and Linux wakes a socket's reader
                    // on the writer's core when it can, expecting the writer to wait next; with the
                    // server on this machine, it would wait for this work to end. Yielding first lets
                    // it read the request at once (a script of 1,000 `show` lines against the
                    // bundled market: 14 ± 3 ms less, 114 interleaved runs).
                    if let whileAwaiting {
                        sched_yield()
                        whileAwaiting()
                    }
                }
                if held { loop.scheduleTask(in: Self.readFirst, start) } else { loop.execute(start) }
            }
        } onCancel: {
            // Queued on the loop like the start, so it finds the request started or not yet.
            loop.execute {
                switch state.value {
                case .started(let task): task.cancel()
                case .waiting: state.value = .cancelled
                case .cancelled: break
                }
            }
        }
    }

    /// Sorts AsyncHTTPClient's and SwiftNIO's many error types into the few a seller can act on;
    /// `url` is the request's, for advice that names the address (`use http://…`).
    static func classify(_ error: any Error, url: URL? = nil, language: Language = .en) -> TransportFailure {
        func said(_ message: ClientMessage) -> String { message.text(in: language) }
        if let failure = error as? TransportFailure { return failure }
        if error is CancellationError { return .cancelled }
        if let tls = tlsFailure(error, url: url, language: language) { return tls }
        if error is NIOTooManyBytesError { return .malformedResponse(reason: said(.answerTooLargeForClient)) }
        if let http = error as? HTTPClientError {
            // HTTPClientError is a struct of static values, not an enum, so it is compared, not switched.
            if [.deadlineExceeded, .readTimeout, .writeTimeout].contains(http) {
                return .timedOut
            }
            if http == .getConnectionFromPoolTimeout {
                return .cannotConnect(reason: said(.noFreeConnection))
            }
            if [.connectTimeout, .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout]
                .contains(http)
            {
                return .cannotConnect(reason: said(.connectTimedOut))
            }
            if http == .cancelled || http == .requestStreamCancelled { return .cancelled }
            if http == .remoteConnectionClosed {
                return .connectionLost(reason: said(.closedByServer))
            }
            if [.invalidURL, .emptyHost, .emptyScheme, .missingSocketPath].contains(http)
                || String(describing: http).contains("unsupportedScheme")
            {
                return .invalidRequest(reason: "\(http)")
            }
            return .connectionLost(reason: "\(http)")
        }
        if error is HTTPParserError {
            return .malformedResponse(reason: said(.notHTTP))
        }
        if let io = error as? IOError {
            return classify(errno: io.errnoCode, fallback: "\(io)", language: language)
        }
        if let connection = error as? NIOConnectionError {
            if let io = connection.connectionErrors.lazy.compactMap({ $0.error as? IOError }).first {
                return classify(errno: io.errnoCode, fallback: "\(io)", language: language)
            }
            if connection.dnsAError != nil || connection.dnsAAAAError != nil {
                return .cannotConnect(reason: said(.unknownHost))
            }
            return .cannotConnect(reason: "\(connection)")
        }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout: return .cannotConnect(reason: said(.connectTimedOut))
            case .ioOnClosedChannel, .outputClosed, .eof, .alreadyClosed:
                return .connectionLost(reason: said(.closedByServer))
            default: return .connectionLost(reason: "\(channel)")
            }
        }
        if error is SocketAddressError { return .cannotConnect(reason: said(.unknownHost)) }
        return .connectionLost(reason: String(describing: error))
    }

    /// A failed TLS handshake as one sentence, instead of BoringSSL's error stack: mostly an
    /// `https://` URL for a plain-HTTP server (such as the bundled market), which answers the
    /// handshake with HTTP or hangs up. nil when `error` is not about TLS.
    ///
    /// Recognised by the error type's module (NIOSSL, which AsyncHTTPClient uses for https)
    /// rather than by the type, so this module need not depend on swift-nio-ssl itself.
    static func tlsFailure(_ error: any Error, url: URL?, language: Language = .en) -> TransportFailure? {
        let typeName = String(reflecting: type(of: error))
        guard typeName.hasPrefix("NIOSSL.") else { return nil }
        let detail = String(describing: error)
        if detail.contains("CERTIFICATE_VERIFY_FAILED") || detail.contains("failedToValidateHostname") {
            return .cannotConnect(reason: ClientMessage.certificateNotTrusted.text(in: language))
        }
        var plain = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        plain?.scheme = "http"
        plain?.path = ""
        plain?.query = nil
        let address = plain?.string ?? "http://"
        return .cannotConnect(reason: ClientMessage.notTLS(plainAddress: address).text(in: language))
    }

    private static func classify(errno code: Int32, fallback: String, language: Language) -> TransportFailure {
        func said(_ message: ClientMessage) -> String { message.text(in: language) }
        switch code {
        case ECONNREFUSED: return .cannotConnect(reason: said(.connectionRefused))
        case EHOSTUNREACH, ENETUNREACH: return .cannotConnect(reason: said(.noRouteToHost))
        case ETIMEDOUT: return .cannotConnect(reason: said(.connectTimedOut))
        case ECONNRESET, EPIPE: return .connectionLost(reason: said(.resetByServer))
        default: return .connectionLost(reason: fallback)
        }
    }
}

/// Where a request is, as its event loop sees it: the cancel and the start are both queued there,
/// in either order.
private enum RequestState {
    case waiting
    case started(HTTPClient.Task<HTTPResponseData>)
    case cancelled
}

/// Collects an answer on its event loop: the status, the headers, and the body up to a limit.
/// Past the limit, an error body is cut there (an excerpt is all a message needs) and a
/// successful one is refused; either way the rest is never read (failing the request closes the
/// connection).
///
/// Sendable unchecked, because of a NIO invariant: AsyncHTTPClient requires a delegate that is
/// Sendable and calls every one of its callbacks on the request's event loop, one after another,
/// so the unguarded state is only ever touched from that one thread. A lock would guard nothing.
final class ResponseCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = HTTPResponseData

    /// Ends an error answer early with what was read of it.
    struct ErrorBodyCut: Error {
        var response: HTTPResponseData
    }

    private let limit: Int
    private let errorLimit: Int
    private let language: ReaderLanguage
    private var status = 0
    private var headers = HeaderFields()
    private var body = Data()

    init(limit: Int, errorLimit: Int, language: ReaderLanguage = ReaderLanguage(.en)) {
        self.limit = limit
        self.errorLimit = errorLimit
        self.language = language
    }

    private var isError: Bool { !(200..<300).contains(status) }

    /// Why a successful answer was refused for its size: the one wording, which names the limit.
    func tooLarge() -> String {
        ClientMessage.answerTooLarge(limit: limit).text(in: language.resolved)
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        status = Int(head.status.code)
        for (name, value) in head.headers { headers.add(name, value) }
        // A successful answer that announces more than the limit is refused before its body is read.
        if !isError, let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
            return task.eventLoop.makeFailedFuture(TransportFailure.malformedResponse(reason: tooLarge()))
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let room = (isError ? errorLimit : limit) - body.count
        guard buffer.readableBytes > room else {
            append(buffer.readableBytesView)
            return task.eventLoop.makeSucceededVoidFuture()
        }
        guard isError else {
            return task.eventLoop.makeFailedFuture(TransportFailure.malformedResponse(reason: tooLarge()))
        }
        append(buffer.readableBytesView.prefix(room))
        return task.eventLoop.makeFailedFuture(ErrorBodyCut(response: answer))
    }

    /// Copies the bytes straight from the buffer's storage. Given the view itself,
    /// `Data.append(contentsOf:)` takes its generic path, which tried dynamic casts on every body
    /// part (seen with perf).
    private func append(_ bytes: ByteBufferView) {
        bytes.withUnsafeBytes { body.append($0.assumingMemoryBound(to: UInt8.self)) }
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> HTTPResponseData { answer }

    private var answer: HTTPResponseData { HTTPResponseData(status: status, headers: headers, body: body) }
}

/// The language a request's failure is said in: the one its `Accept-Language` asks the market
/// for, else the task's (`Language.current`, read when the request starts, since a delegate's
/// callbacks run on the event loop, outside the task). The header is parsed only when a failure
/// is said, which few requests need.
struct ReaderLanguage: Sendable {
    private let acceptLanguage: String?
    private let fallback: Language

    init(acceptLanguage: String?, fallback: Language = .current) {
        self.acceptLanguage = acceptLanguage
        self.fallback = fallback
    }

    init(_ language: Language) {
        self.init(acceptLanguage: nil, fallback: language)
    }

    var resolved: Language { Language.preferred(byAcceptLanguage: acceptLanguage) ?? fallback }
}
