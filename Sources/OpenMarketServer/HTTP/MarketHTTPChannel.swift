import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import OpenMarketContract
import Synchronization

/// How long a connection may take and how many may be open: what keeps idle, half-sent, slowly
/// dripped and never-read connections from holding the market's descriptors and memory for ever.
public struct ConnectionLimits: Sendable {
    /// A connection with no request in progress (kept alive, or opened and silent) and a request
    /// whose bytes stopped arriving are closed after this long.
    public var idleTimeout: Duration
    /// A request's head and body must have arrived in full within this long of its first part,
    /// however slowly they trickle: one byte every few seconds is not a client, it is an attack.
    public var requestReadTimeout: Duration
    /// Connections open at once. A new one past it closes the connection that has been idle the
    /// longest (no request in progress), else the one whose request has waited on its client the
    /// longest, at least `stallTimeout`; when every connection is busy and moving, the new one is
    /// closed at once.
    public var maxConnections: Int
    /// How long a request may wait on its client (for body bytes that do not come, or for the
    /// client to read the answer) before, at the bound, its connection may be closed to make room.
    public var stallTimeout: Duration
    /// An answer whose bytes the client has not taken for this long closes the connection: a
    /// client that never reads must not hold the answer (and the kernel's buffers) for ever.
    public var writeTimeout: Duration
    /// Uploads (request bodies the market reads) one identifier may have unfinished at once; past
    /// it, the next is answered 429 from its head, so one identifier cannot fill the bound.
    public var maxUploadsPerIdentifier: Int
    /// Connections one client address may hold at once (an IPv6 address counts by its /64, as the
    /// wrong-secret throttle counts it); nil is a quarter of `maxConnections`, at least 4 (and at
    /// most the bound). Past it, the address's own connection idle the longest, else its own
    /// stalled on its client the longest (at least `stallTimeout`), is closed to make room, or
    /// else the new one: one flooding address cannot fill the bound, and it never makes another
    /// address's connection go.
    public var maxConnectionsPerAddress: Int?

    /// `maxConnectionsPerAddress`, or its default for `maxConnections`.
    public var connectionsPerAddress: Int {
        min(max(1, maxConnections), max(1, maxConnectionsPerAddress ?? max(4, maxConnections / 4)))
    }

    public init(
        idleTimeout: Duration = .seconds(30), requestReadTimeout: Duration = .seconds(60), maxConnections: Int? = nil,
        stallTimeout: Duration = .seconds(5), writeTimeout: Duration = .seconds(30), maxUploadsPerIdentifier: Int = 16,
        maxConnectionsPerAddress: Int? = nil
    ) {
        self.idleTimeout = idleTimeout
        self.requestReadTimeout = requestReadTimeout
        self.maxConnections = maxConnections ?? Self.defaultMaxConnections
        self.stallTimeout = stallTimeout
        self.writeTimeout = writeTimeout
        self.maxUploadsPerIdentifier = maxUploadsPerIdentifier
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
    }

    /// 4,096, or fewer when the process may open fewer descriptors: each connection is one, and
    /// SQLite, image files and the listening socket need some too.
    public static var defaultMaxConnections: Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 512 }
        let soft = Int(clamping: limit.rlim_cur)  // RLIM_INFINITY is the largest value: clamped, not trapped
        return max(16, min(4096, soft - 128))
    }
}

