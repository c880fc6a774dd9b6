import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The real transport, over one AsyncHTTPClient for the whole process (it keeps connections alive
/// between requests, so a script of a thousand lines reuses one connection).
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// Uses the process-wide client, made on the first request rather than here: making it starts
    /// SwiftNIO's threads, which a shell should not pay for before its prompt appears.
    public static let shared = AsyncHTTPClientTransport(client: nil)

    /// Like `HTTPClient.shared`, which also lives for the whole process and is never shut down,
    /// but configured for a seller at a prompt: `HTTPClient.shared` retries a refused connection
    /// until the request's deadline, so a stopped server cost the full timeout (30 s) before the
    /// seller heard "connection refused". Here a refusal is reported at once.
    private static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            // AHC also uses the connect timeout for a request waiting for a free pooled
            // connection, so it must cover a queue of parallel uploads, not just a handshake.
            timeout: .init(connect: .seconds(60)),
            connectionPool: .init(idleTimeout: .seconds(60)),
            decompression: .disabled)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }()

    /// Responses larger than this are refused rather than buffered without bound.
    public var maxResponseBytes: Int
    /// nil: the process-wide client below.
    private let ownClient: HTTPClient?
    private var client: HTTPClient { ownClient ?? Self.sharedClient }

    public init(client: HTTPClient, maxResponseBytes: Int = 64 * 1024 * 1024) {
        self.ownClient = client
        self.maxResponseBytes = maxResponseBytes
    }

    private init(client: HTTPClient?) {
        self.ownClient = client
        self.maxResponseBytes = 64 * 1024 * 1024
    }

    public func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .init(rawValue: request.method.rawValue)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }

        // AHC takes one deadline for the whole exchange, body included: that is the timeout the
        // seller means ("this request took too long"), not a per-read idle timeout.
        let amount = TimeAmount.nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000
            + timeout.components.attoseconds / 1_000_000_000)
        do {
            let response = try await client.execute(outgoing, timeout: amount)
            var headers = HeaderFields()
            for (name, value) in response.headers { headers.add(name, value) }
            let body = try await response.body.collect(upTo: maxResponseBytes)
            return HTTPResponseData(
                status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
        } catch {
            throw Self.classify(error)
        }
    }

    /// Sorts AsyncHTTPClient's and SwiftNIO's many error types into the few a seller can act on.
    static func classify(_ error: any Error) -> TransportFailure {
        if let failure = error as? TransportFailure { return failure }
        if error is CancellationError { return .cancelled }
        if error is NIOTooManyBytesError {
            return .connectionLost(reason: "the response was larger than this client accepts")
        }
        if let http = error as? HTTPClientError {
            // HTTPClientError is a struct of static values, not an enum, so it is compared, not switched.
            if [.deadlineExceeded, .readTimeout, .writeTimeout].contains(http) {
                return .timedOut
            }
            if http == .getConnectionFromPoolTimeout {
                return .cannotConnect(reason: "no connection became free in time; too many requests at once")
            }
            if [.connectTimeout, .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout]
                .contains(http)
            {
                return .cannotConnect(reason: "connection timed out")
            }
            if http == .cancelled || http == .requestStreamCancelled { return .cancelled }
            if http == .remoteConnectionClosed {
                return .connectionLost(reason: "the server closed the connection")
            }
            if [.invalidURL, .emptyHost, .emptyScheme, .missingSocketPath].contains(http)
                || String(describing: http).contains("unsupportedScheme")
            {
                return .invalidRequest(reason: "\(http)")
            }
            return .connectionLost(reason: "\(http)")
        }
        if error is HTTPParserError {
            return .malformedResponse(reason: "the answer is not HTTP; is this the market's address?")
        }
        if let io = error as? IOError {
            return classify(errno: io.errnoCode, fallback: "\(io)")
        }
        if let connection = error as? NIOConnectionError {
            if let io = connection.connectionErrors.lazy.compactMap({ $0.error as? IOError }).first {
                return classify(errno: io.errnoCode, fallback: "\(io)")
            }
            if connection.dnsAError != nil || connection.dnsAAAAError != nil {
                return .cannotConnect(reason: "unknown host")
            }
            return .cannotConnect(reason: "\(connection)")
        }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout: return .cannotConnect(reason: "connection timed out")
            case .ioOnClosedChannel, .outputClosed, .eof, .alreadyClosed:
                return .connectionLost(reason: "the server closed the connection")
            default: return .connectionLost(reason: "\(channel)")
            }
        }
        if error is SocketAddressError { return .cannotConnect(reason: "unknown host") }
        return .connectionLost(reason: String(describing: error))
    }

    private static func classify(errno code: Int32, fallback: String) -> TransportFailure {
        switch code {
        case ECONNREFUSED: return .cannotConnect(reason: "connection refused")
        case EHOSTUNREACH, ENETUNREACH: return .cannotConnect(reason: "no route to host")
        case ETIMEDOUT: return .cannotConnect(reason: "connection timed out")
        case ECONNRESET, EPIPE: return .connectionLost(reason: "connection reset by the server")
        default: return .connectionLost(reason: fallback)
        }
    }
}
