import Foundation
import MarketTestSupport
import Testing

/// The `openmarket` binary itself: through a real pseudo-terminal for the interactive parts,
/// through pipes for `-c` and piped input. Each test gets its own HOME and XDG folders, so its
/// embedded market, history and profiles start empty. One test at a time: each starts a
/// program with its own market, and twenty at once on two cores would push other suites past
/// their deadlines.
@Suite("openmarket in a terminal and in pipes", .serialized)
struct ShellBinaryTests {
    typealias Home = TestHome

    static var binary: String { BuiltProducts.path(of: "openmarket") }

    // The pseudo-terminal is driven on Dispatch threads (`blocking`), never on the Swift
    // concurrency threads; what it returns is checked back in the test.

    static func startShell(_ home: Home, _ arguments: [String] = []) throws -> PTYSession {
        let session = try PTYSession(executable: binary, arguments: arguments, environment: home.environment)
        _ = try session.expect("> ", timeout: .seconds(60))
        try session.waitForRawMode(timeout: .seconds(30))
        return session
    }

    /// Types a line once the editor is ready for it, and waits for `output`.
    @discardableResult
    static func type(_ session: PTYSession, _ keys: String, expect output: String) throws -> String {
        try session.waitForRawMode(timeout: .seconds(30))
        session.send(keys)
        return try session.expect(output, timeout: .seconds(60))
    }

    /// Ctrl-D once the editor is in raw mode (a ^D typed before that is eaten by the tty's
    /// cooked mode), then the exit status.
    static func quit(_ session: PTYSession) throws -> Int32 {
        try session.waitForRawMode(timeout: .seconds(30))
        session.send("\u{04}")
        return try session.waitForExit(timeout: .seconds(60))
    }