/// Hummingbird's `HTTP1Channel` with one more handler where the HTTP version is still known.
///
/// Written here because `HTTP1Channel` adds its extra handlers after `HTTP1ToHTTPServerCodec`,
/// which converts to swift-http-types and drops the version: an HTTP/1.0 request without
/// keep-alive then got an HTTP/1.1 answer on a connection left open. The setup below is
/// `HTTP1Channel.setup` of Hummingbird 2.28.1 with `HTTP1ConnectionRules` inserted before the
/// codec; request handling is Hummingbird's own `handleHTTP`.
struct MarketHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let limits: ConnectionLimits
    let maxRequestBytes: Int
    let connections: OpenConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let connections = self.connections
        let activity = ConnectionActivity()
        if let shed = connections.opened(channel, activity: activity) { shed.close(promise: nil) }
        channel.closeFuture.whenComplete { _ in connections.closed(channel) }
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                withPipeliningAssistance: false,  // NIOAsyncChannel handles pipelining, as in HTTP1Channel
                withErrorHandling: false,  // Hummingbird handles errors
                withOutboundHeaderValidation: false,  // swift-http-types validates
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: .init())
            try channel.pipeline.syncOperations.addHandler(
                HTTP1ConnectionRules(
                    requestReadTimeout: limits.requestReadTimeout, maxRequestBytes: maxRequestBytes,
                    busy: { connections.setBusy(channel, $0) }))
            try channel.pipeline.syncOperations.addHandler(
                ProgressWatch(activity: activity, writeTimeout: limits.writeTimeout))
            try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try channel.pipeline.syncOperations.addHandler(
                HTTPConnectionStateHandler(idleTimeout: limits.idleTimeout, logger: logger))
            return try NIOAsyncChannel(
                wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }
}

