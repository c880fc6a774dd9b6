import ArgumentParser
import Foundation
import LineEditor
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import TerminalText

/// Which market the shell talks to and as whom, worked out once from the options, the
/// environment and a saved profile.
struct Connection {
    var serverURL: URL
    var credentials: VendorCredentials?
    var vendorName: String?
    /// The vendor's id, when a profile saved it.
    var vendorID: Int?
    /// The local market started for this run, stopped when the shell ends; nil for a remote one.
    var embedded: LocalMarketChild?
    /// The server `OPENMARKET_IDENTIFIER`/`OPENMARKET_SECRET` belong to: `OPENMARKET_SERVER` when
    /// set, else the server the shell starts on; nil under `--profile`, whose credentials are
    /// used instead (the environment's are then used nowhere).
    var environmentServer: URL?
    /// `OPENMARKET_VENDOR_ID`: the vendor id of the login the shell starts with, when nothing
    /// else (a profile, the local market) tells it.
    var environmentVendorID: Int?
}

extension OpenMarketCommand {
    /// The market and login, in this order of precedence: the server from `--server`, else
    /// `OPENMARKET_SERVER`, else the profile's saved server, else a local market started here
    /// (logged in as its demo vendor); the credentials from the profile, else
    /// `OPENMARKET_IDENTIFIER`/`OPENMARKET_SECRET`, else the local market's demo vendor.
    ///
    /// A profile's credentials belong to its server: they are never sent to a local market.
    func connection(_ environment: [String: String], profiles: ProfileStore) async throws -> Connection {
        let saved = try profile.map { try Self.loadProfile($0, from: profiles) }
        // Checked before a local market starts: a wrong value ends the program at once.
        let environmentVendorID: Int?
        do throws(CommandFailure) {
            environmentVendorID = try VendorIDSource.fromEnvironment(environment)
        } catch {
            Self.complain(error.message)
            throw ExitCode(Self.usageStatus)
        }
        let explicitServer = server ?? environment["OPENMARKET_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        var result: Connection
        if explicitServer ?? saved?.server != nil, localPort != nil || resetLocal {
            let source: ProgramMessage.ServerSource =
                server != nil ? .option : explicitServer != nil ? .environment : .profile(profile ?? "")
            Self.complain(ProgramMessage.localOptionsNeedLocalMarket(source).text)
            throw ExitCode(Self.usageStatus)
        }
        if let text = explicitServer ?? saved?.server {
            result = Connection(
                serverURL: try Self.serverURL(text, from: explicitServer == nil ? .profile(profile ?? "") : .option))
        } else if let profile {
            Self.complain(ProgramMessage.profileNamesNoServer(profile).text)
            throw ExitCode(Self.usageStatus)
        } else {
            let market = try await Self.startLocalMarket(environment, port: localPort, reset: resetLocal)
            // The shell made this market: it knows its demo vendor without asking anyone.
            let demo = market.started.demoVendor
            result = Connection(
                serverURL: market.baseURL, credentials: market.demoCredentials, vendorName: demo?.name ?? "demo-shop",
                vendorID: demo?.id, embedded: market)
            // Short lines: an 80-column projector shows each whole.
            Self.complain(Message.localMarketAt(url: market.baseURL.absoluteString, vendor: demo?.name ?? "demo-shop").text)
            let dataPath = TerminalText.shownPath(market.started.dataDirectory, home: environment["HOME"])
            Self.complain(Message.localMarketData(dataPath).text)
            Self.complain(Message.localMarketStorefront(market.baseURL.absoluteString + "/").text)
        }
        // The environment's credentials belong to OPENMARKET_SERVER when it is set (a --server
        // naming another server does not get them), else to the server the shell starts on.
        let environmentServer =
            environment["OPENMARKET_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
            .map { try? Self.serverURL($0, from: .environment) } ?? result.serverURL
        result.environmentServer = saved == nil ? environmentServer : nil
        if saved == nil { Self.useEnvironmentLogin(environment, in: &result) }
        result.environmentVendorID = environmentVendorID
        if let saved {
            result.credentials = VendorCredentials(identifier: saved.identifier, secret: saved.secret)
            result.vendorName = saved.vendorName
            result.vendorID = saved.vendorID
        }
        return result
    }

    /// `OPENMARKET_IDENTIFIER` and `OPENMARKET_SECRET`, used only with the server they belong to.
    static func useEnvironmentLogin(_ environment: [String: String], in result: inout Connection) {
        if let identifier = environment["OPENMARKET_IDENTIFIER"], !identifier.isEmpty,
            let secret = environment["OPENMARKET_SECRET"], !secret.isEmpty
        {
            if let home = result.environmentServer, ServerAddress(home) == ServerAddress(result.serverURL) {
                // Another login than the local market's demo vendor is a vendor not known yet.
                if identifier != result.credentials?.identifier { (result.vendorName, result.vendorID) = (nil, nil) }
                result.credentials = VendorCredentials(identifier: identifier, secret: Secret(secret))
            } else {
                Self.complain(
                    ProgramMessage.environmentCredentialsElsewhere(
                        home: result.environmentServer?.absoluteString ?? "?", server: result.serverURL.absoluteString
                    ).text)
                result.credentials = nil
                (result.vendorName, result.vendorID) = (nil, nil)
            }
        }
    }

    /// A saved profile, or exit with the usage status after saying why it cannot be used.
    static func loadProfile(_ name: String, from profiles: ProfileStore) throws -> ProfileStore.Profile {
        do {
            return try profiles.load(name)
        } catch {
            complain(sentence(for: error))
            throw ExitCode(usageStatus)
        }
    }

    /// `text` as the market's URL; `http://` is assumed when no scheme is given.
    static func serverURL(_ text: String, from source: ProgramMessage.ServerSource) throws -> URL {
        let address = text.contains("://") ? text : "http://\(text)"
        guard let url = URL.httpURL(address) else {
            if let port = URL.portOutOfRange(address) {
                throw ValidationError(ProgramMessage.serverPortOutOfRange(source, port: port).text)
            }
            throw ValidationError(ProgramMessage.notAnHTTPURL(source, given: text).text)
        }
        return url
    }

    /// Starts the local market under `$XDG_DATA_HOME/openmarket/local`, on `port` when given,
    /// else on the port it had last time when that is free, else on one the system chooses (it
    /// keeps its port for the next start), after emptying its catalog when `reset` asks for it.
    static func startLocalMarket(_ environment: [String: String], port: Int?, reset: Bool) async throws -> LocalMarketChild {
        if let port, !(1...65535).contains(port) {
            complain(ProgramMessage.localPortOutOfRange(port).text)
            throw ExitCode(usageStatus)
        }
        let folder = XDGDirectories.dataHome(environment).appendingPathComponent("openmarket/local", isDirectory: true)
        let request = LocalMarketRequest(
            dataDirectory: folder.path, port: port, remembersPort: true, reset: reset, language: .current)
        do {
            let market = try await InterruptMonitor.shared.runCancellable { try await LocalMarketChild.start(request) }
            if let removed = market.started.removed { complain(ProgramMessage.localMarketReset(removed: removed).text) }
            return market
        } catch let error as LocalMarketChild.Failure {
            if let removed = error.removed { complain(ProgramMessage.localMarketReset(removed: removed).text) }
            if error.interrupted {
                complain(error.sentence)
                throw ExitCode(130)
            }
            complain(ProgramMessage.cannotStartLocalMarket(error.sentence).text)
            throw ExitCode(1)
        } catch {
            complain(ProgramMessage.cannotStartLocalMarket(sentence(for: error)).text)
            throw ExitCode(1)
        }
    }
}
