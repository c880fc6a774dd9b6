import Foundation
import MarketTestSupport
import Testing

/// `list` through `$PAGER` (issue 12): a table taller than the terminal goes through it; not
/// with `--no-pager`, and never when standard output is not a terminal.
@Suite("openmarket: the pager", .serialized)
struct PagerBinaryTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    /// A HOME whose local market holds 12 products, and a pager script that leaves a marker.
    struct Setup {
        let home: TestHome
        let marker: URL
        var environment: [String: String] { home.environment(["PAGER": home.root.appendingPathComponent("pager.sh").path]) }
        var used: Bool { FileManager.default.fileExists(atPath: marker.path) }
    }

    func withSetup(_ body: (Setup) async throws -> Void) async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let marker = home.root.appendingPathComponent("pager-used")
        let pager = home.root.appendingPathComponent("pager.sh")
        try "#!/bin/sh\necho used >> '\(marker.path)'\ncat\n".write(to: pager, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: pager.path)
        let image = Fixtures.image("coffee-small.jpg").path
        let lines = (1...12).map {
            "register name='Paged mug \($0)' description='A mug for the pager test' price=1000 currency=KRW image='\(image)'"
        }
        let script = home.root.appendingPathComponent("seed.om")
        try (lines.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
        let seeded = try await ChildProcess.run(
            Self.binary, ["run", script.path], environment: home.environment, timeout: .seconds(300))
        #expect(seeded.status == 0, "\(seeded.stderr)")
        try await body(Setup(home: home, marker: marker))
    }

    /// Runs `openmarket -c LINE` on a terminal of 10 rows and returns what it showed.
    func onTerminal(_ line: String, _ setup: Setup) async throws -> String {
        let environment = setup.environment
        return try await blocking {
            let session = try PTYSession(executable: Self.binary, arguments: ["-c", line], environment: environment, rows: 10)
            defer { session.terminate() }
            _ = try session.waitForExit(timeout: .seconds(120))
            return session.transcript
        }
    }

    @Test func aListTallerThanTheTerminalGoesThroughThePager() async throws {
        try await withSetup { (setup: Setup) async throws in
            let shown = try await onTerminal("list", setup)
            #expect(setup.used, "\(shown)")
            #expect(shown.contains("Paged mug 12"))
        }
    }

    @Test func noPagerWritesItStraight() async throws {
        try await withSetup { (setup: Setup) async throws in
            let shown = try await onTerminal("list --no-pager", setup)
            #expect(!setup.used)
            #expect(shown.contains("Paged mug 12"))
        }
    }

    @Test func thePagerIsNotUsedWhenStdoutIsNotATerminal() async throws {
        try await withSetup { (setup: Setup) async throws in
            let result = try await ChildProcess.run(
                Self.binary, ["-c", "list"], environment: setup.environment, timeout: .seconds(300))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Paged mug 12"))
            #expect(!setup.used)
        }
    }

    @Test func aPagerThatCannotStartFallsBackToPlainOutput() async throws {
        try await withSetup { (setup: Setup) async throws in
            var environment = setup.environment
            environment["PAGER"] = "/nonexistent/pager"
            let missing = environment
            let shown = try await blocking {
                let session = try PTYSession(
                    executable: Self.binary, arguments: ["-c", "list"], environment: missing, rows: 10)
                defer { session.terminate() }
                _ = try session.waitForExit(timeout: .seconds(120))
                return session.transcript
            }
            #expect(shown.contains("was not found"), "\(shown)")
            #expect(shown.contains("Paged mug 12"))
        }
    }

    /// A pager that ignores Ctrl-\\ (as `less` and `more` do) keeps the terminal until it ends:
    /// before, the `sh` around it died of the Ctrl-\\, the prompt came back, and the pager went
    /// on reading the shell's keys.
    @Test func ctrlBackslashLeavesAPagerThatIgnoresItTheTerminal() async throws {
        try await withSetup { (setup: Setup) async throws in
            let hold = setup.home.root.appendingPathComponent("hold")
            let stubborn = setup.home.root.appendingPathComponent("stubborn-pager.sh")
            try "#!/bin/sh\ntrap '' INT QUIT\ncat\nwhile [ -e '\(hold.path)' ]; do sleep 0.1; done\necho pager done\n".write(
                to: stubborn, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stubborn.path)
            try Data().write(to: hold)
            var environment = setup.environment
            environment["PAGER"] = stubborn.path
            let pagerEnvironment = environment
            let (status, promptCame) = try await blocking {
                let session = try PTYSession(executable: Self.binary, environment: pagerEnvironment, rows: 10)
                defer { session.terminate() }
                _ = try session.expect("> ", timeout: .seconds(60))
                try session.waitForRawMode(timeout: .seconds(30))
                session.send("list\r")
                _ = try session.expect("Paged mug 12", timeout: .seconds(60))
                session.send("\u{1C}")
                // Still the pager's: no prompt comes back while it runs (read for 2 s).
                let promptCame = (try? session.expect("> ", timeout: .seconds(2))) != nil
                try FileManager.default.removeItem(at: hold)
                _ = try session.expect("pager done", timeout: .seconds(30))
                try session.waitForRawMode(timeout: .seconds(30))
                session.send("exit\r")
                return (try session.waitForExit(timeout: .seconds(20)), promptCame)
            }
            #expect(!promptCame, "the prompt came back while the pager ran")
            #expect(status == 0)
        }
    }

    /// Ctrl-C reaches the pager (here a script whose `cat` dies of it and which then lingers
    /// for 3 s, as a pager may); the shell is not interrupted, waits for the pager to end, and
    /// shows its prompt again.
    @Test func ctrlCWhileThePagerRunsLeavesTheShellRunning() async throws {
        try await withSetup { (setup: Setup) async throws in
            let slow = setup.home.root.appendingPathComponent("slow-pager.sh")
            try "#!/bin/sh\necho used >> '\(setup.marker.path)'\ncat\nsleep 3\n".write(
                to: slow, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: slow.path)
            var environment = setup.environment
            environment["PAGER"] = slow.path
            let slowEnvironment = environment
            let status = try await blocking {
                let session = try PTYSession(executable: Self.binary, environment: slowEnvironment, rows: 10)
                defer { session.terminate() }
                _ = try session.expect("> ", timeout: .seconds(60))
                session.send("list\r")
                _ = try session.expect("Paged mug 12", timeout: .seconds(60))
                session.send("\u{03}")
                _ = try session.expect("> ", timeout: .seconds(20))
                session.send("exit\r")
                return try session.waitForExit(timeout: .seconds(20))
            }
            #expect(setup.used)
            #expect(status == 0)
        }
    }
}
