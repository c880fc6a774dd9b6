import Foundation
import LineEditor
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Synchronization
import SystemPackage
import TerminalText

/// `openmarket test FILE…`: homework that grades itself, as Hurl's `--test` does. Each script
/// runs with its `expect` checks against a fresh local market of its own (a temporary folder,
/// demo-shop logged in, neighbour-shop's products there), or against `--server URL`; one line
/// per file, a summary, exit 1 when any failed; `--report-junit FILE` and `--report-tap FILE`
/// write the results for a CI system. Journals go to a temporary folder, never beside a
/// student's file.
///
/// A graded script is someone else's: it runs with least privilege (`AccessPolicy.untrusted`):
/// it reads only its own folder, writes only a scratch folder of its run (removed with the
/// run's temporary folder), talks only to the market it is graded on, sees only the environment
/// variables given with `--env`, and has a time budget (`--time-limit`, 60 s by default).
struct ScriptTests {
    struct Outcome {
        var path: String
        var status: Int32
        /// What the run said went wrong (its error lines); empty when it passed.
        var message: [String]
        var requests: Int
        var seconds: Double
        /// It ran out of its time budget.
        var timedOut = false
        /// It never started: no scratch folder or no market for it.
        var neverRan = false
        /// Ctrl-C stopped it (and the grading with it).
        var interrupted = false

        var passed: Bool { status == 0 && !interrupted }
        /// A script that could not run at all (unreadable, refused by the whole-script check, no
        /// market to run on), that ran out of time, or that Ctrl-C stopped.
        var isError: Bool { timedOut || neverRan || interrupted || status == CommandStatus.usage.rawValue }
    }

    var files: [String]
    /// Where to run them; nil: a fresh local market for each.
    var server: (url: URL, credentials: VendorCredentials?, vendorID: Int?)?
    var variables: [String: String]
    var profiles: ProfileStore
    /// The environment variables a graded script may read (`--env NAME`).
    var environmentNames: Set<String> = []
    /// Folders a graded script may read besides its own (`--read DIR`).
    var sharedFolders: [String] = []

