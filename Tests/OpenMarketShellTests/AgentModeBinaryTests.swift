import Foundation
import MarketTestSupport
import Testing

/// The built `openmarket mcp` as a client starts it: JSON-RPC lines on standard input, one
/// answer a line on standard output and nothing else there, notes on standard error, the
/// secret in neither; it answers what it was asked and exits when its input ends.
@Suite("openmarket mcp, the program")
struct AgentModeBinaryTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    /// The client's side: initialize, initialized, tools/list, a read and a write's first call.
    static func input(productID: Int) -> String {
        [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","#
                + #""capabilities":{},"clientInfo":{"name":"binary-test","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"show","arguments":{"id":\#(productID)}}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"patch","#
                + #""arguments":{"ids":[\#(productID)],"price":9000}}}"#,
        ].joined(separator: "\n") + "\n"
    }

    @Test("initialize and tools/list as JSON lines on stdin: one JSON answer a line on stdout, the secret nowhere")
    func answersJSONLines() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        try await TestMarket.with { market in
            let secret = market.demo.secret.revealed
            let environment = home.environment([
                "OPENMARKET_SERVER": market.baseURL.absoluteString, "OPENMARKET_IDENTIFIER": market.demo.identifier,
                "OPENMARKET_SECRET": secret,
            ])
            let image = Fixtures.image("coffee-small.jpg").path
            let registered = try await ChildProcess.run(
                Self.binary,
                [
                    "--json", "-c",
                    "register name='Agent mug' description='For the mcp test' price=8000 currency=KRW image=\(image)",
                ],
                environment: environment, timeout: .seconds(300))
            let id = try #require(
                (try? JSONSerialization.jsonObject(with: Data(registered.stdout.utf8)) as? [String: Any])?["id"] as? Int,
                "\(registered.stderr)")
            let result = try await ChildProcess.run(
                Self.binary, ["mcp", "--server", market.baseURL.absoluteString], environment: environment,
                input: Self.input(productID: id), workingDirectory: home.root, timeout: .seconds(300))
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            let answers = lines.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }
            #expect(answers.count == lines.count, "a line on stdout that is not JSON: \(result.stdout)")
            let byID = Dictionary(answers.compactMap { answer in (answer["id"] as? Int).map { ($0, answer) } }) { a, _ in a }
            #expect(byID.keys.sorted() == [1, 2, 3, 4], "\(result.stdout)")
            let initialized = byID[1]?["result"] as? [String: Any]
            #expect((initialized?["serverInfo"] as? [String: Any])?["name"] as? String == "openmarket")
            let tools = (byID[2]?["result"] as? [String: Any])?["tools"] as? [[String: Any]] ?? []
            #expect(tools.count == 12, "\(tools.compactMap { $0["name"] })")
            #expect((byID[3]?["result"] as? [String: Any])?["isError"] as? Bool == false, "\(result.stdout)")
            let planned = (byID[4]?["result"] as? [String: Any])?["structuredContent"] as? [String: Any]
            #expect(planned?["token"] is String, "\(result.stdout)")
            #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret))
            #expect(result.stderr.contains("openmarket mcp: serving \(market.baseURL.absoluteString)"), "\(result.stderr)")
        }
    }

    @Test("a wrong option of mcp is a usage error (status 2) saying what is wrong, and so is -c with it")
    func usageErrors() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let range = try await ChildProcess.run(Self.binary, ["mcp", "--max-deletes", "5000"], environment: home.environment)
        #expect(range.status == 2)
        #expect(range.stderr.contains("--max-deletes takes a whole number from 0 to 1000 (got '5000')"), "\(range.stderr)")
        #expect(range.stdout.isEmpty)
        let excluded = try await ChildProcess.run(Self.binary, ["mcp", "-c", "list"], environment: home.environment)
        #expect(excluded.status == 2)
        #expect(excluded.stderr.contains("-c, --record"), "\(excluded.stderr)")
    }

    @Test("--folder is refused (status 2, one line) when it is /, the home folder or holds the shell's settings")
    func wideFoldersAreRefused() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        // The test home's XDG_CONFIG_HOME (its saved logins).
        let config = home.root.appendingPathComponent("config")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("openmarket"), withIntermediateDirectories: true)
        for folder in ["/", home.root.path, config.path] {
            let result = try await ChildProcess.run(Self.binary, ["mcp", "--folder", folder], environment: home.environment())
            #expect(result.status == 2, "\(folder): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(folder): \(result.stderr)")
            #expect(result.stderr.contains("mcp: --folder \(folder) would let the assistant read"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("an import of rows plans 'import rows (1 row)', and no rows file (nor scratch folder) is left when it stops")
    func rowsLeaveNothingBehind() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let temporary = home.root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try await TestMarket.with { market in
            let environment = home.environment([
                "OPENMARKET_SERVER": market.baseURL.absoluteString, "OPENMARKET_IDENTIFIER": market.demo.identifier,
                "OPENMARKET_SECRET": market.demo.secret.revealed, "TMPDIR": temporary.path,
            ])
            let image = Fixtures.image("coffee-small.jpg").path
            let registered = try await ChildProcess.run(
                Self.binary,
                [
                    "--json", "-c",
                    "register name='Rows mug' description='For the rows test' price=8000 currency=KRW image=\(image)",
                ],
                environment: environment, timeout: .seconds(300))
            let id = try #require(
                (try? JSONSerialization.jsonObject(with: Data(registered.stdout.utf8)) as? [String: Any])?["id"] as? Int,
                "\(registered.stderr)")
            let input =
                [
                    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","#
                        + #""capabilities":{},"clientInfo":{"name":"binary-test","version":"1"}}}"#,
                    #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                    #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"import","#
                        + #""arguments":{"rows":[{"id":\#(id),"price":7000}]}}}"#,
                ].joined(separator: "\n") + "\n"
            let result = try await ChildProcess.run(
                Self.binary, ["mcp", "--server", market.baseURL.absoluteString], environment: environment, input: input,
                workingDirectory: home.root, timeout: .seconds(300))
            #expect(result.status == 0, "\(result.stderr)")
            let answer = result.stdout.split(separator: "\n").first { $0.contains(#""id":2"#) }.map(String.init) ?? ""
            #expect(answer.contains(#""token""#), "\(answer)")
            #expect(answer.contains("import rows (1 row)"), "\(answer)")
            #expect(!answer.contains("rows-"), "\(answer)")
            let left = FileManager.default.enumerator(atPath: temporary.path)?.allObjects.compactMap { $0 as? String } ?? []
            #expect(left.isEmpty, "left behind: \(left)")
        }
    }

    @Test("without --folder a tool naming a file is refused, saying to start the server with --folder DIR")
    func noFolderReadsNoFile() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let photo = Fixtures.image("coffee-small.jpg").path
        let input =
            [
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","#
                    + #""capabilities":{},"clientInfo":{"name":"binary-test","version":"1"}}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"register","arguments":{"name":"Folder mug","#
                    + #""description":"A mug for the folder test","price":8000,"currency":"KRW","image":[""# + photo + #""]}}}"#,
            ].joined(separator: "\n") + "\n"
        try await TestMarket.with { market in
            let result = try await ChildProcess.run(
                Self.binary, ["mcp", "--server", market.baseURL.absoluteString],
                environment: home.environment([
                    "OPENMARKET_IDENTIFIER": market.demo.identifier, "OPENMARKET_SECRET": market.demo.secret.revealed,
                ]),
                input: input, workingDirectory: home.root, timeout: .seconds(300))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("no files read (start it with --folder DIR"), "\(result.stderr)")
            let answer = result.stdout.split(separator: "\n").first { $0.contains(#""id":2"#) }.map(String.init) ?? ""
            #expect(answer.contains(#""isError":true"#), "\(answer)")
            #expect(answer.contains("openmarket mcp reads no files"), "\(answer)")
        }
    }

    @Test("the login reaches openmarket-mcp over a descriptor, in neither its arguments nor its environment; SIGTERM ends both")
    func handoffKeepsTheSecretOutOfArgumentsAndEnvironment() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        try await TestMarket.with { market in
            let secret = market.demo.secret.revealed
            try home.saveProfile(
                "shop", server: market.baseURL.absoluteString, identifier: market.demo.identifier, secret: secret)
            // A terminal as standard input: the server waits for its client instead of reading an end.
            let session = try await blocking {
                try PTYSession(
                    executable: Self.binary, arguments: ["mcp", "--profile", "shop"], environment: home.environment(),
                    workingDirectory: home.root.path)
            }
            defer { session.terminate() }
            _ = try await blocking { try session.expect("openmarket mcp: serving", timeout: .seconds(120)) }
            let child = try #require(
                ChildProcesses.running(under: session.pid).first { $0.name == "openmarket-mcp" }, "\(session.transcript)")
            let arguments = try #require(Self.procFile(child.id, "cmdline"))
            let environment = try #require(Self.procFile(child.id, "environ"))
            #expect(arguments.contains("--handoff-fd"), "\(arguments)")
            #expect(!arguments.contains(secret) && !environment.contains(secret))
            #expect(!session.transcript.contains(secret))
            kill(session.pid, SIGTERM)
            let status = try await blocking { try session.waitForExit(timeout: .seconds(60)) }
            #expect(status == 128 + SIGTERM, "\(session.transcript)")
            // The shell waited for its child before leaving: no process of that id is left.
            #expect(kill(child.id, 0) == -1 && errno == ESRCH)
        }
    }

    @Test("openmarket mcp killed (SIGKILL) leaves no openmarket-mcp serving: it stops, its scratch folder removed")
    func killedShellLeavesNoAgentServing() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        try await TestMarket.with { market in
            try home.saveProfile(
                "shop", server: market.baseURL.absoluteString, identifier: market.demo.identifier,
                secret: market.demo.secret.revealed)
            // As an MCP client starts it: pipes, no terminal (whose hang-up would end the child
            // anyway), standard input held open.
            let shell = try ChildProcess(
                Self.binary, ["mcp", "--profile", "shop"], environment: home.environment, workingDirectory: home.root,
                holdingInput: true)
            defer { shell.kill() }
            let serving = await eventually(within: .seconds(120)) { shell.stderrSoFar.contains("written to ") }
            try #require(serving, "\(shell.stderrSoFar)")
            let child = try #require(
                ChildProcesses.running(under: shell.processIdentifier).first { $0.name == "openmarket-mcp" },
                "\(shell.stderrSoFar)")
            let scratch = try #require(Self.scratchFolder(in: shell.stderrSoFar))
            #expect(FileManager.default.fileExists(atPath: scratch), "\(scratch)")
            shell.kill()
            // Gone, or a zombie no one has reaped yet (it is no longer this test's grandchild).
            let stopped = await eventually(within: .seconds(60)) {
                guard let stat = Self.procFile(child.id, "stat") else { return true }
                return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
            }
            #expect(stopped, "openmarket-mcp \(child.id) still serves after its shell was killed")
            // Ended here if it did not end itself: serving on, it would keep this test (and the
            // shell's standard streams, which it shares) going.
            if !stopped { kill(child.id, SIGKILL) }
            #expect(!FileManager.default.fileExists(atPath: scratch), "\(scratch)")
            let result = try await shell.waitForExit(timeout: .seconds(60))
            #expect(result.stderr.contains("the program that started this server ended; stopped"), "\(result.stderr)")
        }
    }

    /// The scratch folder the serving line names (`…, written to PATH`).
    static func scratchFolder(in transcript: String) -> String? {
        guard let line = transcript.split(whereSeparator: \.isNewline).first(where: { $0.contains("written to ") }),
            let range = line.range(of: "written to ", options: .backwards)
        else { return nil }
        return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
    }

    @Test("openmarket-mcp started by hand, without the shell's handoff, refuses in one line (status 2)")
    func startedAloneRefuses() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let result = try await ChildProcess.run(
            BuiltProducts.path(of: "openmarket-mcp"), ["--folder", home.root.path], environment: home.environment)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("'openmarket mcp'"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("openmarket mcp without openmarket-mcp beside the program says so in one line (status 1), starting nothing")
    func missingAgentProgramIsNamed() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        // A copy of the shell alone in a folder: `/proc/self/exe` is the copy, with no openmarket-mcp beside it.
        let alone = home.root.appendingPathComponent("alone", isDirectory: true)
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("openmarket").path
        try FileManager.default.copyItem(atPath: Self.binary, toPath: copy)
        let result = try await ChildProcess.run(copy, ["mcp"], environment: home.environment, input: "")
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(alone.appendingPathComponent("openmarket-mcp").path), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// `/proc/PID/NAME` (its NUL-separated strings as one text), nil once the process is gone.
    static func procFile(_ pid: pid_t, _ name: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/\(name)") else { return nil }
        defer { try? handle.close() }
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    }
}
