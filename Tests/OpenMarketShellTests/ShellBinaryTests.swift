import Foundation
import MarketTestSupport
import PTYTestSupport
import Testing

/// The `openmarket` binary itself: through a real pseudo-terminal for the interactive parts,
/// through pipes for `-c` and piped input. Each test gets its own HOME and XDG folders, so its
/// embedded market, history and profiles start empty.
@Suite("openmarket in a terminal and in pipes")
struct ShellBinaryTests {
    struct Home {
        let root: URL
        var environment: [String: String] {
            [
                "HOME": root.path, "TERM": "xterm", "LANG": "C.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "XDG_DATA_HOME": root.appendingPathComponent("data").path,
                "XDG_STATE_HOME": root.appendingPathComponent("state").path,
                "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                "NO_COLOR": "1",
            ]
        }
        var historyFile: URL { root.appendingPathComponent("state/openmarket/history") }

        static func make() throws -> Home { Home(root: try Fixtures.temporaryDirectory("openmarket-home")) }
        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static var binary: String { BuiltProducts.path(of: "openmarket") }

    func startShell(_ home: Home, _ arguments: [String] = []) throws -> PTYSession {
        let session = try PTYSession(executable: Self.binary, arguments: arguments, environment: home.environment)
        _ = try session.expect("> ", timeout: .seconds(60))
        try session.waitForRawMode(timeout: .seconds(30))
        return session
    }

    /// Types a line once the editor is ready for it, and waits for `output`.
    @discardableResult
    func type(_ session: PTYSession, _ keys: String, expect output: String) throws -> String {
        try session.waitForRawMode(timeout: .seconds(30))
        session.send(keys)
        return try session.expect(output, timeout: .seconds(60))
    }

    /// Ctrl-D once the editor is in raw mode (a ^D typed before that is eaten by the tty's
    /// cooked mode), then the exit status.
    func quit(_ session: PTYSession) throws -> Int32 {
        try session.waitForRawMode(timeout: .seconds(30))
        session.send("\u{04}")
        return try session.waitForExit(timeout: .seconds(60))
    }

