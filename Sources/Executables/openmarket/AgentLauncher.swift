import ArgumentParser
import Foundation
import OpenMarketContract
import SellerShell
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `openmarket mcp`: agent mode, served by its own program, `openmarket-mcp`, beside this one
/// (the shell links neither the MCP SDK nor what it brings; docs/benchmarks.md). This program
/// does what only it does: its options, the login (profile, environment, or the embedded local
/// market it starts and later stops). It starts the child with the words after `mcp` and
/// standard input, output and error inherited, waits for it to check them, then hands it the
/// session's settings over an inherited socket (`AgentHandoff`): never in its arguments or
/// environment. SIGTERM, SIGINT and SIGHUP are passed on to it; the program leaves as it did.
extension OpenMarketCommand {
    /// The program's options that make no sense for a server of tools.
    func validateAgentMode() throws {
        let scriptOptions = continueOnError || dryRun || resume || restart || step || journal != nil
        let reports = reportJUnit != nil || reportTAP != nil
        if !commands.isEmpty || record != nil || json || scriptOptions || reports || !variables.isEmpty {
            throw ValidationError(ProgramMessage.agentExcludesOptions.text)
        }
        if let lang, Language(choice: lang) == nil {
            throw ValidationError(ProgramMessage.langTakes(lang).text)
        }
    }

    /// Starts `openmarket-mcp`, logs in once its words are good, and waits for it to end.
    func runAgent(_ words: [String]) async throws {
        let child = try AgentChild.start(words: words)
        let forwarding = SignalForwarding(to: child.pid)
        // A usage error (status 2) or a refused --folder: the child said so, and nothing started.
        guard await child.ready() else { return try Self.leave(as: await child.end(), forwarding) }
        let environment = ProcessInfo.processInfo.environment
        let profiles = ProfileStore()
        let target: Connection
        do {
            target = try await connection(environment, profiles: profiles)
        } catch {
            // Told nothing, the child leaves quietly; this program says why.
            _ = await child.end()
            forwarding.cancel()
            throw error
        }
        let configuration = shellConfiguration(
            target, profiles: profiles, color: false, environment: environment)
        child.hand(AgentHandoff(configuration))
        let status = await child.end()
        if let embedded = target.embedded { await embedded.stop() }
        try Self.leave(as: status, forwarding)
    }

    /// Leaves as the child did: its exit status, or killed by the same signal.
    static func leave(as status: Int32, _ forwarding: SignalForwarding) throws {
        forwarding.cancel()
        let signalNumber = status & 0x7f
        guard signalNumber != 0 else {
            let code = (status >> 8) & 0xff
            if code != 0 { throw ExitCode(code) }
            return
        }
        signal(signalNumber, SIG_DFL)
        kill(getpid(), signalNumber)
        throw ExitCode(128 + signalNumber)
    }
}

/// `openmarket-mcp` running as this program's child, and this program's end of the socket it
/// reads the handoff from.
struct AgentChild: Sendable {
    let pid: pid_t
    let socket: Int32

    /// The descriptor the child finds the socket on.
    static let descriptor: Int32 = 3

    /// `openmarket-mcp` beside this program's own executable (`/proc/self/exe`), nil when it
    /// cannot be found.
    static func programPath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let own = FilePath(
            String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        return own.removingLastComponent().appending("openmarket-mcp").string
    }

    /// Starts the child, or ends this program with one line (status 1) when it cannot.
    static func start(words: [String]) throws -> AgentChild {
        guard let path = programPath(), access(path, X_OK) == 0 else {
            OpenMarketCommand.complain(
                ProgramMessage.agentProgramMissing(programPath() ?? "openmarket-mcp").text)
            throw ExitCode(1)
        }
        var ends: [Int32] = [-1, -1]
        guard
            socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
                == 0,
            // Above the descriptor it becomes in the child, so that dup2 there clears close-on-exec.
            case let childEnd = fcntl(ends[1], F_DUPFD_CLOEXEC, 10), childEnd >= 0
        else {
            OpenMarketCommand.complain(
                ProgramMessage.cannotStartAgentProgram(path, String(cString: strerror(errno))).text)
            throw ExitCode(1)
        }
        close(ends[1])
        defer { close(childEnd) }
        // Ignored here from now on: each is passed on to the child (`SignalForwarding`), which gets
        // the default actions back.
        for number in SignalForwarding.passedOn { signal(number, SIG_IGN) }
        let arguments = AgentHandoff.arguments(descriptor: descriptor, language: .current, words: words)
        let result = spawn(path, arguments: arguments, socket: childEnd)
        guard case .success(let pid) = result else {
            if case .failure(let error) = result {
                OpenMarketCommand.complain(
                    ProgramMessage.cannotStartAgentProgram(path, error.description).text)
            }
            throw ExitCode(1)
        }
        return AgentChild(pid: pid, socket: ends[0])
    }

    /// `posix_spawn` of `path`: standard streams and the environment inherited, the socket on
    /// `descriptor`, no signal blocked or ignored.
    static func spawn(_ path: String, arguments: [String], socket: Int32) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, socket, descriptor)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in SignalForwarding.passedOn + [SIGPIPE, SIGQUIT] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        return status == 0 ? .success(pid) : .failure(Errno(rawValue: status))
    }

    /// Whether the child found its words good (false: it ended, having said why).
    func ready() async -> Bool {
        let socket = socket
        return await Self.onThread { AgentHandoff.awaitReady(socket) }
    }

    /// Hands the session's settings over; a child gone meanwhile is seen when it is waited for.
    func hand(_ handoff: AgentHandoff) {
        _ = handoff.write(to: socket)
    }

    /// Closes this end (a child still waiting for its handoff leaves quietly) and waits for the
    /// child to end, on a thread of its own; answers its wait status.
    func end() async -> Int32 {
        close(socket)
        let pid = pid
        return await Self.onThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return status
        }
    }

    /// `body`, which blocks, on a thread of its own rather than on the concurrency pool.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }
}

/// SIGTERM, SIGINT and SIGHUP sent to this program, passed on to the child while it runs.
struct SignalForwarding {
    static let passedOn: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    private let sources: [any DispatchSourceSignal]

    init(to pid: pid_t) {
        sources = Self.passedOn.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { kill(pid, number) }
            source.resume()
            return source
        }
    }

    /// Stops passing them on (the child has ended).
    func cancel() {
        for source in sources { source.cancel() }
    }
}
