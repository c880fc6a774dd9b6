import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The shell's local market, run as a program of its own: `openmarket` starts
/// `openmarket-server local …` beside its executable, with a socket on an inherited descriptor
/// (`LocalMarketRequest.arguments`), and reads one line from it: the market listening
/// (`LocalMarketReply.started`, with the demo vendor's login) or why it could not start. The
/// market then serves until that socket ends: when the shell stops it, and when the shell ends
/// in any way, a kill included. The login goes over the socket, never in arguments or the
/// environment.
///
/// The shell no longer links the market (Hummingbird, GRDB, SQLite's migrations): 1,623 of the
/// binary's 10,771 protocol conformance records, which the Swift runtime scans at start, and a
/// sixth of its size. `openmarket --server URL` reaches its prompt about 1.1 ms sooner; with its
/// local market, 7–10 ms later, a second program starting (docs/benchmarks.md, "The local
/// market's own program").
public struct LocalMarketRequest: Sendable, Equatable {
    /// Holds the market's database and photos.
    public var dataDirectory: String
    /// The port asked for; nil: the one it had last time when free (`remembersPort`), else one
    /// the system chooses.
    public var port: Int?
    /// Whether the port is kept in the data directory for the next start (the shell's own local
    /// market), or the market is a passing one (`openmarket test`'s).
    public var remembersPort: Bool
    /// Empty the catalog first (`--reset-local`).
    public var reset: Bool
    /// The language of the market's sentences, a failure's included.
    public var language: Language

    public init(dataDirectory: String, port: Int? = nil, remembersPort: Bool, reset: Bool = false, language: Language) {
        self.dataDirectory = dataDirectory
        self.port = port
        self.remembersPort = remembersPort
        self.reset = reset
        self.language = language
    }

    /// `openmarket-server`'s subcommand and its options, named once for both programs.
    public enum Name {
        public static let command = "local"
        public static let descriptor = "handoff-fd"
        public static let data = "data"
        public static let port = "port"
        public static let remembersPort = "remember-port"
        public static let reset = "reset"
        public static let language = "lang"
    }

    /// `openmarket-server`'s arguments for this market, its socket on `descriptor`.
    public func arguments(descriptor: Int32) -> [String] {
        var words = [
            Name.command, "--\(Name.descriptor)", String(descriptor), "--\(Name.data)", dataDirectory,
            "--\(Name.language)", language.rawValue,
        ]
        if let port { words += ["--\(Name.port)", String(port)] }
        if remembersPort { words.append("--\(Name.remembersPort)") }
        if reset { words.append("--\(Name.reset)") }
        return words
    }
}

/// What the local market says over its socket once, as one line of JSON.
public enum LocalMarketReply: Codable, Sendable, Equatable {
    case started(LocalMarketStarted)
    /// Why it could not start, a sentence in the request's language; and how many products
    /// `--reset` removed before that (nil without it, or when the reset itself failed).
    case failed(String, removed: Int?)

    /// What came over the socket, or why nothing did.
    public enum Reading: Sendable, Equatable {
        case reply(LocalMarketReply)
        /// The market ended it, having said nothing.
        case ended
        /// Nothing came within the time given.
        case timedOut
        /// What came is not a reply (too long, not one line of JSON, not one of the cases).
        case unreadable
    }

    /// The most a reply may take: a few hundred bytes in practice.
    static let largest = 64 * 1024

    /// Writes this reply as one line; false when the shell is gone.
    public func write(to descriptor: Int32) -> Bool {
        guard var data = try? JSONEncoder().encode(self) else { return false }
        data.append(UInt8(ascii: "\n"))
        return SocketSending.sendAll(data, to: descriptor)
    }

    /// The reply read from `descriptor`, waiting at most `timeout`.
    public static func read(from descriptor: Int32, timeout: Duration) -> Reading {
        let deadline = ContinuousClock.now + timeout
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !data.contains(UInt8(ascii: "\n")) {
            guard data.count <= largest else { return .unreadable }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return .timedOut }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let (seconds, attoseconds) = left.components
            let ready = poll(&waiting, 1, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return ready == 0 ? .timedOut : .ended }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return data.isEmpty ? .ended : .unreadable }
            data.append(contentsOf: buffer[..<count])
        }
        let end = data.firstIndex(of: UInt8(ascii: "\n"))!
        guard let reply = try? JSONDecoder().decode(LocalMarketReply.self, from: data[..<end]) else { return .unreadable }
        return .reply(reply)
    }

    /// The market's side once it has replied: returns when the shell's end of the socket is
    /// closed (it stopped the market, or it ended). Whatever the shell sends is ignored.
    public static func awaitEnd(of descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
        }
    }
}

/// A local market listening: where, as whom the shell logs in, and what `--reset` removed.
public struct LocalMarketStarted: Codable, Sendable, Equatable {
    public var url: URL
    /// The demo vendor's login (`VendorCredentials` is kept out of `Codable` on purpose).
    public var identifier: String
    public var secret: Secret
    /// The demo vendor, known to the shell without asking the market (nil when it has none).
    public var demoVendor: VendorReference?
    /// The data directory served, as a path.
    public var dataDirectory: String
    /// How many products `--reset` removed (nil without it).
    public var removed: Int?

    public init(
        url: URL, demoCredentials: VendorCredentials, demoVendor: VendorReference?, dataDirectory: String, removed: Int?
    ) {
        self.url = url
        identifier = demoCredentials.identifier
        secret = demoCredentials.secret
        self.demoVendor = demoVendor
        self.dataDirectory = dataDirectory
        self.removed = removed
    }

    public var demoCredentials: VendorCredentials { VendorCredentials(identifier: identifier, secret: secret) }
}
