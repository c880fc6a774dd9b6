import Foundation
import OpenMarketContract

#if canImport(Glibc)
import Glibc
#endif

/// What `openmarket mcp` hands to `openmarket-mcp`, agent mode's own program: the session's
/// settings the shell worked out (the market, the login, the vendor, the environment's server,
/// the local market it started), so that the child serves as the shell would have.
///
/// Agent mode is a program of its own so that the shell does not link the MCP SDK (and libcurl
/// through it) and pay for them at every start (docs/benchmarks.md, "Agent mode's own program").
/// The login goes over a descriptor the child inherits, never in its arguments or environment,
/// where `/proc/PID/cmdline` and `environ` would show it: the child is started as
/// `openmarket-mcp --handoff-fd N --lang L -- WORDS…` (`arguments`), checks its words, says it is
/// ready with one byte on the descriptor (`ready`), and then reads this value, as JSON, to the
/// descriptor's end (`read(from:)`). A descriptor that ends with nothing means the shell gave up
/// (it said why); the child then leaves quietly.
public struct AgentHandoff: Codable, Sendable, Equatable {
    public var serverURL: URL
    public var identifier: String?
    public var secret: Secret?
    public var vendorName: String?
    public var vendorID: Int?
    public var profileName: String?
    public var environmentServer: URL?
    public var environmentVendorID: Int?
    /// The local market the shell started (and stops after the child ends).
    public var localMarketURL: URL?
    public var localMarketData: String?
    /// `--trace` and `--explain`, as the shell's options set them.
    public var trace: Bool
    public var explain: Bool

    /// The handoff of `configuration`, the settings the shell would have run a session with.
    public init(_ configuration: ShellConfiguration) {
        serverURL = configuration.serverURL
        identifier = configuration.credentials?.identifier
        secret = configuration.credentials?.secret
        vendorName = configuration.vendorName
        vendorID = configuration.vendorID
        profileName = configuration.profileName
        environmentServer = configuration.environmentServer
        environmentVendorID = configuration.environmentVendorID
        localMarketURL = configuration.localMarket?.url
        localMarketData = configuration.localMarket?.dataDirectory
        trace = configuration.trace
        explain = configuration.explain
    }

    /// The session's settings again, on the child's side: no color, no JSON (standard output is
    /// the protocol's), the photo cache where the shell keeps it.
    public func configuration(
        environment: [String: String], profiles: ProfileStore = ProfileStore()
    )
        -> ShellConfiguration
    {
        let credentials = identifier.flatMap { id in secret.map { VendorCredentials(identifier: id, secret: $0) } }
        var configuration = ShellConfiguration(
            serverURL: serverURL, credentials: credentials, vendorName: vendorName, vendorID: vendorID,
            profileName: profileName, outputJSON: false, trace: trace, useColor: false, profiles: profiles)
        configuration.explain = explain
        configuration.photoCache = PhotoCache.standard(environment: environment)
        configuration.environmentServer = environmentServer
        configuration.environmentVendorID = environmentVendorID
        if let localMarketURL, let localMarketData {
            configuration.localMarket = LocalMarket(
                url: localMarketURL, dataDirectory: URL(fileURLWithPath: localMarketData, isDirectory: true))
        }
        return configuration
    }

    // MARK: The child's arguments

    /// The option naming the descriptor (a number, not a secret).
    public static let descriptorOption = "--handoff-fd"

    /// The child's arguments: the descriptor, the language, then the words after `mcp` untouched.
    public static func arguments(descriptor: Int32, language: Language, words: [String]) -> [String] {
        [descriptorOption, String(descriptor), "--lang", language.rawValue, "--"] + words
    }

    /// What `arguments` made, read back; nil for arguments the shell did not make (the program
    /// started by hand).
    public static func invocation(_ arguments: [String]) -> (descriptor: Int32, language: Language, words: [String])? {
        guard arguments.count >= 5, arguments[0] == descriptorOption, let descriptor = Int32(arguments[1]),
            descriptor > STDERR_FILENO, arguments[2] == "--lang", let language = Language(rawValue: arguments[3]),
            arguments[4] == "--"
        else { return nil }
        return (descriptor, language, Array(arguments.dropFirst(5)))
    }

    // MARK: Over the descriptor

    /// The most a handoff may take: a few hundred bytes in practice.
    static let largest = 64 * 1024

    /// The child's word that its options are good: the shell may start a market and log in.
    public static func ready(_ descriptor: Int32) -> Bool {
        var byte: UInt8 = 1
        return send(descriptor, &byte, 1, Int32(MSG_NOSIGNAL)) == 1
    }

    /// The shell's side: waits for the child's `ready`; false when the child ended first.
    public static func awaitReady(_ descriptor: Int32) -> Bool {
        var byte: UInt8 = 0
        var count: Int
        repeat { count = recv(descriptor, &byte, 1, 0) } while count < 0 && errno == EINTR
        return count == 1
    }

    /// Sends this handoff and ends the descriptor's sending side; false when the child is gone.
    public func write(to descriptor: Int32) -> Bool {
        guard let data = try? JSONEncoder().encode(self) else { return false }
        let sent = SocketSending.sendAll(data, to: descriptor)
        shutdown(descriptor, Int32(SHUT_WR))
        return sent
    }

    /// The handoff the shell sent, read to the descriptor's end; nil when it sent none (it
    /// gave up) or what came is not one.
    public static func read(from descriptor: Int32) -> AgentHandoff? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count <= largest {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[..<count])
        }
        guard !data.isEmpty, data.count <= largest else { return nil }
        return try? JSONDecoder().decode(AgentHandoff.self, from: data)
    }
}
