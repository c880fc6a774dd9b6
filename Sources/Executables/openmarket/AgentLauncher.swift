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
/// does what only it does: its options, the login (profile, environment, or the local market it
/// starts and later stops). It starts the child with the words after `mcp` and
/// standard input, output and error inherited, waits for it to check them, then hands it the
/// session's settings over an inherited socket (`AgentHandoff`): never in its arguments or
/// environment. SIGTERM, SIGINT and SIGHUP are passed on to it; the program leaves as it did.
/// Killed (SIGKILL), this program cannot pass anything on: the child then sees the socket hang up
/// and stops by itself (`AgentChild.served`).
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
        let status = await child.served()
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

    /// Starts the child, or ends this program with one line (status 1) when it cannot.
    static func start(words: [String]) throws -> AgentChild {
        guard let path = SiblingProgram.path(of: "openmarket-mcp"), access(path, X_OK) == 0 else {
            OpenMarketCommand.complain(
                ProgramMessage.agentProgramMissing(SiblingProgram.path(of: "openmarket-mcp") ?? "openmarket-mcp").text)
            throw ExitCode(1)
        }
        guard let (own, childEnd) = SiblingProgram.socketPair() else {
            OpenMarketCommand.complain(
                ProgramMessage.cannotStartAgentProgram(path, String(cString: strerror(errno))).text)
            throw ExitCode(1)
        }
        defer { close(childEnd) }
        // Ignored here from now on: each is passed on to the child (`SignalForwarding`), which gets
        // the default actions back.
        for number in SignalForwarding.passedOn { signal(number, SIG_IGN) }
        let arguments = AgentHandoff.arguments(descriptor: SiblingProgram.descriptor, language: .current, words: words)
        let result = SiblingProgram.spawn(
            path, arguments: arguments, socket: childEnd, defaultSignals: SignalForwarding.passedOn + [SIGPIPE, SIGQUIT])
        guard case .success(let pid) = result else {
            if case .failure(let error) = result {
                OpenMarketCommand.complain(
                    ProgramMessage.cannotStartAgentProgram(path, error.description).text)
            }
            close(own)
            throw ExitCode(1)
        }
        return AgentChild(pid: pid, socket: own)
    }

    /// Whether the child found its words good (false: it ended, having said why).
    func ready() async -> Bool {
        let socket = socket
        return await SiblingProgram.onThread { AgentHandoff.awaitReady(socket) }
    }

    /// Hands the session's settings over; a child gone meanwhile is seen when it is waited for.
    func hand(_ handoff: AgentHandoff) {
        _ = handoff.write(to: socket)
    }

    /// Closes this end (a child still waiting for its handoff leaves quietly) and waits for the
    /// child to end; answers its wait status.
    func end() async -> Int32 {
        close(socket)
        return await SiblingProgram.wait(for: pid)
    }

    /// Waits for a child that has its handoff to end, this end kept open meanwhile: it closes
    /// only when this program ends, in whatever way, and the child then stops (`endWhenGone` in
    /// `AgentService.swift`). Answers its wait status.
    func served() async -> Int32 {
        let status = await SiblingProgram.wait(for: pid)
        close(socket)
        return status
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
