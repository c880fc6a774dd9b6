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
/// never reach it, with /dev/null for its standard input and output, its standard error appended
/// to `market-errors.log` in its data directory (`errorLog`), and without the environment's
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
        let errorLog = ErrorLog(in: request.dataDirectory)
        // The child has its own copy once started.
        defer { if let errorLog { close(errorLog.descriptor) } }
        let spawning = SiblingProgram.Spawning(
            inheritsStreams: false, ownProcessGroup: true,
            withoutVariables: ["OPENMARKET_IDENTIFIER", "OPENMARKET_SECRET"], errorDescriptor: errorLog?.descriptor)
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
            let said = errorLog?.firstWords()
            throw Failure(
                sentence: ProgramMessage.marketEndedAtOnce(
                    SiblingProgram.describe(status), said: said, log: said == nil ? nil : errorLog?.path
                ).text)
        }
    }

    /// `market-errors.log` in the market's data directory, where its standard error goes: what a
    /// market that ends before it listens wrote (a crash's `Fatal error: …`) is said, not lost.
    /// Appended to, not emptied, so that a second shell's market does not wipe what the first's
    /// writes; emptied at a start only once over `largest`.
    struct ErrorLog {
        let path: String
        let descriptor: Int32
        /// Where this start's words begin.
        let start: off_t

        static let largest: off_t = 1024 * 1024

        /// Opened for appending (made 0600, and its folder 0700 as the market makes it); nil when
        /// it cannot be, and the market's standard error is then /dev/null as before.
        init?(in folder: String) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                return nil
            }
            path = (folder as NSString).appendingPathComponent("market-errors.log")
            descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return nil }
            var status = stat()
            if fstat(descriptor, &status) == 0, status.st_size > Self.largest, ftruncate(descriptor, 0) == 0 {
                start = 0
            } else {
                start = max(0, lseek(descriptor, 0, SEEK_END))
            }
        }

        /// The first line this start's market wrote that says something, controls made visible and
        /// cut to 200 columns; nil when it wrote nothing.
        func firstWords() -> String? {
            guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
            defer { try? handle.close() }
            guard (try? handle.seek(toOffset: UInt64(start))) != nil else { return nil }
            return Self.firstLine(of: (try? handle.read(upToCount: 4096)) ?? Data())
        }

        static func firstLine(of start: Data) -> String? {
            let line = String(decoding: start, as: UTF8.self).split(whereSeparator: \.isNewline)
                .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return line.map { TextLayout.visible(String($0), limit: 200) }
        }
    }

    /// Stops the market: it finishes the requests in flight, closes its database and ends.
    /// Returns once it has ended, so its files are complete.
    func stop() async {
        close(socket)
        _ = await SiblingProgram.wait(for: pid, killingAfter: Self.stopping, group: true)
    }
}
