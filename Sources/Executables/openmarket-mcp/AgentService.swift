import AgentMode
import Foundation
import OpenMarketContract
import SellerShell
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Agent mode served: the shell's commands to an AI assistant over MCP on standard input and
/// output (see docs/agents.md), as whom the shell's handoff says. It reads files only under
/// `--folder` (none without it; never `/`, the home folder or a folder holding the shell's
/// settings), writes only to a scratch folder of its own, and talks only to its market. Standard
/// output carries MCP alone; every note goes to standard error.
enum AgentService {
    /// Leaving with `status`; what is wrong was said already.
    struct Leave: Error {
        var status: Int32
    }

    /// Checks the words after `mcp` and `--folder` (a usage error: status 2, one line), tells the
    /// shell it may log in, serves as its handoff says until the client closes standard input.
    /// Answers the exit status.
    static func run(_ words: [String], handoff descriptor: Int32) async -> Int32 {
        let options: AgentServerOptions
        do throws(AgentFailure) {
            options = try AgentServerOptions.parse(words)
        } catch {
            AgentProgram.complain(error.text)
            return AgentProgram.usageStatus
        }
        let environment = ProcessInfo.processInfo.environment
        do throws(Leave) {
            let folder = try options.folder.map { given throws(Leave) in try agentFolder(given, environment: environment) }
            // No handoff after `ready`: the shell could not log in or start its market, and said why.
            guard AgentHandoff.ready(descriptor), let handoff = AgentHandoff.read(from: descriptor) else { return 1 }
            // Kept open: its hang-up says the shell is gone (`serve`). Not for a program this one
            // might start, which would keep it open after this one.
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            return try await serve(handoff, options: options, folder: folder, shell: descriptor, environment: environment)
        } catch {
            return error.status
        }
    }

    /// Serves until the client closes standard input, or the shell that started this program
    /// (`shell`: its end of the handoff's socket) is gone; the local market, if any, is the
    /// shell's to stop.
    static func serve(
        _ handoff: AgentHandoff, options: AgentServerOptions, folder: FilePath?, shell: Int32,
        environment: [String: String]
    ) async throws(Leave) -> Int32 {
        let scratch = try agentScratchFolder()
        // Only this run writes there (import's rows; each plan's and apply's folder is removed
        // after it): removed with what it holds when the run ends.
        defer { try? FileManager.default.removeItem(atPath: scratch.string) }
        endWhenGone(shell, scratch: scratch)
        let configuration = handoff.configuration(environment: environment)
        let access = AgentAccess.policy(folder: folder, scratch: scratch, market: handoff.serverURL)
        let sessions = AgentSessions(
            configuration: configuration, environment: environment, access: access, limits: options.limits)
        let agent = AgentServer(
            sessions: sessions, limits: options.limits, readsFiles: folder != nil,
            shelf: folder.map { FolderShelf(folder: $0, access: access) },
            scratch: URL(fileURLWithPath: scratch.string, isDirectory: true))
        AgentProgram.complain(
            ServerMessage.serving(
                server: handoff.serverURL.absoluteString, vendor: handoff.vendorName, folder: folder?.string,
                scratch: scratch.string
            ).text, prefixed: false)
        if configuration.credentials == nil {
            AgentProgram.complain(
                ServerMessage.notLoggedIn(server: handoff.serverURL.absoluteString).text, prefixed: false)
        }
        let secrets = [handoff.secret?.revealed, environment["OPENMARKET_SECRET"]].compactMap { $0 }
        do {
            try await agent.serveStandardStreams(guarding: SecretGuard(secrets: secrets)) { count in
                AgentProgram.complain(ServerMessage.secretsMasked(count: count).text, prefixed: false)
            }
        } catch {
            AgentProgram.complain(AgentProgramMessage.failed(sentence(for: error)).text)
            return 1
        }
        AgentProgram.complain(ServerMessage.stopped.text, prefixed: false)
        return 0
    }

    /// Ends this program once the shell that started it is gone without stopping it (killed, say,
    /// by a client that stops `openmarket mcp` with SIGKILL): served on, it would act for a login
    /// and a local market that were the shell's, the market ending with the shell. The shell
    /// keeps its end of the handoff's socket open until this program ends, so that end closes
    /// only when the shell does; the socket then hangs up, which `poll` reports whatever events
    /// are asked (none here: the shell's end of writing, after the handoff, is no hang-up).
    static func endWhenGone(_ shell: Int32, scratch: FilePath) {
        let language = Language.current
        Thread.detachNewThread {
            var watched = pollfd(fd: shell, events: 0, revents: 0)
            while poll(&watched, 1, -1) < 0, errno == EINTR {}
            try? FileManager.default.removeItem(atPath: scratch.string)
            AgentProgram.complain(ServerMessage.shellEnded.text(in: language), prefixed: false)
            // Not `exit`: the main thread may be leaving at the same moment (a client that
            // kills the shell often closes standard input too), and two `exit`s at once may run
            // the exit handlers twice. Nothing is left to flush: the line above is written.
            _exit(1)
        }
    }

    /// An error as a person reads it: its description, not a dump of its fields.
    static func sentence(for error: any Error) -> String {
        if let localized = error as? any LocalizedError, let description = localized.errorDescription {
            return description
        }
        return String(describing: error)
    }

    /// `--folder DIR` as its real path, made the working directory so that a relative path
    /// names a file in it; refused (status 2, one line) when it is missing, or is `/`, the home
    /// folder or a folder holding the shell's settings.
    static func agentFolder(_ given: String, environment: [String: String]) throws(Leave) -> FilePath {
        let path = PathExpansion.expandTilde(given, environment: environment)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
            let real = AccessPolicy.realPath(path)
        else {
            AgentProgram.complain(ServerMessage.folderMissing(given).text)
            throw Leave(status: AgentProgram.usageStatus)
        }
        if let exposure = AgentAccess.exposure(of: real, environment: environment) {
            AgentProgram.complain(ServerMessage.folderTooWide(given, exposure).text)
            throw Leave(status: AgentProgram.usageStatus)
        }
        guard FileManager.default.changeCurrentDirectoryPath(real.string) else {
            AgentProgram.complain(ServerMessage.folderMissing(given).text)
            throw Leave(status: AgentProgram.usageStatus)
        }
        return real
    }

    /// A new folder of this run under the temporary directory, for what the assistant writes.
    static func agentScratchFolder() throws(Leave) -> FilePath {
        var template = Array((FileManager.default.temporaryDirectory.path + "/openmarket-mcp-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else {
            AgentProgram.complain(ServerMessage.cannotMakeScratchFolder(String(cString: strerror(errno))).text)
            throw Leave(status: 1)
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return AccessPolicy.realPath(path) ?? FilePath(path)
    }
}
