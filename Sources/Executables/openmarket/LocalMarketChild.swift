import Foundation
import OpenMarketContract
import SellerShell

#if canImport(Glibc)
import Glibc
#endif

/// The local market, `openmarket-server local`, running as this program's child: started for
/// the shell when no server is named, and by `openmarket test` for each file it grades (see
/// `LocalMarketHandoff.swift` in OpenMarketContract). This program does not link the market.
///
/// The child runs in a process group of its own, so Ctrl-C and Ctrl-Z at the shell's prompt
/// never reach it, with /dev/null for its standard streams, and without the environment's
/// vendor login. It serves until this program closes its socket (`stop`) or ends in any way.
struct LocalMarketChild: Sendable {
    let pid: pid_t
    private let socket: Int32
    /// Where it listens, as whom the shell logs in, what `--reset-local` removed.
    let started: LocalMarketStarted

    var baseURL: URL { started.url }
    var demoCredentials: VendorCredentials { started.demoCredentials }
    var dataDirectory: URL { URL(fileURLWithPath: started.dataDirectory, isDirectory: true) }

    static let program = "openmarket-server"
    /// How long the market may take to say it listens (a large data folder's migration).
    static let patience: Duration = .seconds(60)
    /// How long it may take to end once stopped, its requests in flight finished.
    static let stopping: Duration = .seconds(20)

    /// Why the market did not start, a sentence in the reader's language; and how many products
    /// `--reset-local` removed before that, if it did.
    struct Failure: Error {
        var sentence: String
        var removed: Int?
        /// Ctrl-C stopped it.
        var interrupted = false
    }

    /// Starts the market as `request` asks and returns once it listens.
    static func start(_ request: LocalMarketRequest) async throws(Failure) -> LocalMarketChild {
        let found = SiblingProgram.path(of: program)
        guard let path = found, access(path, X_OK) == 0 else {
            throw Failure(sentence: ProgramMessage.marketProgramMissing(found ?? program).text)
        }
        guard let (own, childEnd) = SiblingProgram.socketPair() else {
            throw Failure(sentence: ProgramMessage.cannotStartMarketProgram(path, String(cString: strerror(errno))).text)
        }
        let errorLog = Self.errorLog(in: request.dataDirectory)
        let spawning = SiblingProgram.Spawning(
            inheritsStreams: false, ownProcessGroup: true,
            withoutVariables: ["OPENMARKET_IDENTIFIER", "OPENMARKET_SECRET"], errorLog: errorLog)
        let result = SiblingProgram.spawn(
            path, arguments: request.arguments(descriptor: SiblingProgram.descriptor), socket: childEnd,
            defaultSignals: [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU], spawning)
        close(childEnd)
        let pid: pid_t
        switch result {
        case .success(let started): pid = started
        case .failure(let error):
            close(own)
            throw Failure(sentence: ProgramMessage.cannotStartMarketProgram(path, error.description).text)
        }
        // Ctrl-C while it starts (a market that says nothing is waited for a minute) stops it:
        // killed, its socket ends, and the reading with it. It is not reaped before the reading
        // ends, so the kill reaches no other process.
        let reading = await withTaskCancellationHandler {
            await SiblingProgram.onThread { LocalMarketReply.read(from: own, timeout: patience) }
        } onCancel: {
            kill(-pid, SIGKILL)
        }
        if case .reply(.started(let started)) = reading, !Task.isCancelled {
            return LocalMarketChild(pid: pid, socket: own, started: started)
        }
        close(own)
        // Said something else, or nothing in time, or stopped: not waited for longer.
        let stopped = reading == .unreadable || reading == .timedOut || Task.isCancelled
        let status = await SiblingProgram.wait(for: pid, killingAfter: stopped ? .zero : stopping, group: true)
        if Task.isCancelled { throw Failure(sentence: Message.cancelled.text, interrupted: true) }
        switch reading {
        case .reply(.failed(let sentence, let removed)): throw Failure(sentence: sentence, removed: removed)
        case .timedOut:
            throw Failure(sentence: ProgramMessage.marketSaidNothing(seconds: Int(patience.components.seconds)).text)
        case .unreadable: throw Failure(sentence: ProgramMessage.marketSaidNoReply(path).text)
        case .ended, .reply(.started):
            let said = errorLog.flatMap(Self.firstWords)
            throw Failure(
                sentence: ProgramMessage.marketEndedAtOnce(
                    SiblingProgram.describe(status), said: said, log: said == nil ? nil : errorLog
                ).text)
        }
    }

    /// The file the market's standard error goes to, in its data folder (made as the market makes
    /// it, 0700, when missing): what a market that ends before it listens wrote (a crash's
    /// `Fatal error: …`) is said, not lost. Nil when the folder cannot be made; then /dev/null.
    static func errorLog(in folder: String) -> String? {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return nil
        }
        return (folder as NSString).appendingPathComponent("market-errors.log")
    }

    /// The first line of `log` that says something, controls made visible and cut to 200
    /// columns; nil when it says nothing.
    static func firstWords(_ log: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: log) else { return nil }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: 4096)) ?? Data()
        let line = String(decoding: start, as: UTF8.self).split(whereSeparator: \.isNewline)
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return line.map { TextLayout.visible(String($0), limit: 200) }
    }

    /// Stops the market: it finishes the requests in flight, closes its database and ends.
    /// Returns once it has ended, so its files are complete.
    func stop() async {
        close(socket)
        _ = await SiblingProgram.wait(for: pid, killingAfter: Self.stopping, group: true)
    }
}
