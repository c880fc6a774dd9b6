import Foundation
import OpenMarketAPI
import OpenMarketContract
import Synchronization

/// Keeps every change a command makes in the change log of the session's server and vendor:
/// it tells the command (through `CommandContext.changes`) that the before-images are wanted,
/// and appends the `changes` of the typed outcome coming back. Not in a dry run (nothing
/// changed), and never the secret: the line is masked, the rest are the server's products.
public struct ChangeLogMiddleware: CommandMiddleware {
    /// `$XDG_STATE_HOME/openmarket/changes`.
    public let folder: URL
    public let limits: ChangeLogLimits
    /// This session, as the log names it (`changes` marks this session's with `*`).
    public let session = UUID().uuidString
    /// The log of the last command's server and vendor: every command asks, and naming a log
    /// hashes its server and vendor (a script of 1,000 `show` lines paid 9% of its time there).
    private let last = LastLog()

    public init(folder: URL, limits: ChangeLogLimits = .standard) {
        self.folder = folder
        self.limits = limits
    }

    /// The folder under the XDG state home the environment names.
    public static func folder(_ environment: [String: String]) -> URL {
        XDGDirectories.stateHome(environment).appendingPathComponent("openmarket/changes", isDirectory: true)
    }

    public nonisolated(nonsending) func handle(
        _ invocation: Invocation, context: CommandContext, next: CommandHandler
    ) async throws -> CommandOutcome {
        // A read changes nothing and, but for `changes` itself, reads no log: it goes on as it is
        // (copying its context and naming its log cost every `show` line for nothing).
        if invocation.spec.effect == .reads, type(of: invocation.command) != Changes.self {
            return try await next(invocation, context)
        }
        var context = context
        let log = self.log(for: context)
        // The line is masked only when it is written: most lines (every `show`) change nothing.
        let secrets = context.records.secrets
        context.changes = ChangeKeeping(
            log: log, keeps: log != nil && Self.keeps(in: context),
            batch: context.changes?.batch ?? Self.batch(of: invocation, line: { secrets.masked(invocation.text) }),
            session: session, folder: folder(for: context))
        var outcome = try await next(invocation, context)
        guard let log, context.keepsChanges, !outcome.changes.isEmpty else { return outcome }
        do {
            let line = secrets.masked(invocation.text)
            try log.record(outcome.changes, command: line, session: session, batch: context.changes?.batch)
        } catch {
            outcome.output.append(.warning(ChangeLogMessage.thisChangeCannotBeUndone(problem: error.message).text))
        }
        return outcome
    }

    /// Keeps in the log the products `line` made that a resumed run found on the market (the
    /// run that sent it stopped before its answer): outside a command, so outside `handle`. Not
    /// in a dry run, nor logged out. Nil, or the warning that they cannot be undone.
    public func keep(created products: [Product], line: String, context: CommandContext) -> String? {
        guard Self.keeps(in: context), let log = log(for: context) else { return nil }
        do {
            try log.recordCreates(products, command: context.records.secrets.masked(line), session: session, batch: nil)
            return nil
        } catch {
            return ChangeLogMessage.thisChangeCannotBeUndone(problem: error.message).text
        }
    }

    /// Whether changes made in `context` are kept: not in a dry run (nothing changed), nor when
    /// the command running this one keeps none.
    private static func keeps(in context: CommandContext) -> Bool { !context.dryRun && (context.changes?.keeps ?? true) }

    /// A command over several products (`patch 3 4 5 …`, `stock 3 4 5 +1`, `delete 3 4 5`) is
    /// one unit of the log, labelled with its line and undone together, as an import is.
    /// A read changes nothing, so it is never asked (the cast to an existential showed in every
    /// `show` line's cost).
    static func batch(of invocation: Invocation, line: () -> String) -> ChangeBatch? {
        guard invocation.spec.effect != .reads, let several = invocation.command as? any SeveralProducts,
            several.ids.count > 1
        else { return nil }
        return ChangeBatch(label: line())
    }

    /// The log of the context's server and vendor: a local market named by its data directory
    /// (its port changes from run to run), any other server by its address; the vendor by its
    /// identifier. Nil when not logged in.
    func log(for context: CommandContext) -> ChangeLog? {
        guard let identifier = context.client.credentials?.identifier, !identifier.isEmpty else { return nil }
        let url = context.client.baseURL
        let folder = folder(for: context)
        return last.log.withLock { last in
            if let (kept, keptFolder, log) = last, kept == url, keptFolder == folder, log.vendor == identifier { return log }
            let server = Self.serverName(url, localMarketData: context.localMarketData(for: url))
            let log = ChangeLog(folder: folder, server: server, vendor: identifier, limits: limits)
            last = (url, folder, log)
            return log
        }
    }

    /// The logs' folder for this command: an untrusted script's are in its run's scratch folder,
    /// so it neither writes the person's own log nor reads, lists or undoes its changes. A
    /// command run by another (an import's row) is logged where that command is.
    func folder(for context: CommandContext) -> URL {
        if let outer = context.changes?.folder { return outer }
        guard let scratch = context.access.writeFolder else { return folder }
        return URL(fileURLWithPath: scratch.appending(".changes").string, isDirectory: true)
    }

    /// Keyed by the server's URL and the folder: a session's local market keeps its data directory.
    private final class LastLog: Sendable {
        let log = Mutex<(URL, URL, ChangeLog)?>(nil)
    }

    /// `local:/home/me/.local/share/openmarket/market` or `http://127.0.0.1:8080`.
    static func serverName(_ url: URL, localMarketData: String?) -> String {
        if let data = localMarketData { return "local:" + data }
        let address = ServerAddress(url)
        return "\(address.scheme)://\(address.host):\(address.port)"
    }
}
