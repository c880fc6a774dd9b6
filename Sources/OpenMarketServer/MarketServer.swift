import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import OpenMarketContract
import ServiceLifecycle

/// Where and how a market serves.
public struct MarketServerConfiguration: Sendable {
    public var host: String
    /// 0 asks the system for a free port (what tests and the embedded shell use).
    public var port: Int
    /// Holds `market.sqlite` and `images/`.
    public var dataDirectory: URL
    /// The base of image URLs in responses (`http://market.example:8080`); when nil, the host
    /// each request was addressed to, so URLs work from whichever address a student used.
    public var publicURL: URL?
    /// Timeouts and the bound on open connections.
    public var limits: ConnectionLimits
    /// When wrong secrets stop being checked (429) for a while.
    public var wrongSecrets: WrongSecretPolicy
    public var logger: Logger
    /// Whether encoded list pages are kept between writes; off only to measure the uncached path.
    public var listCache: Bool
    /// Whether the market has a second demo vendor, `neighbour-shop`, with a few products (see
    /// `MarketDataDirectory.ensureNeighbour`): the shell's local market does, for the lessons.
    public var demoNeighbour: Bool
    /// Told every request and its answer (the tests record them to check against the OpenAPI
    /// document); nil, the default, adds nothing to a request's path.
    public var exchangeObserver: (@Sendable (MarketExchange) -> Void)?

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: URL, publicURL: URL? = nil,
        limits: ConnectionLimits = ConnectionLimits(), wrongSecrets: WrongSecretPolicy = WrongSecretPolicy(),
        logger: Logger = Logger(label: "openmarket-server"), listCache: Bool = true, demoNeighbour: Bool = false
    ) {
        self.demoNeighbour = demoNeighbour
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.publicURL = publicURL
        self.limits = limits
        self.wrongSecrets = wrongSecrets
        self.logger = logger
        self.listCache = listCache
    }

    /// `openmarket/server` under the XDG data home (`$XDG_DATA_HOME`, else `~/.local/share`;
    /// see `XDGDirectories.dataHome`).
    public static var defaultDataDirectory: URL {
        XDGDirectories.dataHome().appendingPathComponent("openmarket/server", isDirectory: true)
    }
}

/// A market started in this process.
public struct RunningMarket: Sendable {
    /// `http://127.0.0.1:PORT`, the address it actually listens on.
    public let baseURL: URL
    /// The data directory it serves (for adding vendors while it runs).
    public let data: MarketDataDirectory
    /// Its open connections (for tests: whether the market still holds one).
    let connections: OpenConnections
    private let stopAction: @Sendable () async -> Void

    /// The demo vendor's credentials, kept in the data directory for local use.
    public var demoCredentials: VendorCredentials { data.demoCredentials }

    /// The demo vendor's id and name: a shell logged in as it knows which vendor it is without
    /// asking the market. Nil when there is no demo vendor.
    public func demoVendor() async -> VendorReference? { await data.demoVendor() }

    init(
        baseURL: URL, data: MarketDataDirectory, connections: OpenConnections, stop: @escaping @Sendable () async -> Void
    ) {
        self.baseURL = baseURL
        self.data = data
        self.connections = connections
        self.stopAction = stop
    }

    /// Stops accepting connections, finishes requests in flight, closes the database, and returns
    /// when it is down: its files are then complete and stay as they are (copying them is safe).
    public func stop() async { await stopAction() }
}

public enum MarketServerError: Error, CustomStringConvertible {
    case cannotListen(host: String, port: Int, reason: ListenFailure)
    case dataDirectory(ServerMessage)
    /// The folder holds no `market.sqlite`, and the command must not make one.
    case noMarket(String)

    public var description: String { sentence(portOption: "--port") }

    /// The sentence, naming the option that chooses the port (`--port` for `openmarket-server`,
    /// `--local-port` for the shell's local market).
    public func sentence(portOption: String) -> String {
        switch self {
        case .cannotListen(let host, let port, let reason): reason.sentence(host: host, port: port, portOption: portOption)
        case .dataDirectory(let problem): problem.text
        case .noMarket(let path): ServerMessage.noMarket(path: path).text
        }
    }
}

/// Why a market could not listen, from the socket's error number.
public enum ListenFailure: Sendable, Equatable {
    case inUse
    case addressNotAvailable
    case permissionDenied
    case unknownHost
    /// The server ended before it listened, saying nothing.
    case stoppedAtOnce
    /// The system's words for another reason.
    case other(String)

    init(_ error: any Error) {
        if let io = error as? IOError {
            switch io.errnoCode {
            case EADDRINUSE: self = .inUse
            case EADDRNOTAVAIL: self = .addressNotAvailable
            case EACCES, EPERM: self = .permissionDenied
            default: self = .other(String(cString: strerror(io.errnoCode)))
            }
        } else if error is SocketAddressError || error is SocketAddressError.UnknownHost {
            self = .unknownHost
        } else {
            self = .other(String(describing: error))
        }
    }