    @Test func promptBannerCompletionAndHistory() throws {
        let home = try Home.make()
        defer { home.remove() }
        let session = try PTYSession(executable: Self.binary, arguments: [], environment: home.environment)
        defer { session.terminate() }
        let banner = try session.expect("> ", timeout: .seconds(60))
        #expect(banner.contains("local market at http://127.0.0.1:"))
        #expect(banner.contains("openmarket demo-shop@127.0.0.1:"))

        // Commands: "hea⇥" completes to "health".
        try type(session, "hea\t\r", expect: "answers OK")
        // Flags and "help" arguments: "help reg⇥" completes to "help register".
        try type(session, "help reg\t\r", expect: "usage: register")
        // Ctrl-R finds the earlier "health".
        try type(session, "\u{12}heal\r", expect: "answers OK")
        // Ctrl-C cancels a half-typed line; the next command runs normally.
        try session.waitForRawMode(timeout: .seconds(30))
        session.send("bogus-half-typed")
        session.send("\u{03}")
        // The reader echoes ^C; only then is the next raw-mode wait about the new line.
        try session.expect("^C", timeout: .seconds(30))
        try type(session, "whoami\r", expect: "vendor      demo-shop")
        #expect(!session.transcript.contains("unknown command 'bogus-half-typed"))
        // Ctrl-D on an empty line leaves with status 0.
        try session.waitForRawMode(timeout: .seconds(30))
        session.send("\u{04}")
        #expect(try session.waitForExit(timeout: .seconds(30)) == 0)

        let attributes = try FileManager.default.attributesOfItem(atPath: home.historyFile.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let history = try String(contentsOf: home.historyFile, encoding: .utf8)
        #expect(history.contains("health"))
        #expect(history.contains("whoami"))
    }

    @Test func registerWithACompletedPathThenShowASeenIdAndEditKorean() throws {
        let home = try Home.make()
        defer { home.remove() }
        let photos = home.root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Fixtures.imageData("coffee-small.jpg").write(to: photos.appendingPathComponent("pho-only.jpg"))
        let session = try startShell(home)
        defer { session.terminate() }
        try type(
            // "na⇥" completes the field name, "pho⇥" the file name.
            session, "register na\t우유병텀블러 description='A tumbler shaped like a milk bottle' price=3500 currency=KRW image=\(photos.path)/pho\t\r",
            expect: "registered #")
        // The id just registered is offered on TAB.
        try type(session, "show \t\r", expect: "price        ₩3,500")
        // Korean editing: type a search with two extra characters, delete them, run it.
        try type(session, "list --search 우유병텀블러XY\u{7f}\u{7f}\r", expect: "1 product")
        try type(session, "exit\r", expect: "")
        #expect(try session.waitForExit(timeout: .seconds(30)) == 0)
    }

    @Test func secretIsNotEchoedNorKept() throws {
        let home = try Home.make()
        defer { home.remove() }
        let session = try startShell(home)
        defer { session.terminate() }
        let secret = "Hunter2-Secret$#@"
        try type(session, "login 0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77\r", expect: "secret for 0c1b5a9e")
        Thread.sleep(forTimeInterval: 0.2)
        session.send(secret + "\r")
        _ = try session.expect("logged in as 0c1b5a9e", timeout: .seconds(30))
        try type(session, "whoami\r", expect: "identifier  0c1b5a9e")
        #expect(try quit(session) == 0)
        #expect(!session.transcript.contains(secret))
        let history = (try? String(contentsOf: home.historyFile, encoding: .utf8)) ?? ""
        #expect(history.contains("login"))
        #expect(!history.contains(secret))
    }

    /// `login ID SECRET` on one line: refused without echoing the secret, and the line is not
    /// kept in the history (before, the error repeated it and the history file kept it).
    @Test func secretTypedAfterLoginIsNeitherEchoedNorKept() throws {
        let home = try Home.make()
        defer { home.remove() }
        let session = try startShell(home)
        defer { session.terminate() }
        let secret = "Typed-Secret-7f3a"
        try type(session, "login 0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77 \(secret)\r", expect: "the secret is never typed on the command line")
        try type(session, "whoami\r", expect: "identifier")
        #expect(try quit(session) == 0)
        // The transcript holds the typed line's echo; no output line may repeat the secret.
        let outputLines = session.transcript.components(separatedBy: "\n").filter { !$0.contains("login 0c1b5a9e") }
        #expect(!outputLines.contains { $0.contains(secret) }, "\(session.transcript)")
        let history = (try? String(contentsOf: home.historyFile, encoding: .utf8)) ?? ""
        #expect(history.contains("whoami"))
        #expect(!history.contains(secret))
        #expect(!history.contains("0c1b5a9e-8f7d"))
    }

    @Test func ctrlCCancelsAStalledRequestAndTheShellStays() throws {
        let home = try Home.make()
        defer { home.remove() }
        let silent = try SilentServer()
        defer { silent.close() }
        let session = try startShell(home, ["--server", "http://127.0.0.1:\(silent.port)"])
        defer { session.terminate() }
        try session.waitForRawMode(timeout: .seconds(30))
        session.send("list\r")
        // Wait until the request is on the wire (the server has accepted it), then interrupt.
        // Wait until the request has reached the server, so there is a request to stop.
        try silent.waitForRequestHead(timeout: .seconds(30))
        // While a command runs the terminal is back in cooked mode, where ^C becomes SIGINT.
        try session.waitForCookedMode(timeout: .seconds(30))
        session.send("\u{03}")
        _ = try session.expect("list: cancelled", timeout: .seconds(30))
        // The request really stopped: the client hung up on the stalled server.
        try silent.waitForHangUp(timeout: .seconds(30))
        try type(session, "help stock\r", expect: "usage: stock")
        #expect(try quit(session) == 0)
    }

    // MARK: Pipes and -c

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func run(_ arguments: [String], input: String? = nil, home: Home) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = home.environment
        let out = Pipe()
        let err = Pipe()
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inPipe.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func exitStatusesOfCommandsAndPipes() throws {
        let home = try Home.make()
        defer { home.remove() }
        #expect(try run(["-c", "health"], home: home).status == 0)
        let refused = try run(["-c", "show 999"], home: home)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("show 999: the server refused (404)"))
        #expect(try run(["-c", "bogus"], home: home).status == 2)
        #expect(try run(["-c", "list --per-page 0"], home: home).status == 2)
        let unreachable = try run(["--server", "http://127.0.0.1:9", "-c", "list"], home: home)
        #expect(unreachable.status == 3)
        #expect(unreachable.stderr.contains("cannot reach http://127.0.0.1:9"))
        #expect(try run(["--help"], home: home).status == 0)
        let version = try run(["--version"], home: home)
        #expect(version.status == 0)
        #expect(!version.stdout.isEmpty)
        #expect(try run(["--bogus-option"], home: home).status != 0)

        let piped = try run([], input: "health\nbogus\nhealth\n", home: home)
        #expect(piped.status == 2)
        #expect(piped.stdout.components(separatedBy: "answers OK").count == 2)  // stopped after "bogus"
        #expect(!piped.stdout.contains("> "))  // no prompt when piped
        #expect(try run([], input: "health\nhelp\n", home: home).status == 0)
    }

