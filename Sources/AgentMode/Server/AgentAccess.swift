import Foundation
import OpenMarketContract
import SellerShell
import SystemPackage

/// What `openmarket mcp` lets its tools touch, built in this one place for the program and the
/// tests alike: files read only under `--folder` (none at all without it) and what the run
/// wrote itself, files written only to the run's scratch folder, never one replaced, requests
/// only to its market, no environment variable. A path is judged after `~`, `..` and every
/// link in it are resolved, before the file is opened (`AccessPolicy.readable`).
public enum AgentAccess {
    /// The policy of a server reading `folder` (a real path; nil: no files), writing `scratch`
    /// (a real path) and talking to `market`.
    public static func policy(folder: FilePath?, scratch: FilePath, market: URL) -> AccessPolicy {
        var policy = AccessPolicy(
            readFolders: [folder, scratch].compactMap { $0 }, writeFolder: scratch, market: market, environmentNames: [],
            mayForce: false)
        policy.reader = .agent(hasFolder: folder != nil)
        return policy
    }

    /// Why `folder` (a real path) may not be the folder the model reads, nil when it may: the
    /// root, the home folder itself, or a folder holding (or inside) the shell's saved logins,
    /// its state or a local market's data, as `environment` places them.
    public static func exposure(of folder: FilePath, environment: [String: String]) -> ServerMessage.FolderExposure? {
        if folder.components.isEmpty { return .root }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        if folder == real(home) { return .home }
        let kept = [
            XDGDirectories.configHome(environment), XDGDirectories.stateHome(environment),
            XDGDirectories.dataHome(environment).appendingPathComponent("openmarket", isDirectory: true),
        ]
        for url in kept {
            let path = real(url.path)
            if path.starts(with: folder) || folder.starts(with: path) { return .settings(path.string) }
        }
        return nil
    }

    /// `path` with its links resolved, as far as it exists; lexically normalised otherwise.
    static func real(_ path: String) -> FilePath {
        AccessPolicy.realPath(path) ?? FilePath(path).lexicallyNormalized()
    }
}