    /// Runs one script as `run(_:)` does, for at most `budget`: past it the run is cancelled
    /// and the file reported as an error, and grading goes on with the next. Cancelled (Ctrl-C),
    /// the run is stopped and waited for (its request, its market, its folder) and said to be
    /// stopped; nil when it was stopped before its script started (not graded), and a run that
    /// had finished anyway is reported as it finished.
    func run(_ path: String, within budget: Duration) async -> Outcome? {
        let started = ContinuousClock.now
        // A file that cannot be read is a usage error, as `run` says it, before a market is
        // started for it (before, a second went on starting one).
        if let why = ScriptReader.unreadable(PathExpansion.expandTilde(path), shownAs: path) {
            return Outcome(
                path: path, status: CommandStatus.usage.rawValue, message: [why], requests: 0,
                seconds: Self.seconds(since: started))
        }
        return await withTaskGroup(of: Outcome?.self) { group in
            group.addTask { await run(path) }
            group.addTask {
                try? await Task.sleep(for: budget)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            // Out of time, or cancelled: the run is cancelled (its request stops); wait for it to
            // let go.
            let late = first == nil ? await group.next() ?? nil : nil
            if Task.isCancelled {
                if let first, first.status != CommandStatus.interrupted.rawValue { return first }
                guard let ran = first ?? late, !ran.neverRan else { return nil }
                return Self.interrupted(path, ran: ran, since: started)
            }
            if let first { return first }
            let limit = Int(budget.components.seconds)
            var outcome = Outcome(
                path: path, status: CommandStatus.failed.rawValue,
                message: [Message.testTimeLimit(seconds: limit).text] + (late?.message ?? []),
                requests: late?.requests ?? 0, seconds: Self.seconds(since: started))
            outcome.timedOut = true
            return outcome
        }
    }

    /// Runs one script on its own market and says how it went.
    func run(_ path: String) async -> Outcome {
        let started = ContinuousClock.now
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(Self.folderPrefix)\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func failed(_ message: String) -> Outcome {
            var outcome = Outcome(path: path, status: 1, message: [message], requests: 0, seconds: Self.seconds(since: started))
            outcome.neverRan = true
            return outcome
        }
        let scratch = folder.appendingPathComponent("scratch", isDirectory: true)
        do {
            // This user's alone: what a graded script writes is its own business.
            for made in [folder, scratch] {
                try FileManager.default.createDirectory(
                    at: made, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            }
        } catch {
            return failed(ProgramMessage.cannotMakeTemporaryFolder(path: folder.path, reason: error.localizedDescription).text)
        }
        let lock = Self.lock(folder)
        defer { if lock >= 0 { close(lock) } }
        var market: LocalMarketChild?
        let url: URL
        let credentials: VendorCredentials?
        var vendorID: Int?
        if let server {
            (url, credentials, vendorID) = server
        } else {
            let request = LocalMarketRequest(
                dataDirectory: folder.appendingPathComponent("market").path, remembersPort: false, language: .current)
            do {
                let running = try await LocalMarketChild.start(request)
                market = running
                (url, credentials) = (running.baseURL, running.demoCredentials)
                vendorID = running.started.demoVendor?.id
            } catch {
                return failed(ProgramMessage.cannotStartTestMarket(error.sentence).text)
            }
        }
        let console = GradingConsole(script: path)
        var configuration = ShellConfiguration(
            serverURL: url, credentials: credentials, vendorName: market == nil ? nil : "demo-shop", vendorID: vendorID,
            profiles: profiles)
        configuration.environmentServer = url
        let session = ScriptSession(
            configuration: configuration, console: console, dryRun: false, variables: variables, progress: nil,
            interrupts: { InterruptMonitor.shared.presses() }, environmentNames: environmentNames)
        var options = ScriptOptions(journalPath: folder.appendingPathComponent("journal").path)
        options.access = .untrusted(
            market: url, scratch: scratch.path, environment: environmentNames, shared: sharedFolders)
        let status = await session.runScript(path: path, options: options)
        let code = await session.requestedExitCode ?? status.rawValue
        let requests = session.shell.exchanges.lastNumber
        if let market { await market.stop() }
        return Outcome(
            path: path, status: code, message: code == 0 ? [] : console.errors, requests: requests,
            seconds: Self.seconds(since: started))
    }

    /// The outcome of a file Ctrl-C stopped while its script ran, and what the run said.
    static func interrupted(_ path: String, ran: Outcome, since started: ContinuousClock.Instant) -> Outcome {
        var outcome = Outcome(
            path: path, status: CommandStatus.interrupted.rawValue, message: [Message.testInterrupted.text] + ran.message,
            requests: ran.requests, seconds: seconds(since: started))
        outcome.interrupted = true
        return outcome
    }

    /// The folders of earlier runs that ended without removing theirs (killed, or their terminal
    /// closed): `openmarket-test-PID-…` in the temporary folder, this user's, no process of that
    /// id seen, older than a minute, and its lock free. Their markets ended with them (a market
    /// serves until its program's socket ends). A run holds its folder's lock while it grades,
    /// which tells a live run in another pid namespace sharing the folder (a container) from a
    /// dead one; the age covers a run between making its folder and locking it.
    static func removeLeftovers(in temporary: URL = FileManager.default.temporaryDirectory) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(folderPrefix) {
            let fields = name.dropFirst(folderPrefix.count).split(separator: "-", maxSplits: 1)
            guard fields.count == 2, let pid = pid_t(fields[0]), pid > 0, pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            let path = temporary.appendingPathComponent(name).path
            var info = stat()
            // A real folder of this user's, not a link someone put there.
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
                time(nil) - info.st_mtim.tv_sec > 60
            else { continue }
            let lock = open(path + "/" + lockFile, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            defer { if lock >= 0 { close(lock) } }
            guard lock < 0 || flock(lock, LOCK_EX | LOCK_NB) == 0 else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The file in a run's folder whose lock the run holds while it grades.
    static let lockFile = ".lock"

    /// Takes the lock of a run's folder (`removeLeftovers`); answers its descriptor, to close
    /// when the run ends (-1 when it could not be made: the folder's age still protects it).
    static func lock(_ folder: URL) -> Int32 {
        let descriptor = open(folder.appendingPathComponent(lockFile).path, O_CREAT | O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 { _ = flock(descriptor, LOCK_EX | LOCK_NB) }
        return descriptor
    }

    /// How a run's temporary folder is named: the prefix, then its pid and a random part.
    static let folderPrefix = "openmarket-test-"

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    // MARK: What it prints and writes

    /// One line per file (`ok`/`FAIL`, the file, its requests and time), the reasons of a
    /// failure indented under it.
    static func lines(for outcome: Outcome) -> [String] {
        let ran = Message.testRan(requests: outcome.requests, seconds: String(format: "%.1f", outcome.seconds)).text
        // A file's name is the student's text: shown as product text is, never raw.
        let head = "\(outcome.passed ? "ok  " : "FAIL") \(TerminalText.visible(outcome.path)) \(ran)"
        return [head] + outcome.message.map { "     " + TerminalText.visible($0) }
    }

    /// `test: 3 passed, 1 failed` (and the time): the closing line CI systems read.
    /// After Ctrl-C (or SIGTERM, SIGHUP), the files it left ungraded too: `test: stopped: …`.
    static func summary(_ outcomes: [Outcome], notGraded: Int = 0, seconds: Double) -> String {
        let passed = outcomes.filter(\.passed).count
        let time = String(format: "%.1f", seconds)
        guard notGraded > 0 || outcomes.contains(where: \.interrupted) else {
            return Message.testSummary(passed: passed, failed: outcomes.count - passed, seconds: time).text
        }
        return Message.testSummaryInterrupted(
            passed: passed, failed: outcomes.count - passed, notGraded: notGraded, seconds: time
        ).text
    }

    /// JUnit XML as Jenkins, GitLab and GitHub read it: `testsuites` › `testsuite` › one
    /// `testcase` per file, with a `failure` (its `expect` failed, or a request) or an `error`
    /// (the script could not run at all, or Ctrl-C stopped it) holding what the run said; the
    /// files Ctrl-C left ungraded are `skipped`.
    static func junit(_ outcomes: [Outcome], notGraded: [String] = [], seconds: Double, at date: Date) -> String {
        let failures = outcomes.filter { !$0.passed && !$0.isError }.count
        let errors = outcomes.filter(\.isError).count
        let counts = "tests=\"\(outcomes.count + notGraded.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        let time = String(format: "%.3f", seconds)
        let stamp = ISO8601DateFormatter.string(from: date, timeZone: .gmt, formatOptions: [.withInternetDateTime])
        var out = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="openmarket test" \#(counts) time="\#(time)">"#,
            #"  <testsuite name="openmarket test" \#(counts) skipped="\#(notGraded.count)" time="\#(time)" "#
                + #"timestamp="\#(xml(stamp))">"#,
        ]
        for outcome in outcomes {
            let attributes = testcaseAttributes(outcome.path, seconds: outcome.seconds)
            if outcome.passed {
                out.append("    <testcase \(attributes)/>")
                continue
            }
            let element = outcome.isError ? "error" : "failure"
            let message = outcome.message.first ?? ProgramMessage.exitStatus(outcome.status).text
            out.append("    <testcase \(attributes)>")
            out.append(
                #"      <\#(element) message="\#(xml(message))" type="exit \#(outcome.status)">"#
                    + xml(outcome.message.joined(separator: "\n")) + "</\(element)>")
            out.append("    </testcase>")
        }
        for path in notGraded {
            out.append("    <testcase \(testcaseAttributes(path, seconds: 0))>")
            out.append(#"      <skipped message="\#(xml(Message.testNotGraded.text))"/>"#)
            out.append("    </testcase>")
        }
        out += ["  </testsuite>", "</testsuites>", ""]
        return out.joined(separator: "\n")
    }

    /// A `testcase`'s `name`, `classname` (its folder), `file` and `time`.
    static func testcaseAttributes(_ path: String, seconds: Double) -> String {
        let file = FilePath(path)
        let name = file.lastComponent?.string ?? path
        let classname = file.removingLastComponent().lastComponent?.string ?? ""
        return #"name="\#(xml(name))" classname="\#(xml(classname.isEmpty ? "scripts" : classname))" "#
            + #"file="\#(xml(path))" time="\#(String(format: "%.3f", seconds))""#
    }

    /// TAP 14: a plan, then `ok N - FILE` or `not ok N - FILE` with the reasons in a YAML block;
    /// a file Ctrl-C left ungraded is `ok N - FILE # SKIP` and why.
    static func tap(_ outcomes: [Outcome], notGraded: [String] = []) -> String {
        var out = ["TAP version 14", "1..\(outcomes.count + notGraded.count)"]
        // One line whatever a name holds: its line breaks and escapes made visible.
        func description(_ path: String) -> String { TerminalText.visible(path).replacingOccurrences(of: "#", with: "\\#") }
        for (index, outcome) in outcomes.enumerated() {
            out.append("\(outcome.passed ? "ok" : "not ok") \(index + 1) - \(description(outcome.path))")
            guard !outcome.passed else { continue }
            out += ["  ---", "  exit: \(outcome.status)", "  message: |"]
            out += outcome.message.map { "    " + visible($0) }
            out.append("  ...")
        }
        for (index, path) in notGraded.enumerated() {
            out.append("ok \(outcomes.count + index + 1) - \(description(path)) # SKIP \(visible(Message.testNotGraded.text))")
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Text as XML 1.0 character data or an attribute value: markup escaped, and characters XML
    /// cannot hold (controls but tab, LF and CR) written as `?`.
    static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\u{22}": out += "&quot;"  // a Unicode.Scalar: `"`
            case "\u{27}": out += "&apos;"  // a Unicode.Scalar: `'`
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += "?"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A line for a YAML block: control characters as `?`.
    static func visible(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 && $0 != "\t" ? "?" : $0 }))
    }
}

/// The console of a graded script: nobody is there to answer; what it writes is dropped, and
/// of its notes (explanations, traces, failures) those that say what went wrong are kept for
/// the report: the errors, and the lines a run says about its script (`FILE:LINE: …`).
final class GradingConsole: ShellConsole, Sendable {
    private let script: String
    private let kept = Mutex<(errors: [String], last: String?, keeping: Bool)>(([], nil, false))

    init(script: String) { self.script = script }

    var errors: [String] {
        kept.withLock { kept in kept.errors.isEmpty ? kept.last.map { [$0] } ?? [] : kept.errors }
    }

    func write(_ text: String) {}
    func note(_ text: String) { note(text, kind: .info) }
    func note(_ text: String, kind: NoteKind) {
        // A line about the script is one line, whatever its file's name holds (a line break).
        let lines =
            text.hasPrefix(script + ":") ? [text] : text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        kept.withLock { kept in
            kept.last = lines.last ?? kept.last
            // The indented lines under a kept one are its details (`register`'s problems).
            let detail = kept.keeping && text.hasPrefix("  ")
            kept.keeping = kind == .error || text.hasPrefix(script + ":") || detail
            if kept.keeping { kept.errors += lines }
        }
    }
    func ask(_ prompt: String) -> String? { nil }
    func askSecret(_ prompt: String) -> String? { nil }
    var isInteractive: Bool { false }
    func history() -> [String] { [] }
    func addToHistory(_ line: String) {}
    func askPath(_ prompt: String) -> String? { nil }
    func editFile(at path: String) -> EditorOutcome { .noTerminal }
    func page(_ text: String) {}
}

/// SIGTERM (a CI job's time-out) and SIGHUP (its terminal closed) while `openmarket test` grades:
/// each stops the grading as Ctrl-C does (`InterruptMonitor.simulatePress`), so the file being
/// graded is stopped with its market and folder, and the summary and the reports are still
/// written; `came` then says which came, for the program to leave with its status. A signal the
/// program was started with ignored (`nohup`) stays ignored.
struct GradingStop {
    /// The first of them that came, shared with their handlers.
    private final class Received: Sendable {
        let signal = Mutex<Int32?>(nil)
    }

    private let received = Received()
    private let sources: [any DispatchSourceSignal]

    init() {
        let received = received
        sources = [SIGTERM, SIGHUP].compactMap { number in
            guard !InterruptMonitor.isIgnored(number) else { return nil }
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                received.signal.withLock { $0 = $0 ?? number }
                InterruptMonitor.shared.simulatePress()
            }
            source.resume()
            return source
        }
    }

    /// SIGTERM or SIGHUP, if one came.
    var came: Int32? { received.signal.withLock { $0 } }
}