    /// Piped standard input is a script: `--continue-on-error` runs every line and lists the
    /// failed ones (before, the option was refused as needing a script file).
    @Test func continueOnErrorWorksForPipedInput() throws {
        let home = try Home.make()
        defer { home.remove() }
        let result = try run(["--continue-on-error"], input: "health\nbogus\nhealth\nshow 999\nhealth\n", home: home)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "answers OK").count == 4, "\(result.stdout)")
        #expect(result.stderr.contains("2 of 5 lines failed: stdin:2, stdin:4"), "\(result.stderr)")
    }

    @Test func jsonModeKeepsStdoutToDocuments() throws {
        let home = try Home.make()
        defer { home.remove() }
        let result = try run(["--json", "-c", "list", "-c", "health"], home: home)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed)) != nil })
    }
}

/// A TCP listener on 127.0.0.1 that accepts connections and never answers: a stalled server.
final class SilentServer: @unchecked Sendable {
    let fd: Int32
    let port: Int
    private let accepted = DispatchSemaphore(value: 0)
    private var connections: [Int32] = []

    init() throws {
        let (descriptor, port) = try Loopback.socket(listen: 8)
        fd = descriptor
        self.port = port
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(descriptor, nil, nil)
                if connection < 0 { return }
                connections.append(connection)
                accepted.signal()
            }
        }
    }

    func waitForConnection(timeout: Duration) throws {
        let seconds = Double(timeout.components.seconds)
        if accepted.wait(timeout: .now() + seconds) == .timedOut { throw POSIXError(.ETIMEDOUT) }
    }

    /// Waits until a whole request head has arrived on the first connection.
    func waitForRequestHead(timeout: Duration) throws {
        try waitForConnection(timeout: timeout)
        guard let connection = connections.first else { throw POSIXError(.ENOTCONN) }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var pollFD = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard poll(&pollFD, 1, 100) > 0 else { continue }
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { throw POSIXError(.ECONNRESET) }
            received += buffer[0..<count]
            if String(decoding: received, as: UTF8.self).contains("\r\n\r\n") { return }
        }
        throw POSIXError(.ETIMEDOUT)
    }

    /// Waits until the first accepted connection is closed by the client.
    func waitForHangUp(timeout: Duration) throws {
        guard let connection = connections.first else { throw POSIXError(.ENOTCONN) }
        var pollFD = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            guard poll(&pollFD, 1, 100) > 0 else { continue }
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { return }  // EOF (or reset): the client closed its end
        }
        throw POSIXError(.ETIMEDOUT)
    }

    func close() {
        shutdown(fd, Int32(SHUT_RDWR))
        Glibc.close(fd)
    }
}
