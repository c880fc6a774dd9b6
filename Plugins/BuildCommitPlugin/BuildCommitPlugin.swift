import Foundation
import PackagePlugin

/// Writes the commit the programs are built from into the `BuildCommit` target, so that
/// `openmarket --version` and `openmarket-server --version` can print it: an installed binary
/// cannot ask git at run time, so the commit is fixed when it is compiled.
///
/// Why a prebuild command and not a file the scripts write: every build (`swift build`,
/// `swift test`, `scripts/install`, the release build of `scripts/openmarket`) then stamps the
/// same way, and nothing generated sits in the tree or in git. It costs one `git rev-parse` and
/// one `git diff --quiet` per build (milliseconds, no index lock: `GIT_OPTIONAL_LOCKS=0`). The
/// file is rewritten only when its text changes, so a build on the same commit compiles nothing
/// again, and a new commit recompiles this one small target and relinks the two programs, not
/// every module. A tarball without `.git`, a folder inside some other repository, or no git at
/// all gives `nil`: the programs then say "unknown commit" and never fail.
@main
struct BuildCommitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildCommitValue.swift")
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        return [
            .prebuildCommand(
                displayName: "Stamping the commit into \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "stamp", output.path, context.package.directoryURL.path],
                environment: environment,
                outputFilesDirectory: context.pluginWorkDirectoryURL)
        ]
    }

    /// `$1` the file to write, `$2` the package folder. The commit is taken only when the package
    /// folder is itself the top of a git work tree.
    static let script = #"""
        out=$1 dir=$2 value=nil
        top=$(git -C "$dir" rev-parse --show-toplevel 2>/dev/null) && [ "$top" -ef "$dir" ] &&
            commit=$(git -C "$dir" rev-parse --short=12 HEAD 2>/dev/null) && {
                if git -C "$dir" diff --quiet HEAD -- 2>/dev/null; then value="\"$commit\""
                else value="\"$commit, with uncommitted changes\""; fi
            }
        text="// Generated at build time by Plugins/BuildCommitPlugin; not in git.
        let buildCommitValue: String? = $value"
        [ -f "$out" ] && [ "$(cat "$out")" = "$text" ] || printf '%s\n' "$text" >"$out"
        """#
}
