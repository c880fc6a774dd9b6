import Foundation
import OpenMarketContract
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// What files and markets a command may touch: one value in the command's context
/// (`CommandContext.access`) that every reader, writer and server switch asks, so a rule is
/// kept in one place, not once per command.
///
/// A person's own session is `unrestricted` (but `--force` from inside a script of theirs needs
/// `--allow-force`). An untrusted script (`openmarket test`, `openmarket run --untrusted`) gets
/// least privilege: it reads only its own folder (and what it wrote), writes only the run's
/// scratch folder and never replaces a file, talks only to the market it was started on, and
/// sees only the environment variables named with `--env`.
///
/// Reads are checked on the file's real path (`realpath(3)`: every symbolic link, in any
/// component, resolved; `..` taken away), which must lie inside the real path of an allowed
/// folder, and the reader is handed that real path, so a link in the script's folder that points
/// out is refused, not followed. What remains is a swap of a folder between the check and the
/// open, which only another process on the machine could make: an untrusted script makes no
/// links and writes nowhere but its scratch folder.
public struct AccessPolicy: Sendable, Equatable {
    /// The folders (real paths) files may be read from; nil: anywhere.
    public var readFolders: [FilePath]?
    /// The folder (real path) files are written to, relative paths starting there; nil: anywhere.
    public var writeFolder: FilePath?
    /// The only market requests may go to; nil: any.
    public var market: URL?
    /// The environment variables `${env.NAME}` (and the shell) may read; nil: all.
    public var environmentNames: Set<String>?
    /// Whether `--force` (replacing a file) is allowed.
    public var mayForce: Bool
    /// Whom the confinement is for, so a refusal names the rule that person knows.
    public var reader: Reader = .untrustedScript

    /// Who runs under a confined policy.
    public enum Reader: Sendable, Equatable {
        /// `openmarket test`, `openmarket run --untrusted`: the script's folder.
        case untrustedScript
        /// `openmarket mcp`: its `--folder` (no folder at all when `hasFolder` is false).
        case agent(hasFolder: Bool)
    }

    public init(
        readFolders: [FilePath]? = nil, writeFolder: FilePath? = nil, market: URL? = nil,
        environmentNames: Set<String>? = nil, mayForce: Bool = true
    ) {
        self.readFolders = readFolders
        self.writeFolder = writeFolder
        self.market = market
        self.environmentNames = environmentNames
        self.mayForce = mayForce
    }

    /// A person's own session: anything.
    public static let unrestricted = AccessPolicy()

    /// A person's own script: anything, but `--force` only with `--allow-force`.
    public static func ownScript(allowForce: Bool) -> AccessPolicy { AccessPolicy(mayForce: allowForce) }

    /// An untrusted script's rights before it is known where it lives (`confiningReads(to:)`
    /// adds its folder): `scratch` to write in, `market` to talk to, `environment` to read.
    /// `shared`: folders it may read too (a class's photos, `--read DIR`).
    public static func untrusted(
        market: URL, scratch: String, environment: Set<String>, shared: [String] = []
    ) -> AccessPolicy {
        let folder = Self.realPath(scratch) ?? FilePath(scratch).lexicallyNormalized()
        let others = shared.map { Self.realPath($0) ?? FilePath($0).lexicallyNormalized() }
        return AccessPolicy(
            readFolders: [folder] + others, writeFolder: folder, market: market, environmentNames: environment,
            mayForce: false)
    }

    /// Whether this is an untrusted script's policy (reads are confined).
    public var isUntrusted: Bool { readFolders != nil }

    /// The same rights, reads confined to `folder` too (a script's own folder); unchanged when
    /// reads are not confined.
    public func confiningReads(to folder: String) -> AccessPolicy {
        guard var folders = readFolders else { return self }
        let real = Self.realPath(folder) ?? FilePath(folder).lexicallyNormalized()
        if !folders.contains(real) { folders.insert(real, at: 0) }
        var policy = self
        policy.readFolders = folders
        return policy
    }

    // MARK: The four questions

