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
    /// root, the home folder itself, a folder holding (or inside) the shell's saved logins, its
    /// state or a local market's data, as `environment` places them, a hidden folder below home
    /// (`~/.ssh`, `~/.aws`, `~/shop/.git`) and, outside home, the system's folders
    /// (``systemFolders``, `/lib…`, `/tmp` and `/var/tmp` themselves).
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
        let realHome = real(home)
        if folder.starts(with: realHome) {
            var hidden = realHome
            for component in folder.components.dropFirst(realHome.components.count) {
                hidden.append(component)
                if component.string.hasPrefix(".") { return .hidden(hidden.string) }
            }
            return nil
        }
        return systemFolder(holding: folder).map { .system($0.string) }
    }

    /// The folders of the system no `--folder` may be or lie in; `/var/tmp` and `/tmp` only
    /// themselves (a folder inside them is the person's).
    static let systemFolders = ["/etc", "/proc", "/sys", "/dev", "/boot", "/run", "/root", "/usr", "/bin", "/sbin", "/var"]

    /// The system folder `folder` is or lies in (outside home), nil when none: a top folder
    /// `/lib…` as well, `/tmp` and `/var/tmp` only themselves.
    static func systemFolder(holding folder: FilePath) -> FilePath? {
        if folder == FilePath("/tmp") || folder == FilePath("/var/tmp") { return folder }
        if folder.starts(with: FilePath("/var/tmp")) { return nil }
        if let top = folder.components.first, top.string.hasPrefix("lib") { return FilePath("/").appending(top) }
        return systemFolders.map { FilePath($0) }.first { folder.starts(with: $0) }
    }

    /// `path` with its links resolved, as far as it exists; lexically normalised otherwise.
    static func real(_ path: String) -> FilePath {
        AccessPolicy.realPath(path) ?? FilePath(path).lexicallyNormalized()
    }
}