    func sentence(host: String, port: Int, portOption: String) -> String {
        message(host: host, port: port, portOption: portOption).text
    }

    /// The failure as a message naming the address and the option that chooses the port.
    func message(host: String, port: Int, portOption: String) -> ServerMessage {
        switch self {
        case .inUse: .portInUse(host: host, port: port, portOption: portOption)
        case .addressNotAvailable: .noSuchAddress(host: host)
        case .permissionDenied: .portNeedsRights(host: host, port: port, portOption: portOption)
        case .unknownHost: .notAnAddress(host: host)
        case .stoppedAtOnce: .stoppedAtOnce(host: host, port: port)
        case .other(let reason): .cannotListen(host: host, port: port, reason: reason)
        }
    }
}

/// The bundled local market.
public enum MarketServer {
    /// Starts the market in this process and returns once it is listening. The shell's local
    /// market (`openmarket-server local`, the shell's child) and the end-to-end tests use this;
    /// call `stop()` when done.
    public static func start(_ configuration: MarketServerConfiguration) async throws -> RunningMarket {
        let data = try await MarketDataDirectory.open(configuration.dataDirectory)
        if configuration.demoNeighbour { try await data.ensureNeighbour() }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let connections = OpenConnections(configuration.limits)
        let application = makeApplication(configuration, data: data, connections: connections) { port in
            continuation.yield(port)
        }
        let group = ServiceGroup(
            configuration: .init(services: [application], gracefulShutdownSignals: [], logger: configuration.logger))
        // The task answers why the service group ended early, if it failed.
        let task = Task { () -> ListenFailure? in
            defer { continuation.finish() }
            do {
                try await group.run()
                return nil
            } catch {
                return ListenFailure(error)
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            throw MarketServerError.cannotListen(
                host: configuration.host, port: configuration.port,
                reason: await task.value ?? .stoppedAtOnce)
        }
        let host = configuration.host == "0.0.0.0" ? "127.0.0.1" : configuration.host
        return RunningMarket(
            baseURL: URL(string: "http://\(host):\(port)")!, data: data, connections: connections,
            stop: {
                await group.triggerGracefulShutdown()
                _ = await task.result
                data.close()
            })
    }

    /// Runs the market until SIGINT or SIGTERM, then shuts down gracefully.
    public static func run(
        _ configuration: MarketServerConfiguration, onListening: @escaping @Sendable (URL, MarketDataDirectory) -> Void
    ) async throws {
        let data = try await MarketDataDirectory.open(configuration.dataDirectory)
        let application = makeApplication(configuration, data: data) { port in
            let host = configuration.host == "0.0.0.0" ? "127.0.0.1" : configuration.host
            onListening(URL(string: "http://\(host):\(port)")!, data)
        }
        let group = ServiceGroup(
            configuration: .init(
                services: [application], gracefulShutdownSignals: [.sigterm, .sigint], logger: configuration.logger))
        do {
            try await group.run()
        } catch {
            throw MarketServerError.cannotListen(host: configuration.host, port: configuration.port, reason: ListenFailure(error))
        }
    }

    static func makeApplication(
        _ configuration: MarketServerConfiguration, data: MarketDataDirectory, connections: OpenConnections? = nil,
        onPort: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        let router = Router(context: MarketRequestContext.self)
        if let observer = configuration.exchangeObserver { router.add(middleware: ExchangeTap(observer: observer)) }
        router.addMiddleware {
            ErrorAndLogMiddleware<MarketRequestContext>(logger: configuration.logger)
            ActivityMiddleware(activity: data.activity, store: data.store, remembered: data.rememberedSecrets, clock: { Date() })
            MethodSemanticsMiddleware<MarketRequestContext>(logger: configuration.logger)
        }
        let routes = MarketRoutes(
            store: data.store, images: data.images,
            verifier: SecretVerifier(policy: configuration.wrongSecrets, remembered: data.rememberedSecrets),
            uploads: UploadSlots(limit: configuration.limits.maxUploadsPerIdentifier),
            listCache: ListCache(enabled: configuration.listCache), storefront: StorefrontPages(), events: StorefrontEvents(),
            publicURL: configuration.publicURL.map {
                $0.absoluteString.hasSuffix("/") ? String($0.absoluteString.dropLast()) : $0.absoluteString
            },
            clock: { Date() })
        routes.register(on: router)
        ClassBoard(data: data).register(on: router)
        let limits = configuration.limits
        let connections = connections ?? OpenConnections(limits)
        return Application(
            router: router,
            server: HTTPServerBuilder { responder in
                MarketHTTP1Channel(
                    responder: responder, limits: limits, maxRequestBytes: MarketRoutes.maxRequestBytes,
                    connections: connections)
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "openmarket"),
            onServerRunning: { channel in onPort(channel.localAddress?.port ?? configuration.port) },
            logger: configuration.logger)
    }
}