    @Test func promptBannerCompletionAndHistory() async throws {
        let home = try Home.make()
        defer { home.remove() }
        let session = try PTYSession(executable: Self.binary, arguments: [], environment: home.environment)
        defer { session.terminate() }
        let banner = try await blocking { try session.expect("> ", timeout: .seconds(60)) }
        #expect(banner.contains("local market at http://127.0.0.1:"))
        #expect(banner.contains("openmarket demo-shop@127.0.0.1:"))
        let status = try await blocking { try Self.completeAndRecall(session) }
        #expect(!session.transcript.contains("unknown command 'bogus-half-typed"))
        #expect(status == 0)

        let attributes = try FileManager.default.attributesOfItem(atPath: home.historyFile.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let history = try String(contentsOf: home.historyFile, encoding: .utf8)
        #expect(history.contains("health"))
        #expect(history.contains("whoami"))
    }

    /// Completion, Ctrl-R, Ctrl-C on a half-typed line and Ctrl-D; the exit status.
    static func completeAndRecall(_ session: PTYSession) throws -> Int32 {
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
        // Ctrl-D on an empty line leaves with status 0.
        try session.waitForRawMode(timeout: .seconds(30))
        session.send("\u{04}")
        return try session.waitForExit(timeout: .seconds(30))
    }

    /// Ctrl-Z at the prompt and `fg`, under an interactive bash as a person has them (only a
    /// shell with job control stops and continues it): the shell stops with the terminal given
    /// back to bash, and comes back to its prompt, its line editor working. Tried only by hand
    /// before.
    @Test("Ctrl-Z at the prompt stops the shell under bash; fg brings its prompt back, and it works")
    func ctrlZAndFgUnderBash() async throws {
        let home = try Home.make()
        defer { home.remove() }
        let environment = home.environment.merging(["PS1": "bash$ "]) { _, new in new }
        let binary = Self.binary
        let transcript = try await blocking { () throws -> String in
            let session = try PTYSession(
                executable: "/bin/bash", arguments: ["--norc", "--noprofile", "-i"], environment: environment)
            defer { session.terminate() }
            _ = try session.expect("bash$ ", timeout: .seconds(30))
            session.send("'\(binary)'\r")
            _ = try session.expect("> ", timeout: .seconds(60))
            try Self.type(session, "health\r", expect: "answers OK")
            try session.waitForRawMode(timeout: .seconds(30))
            session.send("\u{1A}")
            _ = try session.expect("Stopped", timeout: .seconds(30))
            _ = try session.expect("bash$ ", timeout: .seconds(30))
            session.send("fg\r")
            // The prompt drawn again once it runs on, and the editor reading keys.
            _ = try session.expect("openmarket demo-shop@127.0.0.1:", timeout: .seconds(30))
            try Self.type(session, "whoami\r", expect: "vendor      demo-shop")
            try session.waitForRawMode(timeout: .seconds(30))
            session.send("\u{04}")
            _ = try session.expect("bash$ ", timeout: .seconds(60))
            session.send("exit\r")
            _ = try session.waitForExit(timeout: .seconds(30))
            return session.transcript
        }
        #expect(!transcript.contains("unknown command"), "\(PTYSession.visible(transcript))")
    }

    /// Ctrl-R said `bck:` and `bck?` (libedit's words) whatever the session's language.
    @Test("Ctrl-R's words are the session's language's, found or not, and follow set lang")
    func historySearchSpeaksTheSessionsLanguage() async throws {
        let home = try Home.make()
        defer { home.remove() }
        let status = try await blocking {
            let session = try Self.startShell(home)
            defer { session.terminate() }
            try Self.type(session, "health\r", expect: "answers OK")
            // libedit draws only what changed, and no blank at the end: the label at Ctrl-R, then
            // what it gains once nothing is found (inserted before the pattern already drawn).
            // English, then Korean from `set lang ko` on.
            for (before, found, none) in [(nil, "history search:", " (no match)"), ("set lang ko", "기록 검색:", "(없음)")] {
                // A Ctrl-R that reaches the terminal after the editor has given it back (the line
                // taken, the command running) is the tty's own reprint key and never reaches
                // libedit; `waitForRawMode` cannot tell raw mode from before the line was taken,
                // so each key waits for output that only comes after it: the command's answer,
                // and the prompt drawn again after ^C.
                if let before {
                    try Self.type(session, before + "\r", expect: "> ")
                    try Self.type(session, "health\r", expect: "응답: OK")
                }
                try Self.type(session, "\u{12}", expect: found)
                try Self.type(session, "healx", expect: none)
                session.send("\u{03}")
                try session.expect("^C", timeout: .seconds(30))
                try session.expect("demo-shop@127.0.0.1:", timeout: .seconds(30))
            }
            try Self.type(session, "\u{12}heal\r", expect: "응답: OK")
            return try Self.quit(session)
        }
        #expect(status == 0)
    }

    @Test func registerWithACompletedPathThenShowASeenIdAndEditKorean() async throws {
        let home = try Home.make()
        defer { home.remove() }
        let photos = home.root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Fixtures.imageData("coffee-small.jpg").write(to: photos.appendingPathComponent("pho-only.jpg"))
        let status = try await blocking {
            let session = try Self.startShell(home)
            defer { session.terminate() }
            try Self.type(
                // "na⇥" completes the field name, "pho⇥" the file name.
                session,
                "register na\t우유병텀블러 description='A tumbler shaped like a milk bottle' price=3500 currency=KRW image=\(photos.path)/pho\t\r",
                expect: " · registered")
            // The id just registered is offered on TAB.
            try Self.type(session, "show \t\r", expect: "price        ₩3,500")
            // Korean editing: type a search with two extra characters, delete them, run it.
            try Self.type(session, "list --search 우유병텀블러XY\u{7f}\u{7f}\r", expect: "1 product")
            try Self.type(session, "exit\r", expect: "")
            return try session.waitForExit(timeout: .seconds(30))
        }
        #expect(status == 0)
    }

    @Test func secretIsNotEchoedNorKept() async throws {
        let home = try Home.make()
        defer { home.remove() }
        let secret = "Hunter2-Secret$#@"
        let (status, transcript) = try await blocking {
            let session = try Self.startShell(home)
            defer { session.terminate() }
            try Self.type(session, "login 0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77\r", expect: "secret for 0c1b5a9e")
            try session.waitForNoEcho(timeout: .seconds(30))
            session.send(secret + "\r")
            // The identifier is no vendor of this market: the login is checked and refused, and
            // the session keeps the login it had.
            _ = try session.expect("the server refused this identifier and secret (401", timeout: .seconds(30))
            try Self.type(session, "whoami\r", expect: "vendor      demo-shop")
            return (try Self.quit(session), session.transcript)
        }
        #expect(status == 0)
        #expect(!transcript.contains(secret))
        let history = (try? String(contentsOf: home.historyFile, encoding: .utf8)) ?? ""
        #expect(history.contains("login"))
        #expect(!history.contains(secret))
    }

    /// `login ID SECRET` on one line: refused without echoing the secret, and the line is not
    /// kept in the history (before, the error repeated it and the history file kept it).
    @Test func secretTypedAfterLoginIsNeitherEchoedNorKept() async throws {
        let home = try Home.make()
        defer { home.remove() }
        let secret = "Typed-Secret-7f3a"
        let (status, transcript) = try await blocking {
            let session = try Self.startShell(home)
            defer { session.terminate() }
            try Self.type(
                session, "login 0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77 \(secret)\r",
                expect: "the secret is never typed on the command line")
            try Self.type(session, "whoami\r", expect: "identifier")
            return (try Self.quit(session), session.transcript)
        }
        #expect(status == 0)
        // The transcript holds the typed line's echo; no output line may repeat the secret.
        let outputLines = transcript.components(separatedBy: "\n").filter { !$0.contains("login 0c1b5a9e") }
        #expect(!outputLines.contains { $0.contains(secret) }, "\(transcript)")
        let history = (try? String(contentsOf: home.historyFile, encoding: .utf8)) ?? ""
        #expect(history.contains("whoami"))
        #expect(!history.contains(secret))
        #expect(!history.contains("0c1b5a9e-8f7d"))
    }

    /// A line whose request the client refuses for the secret, spelled so that only the request
    /// shows it (a JSON escape in an HTTPie item), is taken back from the history: the file keeps
    /// the line after it, and nothing of the secret.
    @Test func aLineRefusedForTheSecretIsTakenBackFromTheHistory() async throws {
        let home = try Home.make()
        defer { home.remove() }
        let secret = "hCHBDiNRwhmzy4QZ"
        let status = try await blocking {
            let session = try PTYSession(
                executable: Self.binary, environment: home.environment(["OPENMARKET_SECRET": secret]))
            defer { session.terminate() }
            _ = try session.expect("> ", timeout: .seconds(60))
            try Self.type(
                session, "PATCH /api/products/1 'description:=\"\(secret.dropLast())\\u005A\"'\r",
                expect: "refused to send it")
            try Self.type(session, "whoami\r", expect: "identifier")
            return try Self.quit(session)
        }
        #expect(status == 0)
        let history = (try? String(contentsOf: home.historyFile, encoding: .utf8)) ?? ""
        #expect(history.contains("whoami"), "\(history)")
        #expect(!history.contains(String(secret.dropLast())), "\(history)")
        #expect(!history.contains("PATCH"), "\(history)")
    }

    @Test func ctrlCCancelsAStalledRequestAndTheShellStays() async throws {
        let home = try Home.make()
        defer { home.remove() }
        let silent = try MisbehavingServer.silent()
        defer { silent.stop() }
        let session = try await blocking { try Self.startShell(home, ["--server", silent.baseURL.absoluteString]) }
        defer { session.terminate() }
        try await blocking {
            try session.waitForRawMode(timeout: .seconds(30))
            session.send("list\r")
        }
        // Wait until the request has reached the server, so there is a request to stop.
        #expect(await silent.waitForRequests(1, timeout: .seconds(30)))
        try await blocking {
            // While a command runs the terminal is back in cooked mode, where ^C becomes SIGINT.
            try session.waitForCookedMode(timeout: .seconds(30))
            session.send("\u{03}")
            // The terminal echoes ^C; the shell's answer starts a line of its own after it, as
            // bash's does (it was `^Clist: cancelled`).
            _ = try session.expect("^C\r\nlist: cancelled", timeout: .seconds(30))
        }
        // The request really stopped: the client hung up on the stalled server.
        #expect(await silent.waitForHangUps(1, timeout: .seconds(30)))
        let status = try await blocking {
            try Self.type(session, "help stock\r", expect: "usage: stock")
            return try Self.quit(session)
        }
        #expect(status == 0)
    }

    /// Ctrl-\\ quits nothing while a person is at the prompt, as in an interactive bash (before,
    /// the shell ended with "Quit", status 131, and the session with it). At the prompt the line
    /// typed so far is kept and the terminal stays in raw mode (libedit's own handler would
    /// leave it cooked); while a request runs, the request goes on.
    @Test func ctrlBackslashQuitsNothing() async throws {
        let home = try Home.make()
        defer { home.remove() }
        let silent = try MisbehavingServer.silent()
        defer { silent.stop() }
        let session = try await blocking { try Self.startShell(home, ["--server", silent.baseURL.absoluteString]) }
        defer { session.terminate() }
        let before = try await blocking {
            _ = try Self.type(session, "help st", expect: "help st")
            // Ctrl-B after the Ctrl-\: the line editor moves the cursor back (a backspace) only
            // once the terminal is in raw mode again; left cooked, the terminal would echo `^B`
            // and hold it until Enter. Ctrl-F moves it forward again.
            session.send("\u{1C}\u{02}")
            _ = try session.expect("\u{08}", timeout: .seconds(30))
            session.send("\u{06}")
            _ = try Self.type(session, "ock\r", expect: "usage: stock")
            try session.waitForRawMode(timeout: .seconds(30))
            session.send("list\r")
            return session.transcript.components(separatedBy: "usage: stock")[0]
        }
        // Nothing was drawn again: one prompt before the answer (a redraw would add one).
        #expect(before.components(separatedBy: "> ").count == 2, "\(PTYSession.visible(before))")
        #expect(await silent.waitForRequests(1, timeout: .seconds(30)))
        try await blocking {
            try session.waitForCookedMode(timeout: .seconds(30))
            // In order: a Ctrl-\ that ended the shell would leave nobody to say "cancelled".
            session.send("\u{1C}\u{03}")
            _ = try session.expect("list: cancelled", timeout: .seconds(30))
        }
        let status = try await blocking { try Self.quit(session) }
        #expect(status == 0, "\(PTYSession.visible(session.transcript))")
    }

    // MARK: Pipes and -c

    func run(
        _ arguments: [String], input: String? = nil, home: Home, _ extra: [String: String] = [:]
    ) async throws
        -> ChildProcess.Result
    {
        try await ChildProcess.run(
            Self.binary, arguments, environment: home.environment(extra), input: input, timeout: .seconds(300))
    }

    /// Runs `body` with a fresh HOME, removed afterwards.
    func withHome<T>(_ body: (Home) async throws -> T) async throws -> T {
        let home = try Home.make()
        defer { home.remove() }
        return try await body(home)
    }

    @Test func aCommandThatSucceedsExitsZero() async throws {
        try await withHome { (home: Home) async throws in
            #expect(try await run(["-c", "health"], home: home).status == 0)
        }
    }

    @Test func aCommandTheServerRefusesExitsOne() async throws {
        try await withHome { (home: Home) async throws in
            let refused = try await run(["-c", "show 999"], home: home)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("show 999: the server refused (404)"), "\(refused.stderr)")
        }
    }

