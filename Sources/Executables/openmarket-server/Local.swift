import ArgumentParser
import Foundation
import Logging
import OpenMarketContract
import OpenMarketServer

#if canImport(Glibc)
import Glibc
#endif

/// `openmarket-server local`: the shell's local market, started by `openmarket` (and by
/// `openmarket test` for each file) as its child, never by hand: it says over the inherited
/// socket that it listens, as whom the shell logs in, or why it could not start, then serves
/// until the socket ends (`LocalMarketHandoff.swift`). Hidden from the help.
struct Local: AsyncParsableCommand {
    typealias Name = LocalMarketRequest.Name

    static let configuration = CommandConfiguration(
        commandName: Name.command, abstract: ServerProgramHelp.localAbstract.abstract, shouldDisplay: false)

    @Option(name: .customLong(Name.descriptor)) var descriptor: Int32
    @Option(name: .customLong(Name.data)) var data: String
    @Option(name: .customLong(Name.port)) var port: Int?
    @Flag(name: .customLong(Name.remembersPort)) var remembersPort = false
    @Flag(name: .customLong(Name.reset)) var reset = false
    @Option(name: .customLong(Name.language)) var language: String = Language.en.rawValue

    func validate() throws {
        guard descriptor > STDERR_FILENO, fcntl(descriptor, F_GETFD) >= 0 else {
            throw ValidationError(ServerProgramMessage.localNeedsSocket)
        }
        // The shell checked it; a port out of range is still refused here, in one line.
        if let port, !(1...65535).contains(port) {
            throw ValidationError(ServerProgramMessage.portRange(port))
        }
    }

    func run() async throws {
        // The descriptor is the shell's, not for a program this one might start.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let chosen = Language(rawValue: language) ?? .en
        let (reply, market) = await Language.$current.withValue(chosen) { await start() }
        let told = reply.write(to: descriptor)
        guard let market else { throw ExitCode(1) }
        // Served until the shell closes its end (or is gone: then at once).
        if told {
            let descriptor = descriptor
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    LocalMarketReply.awaitEnd(of: descriptor)
                    done.resume()
                }
            }
        }
        // Stopped gracefully, within a bound: the shell may be gone, and no one else stops this
        // program (a client that keeps a request going would keep it serving).
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await market.stop() }
            group.addTask { try? await Task.sleep(for: Self.stopping) }
            await group.next()
            group.cancelAll()
        }
    }

    /// How long a stop may take, its requests in flight finished, before the program just ends.
    static let stopping: Duration = .seconds(15)

    /// The market started as asked, and what to tell the shell.
    private func start() async -> (LocalMarketReply, RunningMarket?) {
        let folder = URL(fileURLWithPath: data, isDirectory: true)
        var logger = Logger(label: "openmarket-local")
        logger.logLevel = .critical
        // Said even when the market then cannot start: the catalog is empty all the same.
        var removed: Int?
        do {
            if reset { removed = try await MarketDataDirectory.open(folder).resetCatalog() }
            let market = try await startKeepingPort(folder, logger: logger)
            let started = LocalMarketStarted(
                url: market.baseURL, demoCredentials: market.demoCredentials, demoVendor: await market.demoVendor(),
                dataDirectory: market.data.url.path, removed: removed)
            return (.started(started), market)
        } catch let error as MarketServerError {
            return (.failed(error.sentence(portOption: "--local-port"), removed: removed), nil)
        } catch {
            return (.failed(OpenMarketServerCommand.sentence(for: error), removed: removed), nil)
        }
    }

    /// The market on `port` when given, else (`--remember-port`) on the port it had last time
    /// when that is free, else on one the system chooses; a port the market got is kept for the
    /// next start (not when the remembered one was busy: another shell of this seller has it).
    private func startKeepingPort(_ folder: URL, logger: Logger) async throws -> RunningMarket {
        // Without the list cache: two shells open at once each start a market over the same data
        // directory, and a cache is cleared only by the writes of its own market, so one shell
        // listed its old pages after the other had registered a product. A seller's lists are
        // few; the cache is for a class market's load (`serve`).
        func start(_ port: Int) async throws -> RunningMarket {
            try await MarketServer.start(
                MarketServerConfiguration(
                    host: "127.0.0.1", port: port, dataDirectory: folder, logger: logger, listCache: false,
                    demoNeighbour: true))
        }
        let remembered = remembersPort && port == nil ? MarketDataDirectory.rememberedPort(in: folder) : nil
        let market: RunningMarket
        do {
            market = try await start(port ?? remembered ?? 0)
        } catch MarketServerError.cannotListen(_, _, let reason) where remembered != nil && reason == .inUse {
            return try await start(0)
        }
        if remembersPort, let actual = market.baseURL.port, actual != remembered {
            MarketDataDirectory.rememberPort(actual, in: folder)
        }
        return market
    }
}
