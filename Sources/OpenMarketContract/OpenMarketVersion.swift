/// The version of the openmarket programs (`openmarket --version`, `openmarket-server --version`):
/// one number for the shell and the bundled server, which ship together.
public enum OpenMarketVersion {
    public static let current = "0.1.0"

    /// What `--version` prints: the version and the commit it was built from,
    /// `0.1.0 (commit 96b5b15a1b2c)`, or `0.1.0 (unknown commit)` for a build outside a git
    /// checkout. The commit comes from the `BuildCommit` target, which only the executables link.
    public static func line(commit: String?) -> String {
        "\(current) (\(commit.map { "commit \($0)" } ?? "unknown commit"))"
    }
}