    @Test(arguments: [["-c", "bogus"], ["-c", "list --per-page 0"]])
    func aCommandUsageErrorExitsTwo(arguments: [String]) async throws {
        try await withHome { (home: Home) async throws in
            #expect(try await run(arguments, home: home).status == 2)
        }
    }

    @Test func anUnreachableServerExitsThree() async throws {
        try await withHome { (home: Home) async throws in
            let unreachable = try await run(["--server", "http://127.0.0.1:9", "-c", "list"], home: home)
            #expect(unreachable.status == 3)
            #expect(unreachable.stderr.contains("cannot reach http://127.0.0.1:9"), "\(unreachable.stderr)")
        }
    }

    @Test func helpExitsZeroOnStdout() async throws {
        try await withHome { (home: Home) async throws in
            let help = try await run(["--help"], home: home)
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE: openmarket [<options>]"), "\(help.stdout)")
        }
    }

    @Test func versionExitsZeroOnStdout() async throws {
        try await withHome { (home: Home) async throws in
            let version = try await run(["--version"], home: home)
            #expect(version.status == 0)
            #expect(!version.stdout.isEmpty)
        }
    }

    /// The program's own usage errors exit with the documented usage status, 2, like a
    /// command's (before, ArgumentParser's 64).
    @Test(arguments: [
        ["--bogus"], ["--bogus-option"], ["-V"], ["one.om", "two.om"], ["run"], ["--resume", "--restart", "run", "x.om"],
    ])
    func aProgramUsageErrorExitsTwo(arguments: [String]) async throws {
        try await withHome { (home: Home) async throws in
            let result = try await run(arguments, home: home)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("Usage: openmarket") || result.stderr.contains("Error:"), "\(result.stderr)")
            // One ellipsis, ArgumentParser's (the argument's name had its own: `<COMMAND… | run FILE> ...`).
            #expect(!result.stderr.contains("…> ..."), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func anUnusableServerURLIsAUsageError() async throws {
        try await withHome { (home: Home) async throws in
            let result = try await run(["--server", "ftp://127.0.0.1:21", "-c", "health"], home: home)
            #expect(result.status == 2, "\(result.stderr)")
        }
    }

