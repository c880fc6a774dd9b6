import Foundation
import MarketTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The local market as the shell's child, `openmarket-server local` (the shell does not link the
/// market): out of reach of the keys typed at the prompt, gone when the shell is, and said plainly
/// when it cannot start.
@Suite("openmarket: the local market's own program", .serialized)
struct LocalMarketChildTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    /// The fields of `/proc/PID/stat` after the command's name: state, parent, process group, …
    static func stat(of pid: pid_t) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: end)...].split(separator: " ")
    }

    /// The market the shell in `session` started: its process, once it has one (any thread of
    /// the shell may have started it, so children are found by their parent, not by the main
    /// thread's list).
    static func market(of session: PTYSession) async throws -> pid_t {
        var found: pid_t?
        _ = await eventually(within: .seconds(30)) {
            found = ChildProcesses.running(under: session.pid).first { $0.name.hasPrefix("openmarket-serv") }?.id
            return found != nil
        }
        return try #require(found, "no openmarket-server among the shell's children")
    }

    @Test func ctrlCAtThePromptReachesTheShellAndNotItsMarket() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let session = try PTYSession(executable: Self.binary, environment: home.environment)
        defer { session.terminate() }
        _ = try await blocking { try session.expect("> ", timeout: .seconds(60)) }
        let market = try await Self.market(of: session)
        // A process group of its own: the terminal's signals go to the shell's group only.
        let group = try #require(Self.stat(of: market)?.dropFirst(2).first)
        #expect(group != "\(getpgid(session.pid))")
        let status = try await blocking {
            try ShellBinaryTests.type(session, "heal\u{03}", expect: "> ")
            try ShellBinaryTests.type(session, "health\r", expect: "answers OK")
            return try ShellBinaryTests.quit(session)
        }
        #expect(status == 0, "\(session.transcript)")
        // Stopped with the shell, and waited for: the shell left no market behind.
        #expect(Self.stat(of: market) == nil || Self.stat(of: market)?.first == "Z")
    }

    @Test func theLocalMarketEndsWhenTheShellIsKilled() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let session = try PTYSession(executable: Self.binary, environment: home.environment)
        defer { session.terminate() }
        let banner = try await blocking { try session.expect("> ", timeout: .seconds(60)) }
        let port = try #require(LocalMarketOptionsTests.localPort(banner), "\(banner)")
        let market = try await Self.market(of: session)
        #expect(!Loopback.isFree(port))
        session.terminate()  // SIGKILL: the shell says nothing to its market
        let ended = await eventually(within: .seconds(30)) {
            let state = Self.stat(of: market)?.first
            return (state == nil || state == "Z") && Loopback.isFree(port)
        }
        #expect(ended, "the market (pid \(market)) still serves port \(port)")
    }

    /// Two shells open at once on one home each start a market over the same data: what one
    /// registers, the other lists (its market's list cache kept the page it had served before).
    @Test func twoShellsOnOneHomeListWhatTheOtherRegistered() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let session = try PTYSession(executable: Self.binary, environment: home.environment)
        defer { session.terminate() }
        _ = try await blocking { try session.expect("> ", timeout: .seconds(60)) }
        let before = try await blocking { try ShellBinaryTests.type(session, "list\r", expect: "products") }
        #expect(!before.contains("Second shell mug"))
        let photo = Fixtures.image("coffee-small.jpg").path
        let other = try await ChildProcess.run(
            Self.binary,
            [
                "-c",
                "register name='Second shell mug' description='Made in the other shell' price=1000 currency=KRW stock=1 "
                    + "image='\(photo)'",
            ], environment: home.environment, timeout: .seconds(120))
        #expect(other.status == 0, "\(other.stderr)")
        let after = try await blocking { try ShellBinaryTests.type(session, "list\r", expect: "products") }
        #expect(after.contains("Second shell mug"), "\(after)")
        let status = try await blocking { try ShellBinaryTests.quit(session) }
        #expect(status == 0)
    }

    @Test func aShellWithoutTheMarketsProgramSaysSoInOneLine() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        // The shell alone in a folder: linked there when the file system allows, else copied.
        let alone = home.root.appendingPathComponent("bin", isDirectory: true)
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let shell = alone.appendingPathComponent("openmarket").path
        if link(Self.binary, shell) != 0 { try FileManager.default.copyItem(atPath: Self.binary, toPath: shell) }
        let result = try await ChildProcess.run(shell, ["-c", "health"], environment: home.environment, timeout: .seconds(120))
        #expect(result.status == 1)
        #expect(
            result.stderr.split(separator: "\n") == [
                "openmarket: cannot start the local market: its program is missing: \(alone.path)/openmarket-server "
                    + "(install it beside openmarket: scripts/install)"
            ], "\(result.stderr)")
        // Homework graded with no market to run on could not run: an error, not a failure.
        let homework = home.root.appendingPathComponent("hw.om").path
        try "health\n".write(toFile: homework, atomically: true, encoding: .utf8)
        let report = home.root.appendingPathComponent("j.xml").path
        let graded = try await ChildProcess.run(
            shell, ["test", homework, "--report-junit", report], environment: home.environment, timeout: .seconds(120))
        #expect(graded.status == 1, "\(graded.stderr)")
        let junit = try String(contentsOfFile: report, encoding: .utf8)
        #expect(junit.contains(#"failures="0" errors="1""#) && junit.contains("<error "), "\(junit)")
        // With --server, the shell needs no market of its own: it goes to the one named (nothing
        // listens on port 9, so what it says is the connection's failure).
        let remote = try await ChildProcess.run(
            shell, ["--server", "http://127.0.0.1:9", "-c", "health"], environment: home.environment, timeout: .seconds(120))
        #expect(remote.status == 3, "\(remote.stderr)")
        #expect(remote.stderr.contains("cannot reach http://127.0.0.1:9"), "\(remote.stderr)")
        #expect(!remote.stderr.contains("openmarket-server"), "\(remote.stderr)")
    }

    /// A folder holding a link to the shell and, beside it, `market` as its `openmarket-server`.
    static func shellBeside(market script: String, in home: TestHome) throws -> String {
        let folder = home.root.appendingPathComponent("fake", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shell = folder.appendingPathComponent("openmarket").path
        if link(Self.binary, shell) != 0 { try FileManager.default.copyItem(atPath: Self.binary, toPath: shell) }
        let market = folder.appendingPathComponent("openmarket-server").path
        try script.write(toFile: market, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: market)
        return shell
    }

    /// The processes of a fake market `sleep 1000 & exec sleep 1000` below `parent`, once both
    /// run (at most 30 s).
    static func fakeMarket(under parent: pid_t) async -> [pid_t] {
        var started: [pid_t] = []
        _ = await eventually(within: .seconds(30)) {
            started = ChildProcesses.running(under: parent).filter { $0.name == "sleep" }.map(\.id)
            return started.count == 2
        }
        return started
    }

    /// Whether every one of `processes` has ended (waited for at most 10 s).
    static func ended(_ processes: [pid_t]) async -> Bool {
        await eventually(within: .seconds(10)) { processes.allSatisfy { stat(of: $0) == nil || stat(of: $0)?.first == "Z" } }
    }

    /// A market that says nothing is waited for a minute; Ctrl-C stops the wait at once, and the
    /// market with everything it started (its process group).
    @Test func ctrlCWhileTheMarketSaysNothingStopsItAndWhatItStarted() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let shell = try Self.shellBeside(market: "#!/bin/sh\nsleep 1000 &\nexec sleep 1000\n", in: home)
        let session = try PTYSession(executable: shell, environment: home.environment)
        defer { session.terminate() }
        let started = await Self.fakeMarket(under: session.pid)
        #expect(started.count == 2, "the fake market and its child never both ran")
        session.send("\u{03}")
        let status = try await blocking { try session.waitForExit(timeout: .seconds(20)) }
        #expect(status == 130, "\(session.transcript)")
        #expect(session.transcript.contains("cancelled"), "\(session.transcript)")
        #expect(await Self.ended(started), "the market's processes outlived the shell: \(started)")
    }

    @Test func aMarketThatAnswersSomethingElseIsStoppedAtOnceAndSaidSo() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let shell = try Self.shellBeside(market: "#!/bin/sh\necho 'hello there' >&3\nexec sleep 1000\n", in: home)
        let started = ContinuousClock.now
        let result = try await ChildProcess.run(shell, ["-c", "health"], environment: home.environment, timeout: .seconds(120))
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(result.status == 1)
        #expect(
            result.stderr.split(separator: "\n") == [
                "openmarket: cannot start the local market: \(URL(fileURLWithPath: shell).deletingLastPathComponent().path)/"
                    + "openmarket-server answered something other than where it listens, and was stopped (is it this "
                    + "version's?)"
            ], "\(result.stderr)")
    }

    /// A market that crashed at its start was said to have ended, and no more: its standard error
    /// went to /dev/null, with the crash's own words. The log is appended to (a second shell's
    /// market must not wipe what the first's writes), and each start quotes its own words.
    @Test func aMarketThatEndsAtItsStartIsQuotedAndItsWordsKept() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let shell = try Self.shellBeside(
            market: """
                #!/bin/sh
                n=$(cat "$0.count" 2>/dev/null || echo 0); n=$((n + 1)); echo "$n" > "$0.count"
                echo >&2; echo "Fatal error: start $n" >&2; echo 'at frame 0' >&2
                exit 134

                """, in: home)
        var path = ""
        for start in 1...2 {
            let result = try await ChildProcess.run(
                shell, ["-c", "health"], environment: home.environment, timeout: .seconds(120))
            #expect(result.status == 1)
            let log = try #require(
                FileManager.default.enumerator(atPath: home.root.path)?.compactMap { $0 as? String }
                    .first { $0.hasSuffix("market-errors.log") }
            )
            path = home.root.appendingPathComponent(log).path
            #expect(
                result.stderr.split(separator: "\n") == [
                    "openmarket: cannot start the local market: openmarket-server ended before it was listening (exit "
                        + "status 134): 'Fatal error: start \(start)' (all it wrote: \(path))"
                ], "\(result.stderr)")
        }
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        #expect(kept.contains("Fatal error: start 1") && kept.contains("Fatal error: start 2"), "\(kept)")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
    }

    /// A start refused for the environment's vendor id starts no market first (which the program
    /// would then leave without waiting for it to stop).
    @Test func aWrongVendorIDEndsTheProgramBeforeAnyMarketStarts() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let result = try await ChildProcess.run(
            Self.binary, ["-c", "health"], environment: home.environment(["OPENMARKET_VENDOR_ID": "demo-shop"]),
            timeout: .seconds(120))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(!result.stderr.contains("local market at"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.root.appendingPathComponent("data/openmarket/local").path))
    }

    /// The market's login reaches the shell over its socket, and the environment's never
    /// reaches the market: not in its arguments, not in its environment.
    @Test func theMarketsArgumentsAndEnvironmentHoldNoSecret() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let secret = "env-secret-\(UInt32.random(in: 0...UInt32.max))"
        let environment = home.environment(["OPENMARKET_SECRET": secret, "OPENMARKET_IDENTIFIER": "someone"])
        let session = try PTYSession(executable: Self.binary, environment: environment)
        defer { session.terminate() }
        _ = try await blocking { try session.expect("> ", timeout: .seconds(60)) }
        let market = try await Self.market(of: session)
        let arguments = try String(contentsOfFile: "/proc/\(market)/cmdline", encoding: .utf8)
        let variables = try String(contentsOfFile: "/proc/\(market)/environ", encoding: .utf8)
        let demo = try String(
            contentsOf: home.root.appendingPathComponent("data/openmarket/local/demo-vendor.json"), encoding: .utf8)
        let demoSecret = try #require(demo.firstMatch(of: #/"secret"\s*:\s*"([^"]+)"/#)?.output.1)
        for text in [arguments, variables] {
            #expect(!text.contains(secret))
            #expect(!text.contains(String(demoSecret)))
            #expect(!text.contains("OPENMARKET_IDENTIFIER"))
        }
        let words = arguments.split(separator: "\0")
        #expect(words.first?.hasSuffix("/openmarket-server") == true && words.dropFirst().first == "local", "\(words)")
    }
}
