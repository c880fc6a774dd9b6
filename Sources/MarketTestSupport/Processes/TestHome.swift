import Foundation

/// A private HOME with its own XDG folders for one run of a built program, so its local market,
/// history and profiles start empty and nothing of the person running the tests is touched.
///
/// ```swift
/// let home = try TestHome.make()
/// defer { home.remove() }
/// try home.saveProfile("shop", server: "http://127.0.0.1:8080", identifier: "…", secret: "…")
/// let result = try await ChildProcess.run(BuiltProducts.path(of: "openmarket"), ["--profile", "shop", "-c", "whoami"],
///                                         environment: home.environment)
/// ```
public struct TestHome: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root }

    /// A fresh, empty HOME under the temporary directory.
    public static func make() throws -> TestHome { TestHome(root: try Fixtures.temporaryDirectory("openmarket-home")) }

    /// Removes the whole folder.
    public func remove() { try? FileManager.default.removeItem(at: root) }

    /// HOME, XDG_DATA_HOME, XDG_STATE_HOME and XDG_CONFIG_HOME inside this folder; a UTF-8
    /// locale, NO_COLOR, this process's PATH, and `extra` on top.
    public func environment(terminal: String = "xterm", _ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "HOME": root.path, "TERM": terminal, "LANG": "C.UTF-8", "NO_COLOR": "1",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
        ]
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// `environment()` with the defaults.
    public var environment: [String: String] { environment() }

    /// The shell's history file.
    public var historyFile: URL { root.appendingPathComponent("state/openmarket/history") }

    /// Writes a saved login as `login --save NAME` would (mode 0600).
    public func saveProfile(_ name: String, server: String?, identifier: String, secret: String, vendorName: String? = nil) throws
    {
        let folder = root.appendingPathComponent("config/openmarket/profiles", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var fields: [String: String] = ["identifier": identifier, "secret": secret]
        fields["server"] = server
        fields["vendorName"] = vendorName
        let file = folder.appendingPathComponent("\(name).json")
        _ = FileManager.default.createFile(
            atPath: file.path, contents: try JSONEncoder().encode(fields), attributes: [.posixPermissions: 0o600])
    }
}