    @Test func pipedInputStopsAtTheFirstFailureWithItsStatus() async throws {
        try await withHome { (home: Home) async throws in
            let piped = try await run([], input: "health\nbogus\nhealth\n", home: home)
            #expect(piped.status == 2)
            #expect(piped.stdout.components(separatedBy: "answers OK").count == 2)  // stopped after "bogus"
            #expect(!piped.stdout.contains("> "))  // no prompt when piped
        }
    }

    @Test func pipedInputThatSucceedsExitsZero() async throws {
        try await withHome { (home: Home) async throws in
            #expect(try await run([], input: "health\nhelp\n", home: home).status == 0)
        }
    }

    /// Piped standard input is a script: `--continue-on-error` runs every line and lists the
    /// failed ones (before, the option was refused as needing a script file).
    @Test func continueOnErrorWorksForPipedInput() async throws {
        try await withHome { (home: Home) async throws in
            let result = try await run(["--continue-on-error"], input: "health\nbogus\nhealth\nshow 999\nhealth\n", home: home)
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stdout.components(separatedBy: "answers OK").count == 4, "\(result.stdout)")
            #expect(result.stderr.contains("2 of 5 lines failed: stdin:2, stdin:4"), "\(result.stderr)")
        }
    }

    @Test func jsonModeKeepsStdoutToDocuments() async throws {
        try await withHome { (home: Home) async throws in
            let result = try await run(["--json", "-c", "list", "-c", "health"], home: home)
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(
                lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed)) != nil })
        }
    }

    // MARK: Profiles

    /// `--profile NAME` without `--server` talks to the profile's saved server with its login;
    /// no local market starts (before, one did, and the profile's credentials were sent there).
    @Test func aProfileUsesItsSavedServer() async throws {
        try await withHome { (home: Home) async throws in
            try await TestMarket.with { market in
                try home.saveProfile(
                    "shop", server: market.baseURL.absoluteString, identifier: market.demo.identifier,
                    secret: market.demo.secret.revealed,
                    vendorName: "profile-shop")
                let image = Fixtures.image("coffee-small.jpg").path
                let result = try await run(
                    [
                        "--profile", "shop", "-c",
                        "register name='Profile mug' description='Made through a saved profile' price=1000 currency=KRW image=\(image)",
                    ], home: home)
                #expect(result.status == 0, "\(result.stderr)")
                #expect(!result.stderr.contains("local market"), "\(result.stderr)")
                #expect(try await market.client().products().value.products.map(\.name) == ["Profile mug"])
            }
        }
    }

    @Test func aProfileStartsNoLocalMarket() async throws {
        try await withHome { (home: Home) async throws in
            try await TestMarket.with { market in
                try home.saveProfile(
                    "shop", server: market.baseURL.absoluteString, identifier: market.demo.identifier,
                    secret: market.demo.secret.revealed)
                let result = try await run(["--profile", "shop", "-c", "whoami"], home: home)
                #expect(result.status == 0, "\(result.stderr)")
                #expect(!result.stderr.contains("local market"), "\(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: home.root.appendingPathComponent("data/openmarket/local").path))
            }
        }
    }

    /// A profile that cannot be used is one sentence, with the usage status; never the dump of
    /// an error value (`CommandFailure(status: …, message: …)`).
    @Test func aMissingProfileIsOneSentence() async throws {
        try await withHome { (home: Home) async throws in
            let result = try await run(["--profile", "does-not-exist", "-c", "health"], home: home)
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("openmarket: no profile \"does-not-exist\""), "\(result.stderr)")
            #expect(!result.stderr.contains("CommandFailure"), "\(result.stderr)")
            #expect(!result.stderr.contains("status:"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }

    // MARK: TLS

    /// An https URL for a plain-HTTP market is one line that says what to do, not BoringSSL's
    /// error stack with "try again".
    @Test func httpsForAPlainHTTPServerSaysSoInOneLine() async throws {
        try await withHome { (home: Home) async throws in
            try await TestMarket.with { market in
                let address = "127.0.0.1:\(market.port)"
                let result = try await run(["--server", "https://\(address)", "-c", "health"], home: home)
                #expect(result.status == 3, "\(result.stderr)")
                #expect(result.stderr.contains("does not speak TLS (https)"), "\(result.stderr)")
                #expect(result.stderr.contains("http://\(address)"), "\(result.stderr)")
                #expect(!result.stderr.contains("SSL"), "\(result.stderr)")
                #expect(!result.stderr.contains("handshake"), "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            }
        }
    }
}
