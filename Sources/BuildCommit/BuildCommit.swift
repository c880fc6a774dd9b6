/// The commit the programs were built from, fixed at build time by `Plugins/BuildCommitPlugin`
/// (see there for why). Only the two executables depend on this target, so a new commit
/// recompiles this file and relinks them, nothing else.
public enum BuildCommit {
    /// The abbreviated commit (`96b5b15a1b2c`, with `, with uncommitted changes` when the tree
    /// differed from it), or nil when the build had no git checkout to ask (a tarball).
    public static let value: String? = buildCommitValue
}
