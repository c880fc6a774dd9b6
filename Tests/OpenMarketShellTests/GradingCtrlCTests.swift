import Foundation
import MarketTestSupport
import Testing

/// Ctrl-C during `openmarket test`: it stops the file being graded, grades no more, and says so
/// in the summary and the reports (exit 130); nothing is left behind, not even by a run that
/// was killed before.
@Suite("openmarket test and Ctrl-C")
struct GradingCtrlCTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    /// Before, Ctrl-C was counted and dropped: every file was graded to its time limit.
    @Test func ctrlCStopsTheGradingAndTheReportsSayWhatWasNotGraded() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let stalled = try MisbehavingServer.silent()
        defer { stalled.stop() }
        let files = try Self.passingStalledAndNever(in: home)
        let junit = home.root.appendingPathComponent("grades.xml")
        let tap = home.root.appendingPathComponent("grades.tap")
        let session = try PTYSession(
            executable: Self.binary,
            arguments: [
                "test", "--server", stalled.baseURL.absoluteString, "--report-junit", junit.path, "--report-tap", tap.path,
            ] + files, environment: home.environment)
        defer { session.terminate() }
        #expect(await stalled.waitForRequests(1, timeout: .seconds(60)), "the second file's request never came")
        let started = ContinuousClock.now
        session.send("\u{03}")
        let status = try await blocking { try session.waitForExit(timeout: .seconds(30)) }
        let screen = PTYSession.visible(session.transcript)
        #expect(ContinuousClock.now - started < .seconds(20), "Ctrl-C was not acted on at once")
        #expect(status == 130, "\(screen)")
        #expect(screen.contains("ok   \(files[0]) "), "\(screen)")
        #expect(screen.contains("FAIL \(files[1]) "), "\(screen)")
        #expect(screen.contains("stopped before its end"), "\(screen)")
        #expect(!screen.contains(files[2]), "the third file was graded: \(screen)")
        #expect(screen.contains("test: stopped: 1 passed, 1 failed, 1 not graded"), "\(screen)")

        let report = try String(contentsOf: junit, encoding: .utf8)
        #expect(report.contains(#"tests="3" failures="0" errors="1""#), "\(report)")
        #expect(report.contains(#"skipped="1""#), "\(report)")
        #expect(report.contains(#"<error message="stopped before its end"#), "\(report)")
        #expect(report.contains(#"name="never.om""#) && report.contains("<skipped message=\"not graded: "), "\(report)")
        let tapText = try String(contentsOf: tap, encoding: .utf8)
        #expect(tapText.hasPrefix("TAP version 14\n1..3\nok 1 - "), "\(tapText)")
        #expect(tapText.contains("not ok 2 - \(files[1])\n"), "\(tapText)")
        #expect(tapText.contains("ok 3 - \(files[2]) # SKIP not graded: "), "\(tapText)")
    }

    /// Output to a file or a pipe (a CI log): each file's line is there as soon as the file is
    /// graded, not when the run ends; and SIGTERM (a CI job's time-out) stops the grading as
    /// Ctrl-C does, summary and reports written, status 143. Before, nothing showed until the
    /// end, and SIGTERM ended the run with no output at all.
    @Test func aCIsTimeOutStopsTheGradingWithItsReportAndEachLineIsShownAtOnce() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let stalled = try MisbehavingServer.silent()
        defer { stalled.stop() }
        let files = try Self.passingStalledAndNever(in: home)
        let tap = home.root.appendingPathComponent("grades.tap")
        let child = try ChildProcess(
            Self.binary, ["test", "--server", stalled.baseURL.absoluteString, "--report-tap", tap.path] + files,
            environment: home.environment)
        #expect(await stalled.waitForRequests(1, timeout: .seconds(60)), "the second file's request never came")
        #expect(child.stdoutSoFar.hasPrefix("ok   \(files[0]) "), "the first file's line waits: \(child.stdoutSoFar)")
        kill(child.processIdentifier, SIGTERM)
        let result = try await child.waitForExit(timeout: .seconds(30))
        #expect(result.status == 143, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("test: stopped: 1 passed, 1 failed, 1 not graded"), "\(result.stdout)")
        let tapText = try String(contentsOf: tap, encoding: .utf8)
        #expect(tapText.contains("ok 3 - \(files[2]) # SKIP not graded: "), "\(tapText)")
    }

    /// Under `nohup` (SIGHUP ignored from the start) a hangup changes nothing: the grading goes
    /// on. A review found the stop on SIGHUP took the place of that ignoring.
    @Test func aRunUnderNohupGoesOnAfterAHangup() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let stalled = try MisbehavingServer.silent()
        defer { stalled.stop() }
        let file = home.root.appendingPathComponent("stalled.om")
        try Data("GET /api/products --no-auth\n".utf8).write(to: file)
        let child = try ChildProcess(
            "/usr/bin/nohup", [Self.binary, "test", "--server", stalled.baseURL.absoluteString, file.path],
            environment: home.environment)
        #expect(await stalled.waitForRequests(1, timeout: .seconds(60)), "the file's request never came")
        // The hangup first, then SIGTERM: the run says which stopped it, and a hangup it acted on
        // would have come first (status 129).
        kill(child.processIdentifier, SIGHUP)
        kill(child.processIdentifier, SIGTERM)
        let result = try await child.waitForExit(timeout: .seconds(30))
        #expect(result.status == 143, "a hangup stopped a run started under nohup: \(result.stdout) \(result.stderr)")
    }

    /// Ctrl-C while a file's own market starts: the market is stopped with what it started, the
    /// run's temporary folder is removed, and the file, whose script never ran, is not graded
    /// (neither passed nor failed).
    @Test func ctrlCWhileAFilesMarketStartsLeavesNoFolderAndNoMarket() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let shell = try LocalMarketChildTests.shellBeside(market: "#!/bin/sh\nsleep 1000 &\nexec sleep 1000\n", in: home)
        let temporary = home.root.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let file = home.root.appendingPathComponent("homework.om")
        try Data("expect 1 == 1\n".utf8).write(to: file)
        let session = try PTYSession(
            executable: shell, arguments: ["test", file.path], environment: home.environment(["TMPDIR": temporary.path]))
        defer { session.terminate() }
        let started = await LocalMarketChildTests.fakeMarket(under: session.pid)
        #expect(started.count == 2, "the fake market and its child never both ran")
        let folders = try Self.runFolders(in: temporary)
        #expect(folders.count == 1, "the run has its folder while it grades")
        for folder in folders.map({ temporary.appendingPathComponent($0) }) {
            for made in [folder, folder.appendingPathComponent("scratch")] {
                let mode = try FileManager.default.attributesOfItem(atPath: made.path)[.posixPermissions] as? Int
                #expect(mode == 0o700, "\(made.lastPathComponent) is \(String(mode ?? 0, radix: 8))")
            }
        }
        session.send("\u{03}")
        let status = try await blocking { try session.waitForExit(timeout: .seconds(30)) }
        let screen = PTYSession.visible(session.transcript)
        #expect(status == 130, "\(screen)")
        #expect(screen.contains("test: stopped: 0 passed, 0 failed, 1 not graded"), "\(screen)")
        #expect(!screen.contains("FAIL "), "\(screen)")
        #expect(try Self.runFolders(in: temporary) == [], "the run's folder is removed")
        #expect(await LocalMarketChildTests.ended(started), "the market's processes outlived the grading: \(started)")
    }

    /// A run killed with SIGKILL cannot remove its folder: the next run removes it, and leaves
    /// alone the folder of a run still going (its process seen, or its lock held, as by a run in
    /// another pid namespace sharing the folder), one made less than a minute ago, a link put in
    /// a folder's place, and other files.
    @Test func theNextRunRemovesAKilledRunsFolderAndNothingElse() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let temporary = home.root.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let ended = try await ChildProcess.run("/bin/sh", ["-c", "echo $$"], environment: [:], timeout: .seconds(30))
        let dead = try #require(Int32(ended.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let killed = temporary.appendingPathComponent("openmarket-test-\(dead)-0badc0de", isDirectory: true)
        try FileManager.default.createDirectory(
            at: killed.appendingPathComponent("market/images"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: killed.appendingPathComponent("market/market.sqlite"))
        let running = temporary.appendingPathComponent("openmarket-test-\(getpid())-12345678", isDirectory: true)
        try FileManager.default.createDirectory(at: running, withIntermediateDirectories: true)
        let elsewhereRunning = temporary.appendingPathComponent("openmarket-test-\(dead)-22222222", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhereRunning, withIntermediateDirectories: true)
        let held = open(elsewhereRunning.appendingPathComponent(".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        defer { close(held) }
        #expect(flock(held, LOCK_EX | LOCK_NB) == 0)
        let fresh = temporary.appendingPathComponent("openmarket-test-\(dead)-33333333", isDirectory: true)
        try FileManager.default.createDirectory(at: fresh, withIntermediateDirectories: true)
        let anHourAgo = Date(timeIntervalSinceNow: -3600)
        for old in [killed, elsewhereRunning] {
            try FileManager.default.setAttributes([.modificationDate: anHourAgo], ofItemAtPath: old.path)
        }
        let elsewhere = home.root.appendingPathComponent("precious", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: elsewhere.appendingPathComponent("file"))
        let link = temporary.appendingPathComponent("openmarket-test-\(dead)-11111111")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        let other = temporary.appendingPathComponent("openmarket-test-notes")
        try Data("mine".utf8).write(to: other)

        let file = home.root.appendingPathComponent("homework.om")
        try Data("expect 1 == 1\n".utf8).write(to: file)
        let stalled = try MisbehavingServer.silent()
        defer { stalled.stop() }
        let ran = try await ChildProcess.run(
            Self.binary, ["test", "--server", stalled.baseURL.absoluteString, file.path],
            environment: home.environment(["TMPDIR": temporary.path]), timeout: .seconds(120))
        #expect(ran.status == 0, "\(ran.stdout) \(ran.stderr)")
        #expect(!FileManager.default.fileExists(atPath: killed.path), "the killed run's folder is removed")
        #expect(FileManager.default.fileExists(atPath: running.path), "a running run's folder is kept")
        #expect(FileManager.default.fileExists(atPath: elsewhereRunning.path), "a locked folder is kept")
        #expect(FileManager.default.fileExists(atPath: fresh.path), "a folder made a moment ago is kept")
        #expect(try String(contentsOf: elsewhere.appendingPathComponent("file"), encoding: .utf8) == "keep")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != nil, "the link is left")
        #expect(FileManager.default.fileExists(atPath: other.path))
    }

    /// Three files in `home`: one that passes with no request, one whose request a silent
    /// server never answers, and one after it that passes.
    static func passingStalledAndNever(in home: TestHome) throws -> [String] {
        let files = ["first.om", "stalled.om", "never.om"].map { home.root.appendingPathComponent($0).path }
        for (file, text) in zip(files, ["expect 1 == 1\n", "GET /api/products --no-auth\n", "expect 1 == 1\n"]) {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        return files
    }

    /// The `openmarket-test-…` folders in `temporary`.
    static func runFolders(in temporary: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("openmarket-test-") }
    }
}
