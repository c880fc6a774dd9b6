import NIOCore
import NIOHTTP1
import OpenMarketContract
import Synchronization

/// How one connection is doing, as the connection bound needs to know it: written on the
/// connection's event loop, read by whichever loop accepts a new connection at the bound.
final class ConnectionActivity: Sendable {
    /// `NIODeadline.uptimeNanoseconds` since which the connection has been waiting on its client
    /// without progress (body bytes that do not come, an answer not read); 0 while it is not.
    private let waitingNanoseconds = Atomic<UInt64>(0)

    init() {}

    /// Since when the connection has been waiting on its client, or nil when it is not.
    var waitingSince: NIODeadline? {
        let value = waitingNanoseconds.load(ordering: .relaxed)
        return value == 0 ? nil : .uptimeNanoseconds(value)
    }

    func setWaiting(since deadline: NIODeadline?) {
        waitingNanoseconds.store(deadline.map { max(1, $0.uptimeNanoseconds) } ?? 0, ordering: .relaxed)
    }
}

/// Watches whether a connection's client keeps up: tells `ConnectionActivity` since when the
/// connection has been waiting on its client, and closes a connection whose answer the client
/// has not taken for `writeTimeout`.
///
/// Waiting on the client means: a request has begun and the market asked for more of it (a read
/// is outstanding) but nothing came, or bytes of an answer are written and not yet taken. A
/// request the market itself is still working on (a secret being hashed, an image being
/// shrunk) or whose body the market is not reading yet (backpressure) waits on nobody but the
/// market, so it never counts. Hand-written because NIO's `IdleStateHandler` knows only "no
/// read" and "no write" events, not whether the connection is waiting for one.
///
/// Answer bodies go out in pieces of at most `pieceBytes`, each its own write: a write
/// completes only once all its bytes are in the kernel, so a client reading a large image slowly
/// but steadily shows progress piece by piece instead of looking stalled until the end.
final class ProgressWatch: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    static let pieceBytes = 64 * 1024

    private let activity: ConnectionActivity
    private let writeTimeout: TimeAmount
    /// A request's head has arrived and its end has not.
    private var requestOpen = false
    /// A read was asked for (the market wants more bytes) and none has arrived since.
    private var readWanted = false
    /// Writes handed on and not yet completed.
    private var pendingWrites = 0
    /// The last time anything moved (bytes in, a write done), or the wait on the client began.
    private var lastProgress = NIODeadline.now()
    /// The last time a write completed, or the first pending write was made.
    private var lastWriteProgress = NIODeadline.now()
    private var writeDeadline: Scheduled<Void>?

    init(activity: ConnectionActivity, writeTimeout: Duration) {
        self.activity = activity
        self.writeTimeout = .nanoseconds(writeTimeout.wholeNanoseconds)
    }

    private var waitingOnClient: Bool { pendingWrites > 0 || (requestOpen && readWanted) }

    /// Applies `change`, then tells the activity since when the connection waits on its client.
    private func update(progress: Bool, _ change: () -> Void) {
        let wasWaiting = waitingOnClient
        change()
        if progress || (!wasWaiting && waitingOnClient) { lastProgress = .now() }
        activity.setWaiting(since: waitingOnClient ? lastProgress : nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        update(progress: true) {
            readWanted = false
            switch part {
            case .head: requestOpen = true
            case .body: break
            case .end: requestOpen = false
            }
        }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        update(progress: false) { readWanted = true }
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .body(.byteBuffer(var buffer)) = unwrapOutboundIn(data), buffer.readableBytes > Self.pieceBytes else {
            track(context, data, promise: promise)
            return
        }
        var pieces: [EventLoopFuture<Void>] = []
        while let piece = buffer.readSlice(length: min(Self.pieceBytes, buffer.readableBytes)) {
            let written = context.eventLoop.makePromise(of: Void.self)
            pieces.append(written.futureResult)
            track(context, wrapOutboundOut(.body(.byteBuffer(piece))), promise: written)
            if buffer.readableBytes == 0 { break }
        }
        if let promise { EventLoopFuture.andAllSucceed(pieces, on: context.eventLoop).cascade(to: promise) }
    }

    private func track(_ context: ChannelHandlerContext, _ data: NIOAny, promise: EventLoopPromise<Void>?) {
        let written = promise ?? context.eventLoop.makePromise(of: Void.self)
        update(progress: false) { pendingWrites += 1 }
        if pendingWrites == 1 {
            lastWriteProgress = .now()
            scheduleWriteDeadline(context)
        }
        written.futureResult.assumeIsolated().whenComplete { _ in
            self.update(progress: true) { self.pendingWrites -= 1 }
            self.lastWriteProgress = .now()
        }
        context.write(data, promise: written)
    }

    private func scheduleWriteDeadline(_ context: ChannelHandlerContext) {
        guard writeDeadline == nil else { return }
        let at = lastWriteProgress + writeTimeout
        writeDeadline = context.eventLoop.assumeIsolated().scheduleTask(deadline: at) {
            self.writeDeadline = nil
            guard self.pendingWrites > 0 else { return }
            if NIODeadline.now() >= self.lastWriteProgress + self.writeTimeout {
                context.close(promise: nil)
            } else {
                self.scheduleWriteDeadline(context)
            }
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        writeDeadline?.cancel()
        writeDeadline = nil
        activity.setWaiting(since: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        writeDeadline?.cancel()
        writeDeadline = nil
        activity.setWaiting(since: nil)
        context.fireChannelInactive()
    }
}
