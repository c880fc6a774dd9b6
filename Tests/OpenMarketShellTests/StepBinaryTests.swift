import Foundation
import MarketTestSupport
import Testing

/// `openmarket run FILE --step` on a real terminal (issue 13, item 5; issue 24): it waits at each
/// command with nothing sent, Enter sends, `s` skips, `q` stops, each on one key (no Enter).
@Suite("openmarket: stepping through a lesson", .serialized)
struct StepBinaryTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    /// A server answering 200 `"OK"` to everything, and a home holding `lesson.om` with `text`.
    static func lesson(_ text: String) throws -> (server: MisbehavingServer, home: TestHome, script: URL) {
        let server = try MisbehavingServer.answering(status: 200, body: #""OK""#)
        let home = try TestHome.make()
        let script = home.root.appendingPathComponent("lesson.om")
        try text.write(to: script, atomically: true, encoding: .utf8)
        return (server, home, script)
    }

    @Test func itWaitsEnterSendsAndOneKeySSkipsAndQStops() async throws {
        let (server, home, script) = try Self.lesson(
            """
            # Step one: is the server there?
            GET /healthChecker --no-auth
            # Step two.
            GET /api/products --no-auth
            # Step three.
            GET /api/products/1 --no-auth
            GET /api/products/2 --no-auth
            """)
        defer {
            server.stop()
            home.remove()
        }
        let environment = home.environment
        let url = server.baseURL.absoluteString
        let (transcript, counts) = try await blocking { () throws -> (String, [Int]) in
            let session = try PTYSession(
                executable: Self.binary, arguments: ["run", script.path, "--step", "--server", url], environment: environment)
            defer { session.terminate() }
            var counts: [Int] = []
            _ = try session.expect("[1/4] Enter: send", timeout: .seconds(60))
            // Nothing before Enter: the shell sends a line and waits for its answer before it
            // prints the next thing, so a request sent before this prompt has been received.
            counts.append(server.received.count)
            session.send("\r")
            _ = try session.expect("[2/4] Enter: send", timeout: .seconds(60))
            counts.append(server.received.count)  // the first sent
            // One key, no Enter: the key alone answers.
            session.send("s")
            _ = try session.expect("[3/4] Enter: send", timeout: .seconds(60))
            counts.append(server.received.count)  // the second skipped
            session.send("q")
            // Waited for, not only the exit: under load the exit can come before the pty's last
            // bytes were read.
            _ = try session.expect("stopped at line 6", timeout: .seconds(60))
            _ = try session.waitForExit(timeout: .seconds(60))
            counts.append(server.received.count)  // the third never sent
            return (session.transcript, counts)
        }
        #expect(counts == [0, 1, 1, 1], "\(transcript)")
        #expect(transcript.contains("# Step one: is the server there?"), "\(transcript)")
        #expect(transcript.contains("→ GET \(url)/healthChecker"), "the request is shown: \(transcript)")
        // A note longer than the terminal is folded at spaces (issue 24): read as one line.
        let flat = transcript.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("stopped at line 6: 1 sent, 1 skipped, 2 not reached"), "\(transcript)")
        #expect(server.received.map(\.target) == ["/healthChecker"])
    }

    /// `c` on one key runs the rest; the lesson's title block comes first and a closing line
    /// counts what was sent.
    @Test func cRunsToTheEndAfterTheTitleAndTheEndIsCounted() async throws {
        let (server, home, script) = try Self.lesson(
            """
            #!/usr/bin/env openmarket
            # Lesson 9 — a title block.
            #
            # It is shown once, before the first step.

            # The first request.
            GET /healthChecker --no-auth
            expect ${response.status} == 200
            GET /healthChecker --no-auth
            GET /healthChecker --no-auth
            """)
        defer {
            server.stop()
            home.remove()
        }
        let environment = home.environment
        let url = server.baseURL.absoluteString
        let transcript = try await blocking { () throws -> String in
            let session = try PTYSession(
                executable: Self.binary, arguments: ["run", script.path, "--step", "--server", url], environment: environment)
            defer { session.terminate() }
            _ = try session.expect("[1/4] Enter: send", timeout: .seconds(60))
            session.send("c")
            _ = try session.expect("lesson.om: 3 requests, 1 check passed", timeout: .seconds(60))
            _ = try session.waitForExit(timeout: .seconds(60))
            return session.transcript
        }
        let title = try #require(transcript.range(of: "# Lesson 9 — a title block."), "\(transcript)")
        let firstStep = try #require(transcript.range(of: "# The first request."), "\(transcript)")
        #expect(title.lowerBound < firstStep.lowerBound)
        #expect(!transcript.contains("#!/usr/bin/env"), "\(transcript)")
        #expect(server.received.count == 3, "\(transcript)")
    }

    /// Issue 24: under a Korean locale the step speaks Korean, and `ㅂ` (what the `q` key types
    /// with a Korean keyboard layout on) stops as `q` does.
    @Test func aKoreanLocaleStepsInKoreanAndTheHangulQStops() async throws {
        let (server, home, script) = try Self.lesson(
            """
            # 첫 단계: 서버가 살아 있나요?
            GET /healthChecker --no-auth
            GET /api/products --no-auth
            """)
        defer {
            server.stop()
            home.remove()
        }
        let environment = home.environment.merging(["LANG": "ko_KR.UTF-8"]) { $1 }
        let url = server.baseURL.absoluteString
        let transcript = try await blocking { () throws -> String in
            let session = try PTYSession(
                executable: Self.binary, arguments: ["run", script.path, "--step", "--server", url], environment: environment)
            defer { session.terminate() }
            _ = try session.expect("[1/2] Enter: 보내기", timeout: .seconds(60))
            session.send("\r")
            _ = try session.expect("[2/2] Enter: 보내기", timeout: .seconds(60))
            session.send("ㅂ")
            _ = try session.expect("남음 1", timeout: .seconds(60))
            _ = try session.waitForExit(timeout: .seconds(60))
            return session.transcript
        }
        let flat = transcript.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("3번째 줄에서 멈췄습니다. 보냄 1, 건너뜀 0, 남음 1"), "\(transcript)")
        #expect(!transcript.contains("Enter: send"), "\(transcript)")
        #expect(server.received.map(\.target) == ["/healthChecker"])
    }

    /// `--lang ko` speaks Korean whatever the locale says, down to the closing line.
    @Test func langKoSpeaksKoreanUnderAnEnglishLocale() async throws {
        let (server, home, script) = try Self.lesson(
            """
            GET /healthChecker --no-auth
            expect ${response.status} == 200
            GET /healthChecker --no-auth
            """)
        defer {
            server.stop()
            home.remove()
        }
        let environment = home.environment.merging(["LANG": "en_US.UTF-8"]) { $1 }
        let url = server.baseURL.absoluteString
        let transcript = try await blocking { () throws -> String in
            let session = try PTYSession(
                executable: Self.binary, arguments: ["--lang", "ko", "run", script.path, "--step", "--server", url],
                environment: environment)
            defer { session.terminate() }
            _ = try session.expect("[1/3] Enter: 보내기", timeout: .seconds(60))
            session.send("c")
            _ = try session.expect("lesson.om: 요청 2개, 확인 1개 통과", timeout: .seconds(60))
            _ = try session.waitForExit(timeout: .seconds(60))
            return session.transcript
        }
        #expect(server.received.count == 2, "\(transcript)")
    }

    /// Issue 24: on a 24-row screen a stepped request stays on the screen with the start of its
    /// answer: a long answer pauses when the screen is full (`── more`), Enter shows the next
    /// screenful, `c` the rest.
    @Test func aLongAnswerPausesWhenTheScreenIsFullAndTheRequestStays() async throws {
        let (first, second, transcript, url) = try await Self.steppingALongAnswer { session, url in
            let first = try session.expect("── more: Enter", timeout: .seconds(60))
            session.send("\r")
            let second = try session.expect("── more: Enter", timeout: .seconds(60))
            session.send("c")
            _ = try session.expect("lesson.om: 1 request", timeout: .seconds(60))
            _ = try session.waitForExit(timeout: .seconds(60))
            return (first, second, session.transcript, url)
        }
        // The first screenful: the command, its request and the start of the answer, no more
        // lines than the screen has (the request line and the prompt above are kept).
        #expect(first.contains("→ GET \(url)/api/products"), "\(first)")
        #expect(first.contains("\"item-1\""), "\(first)")
        let shownBefore = (1...120).filter { first.contains("\"item-\($0)\"") }.count
        #expect(shownBefore > 5 && shownBefore < 23, "\(shownBefore) items before the first pause: \(first)")
        let shownSecond = (1...120).filter { second.contains("\"item-\($0)\"") }.count
        #expect(shownSecond > 15 && shownSecond < 24, "a screenful at a time: \(shownSecond)")
        #expect(transcript.contains("\"item-120\""), "c shows the rest: \(transcript)")
    }

    /// Every key that stops a step's question showed `^C`: Ctrl-\ and Ctrl-D too.
    @Test("a step's question stopped by Ctrl-\\ or Ctrl-D shows that key, as the terminal writes it, and quits")
    func aStopKeyAtAStepShowsItself() async throws {
        for (key, shown) in [("\u{1C}", "^\\"), ("\u{04}", "^D")] {
            let (server, home, script) = try Self.lesson("GET /healthChecker --no-auth\n")
            defer {
                server.stop()
                home.remove()
            }
            let environment = home.environment
            let url = server.baseURL.absoluteString
            let (answer, transcript) = try await blocking { () throws -> (String, String) in
                let session = try PTYSession(
                    executable: Self.binary, arguments: ["run", script.path, "--step", "--server", url],
                    environment: environment)
                defer { session.terminate() }
                _ = try session.expect("q: quit ", timeout: .seconds(60))
                session.send(key)
                let answer = try session.expect("\n", timeout: .seconds(60))
                _ = try session.expect("stopped at line 1", timeout: .seconds(60))
                _ = try session.waitForExit(timeout: .seconds(60))
                return (answer, session.transcript)
            }
            #expect(answer == shown + "\r\n", "\(PTYSession.visible(transcript))")
            #expect(server.received.isEmpty)
        }
    }

    /// Ctrl-\ at the pause stops the answer as Ctrl-C does (before, it showed the next
    /// screenful, as any other key).
    @Test func ctrlBackslashAtThePauseStopsTheAnswer() async throws {
        let (status, transcript) = try await Self.steppingALongAnswer { session, _ in
            _ = try session.expect("── more: Enter", timeout: .seconds(60))
            session.send("\u{1C}")
            let status = try session.waitForExit(timeout: .seconds(60))
            return (status, session.transcript)
        }
        // Stopped as by Ctrl-C at the pause: the run ends interrupted.
        #expect(status == 130, "\(PTYSession.visible(transcript))")
        #expect(transcript.contains("\"item-1\""), "\(transcript)")
        #expect(!transcript.contains("\"item-60\""), "the answer went on: \(transcript)")
    }

    /// A lesson of one request whose answer is 120 items, stepped on an 80×24 terminal: `body`
    /// gets the session once Enter has sent the request, and the server's address.
    static func steppingALongAnswer<T: Sendable>(
        _ body: @escaping @Sendable (PTYSession, String) throws -> T
    ) async throws -> T {
        let items = (1...120).map { "\"item-\($0)\"" }.joined(separator: ",")
        let server = try MisbehavingServer.answering(status: 200, body: "[\(items)]")
        let home = try TestHome.make()
        let script = home.root.appendingPathComponent("lesson.om")
        try "GET /api/products --no-auth\n".write(to: script, atomically: true, encoding: .utf8)
        defer {
            server.stop()
            home.remove()
        }
        let environment = home.environment
        let url = server.baseURL.absoluteString
        return try await blocking {
            let session = try PTYSession(
                executable: Self.binary, arguments: ["run", script.path, "--step", "--server", url], environment: environment,
                columns: 80, rows: 24)
            defer { session.terminate() }
            _ = try session.expect("[1/1] Enter: send", timeout: .seconds(60))
            session.send("\r")
            return try body(session, url)
        }
    }
}