/// HTTP/1 as clients speak it, on the wire types where the version is known:
/// - a request that does not ask to keep the connection (HTTP/1.0 without `keep-alive`, or
///   `Connection: close`) gets `Connection: close` and the connection is closed after its answer;
/// - `Expect: 100-continue` is answered at once with `100 Continue` (curl waits a second for it
///   before sending a body over 1 MB), unless the declared body is over the limit, which the
///   route then refuses with 413 without reading it;
/// - a request must arrive in full within `requestReadTimeout` of its head, or the connection
///   is closed: the idle timeout alone restarts on every byte, so a slow drip would never end;
/// - a request answered before its body has all arrived (a refusal decided from the head: no or
///   an unknown identifier, a body declared too large, not multipart) gets `Connection: close`,
///   and its body is not read on: once the answer is out, the connection's sending side is shut
///   and what still comes is dropped unparsed for at most `lingerTime` and `maxRequestBytes`,
///   then the connection is closed. (Closing at once would reset the connection while the client
///   is still sending, and a client that reads only after sending would lose the answer; this is
///   the "lingering close" of RFC 9112 §9.6.)
/// - a request with a transfer coding other than `chunked` (`gzip`, `gzip, chunked`) is answered
///   501 here, with the contract's JSON error body, and its body is not read (RFC 9112 §6.1: a
///   server that does not understand a transfer coding answers 501). The decoder accepts only
///   `chunked` as the last coding and reports anything else as a parse error after the head,
///   which reached the routes as a failed body read: a 500.
final class HTTP1ConnectionRules: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    static let lingerTime = TimeAmount.seconds(2)

    private let requestReadTimeout: TimeAmount
    private let maxRequestBytes: Int
    /// Told when the connection starts and stops having requests in progress.
    private let busy: (Bool) -> Void
    /// Whether each request not yet answered keeps the connection, oldest first (requests may be
    /// pipelined, so several can wait).
    private var keepAlive: [Bool] = []
    /// Whether the latest request's end has arrived.
    private var requestEnded = true
    /// The answer going out was decided before its request's body had all arrived.
    private var answeredBeforeBody = false
    /// Bytes dropped since the answer to an unread body went out; nil until then.
    private var lingering: Int?
    private var readDeadline: Scheduled<Void>?

    init(requestReadTimeout: Duration, maxRequestBytes: Int, busy: @escaping (Bool) -> Void) {
        self.busy = busy
        self.requestReadTimeout = .nanoseconds(requestReadTimeout.wholeNanoseconds)
        self.maxRequestBytes = maxRequestBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if case .head(let head) = part, lingering == nil, let coding = Self.unsupportedCoding(head) {
            refuse(context, head, status: .notImplemented, .codingNotSupported(coding))
            return
        }
        if let dropped = lingering {
            if case .body(let bytes) = part { lingering = dropped + bytes.readableBytes }
            if lingering! > maxRequestBytes { context.close(promise: nil) }
            return
        }
        switch part {
        case .head(let head):
            if keepAlive.isEmpty { busy(true) }
            keepAlive.append(head.isKeepAlive)
            requestEnded = false
            startReadDeadline(context)
            if head.headers["expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                let declared = head.headers["content-length"].first.flatMap(Int.init) ?? 0
                if declared <= maxRequestBytes {
                    context.writeAndFlush(
                        wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
                }
            }
        case .body:
            break
        case .end:
            requestEnded = true
            readDeadline?.cancel()
            readDeadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200:
            // With one request waiting, it is the one answered; with more, the oldest has ended.
            if keepAlive.count == 1, !requestEnded {
                keepAlive[0] = false
                answeredBeforeBody = true
            }
            if keepAlive.first == false { head.headers.replaceOrAdd(name: "connection", value: "close") }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            let keep = keepAlive.isEmpty ? true : keepAlive.removeFirst()
            if keepAlive.isEmpty { busy(false) }
            if keep {
                context.write(data, promise: promise)
            } else {
                let written = context.eventLoop.makePromise(of: Void.self)
                written.futureResult.cascade(to: promise)
                context.writeAndFlush(data, promise: written)
                let linger = answeredBeforeBody && !requestEnded
                written.futureResult.assumeIsolated().whenComplete { _ in
                    if linger { self.linger(context) } else { context.close(promise: nil) }
                }
            }
        default:
            context.write(data, promise: promise)
        }
    }

    /// The first transfer coding of `head` other than a final `chunked`, if any.
    static func unsupportedCoding(_ head: HTTPRequestHead) -> String? {
        let codings = head.headers["transfer-encoding"].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        if let other = codings.first(where: { $0 != "chunked" }) { return other }
        return codings.count > 1 ? "chunked, chunked" : nil
    }

    /// Answers `status` with the contract's error body before the routes see the request, and
    /// closes as for any body left unread.
    private func refuse(
        _ context: ChannelHandlerContext, _ head: HTTPRequestHead, status: HTTPResponseStatus, _ message: MarketMessage
    ) {
        let language = Language.answering(
            // Every Accept-Language line, as one list (RFC 9110 §5.3), not only the first.
            head.headers["accept-language"].joined(separator: ", "))
        refuse(context, version: head.version, status: status, message, in: language)
    }

    /// The contract's error body in `language` (English when the head is not known), with
    /// `Content-Language` and `Vary: Accept-Language` as every error answer has them.
    private func refuse(
        _ context: ChannelHandlerContext, version: HTTPVersion, status: HTTPResponseStatus, _ message: MarketMessage,
        in language: Language = .en
    ) {
        let text = message.text(in: language)
        let body = (try? MarketJSON.encoder.encode(MarketErrorBody(code: Int(status.code), message: text))) ?? Data()
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json; charset=utf-8")
        headers.add(name: "content-language", value: language.rawValue)
        headers.add(name: "vary", value: "Accept-Language")
        headers.add(name: "content-length", value: String(body.count))
        headers.add(name: "connection", value: "close")
        lingering = 0
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in self.linger(context) }
    }

    /// The decoder's complaint about a request already refused (a transfer coding it does not
    /// know) is not passed on: the answer has gone. A head the decoder cannot parse (a control
    /// character in a header, a broken request line), with no request waiting for its answer,
    /// is refused here with the contract's error body: Hummingbird's own answer to it is a 400
    /// without a body or a Content-Type.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if lingering != nil, error is HTTPParserError { return }
        if let parseError = error as? HTTPParserError, keepAlive.isEmpty {
            refuse(context, version: .http1_1, status: .badRequest, .headUnparsable("\(parseError)"))
            return
        }
        context.fireErrorCaught(error)
    }

    /// Shuts the sending side, drops what still comes, and closes after `lingerTime`.
    private func linger(_ context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        lingering = lingering ?? 0
        readDeadline?.cancel()
        context.close(mode: .output, promise: nil)
        readDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingerTime) {
            context.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        readDeadline?.cancel()
        readDeadline = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        readDeadline?.cancel()
        readDeadline = nil
        context.fireChannelInactive()
    }

    private func startReadDeadline(_ context: ChannelHandlerContext) {
        readDeadline?.cancel()
        readDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: requestReadTimeout) {
            context.close(promise: nil)
        }
    }
}

