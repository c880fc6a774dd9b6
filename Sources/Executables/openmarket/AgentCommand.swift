import AgentMode
import ArgumentParser
import Foundation
import OpenMarketContract
import SellerShell
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `openmarket mcp`: the shell's commands served to an AI assistant over MCP on standard input
/// and output (see docs/agents.md). It logs in as the shell does (profile, environment, or the
/// embedded local market and its demo vendor), reads files only under `--folder` (none without
/// it; never `/`, the home folder or a folder holding the shell's settings), writes only to a
/// scratch folder of its own, and talks only to its market. Standard output carries MCP alone; every note goes to standard error.
extension OpenMarketCommand {
    /// The words after `mcp`, or the usage error they make.
    func agentOptions() throws -> AgentServerOptions {
        do throws(AgentFailure) {
            return try AgentServerOptions.parse(Array(script.dropFirst()))
        } catch {
            throw ValidationError(error.text)
        }
    }

    /// The program's options that make no sense for a server of tools.
    func validateAgentMode() throws {
        let scriptOptions = continueOnError || dryRun || resume || restart || step || journal != nil
        if !commands.isEmpty || record != nil || json || scriptOptions || reportJUnit != nil || reportTAP != nil
            || !variables.isEmpty
        {
            throw ValidationError(ServerMessage.excludedOptions.text)
        }
        if let lang, Language(choice: lang) == nil { throw ValidationError(ProgramMessage.langTakes(lang).text) }
    }

    /// Serves until the client closes standard input, then stops the embedded market.
    func serveAgent(_ options: AgentServerOptions) async throws {
        let environment = ProcessInfo.processInfo.environment
        let profiles = ProfileStore()
        let folder = try options.folder.map { try Self.agentFolder($0, environment: environment) }
        let target = try await connection(environment, profiles: profiles)
        let scratch = try Self.agentScratchFolder()
        let configuration = shellConfiguration(target, profiles: profiles, color: false, environment: environment)
        let access = AgentAccess.policy(folder: folder, scratch: scratch, market: target.serverURL)
        let sessions = AgentSessions(
            configuration: configuration, environment: environment, access: access, limits: options.limits)
        let agent = AgentServer(
            sessions: sessions, limits: options.limits, readsFiles: folder != nil,
            shelf: folder.map { FolderShelf(folder: $0, access: access) },
            scratch: URL(fileURLWithPath: scratch.string, isDirectory: true))
        Self.complain(
            ServerMessage.serving(
                server: target.serverURL.absoluteString, vendor: target.vendorName, folder: folder?.string,
                scratch: scratch.string
            ).text, prefixed: false)
        if target.credentials == nil {
            Self.complain(ServerMessage.notLoggedIn(server: target.serverURL.absoluteString).text, prefixed: false)
        }
        let secrets = [target.credentials?.secret.revealed, environment["OPENMARKET_SECRET"]].compactMap { $0 }
        do {
            try await agent.serveStandardStreams(guarding: SecretGuard(secrets: secrets)) { count in
                Self.complain(ServerMessage.secretsMasked(count: count).text, prefixed: false)
            }
        } catch {
            if let embedded = target.embedded { await embedded.stop() }
            throw error
        }
        Self.complain(ServerMessage.stopped.text, prefixed: false)
        if let embedded = target.embedded { await embedded.stop() }
        // Kept when the assistant wrote something there (it was named at the start).
        rmdir(scratch.string)
    }

    /// `--folder DIR` as its real path, made the working directory so that a relative path
    /// names a file in it; refused (status 2, one line) when it is missing, or is `/`, the home
    /// folder or a folder holding the shell's settings.
    static func agentFolder(_ given: String, environment: [String: String]) throws -> FilePath {
        let path = PathExpansion.expandTilde(given, environment: environment)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
            let real = AccessPolicy.realPath(path)
        else {
            complain(ServerMessage.folderMissing(given).text)
            throw ExitCode(usageStatus)
        }
        if let exposure = AgentAccess.exposure(of: real, environment: environment) {
            complain(ServerMessage.folderTooWide(given, exposure).text)
            throw ExitCode(usageStatus)
        }
        guard FileManager.default.changeCurrentDirectoryPath(real.string) else {
            complain(ServerMessage.folderMissing(given).text)
            throw ExitCode(usageStatus)
        }
        return real
    }

    /// A new folder of this run under the temporary directory, for what the assistant writes.
    static func agentScratchFolder() throws -> FilePath {
        var template = Array((FileManager.default.temporaryDirectory.path + "/openmarket-mcp-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else {
            complain(ServerMessage.cannotMakeScratchFolder(String(cString: strerror(errno))).text)
            throw ExitCode(1)
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return AccessPolicy.realPath(path) ?? FilePath(path)
    }
}