    /// The path to open to read `path` (absolute, as resolved from where the command runs):
    /// its real path when reads are confined; refused when that is outside the allowed folders.
    public func readable(_ path: String) throws(AccessRefusal) -> String {
        guard let folders = readFolders else { return path }
        var lexical = FilePath(path)
        if !lexical.isAbsolute { lexical = FilePath(FileManager.default.currentDirectoryPath).pushing(lexical) }
        lexical.lexicallyNormalize()
        // A path that does not exist: judged by its words, and the reader says it is missing.
        let real = Self.realPath(lexical.string) ?? lexical
        guard folders.contains(where: { real.starts(with: $0) }) else {
            switch reader {
            // Named as the path with its `..` taken out and, when a link leads elsewhere, where
            // to (it named the link's own path, inside the folder, as the file read outside).
            case .untrustedScript:
                throw AccessRefusal(.readOutside(lexical.string, resolved: real == lexical ? nil : real.string))
            case .agent(let hasFolder): throw AccessRefusal(hasFolder ? .agentReadOutside(path) : .agentReadsNoFiles(path))
            }
        }
        return real.string
    }

    /// The path to write for `typed` (as the script wrote it): relative paths start in the
    /// scratch folder; refused outside it, or when `replacing` is asked and not allowed.
    public func writable(_ typed: String, relativeTo base: String?, replacing: Bool) throws(AccessRefusal) -> String {
        if replacing { try mayReplace() }
        guard let folder = writeFolder else { return PathExpansion.resolve(typed, relativeTo: base) }
        var path = FilePath(typed)
        if !path.isAbsolute { path = folder.pushing(path) }
        path.lexicallyNormalize()
        // The folder it goes in, with its links resolved, must be the scratch folder or inside it.
        let parent = Self.realPath(path.removingLastComponent().string) ?? path.removingLastComponent()
        guard path.starts(with: folder), parent.starts(with: folder), path != folder else {
            throw AccessRefusal(reader == .untrustedScript ? .writeOutside(typed) : .agentWriteOutside(typed))
        }
        return path.string
    }

    /// Refused when `--force` is not allowed here.
    public func mayReplace() throws(AccessRefusal) {
        guard mayForce else { throw AccessRefusal(isUntrusted ? .forceUntrusted : .forceInScript) }
    }

    /// Refused when requests may not go to `url` (another market than the one started on).
    public func mayConnect(_ url: URL) throws(AccessRefusal) {
        guard let market, !Self.sameOrigin(url, market) else { return }
        throw AccessRefusal(reader == .untrustedScript ? .otherMarket(url.absoluteString) : .agentOtherMarket(url.absoluteString))
    }

    /// Whether the environment variable `name` may be read.
    public func environment(_ name: String) -> Bool { environmentNames?.contains(name) ?? true }

    /// `environment` with only the names this policy lets be read.
    public func visible(_ environment: [String: String]) -> [String: String] {
        guard let names = environmentNames else { return environment }
        return environment.filter { names.contains($0.key) }
    }

    // MARK: Helpers

    /// Scheme, host and port: the same market.
    static func sameOrigin(_ one: URL, _ other: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme == "https" ? 443 : url.scheme == "http" ? 80 : nil) }
        return one.scheme?.lowercased() == other.scheme?.lowercased() && one.host?.lowercased() == other.host?.lowercased()
            && port(one) == port(other)
    }

    /// `realpath(3)`: every link resolved; nil when the path does not exist.
    public static func realPath(_ path: String) -> FilePath? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return FilePath(String(cString: resolved))
    }
}

/// A file or market an untrusted script (or a script without `--allow-force`) may not touch:
/// one line, `refused: …`, saying what and which rule.
public struct AccessRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public var rule: AccessMessage

    public init(_ rule: AccessMessage) { self.rule = rule }

    public var description: String { rule.text }
}

/// A command's files, as its context gives them: typed paths resolved from where the command
/// runs (a script's folder) and checked against the context's `AccessPolicy`.
public struct LocalPaths: Sendable {
    /// Where relative paths start; nil: the working directory.
    public var base: String?
    public var access: AccessPolicy

    public init(base: String?, access: AccessPolicy = .unrestricted) {
        self.base = base
        self.access = access
    }

    /// The path to read for `typed` (`~` expanded, relative to `base`), or the refusal.
    public func readable(_ typed: String) throws(AccessRefusal) -> String {
        try access.readable(absolute(typed))
    }

    /// `typed` with `~` expanded, from `base` when relative; not yet checked.
    public func absolute(_ typed: String) -> String {
        PathExpansion.resolve(typed, relativeTo: base, environment: access.visible(ProcessInfo.processInfo.environment))
    }

    /// The path to write for `typed`, or the refusal.
    public func writable(_ typed: String, replacing: Bool = false) throws(AccessRefusal) -> String {
        try access.writable(typed, relativeTo: base, replacing: replacing)
    }
}
