import Foundation
import MarketTestSupport
import OpenMarketContract
import TerminalText
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The `openmarket-server` program itself: its errors are one plain line each, usage errors
/// exit with 2, and the operator's commands never make a market by accident.
@Suite("openmarket-server, the program", .serialized)
struct ServerCommandTests {
    static var binary: String { BuiltProducts.path(of: "openmarket-server") }

    func run(_ arguments: [String], input: String? = nil) async throws -> ChildProcess.Result {
        let home = try TestHome.make()
        defer { home.remove() }
        return try await ChildProcess.run(
            Self.binary, arguments, environment: home.environment, input: input, timeout: .seconds(120))
    }

    /// The lines a result printed on stderr.
    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test func aBusyPortIsSaidPlainlyInOneLine() async throws {
        let (descriptor, port) = try Loopback.socket(listen: 16)
        defer { close(descriptor) }
        let data = try Fixtures.temporaryDirectory("server-busy")
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try await run(["--port", String(port), "--data", data.path])
        #expect(result.status == 1)
        #expect(
            lines(result.stderr) == [
                "openmarket-server: port \(port) on 127.0.0.1 is already in use (another openmarket-server?); "
                    + "choose another with --port"
            ])
        #expect(!result.stderr.contains("errno"))
    }

    /// 192.0.2.1 is a documentation address (RFC 5737) that no machine here has; binding to it
    /// sends nothing anywhere.
    @Test func anAddressThisMachineDoesNotHaveIsSaidPlainly() async throws {
        let data = try Fixtures.temporaryDirectory("server-no-address")
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try await run(["--host", "192.0.2.1", "--port", "8080", "--data", data.path])
        #expect(result.status == 1)
        #expect(
            lines(result.stderr) == [
                "openmarket-server: cannot listen on 192.0.2.1: this machine has no such address; "
                    + "use 127.0.0.1, or 0.0.0.0 for every address"
            ])
    }

    /// Runs a market on a free port from bash, in a home of its own: `setup` first, then the
    /// market with `redirection` after its words, then `after`. What bash printed is the result.
    func serveFromBash(setup: String = "", redirection: String, after: String = "") async throws -> ChildProcess.Result {
        let home = try TestHome.make()
        defer { home.remove() }
        let port = try Loopback.portOutsideEphemeralRange()
        let market = "'\(Self.binary)' --port \(port) --data '\(home.root.appendingPathComponent("data").path)'"
        return try await ChildProcess.run(
            "/bin/bash", ["-c", setup + market + " " + redirection + after], environment: home.environment,
            workingDirectory: home.root, timeout: .seconds(120))
    }

    /// A market whose standard output is a pipe nobody reads (`openmarket-server | true`) ends as
    /// any program writing to a closed pipe does (SIGPIPE, status 141), at once and without a
    /// word: not a trap with a backtrace. The pipe is a FIFO whose last reader closed before the
    /// market started, so its first line always meets a closed pipe.
    @Test func aClosedPipeOnStandardOutputEndsTheMarketAsItEndsAnyFilter() async throws {
        let started = ContinuousClock.now
        let piped = try await serveFromBash(
            setup: "mkfifo out && exec 4<>out 5>out 4<&- && ", redirection: ">&5 2>market.err",
            after: "\necho \"status $?\"; cat market.err")
        #expect(piped.stdout.hasPrefix("status 141\n"), "\(piped.stdout)")
        #expect(!piped.stdout.contains("Fatal error"), "\(piped.stdout)")
        // Well under a minute on a loaded machine; a trap is also a "Fatal error" and another status.
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    /// Output that cannot be written (`> /dev/full`) ends the market with one line naming it and
    /// status 1, not a trap.
    @Test func outputThatCannotBeWrittenEndsTheMarketWithOneLine() async throws {
        let full = try await serveFromBash(redirection: ">/dev/full")
        #expect(full.status == 1, "\(full.stderr)")
        #expect(
            lines(full.stderr).last == "openmarket-server: cannot write to standard output: No space left on device",
            "\(full.stderr)")
    }

    @Test func aPortOutOfRangeIsAOneLineUsageError() async throws {
        let result = try await run(["--port", "99999"])
        #expect(result.status == 2)
        #expect(lines(result.stderr).count == 1)
        #expect(result.stderr.contains("--port must be from 1 to 65535 (got 99999)"))
    }

    @Test func anUnknownOptionIsAUsageErrorWithStatus2() async throws {
        let result = try await run(["--bogus"])
        #expect(result.status == 2)
        #expect(lines(result.stderr).count == 1)
        #expect(result.stderr.contains("--bogus"))
    }

    /// The one version of both programs: `openmarket --version` prints the same.
    @Test func versionPrintsTheVersion() async throws {
        let result = try await run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(OpenMarketVersion.current + " ("))
        let shell = try await ChildProcess.run(BuiltProducts.path(of: "openmarket"), ["--version"], timeout: .seconds(120))
        #expect(shell.stdout == result.stdout)
    }

    @Test func vendorListOnAFolderWithoutAMarketSaysSoAndCreatesNothing() async throws {
        let parent = try Fixtures.temporaryDirectory("server-no-market")
        defer { try? FileManager.default.removeItem(at: parent) }
        let empty = parent.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let missing = parent.appendingPathComponent("missing")
        for folder in [empty, missing] {
            let result = try await run(["vendor", "list", "--data", folder.path])
            #expect(result.status == 1)
            #expect(
                lines(result.stderr) == [
                    "openmarket-server: \(folder.path) holds no market (no market.sqlite); "
                        + "start one with 'openmarket-server --data \(folder.path)'"
                ])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func vendorAddRefusesANameAlreadyTaken() async throws {
        let data = try Fixtures.temporaryDirectory("server-vendors")
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try await run(["vendor", "add", "corner-shop", "--data", data.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("added vendor 2 'corner-shop'"))
        let second = try await run(["vendor", "add", "corner-shop", "--data", data.path])
        #expect(second.status == 1)
        #expect(
            lines(second.stderr) == [
                "openmarket-server: a vendor named 'corner-shop' already exists (id 2); choose another name"
            ])
        let list = try await run(["vendor", "list", "--data", data.path])
        #expect(list.stdout.components(separatedBy: "corner-shop").count == 2)
    }

    /// The program speaks the locale's language, as the shell does: its help (ArgumentParser's
    /// headings and flags too), its usage errors and what it tells its operator (before, all of
    /// it was English whatever the locale, but for `class`). Completion scripts stay English.
    @Test func theProgramSpeaksTheLocalesLanguage() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let korean = home.environment(["LANG": "ko_KR.UTF-8"])
        func run(_ arguments: [String], _ environment: [String: String]) async throws -> ChildProcess.Result {
            try await ChildProcess.run(Self.binary, arguments, environment: environment, timeout: .seconds(120))
        }
        let help = try await run(["serve", "--help"], korean)
        #expect(help.stdout.hasPrefix("개요: 마켓을 엽니다(기본 하위 명령)."), "\(help.stdout)")
        #expect(help.stdout.contains("\n옵션:\n  --host <host>           접속을 받을 주소입니다."), "\(help.stdout)")
        #expect(help.stdout.contains("(기본값: 8080)") && !help.stdout.contains("default"), "\(help.stdout)")
        let root = try await run(["--help"], korean)
        #expect(root.stdout.contains("\n하위 명령:\n  serve (기본)            마켓을 엽니다"), "\(root.stdout)")
        #expect(root.stdout.contains("  'openmarket-server help <하위 명령>'에 자세히 나옵니다."), "\(root.stdout)")
        for columns in [80, 60] {
            var narrow = korean
            narrow["COLUMNS"] = String(columns)
            for command in [[], ["serve"], ["vendor", "add"], ["class", "add"], ["class", "board"], ["reset"]] {
                let text = try await run(command + ["--help"], narrow).stdout
                let wide = text.split(separator: "\n").filter {
                    TerminalText.width(String($0)) > columns && !$0.hasPrefix("사용법:") && !$0.contains("<하위 명령>")
                }
                #expect(wide.isEmpty, "\(command) at \(columns): \(wide)")
            }
        }
        let port = try await run(["serve", "--port", "70000"], korean)
        #expect(port.status == 2)
        #expect(
            lines(port.stderr) == [
                "openmarket-server: --port는 1에서 65535 사이여야 합니다(받은 값: 70000) ('openmarket-server --help'에 자세히 나옵니다)"
            ], "\(port.stderr)")
        let hots = try await run(["serve", "--hots", "0.0.0.0"], korean)
        #expect(
            lines(hots.stderr) == [
                "openmarket-server: 알 수 없는 옵션입니다: '--hots' (혹시 '--host' 말인가요?) ('openmarket-server --help'에 자세히 나옵니다)"
            ], "\(hots.stderr)")
        let nameless = try await run(["vendor", "add"], korean)
        #expect(nameless.stderr.contains("꼭 필요한 인자가 없습니다: '<name>'"), "\(nameless.stderr)")
        // Two more of ArgumentParser's own errors (both were English).
        let extra = try await run(["vendor", "add", "a", "b", "c"], korean)
        #expect(extra.stderr.hasPrefix("openmarket-server: 예상하지 못한 인자 2개입니다: 'b', 'c' ("), "\(extra.stderr)")
        let yes = try await run(["reset", "--yes=1"], korean)
        #expect(
            yes.stderr.hasPrefix("openmarket-server: '--yes'은(는) 값을 받지 않습니다('1'이(가) 주어졌습니다) ("), "\(yes.stderr)")
        let data = home.root.appendingPathComponent("market")
        let added = try await run(["vendor", "add", "모퉁이 가게", "--data", data.path], korean)
        #expect(added.stdout.hasPrefix("판매자 2 '모퉁이 가게'을(를) 추가했습니다"), "\(added.stdout)")
        // Columns laid out by display width: the Korean name is two columns a syllable.
        let list = lines(try await run(["vendor", "list", "--data", data.path], korean).stdout)
        #expect(list.first?.hasPrefix("id    이름") == true, "\(list)")
        let starts = list.map { line -> Int in
            let identifier = line.split(separator: " ").last.map(String.init) ?? ""
            return TerminalText.width(String(line.dropLast(identifier.count)))
        }
        #expect(Set(starts).count == 1, "the identifier column starts at one place: \(list)")

        let english = try await run(["serve", "--help"], home.environment(["LANG": "C.UTF-8"]))
        #expect(english.stdout.hasPrefix("OVERVIEW: Serve the market (the default)."), "\(english.stdout)")
        #expect(english.stdout.contains("(default: 8080)"))
        let completion = try await run(["--generate-completion-script", "bash"], korean)
        #expect(completion.status == 0)
        #expect(!completion.stdout.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
    }

    @Test func resetWithoutATerminalNeedsYesAndRefusesAFolderWithoutAMarket() async throws {
        let data = try Fixtures.temporaryDirectory("server-reset")
        defer { try? FileManager.default.removeItem(at: data) }
        let none = try await run(["reset", "--yes", "--data", data.path])
        #expect(none.status == 1)
        #expect(none.stderr.contains("holds no market"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).isEmpty)

        _ = try await run(["vendor", "add", "corner-shop", "--data", data.path])
        let unasked = try await run(["reset", "--data", data.path], input: "y\n")
        #expect(unasked.status == 2)
        #expect(
            lines(unasked.stderr) == [
                "openmarket-server: reset asks before removing anything; add --yes to reset without a terminal"
            ])
        let reset = try await run(["reset", "--yes", "--data", data.path])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stdout.contains("removed 0 products"))
        let list = try await run(["vendor", "list", "--data", data.path])
        #expect(list.stdout.contains("corner-shop"))
    }
}