/// The market's open connections and which of them have a request in progress, so that a new
/// connection past the bound can make room by closing the one idle the longest, or else the one
/// whose request has waited on its client the longest (at least `stallTimeout`); and so that one
/// client address (`MarketRequestContext.clientKey`: IPv4 by address, IPv6 by /64) holds at most
/// `perAddress` of them, making room past that only among its own.
///
/// Written here because Hummingbird's `MaximumAvailableConnections` stops accepting at the bound:
/// twenty thousand idle connections then kept every real client waiting in the listen backlog
/// until idle timeouts freed places (a /healthChecker timed out after 30 s). And busy is not
/// enough to keep a place: 4,300 uploads whose body never came held every place as "busy" and
/// every new connection was refused. And the bound alone let one address reconnecting faster than
/// the stall timeout keep every place (/healthChecker failed 25 of 52 probes under such a flood).
final class OpenConnections: Sendable {
    private struct Entry {
        let channel: any Channel
        let activity: ConnectionActivity
        let client: String
        var busy: Bool
        var idleSince: NIODeadline
    }

    private let limit: Int
    private let perAddress: Int
    private let stallTimeout: TimeAmount
    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    init(limit: Int, perAddress: Int? = nil, stallTimeout: Duration = .seconds(5)) {
        self.limit = max(1, limit)
        self.perAddress = min(self.limit, max(1, perAddress ?? self.limit))
        self.stallTimeout = .nanoseconds(stallTimeout.wholeNanoseconds)
    }

    convenience init(_ limits: ConnectionLimits) {
        self.init(limit: limits.maxConnections, perAddress: limits.connectionsPerAddress, stallTimeout: limits.stallTimeout)
    }

    var count: Int { entries.withLock { $0.count } }

    /// Registers `channel`; answers a connection to close to stay within the bounds. When its
    /// address holds more than `perAddress`: that address's connection idle the longest, else its
    /// own stalled on its client the longest, else `channel` itself. Otherwise, past the bound: the
    /// connection idle the longest, else the one stalled on its client the longest, or `channel`
    /// itself when every other one is busy and none has stalled for `stallTimeout`.
    func opened(_ channel: any Channel, activity: ConnectionActivity = ConnectionActivity()) -> (any Channel)? {
        let key = ObjectIdentifier(channel)
        let client = MarketRequestContext.clientKey(channel.remoteAddress)
        let stalledBefore = NIODeadline.now() - stallTimeout
        return entries.withLock { entries in
            entries[key] = Entry(channel: channel, activity: activity, client: client, busy: false, idleSince: .now())
            let ownCount = entries.values.reduce(0) { $0 + ($1.client == client ? 1 : 0) }
            let ownOnly = ownCount > perAddress
            guard ownOnly || entries.count > limit else { return nil }
            var idlest: (key: ObjectIdentifier, since: NIODeadline)?
            var stalest: (key: ObjectIdentifier, since: NIODeadline)?
            for (other, entry) in entries where other != key && (!ownOnly || entry.client == client) {
                if !entry.busy {
                    if idlest == nil || entry.idleSince < idlest!.since { idlest = (other, entry.idleSince) }
                } else if let since = entry.activity.waitingSince, since <= stalledBefore {
                    if stalest == nil || since < stalest!.since { stalest = (other, since) }
                }
            }
            guard let victim = idlest?.key ?? stalest?.key else {
                entries.removeValue(forKey: key)
                return channel
            }
            // Counted as gone at once, so a burst of new connections does not pick it twice.
            return entries.removeValue(forKey: victim)?.channel
        }
    }

    /// How many connections from `address` (as `MarketRequestContext.clientKey` names it) are open.
    func count(from address: String) -> Int {
        entries.withLock { $0.values.reduce(0) { $0 + ($1.client == address ? 1 : 0) } }
    }

    /// How many connections have a request in progress.
    var busyCount: Int { entries.withLock { $0.values.count { $0.busy } } }

    /// Whether a connection from `port` (of any address) is open.
    func isOpen(fromPort port: Int) -> Bool {
        entries.withLock { $0.values.contains { $0.channel.remoteAddress?.port == port } }
    }

    func closed(_ channel: any Channel) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    func setBusy(_ channel: any Channel, _ busy: Bool) {
        entries.withLock { entries in
            entries[ObjectIdentifier(channel)]?.busy = busy
            if !busy { entries[ObjectIdentifier(channel)]?.idleSince = .now() }
        }
    }
}
