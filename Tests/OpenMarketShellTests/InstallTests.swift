import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

/// `scripts/install` (issue 38, "installs like a tool"): the debug build's binaries installed with
/// `--from` into a temporary prefix (no release build), then used as a user would: both programs
/// from `PATH`, the shell's explanations found beside the installed binary, the bash completion
/// loaded into bash, and each man page rendered by `man -l`.
@Suite("scripts/install into a temporary prefix", .serialized)
struct InstallTests {
    static let programs = ["openmarket", "openmarket-server"]

    /// A fresh prefix with both programs installed from the folder the tests' binaries are in.
    struct Installed {
        let prefix: URL
        let home: TestHome
        var bin: URL { prefix.appendingPathComponent("bin") }
        /// A user's environment with only the prefix's bin and the system's folders on PATH.
        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            home.environment(["PATH": "\(bin.path):/usr/local/bin:/usr/bin:/bin"].merging(extra) { _, new in new })
        }
        func remove() {
            try? FileManager.default.removeItem(at: prefix)
            home.remove()
        }
    }

    static func install() async throws -> Installed {
        let prefix = try Fixtures.temporaryDirectory("openmarket-prefix")
        let home = try TestHome.make()
        let built = URL(fileURLWithPath: BuiltProducts.path(of: "openmarket")).deletingLastPathComponent()
        let script = Fixtures.packageRoot.appendingPathComponent("scripts/install").path
        let result = try await ChildProcess.run(
            script, ["--from", built.path, prefix.path], environment: home.environment(), timeout: .seconds(300))
        #expect(result.status == 0, "scripts/install failed: \(result.stderr)")
        return Installed(prefix: prefix, home: home)
    }

    /// Runs `program` as a user would, found on PATH (through env, which searches it).
    static func runFromPath(
        _ installed: Installed, _ program: String, _ arguments: [String], _ extra: [String: String] = [:]
    ) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            "/usr/bin/env", [program] + arguments, environment: installed.environment(extra), timeout: .seconds(300))
    }

    @Test func bothProgramsRunFromPathAndPrintTheVersionAndTheCommitTheyWereBuiltFrom() async throws {
        let installed = try await Self.install()
        defer { installed.remove() }
        var lines: [String] = []
        for program in Self.programs {
            let result = try await Self.runFromPath(installed, program, ["--version"])
            #expect(result.status == 0, "\(program) --version: \(result.stderr)")
            let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            lines.append(line)
            // This checkout has git, so the commit is known: 12 hex digits of a commit this repository holds.
            let match = try #require(
                line.firstMatch(of: /^(\d+\.\d+\.\d+) \(commit ([0-9a-f]{12})(, with uncommitted changes)?\)$/),
                "\(program) --version printed '\(line)'")
            #expect(String(match.1) == OpenMarketVersion.current)
            let known = try await ChildProcess.run(
                "/usr/bin/git", ["-C", Fixtures.packageRoot.path, "cat-file", "-e", "\(match.2)^{commit}"],
                environment: installed.environment(), timeout: .seconds(60))
            #expect(known.status == 0, "\(match.2) is not a commit of this repository: \(known.stderr)")
        }
        #expect(Set(lines).count == 1, "both programs are one version: \(lines)")
    }

    @Test func theInstalledShellAnswersAMarketFromPath() async throws {
        let installed = try await Self.install()
        defer { installed.remove() }
        try await TestMarket.with { market in
            let result = try await Self.runFromPath(
                installed, "openmarket", ["--server", market.baseURL.absoluteString, "-c", "health"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("OK"), "\(result.stdout)")
        }
    }

    /// `explain` reads SellerShell's resource bundle, which an installed binary finds beside itself.
    @Test func theInstalledShellFindsItsExplanationsBesideItself() async throws {
        let installed = try await Self.install()
        defer { installed.remove() }
        let bundle = installed.bin.appendingPathComponent("openmarket_SellerShell.resources/Explanations")
        for language in ["en", "ko"] {
            #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("\(language).json").path))
        }
        try await TestMarket.with { market in
            let result = try await Self.runFromPath(
                installed, "openmarket", ["--server", market.baseURL.absoluteString, "-c", "explain If-Match"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("If-Match"), "\(result.stdout)")
            #expect(result.stdout.contains("412"), "the explanation of If-Match names its refusal: \(result.stdout)")
        }
    }

    @Test func theBashCompletionLoadsAndCompletesTheServersSubcommands() async throws {
        let installed = try await Self.install()
        defer { installed.remove() }
        let completions = installed.prefix.appendingPathComponent("share/bash-completion/completions")
        for program in Self.programs {
            let loaded = try await ChildProcess.run(
                "/bin/bash",
                ["-c", "source \"$1\" && complete -p \(program)", "bash", completions.appendingPathComponent(program).path],
                environment: installed.environment(), timeout: .seconds(60))
            #expect(loaded.status == 0, "\(loaded.stderr)")
            #expect(loaded.stdout.contains("complete ") && loaded.stdout.hasSuffix(" \(program)\n"), "\(loaded.stdout)")
        }
        // TAB after `openmarket-server ` offers its subcommands.
        let completed = try await ChildProcess.run(
            "/bin/bash",
            [
                "-c",
                """
                source "$1"
                COMP_WORDS=(openmarket-server ""); COMP_CWORD=1; COMP_LINE="openmarket-server "; COMP_POINT=${#COMP_LINE}
                _openmarket-server openmarket-server "" openmarket-server
                printf '%s\\n' "${COMPREPLY[@]}"
                """,
                "bash", completions.appendingPathComponent("openmarket-server").path,
            ],
            environment: installed.environment(), timeout: .seconds(60))
        #expect(completed.status == 0, "\(completed.stderr)")
        let offered = completed.stdout.split(separator: "\n").map(String.init)
        #expect(offered.contains("serve") && offered.contains("vendor"), "\(offered)")
        for shell in ["zsh/site-functions/_openmarket", "fish/vendor_completions.d/openmarket.fish"] {
            let file = installed.prefix.appendingPathComponent("share").appendingPathComponent(shell)
            #expect(((try? Data(contentsOf: file))?.count ?? 0) > 0, "\(shell) is missing or empty")
        }
    }

    @Test func eachManPageRendersWithManL() async throws {
        let installed = try await Self.install()
        defer { installed.remove() }
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/man"),
            "no /usr/bin/man: scripts/test installs man-db and groff-base (OPENMARKET_TEST_PACKAGES)")
        for program in Self.programs {
            let page = installed.prefix.appendingPathComponent("share/man/man1/\(program).1")
            // -ww: every groff warning on stderr, so a page that renders with mistakes fails here.
            let result = try await ChildProcess.run(
                "/usr/bin/man", ["-l", page.path],
                environment: installed.environment(["MANPAGER": "cat", "MANWIDTH": "100", "MANROFFOPT": "-ww"]),
                timeout: .seconds(60))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty, "man -l \(program).1 warned: \(result.stderr)")
            for heading in ["NAME", "SYNOPSIS", "OPTIONS", "VERSION"] {
                #expect(result.stdout.contains(heading), "\(program).1 has no \(heading): \(result.stdout)")
            }
            #expect(result.stdout.contains("\(program) - "), "\(result.stdout)")
            #expect(result.stdout.contains("--version"), "\(result.stdout)")
        }
    }

    @Test func installHelpSaysThatFromInstallsWithoutBuilding() async throws {
        let script = Fixtures.packageRoot.appendingPathComponent("scripts/install").path
        let home = try TestHome.make()
        defer { home.remove() }
        let help = try await ChildProcess.run(script, ["--help"], environment: home.environment(), timeout: .seconds(60))
        #expect(help.status == 0)
        #expect(help.stdout.contains("--from DIR") && help.stdout.contains("instead of building"), "\(help.stdout)")
        let wrong = try await ChildProcess.run(script, ["--bogus"], environment: home.environment(), timeout: .seconds(60))
        #expect(wrong.status == 2 && wrong.stderr.contains("--bogus"), "\(wrong.stderr)")
    }
}
