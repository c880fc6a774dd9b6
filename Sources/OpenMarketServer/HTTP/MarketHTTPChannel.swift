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

/// How long a connection may take and how many may be open: what keeps idle, half-sent and
/// slowly dripped connections from holding the market's descriptors and memory for ever.
public struct ConnectionLimits: Sendable {
    /// A connection with no request in progress (kept alive, or opened and silent) and a request
    /// whose bytes stopped arriving are closed after this long.
    public var idleTimeout: Duration
    /// A request's head and body must have arrived in full within this long of its first part,
    /// however slowly they trickle: one byte every few seconds is not a client, it is an attack.
    public var requestReadTimeout: Duration
    /// Connections open at once. A new one past it closes the connection that has been idle the
    /// longest (no request in progress), so a flood of idle connections cannot keep a real client
    /// out; when every connection is busy, the new one is closed at once.
    public var maxConnections: Int

    public init(idleTimeout: Duration = .seconds(30), requestReadTimeout: Duration = .seconds(60), maxConnections: Int? = nil) {
        self.idleTimeout = idleTimeout
        self.requestReadTimeout = requestReadTimeout
        self.maxConnections = maxConnections ?? Self.defaultMaxConnections
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
        if let shed = connections.opened(channel) { shed.close(promise: nil) }
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
///   is closed: the idle timeout alone restarts on every byte, so a slow drip would never end.
final class HTTP1ConnectionRules: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let requestReadTimeout: TimeAmount
    private let maxRequestBytes: Int
    /// Told when the connection starts and stops having requests in progress.
    private let busy: (Bool) -> Void
    /// Whether each request not yet answered keeps the connection, oldest first (requests may be
    /// pipelined, so several can wait).
    private var keepAlive: [Bool] = []
    private var readDeadline: Scheduled<Void>?

    init(requestReadTimeout: Duration, maxRequestBytes: Int, busy: @escaping (Bool) -> Void) {
        self.busy = busy
        self.requestReadTimeout = .nanoseconds(requestReadTimeout.wholeNanoseconds)
        self.maxRequestBytes = maxRequestBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if keepAlive.isEmpty { busy(true) }
            keepAlive.append(head.isKeepAlive)
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
            readDeadline?.cancel()
            readDeadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200 && keepAlive.first == false:
            head.headers.replaceOrAdd(name: "connection", value: "close")
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
                let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
                written.futureResult.whenComplete { _ in loopBound.value.close(promise: nil) }
            }
        default:
            context.write(data, promise: promise)
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
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        readDeadline = context.eventLoop.scheduleTask(in: requestReadTimeout) {
            loopBound.value.close(promise: nil)
        }
    }
}

/// The market's open connections and which of them have a request in progress, so that a new
/// connection past the bound can make room by closing the one idle the longest.
///
/// Written here because Hummingbird's `MaximumAvailableConnections` stops accepting at the bound:
/// twenty thousand idle connections then kept every real client waiting in the listen backlog
/// until idle timeouts freed places (a /healthChecker timed out after 30 s).
final class OpenConnections: @unchecked Sendable {
    private struct Entry {
        let channel: any Channel
        var busy: Bool
        var idleSince: NIODeadline
    }

    private let limit: Int
    private let lock = NSLock()
    // Guarded by `lock`.
    private var entries: [ObjectIdentifier: Entry] = [:]

    init(limit: Int) { self.limit = max(1, limit) }

    var count: Int { lock.withLock { entries.count } }

    /// Registers `channel`; answers a connection to close to stay within the bound: the one idle
    /// the longest, or `channel` itself when every other one is busy.
    func opened(_ channel: any Channel) -> (any Channel)? {
        lock.withLock {
            entries[ObjectIdentifier(channel)] = Entry(channel: channel, busy: false, idleSince: .now())
            guard entries.count > limit else { return nil }
            let idle = entries.lazy.filter { $0.key != ObjectIdentifier(channel) && !$0.value.busy }
            guard let oldest = idle.min(by: { $0.value.idleSince < $1.value.idleSince }) else { return channel }
            // Counted as gone at once, so a burst of new connections does not pick it twice.
            entries[oldest.key] = nil
            return oldest.value.channel
        }
    }

    func closed(_ channel: any Channel) {
        _ = lock.withLock { entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    func setBusy(_ channel: any Channel, _ busy: Bool) {
        lock.withLock {
            entries[ObjectIdentifier(channel)]?.busy = busy
            if !busy { entries[ObjectIdentifier(channel)]?.idleSince = .now() }
        }
    }
}
