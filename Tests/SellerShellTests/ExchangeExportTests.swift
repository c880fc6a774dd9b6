import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import Testing

@testable import SellerShell

/// Copying exchanges out (issue 13, item 2): the curl, HTTPie and raw commands, run by bash with
/// `OPENMARKET_SECRET` set, send requests equal to the originals; the HAR and the notebook are
/// well formed; no exported text holds the secret.
@Suite("Exchanges copied out", .serialized)
struct ExchangeExportTests {
    static let forms: [ExchangeCommand.Form] = [.curl, .httpie, .raw]

    /// A session on the bundled market that lists, registers with two photos (one with a
    /// Korean name), patches and deletes: every kind of exchange the contract has.
    func withSession(_ body: (ShellFixture, [String: Int]) async throws -> Void) async throws {
        try await ShellFixture.with { shell in
            let korean = shell.directory.appendingPathComponent("커피 사진.jpg")
            try FileManager.default.copyItem(at: Fixtures.image("coffee-small.jpg"), to: korean)
            #expect(await shell.run("list") == .ok)
            #expect(
                await shell.run(
                    "register name='내보내기 머그' description='A mug for the export tests' price=3500 currency=KRW "
                        + "image='\(korean.path)' image='\(Fixtures.image("chelsea.png").path)'") == .ok, "\(shell.console.notes)"
            )
            let id = try #require(try await shell.products().products.first?.id)
            #expect(await shell.run("patch \(id) price=4000") == .ok)
            #expect(await shell.run("delete \(id) --yes") == .ok, "\(shell.console.notes)")
            let kept = shell.shell.exchanges.exchanges
            func number(_ method: String, _ prefix: String) -> Int? {
                kept.first { $0.request.method == method && $0.request.target.hasPrefix(prefix) && $0.bookkeeping == nil }?.number
            }
            let numbers = [
                "list": number("GET", "/api/products?"), "create": number("POST", "/api/products"),
                "edit": number("PATCH", "/api/products/"), "deleteURI": number("POST", "/api/products/\(id)/archived"),
                "delete": kept.last { $0.request.method == "DELETE" }?.number,
            ].compactMapValues { $0 }
            #expect(numbers.count == 5, "\(kept.map(ExchangeRendering.summary))")
            try await body(shell, numbers)
        }
    }

    func export(_ number: Int, as form: ExchangeCommand.Form, _ shell: ShellFixture) async throws -> String {
        shell.console.clear()
        #expect(await shell.run("exchange \(number) --as \(form.rawValue)") == .ok, "\(shell.console.notes)")
        return shell.console.out
    }

    func bash(_ script: String, secret: String) async throws -> ChildProcess.Result {
        let environment = ProcessInfo.processInfo.environment
        return try await ChildProcess.run(
            "/bin/bash", ["-c", script],
            environment: [
                "PATH": environment["PATH"] ?? "/usr/bin:/bin", "HOME": environment["HOME"] ?? "/tmp",
                "OPENMARKET_SECRET": secret, "LANG": "C.UTF-8", "HTTPIE_CONFIG_DIR": try Self.httpieConfig(),
            ], timeout: .seconds(120))
    }

    /// A configuration folder for HTTPie that turns its update check off: left on, HTTPie
    /// fetches its latest version from the internet, and these tests send nothing past 127.0.0.1.
    static func httpieConfig() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openmarket-tests-httpie-config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"disable_update_warnings": true}"#.utf8).write(to: folder.appendingPathComponent("config.json"))
        return folder.path
    }

    /// An exported command sent to `capture` instead of the market it was made on.
    static func pointed(_ text: String, from market: RunningMarket, at capture: MisbehavingServer) -> String {
        text.replacingOccurrences(of: market.baseURL.absoluteString, with: capture.baseURL.absoluteString)
            .replacingOccurrences(of: "/dev/tcp/127.0.0.1/\(market.baseURL.port!)", with: "/dev/tcp/127.0.0.1/\(capture.port)")
            .replacingOccurrences(of: "Host: 127.0.0.1:\(market.baseURL.port!)", with: "Host: 127.0.0.1:\(capture.port)")
    }

    static var hasHTTPie: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/http") }

    @Test func theExportedCommandsSendTheSameRequests() async throws {
        try await withSession { shell, numbers in
            let secret = shell.market.demoCredentials.secret.revealed
            let capture = try MisbehavingServer.answering(status: 200, body: "{}")
            defer { capture.stop() }
            let original = shell.shell.exchanges
            if !Self.hasHTTPie { Issue.record("HTTPie (/usr/bin/http) is not installed: scripts/test installs it") }
            for form in Self.forms where form != .httpie || Self.hasHTTPie {
                for (name, number) in numbers.sorted(by: { $0.value < $1.value }) {
                    let text = try await export(number, as: form, shell)
                    #expect(!text.contains(secret), "\(form) \(name) shows the secret")
                    // The secret goes to the tool on standard input (`printf` is a bash builtin), never
                    // on a command line, where `ps` shows it.
                    for line in text.split(separator: "\n") where line.contains("$OPENMARKET_SECRET") {
                        #expect(
                            line.drop { $0 == " " }.hasPrefix("printf '%s' "),
                            "\(form) \(name): the secret on a command line: \(line)")
                    }
                    let before = capture.received.count
                    let script = Self.pointed(text, from: shell.market, at: capture)
                    let ran = try await bash(script, secret: secret)
                    #expect(await capture.waitForRequests(before + 1, timeout: .seconds(30)), "\(form) \(name): \(ran.stderr)")
                    // What running it prints (the request as HTTPie shows it, the answer) holds no secret.
                    #expect(!ran.stdout.contains(secret) && !ran.stderr.contains(secret), "\(form) \(name) printed the secret")
                    guard let sent = capture.received.last, case .success(let kept) = original.exchange(number) else { continue }
                    try Self.compare(sent, with: kept, secret: secret, form: form, name: name)
                }
            }
        }
    }

    /// Method, path and query, the headers that matter, the body: JSON equal, multipart parts
    /// equal byte for byte.
    static func compare(
        _ sent: MisbehavingServer.Request, with kept: Exchange, secret: String, form: ExchangeCommand.Form, name: String
    ) throws {
        let label = "\(form) \(name)"
        let request = kept.request
        #expect(sent.method == request.method, "\(label)")
        #expect(sent.target == request.target, "\(label)")
        for header in ["identifier", "If-Match", "Accept"] where request.headers[header] != nil {
            #expect(sent.headers[header.lowercased()] == request.headers[header], "\(label): \(header)")
        }
        let unmask = { (data: Data) in
            Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: Secret.mask, with: secret).utf8)
        }
        if let parts = request.parts, request.outline != nil {
            let type = try #require(sent.headers["content-type"], "\(label)")
            #expect(type.hasPrefix("multipart/form-data"), "\(label)")
            let boundary = try #require(type.components(separatedBy: "boundary=").last).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
            let arrived = try RawRequestTests.parts(Data(sent.body), boundary: boundary)
            #expect(arrived.map(\.name) == parts.map(\.name), "\(label)")
            for (index, (part, got)) in zip(parts, arrived).enumerated() {
                if let json = part.json {
                    #expect(got.body == unmask(json), "\(label): the params part, byte for byte")
                } else {
                    let path = try #require(request.sources[index]?.path)
                    #expect(got.body == (try Data(contentsOf: URL(fileURLWithPath: path))), "\(label): \(path)")
                    if form != .httpie { #expect(got.filename == part.filename, "\(label)") }
                }
            }
        } else if let body = request.body, body.byteCount > 0 {
            let expected = try JSONSerialization.jsonObject(with: unmask(body.data)) as? NSDictionary
            let got = try JSONSerialization.jsonObject(with: Data(sent.body)) as? NSDictionary
            #expect(expected != nil && got == expected, "\(label): JSON bodies equal")
            #expect(sent.headers["content-type"] == request.headers["Content-Type"], "\(label)")
        } else {
            #expect(sent.body.isEmpty, "\(label)")
        }
    }

    /// Issue 21, item 1: a `'` followed by a combining mark is one Swift `Character`, which the
    /// old quoting compared with `'` and left unescaped, so bash ran the `$(…)` after it. A
    /// product named and described that way (as another vendor's product or a shared CSV could
    /// be) is registered and patched; every export of both exchanges, run by bash, creates no
    /// file and sends the text exactly.
    @Test func aQuoteFollowedByACombiningMarkRunsNothingWhenPasted() async throws {
        try await ShellFixture.with { shell in
            let canary = shell.directory.appendingPathComponent("pwned").path
            let hostile = #"\'\u0301$(touch "# + canary + #")\'\u0301 `touch "# + canary + #"` \"\u0301$(touch "# + canary + #")"#
            let expected = "'\u{301}$(touch \(canary))'\u{301} `touch \(canary)` \"\u{301}$(touch \(canary))"
            #expect(
                await shell.run(
                    #"register name=$'Mug \'\u0301$(id)\'\u0301 `id`' description='for the quoting test' price=3500 currency=KRW image='"#
                        + Fixtures.image("coffee-small.jpg").path + "'") == .ok, "\(shell.console.notes)")
            let id = try #require(try await shell.products().products.first?.id)
            #expect(await shell.run("patch \(id) description=$'Nice mug " + hostile + "'") == .ok, "\(shell.console.notes)")
            let kept = shell.shell.exchanges.exchanges.filter { $0.bookkeeping == nil }
            let create = try #require(kept.first { $0.request.method == "POST" && $0.request.target == "/api/products" })
            let edit = try #require(kept.first { $0.request.method == "PATCH" })
            let secret = shell.market.demoCredentials.secret.revealed
            let capture = try MisbehavingServer.answering(status: 200, body: "{}")
            defer { capture.stop() }
            for form in Self.forms where form != .httpie || Self.hasHTTPie {
                for exchange in [create, edit] {
                    let text = try await export(exchange.number, as: form, shell)
                    let before = capture.received.count
                    let script = Self.pointed(text, from: shell.market, at: capture)
                    let ran = try await bash(script, secret: secret)
                    #expect(!FileManager.default.fileExists(atPath: canary), "\(form) #\(exchange.number) ran the text: \(text)")
                    #expect(await capture.waitForRequests(before + 1, timeout: .seconds(30)), "\(form): \(ran.stderr)")
                    guard let sent = capture.received.last else { continue }
                    try Self.compare(sent, with: exchange, secret: secret, form: form, name: "hostile")
                    if exchange.number == edit.number {
                        let body = try JSONSerialization.jsonObject(with: Data(sent.body)) as? [String: Any]
                        #expect(body?["description"] as? String == "Nice mug " + expected, "\(form)")
                    }
                }
            }
        }
    }

    @Test func anExportedRegisterWorksForRealAndTheRawDeleteToo() async throws {
        try await withSession { shell, numbers in
            let secret = shell.market.demoCredentials.secret.revealed
            let before = try await shell.products().totalCount
            let curl = try await export(try #require(numbers["create"]), as: .curl, shell)
            let ran = try await bash(curl, secret: secret)
            #expect(ran.stdout.contains("HTTP/1.1 201 Created"), "\(ran.stdout) \(ran.stderr)")
            #expect(try await shell.products().totalCount == before + 1)
            let raw = try await export(try #require(numbers["create"]), as: .raw, shell)
            let sent = try await bash(raw, secret: secret)
            #expect(sent.stdout.hasPrefix("HTTP/1.1 201 Created"), "\(sent.stdout) \(sent.stderr)")
            #expect(try await shell.products().totalCount == before + 2)
        }
    }

    /// Issue 24, Major 1: running an export prints no secret, piped or on a terminal. Each
    /// export of each exchange runs in bash against the bundled market, once into a pipe and
    /// once on a pty (where HTTPie colours and formats), and nothing it prints holds the secret.
    @Test func runningAnExportPrintsNoSecretPipedOrOnATerminal() async throws {
        try #require(Self.hasHTTPie, "HTTPie (/usr/bin/http) is not installed: scripts/test installs it")
        try await withSession { shell, numbers in
            let secret = shell.market.demoCredentials.secret.revealed
            let environment = ProcessInfo.processInfo.environment
            let terminalEnvironment = [
                "PATH": environment["PATH"] ?? "/usr/bin:/bin", "HOME": shell.directory.path, "OPENMARKET_SECRET": secret,
                "LANG": "C.UTF-8", "TERM": "xterm-256color", "HTTPIE_CONFIG_DIR": try Self.httpieConfig(),
            ]
            for form in Self.forms {
                for (name, number) in numbers.sorted(by: { $0.value < $1.value }) {
                    let text = try await export(number, as: form, shell)
                    let piped = try await bash(text, secret: secret)
                    #expect(piped.stdout.contains("HTTP/1.1 "), "\(form) \(name) got no answer: \(piped.stdout) \(piped.stderr)")
                    #expect(
                        !piped.stdout.contains(secret) && !piped.stderr.contains(secret), "\(form) \(name) printed the secret")
                    let terminal = try PTYSession(
                        executable: "/bin/bash", arguments: ["-c", text], environment: terminalEnvironment, columns: 80, rows: 24)
                    _ = try terminal.waitForExit(timeout: .seconds(60))
                    let shown = terminal.transcript.replacingOccurrences(
                        of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
                    #expect(shown.contains("HTTP/1.1 "), "\(form) \(name) on a terminal got no answer: \(shown)")
                    #expect(!shown.contains(secret), "\(form) \(name) showed the secret on a terminal")
                    if form == .httpie {
                        #expect(!text.contains("--print=HhBb") && text.contains("--print=Hhb"), "\(text)")
                    }
                }
            }
        }
    }

    /// HTTPie exports a JSON edit as request items, as its users write them; the secret is
    /// read from standard input, never on the command line.
    @Test func anHTTPieEditIsWrittenAsRequestItems() async throws {
        try await withSession { shell, numbers in
            let text = try await export(try #require(numbers["edit"]), as: .httpie, shell)
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.first == #"printf '%s' "$OPENMARKET_SECRET" |"#, "\(text)")
            #expect(text.contains(" 'price:=4000'") && text.contains(" 'secret=@/dev/stdin'"), "\(text)")
            #expect(text.contains("http --ignore-stdin --print=Hhb PATCH "), "\(text)")
            let create = try await export(try #require(numbers["create"]), as: .httpie, shell)
            #expect(create.contains("--multipart") && create.contains("'params=@/dev/stdin'"), "\(create)")
            #expect(create.contains("images@"), "\(create)")
        }
    }

    /// Issue 24, "Exports that run anywhere": the raw export counts `Content-Length` in bash, so a
    /// secret of another length (here 1 byte, and 40 two-byte letters) is framed right.
    @Test func theRawExportFramesASecretOfAnyLength() async throws {
        try await withSession { shell, numbers in
            let capture = try MisbehavingServer.answering(status: 200, body: "{}")
            defer { capture.stop() }
            let text = try await export(try #require(numbers["edit"]), as: .raw, shell)
            for secret in ["x", String(repeating: "ß", count: 40)] {
                let before = capture.received.count
                let ran = try await bash(Self.pointed(text, from: shell.market, at: capture), secret: secret)
                #expect(await capture.waitForRequests(before + 1, timeout: .seconds(30)), "\(ran.stderr)")
                let sent = try #require(capture.received.last)
                #expect(sent.headers["content-length"] == String(sent.body.count), "\(sent.headers)")
                let body = try JSONSerialization.jsonObject(with: Data(sent.body)) as? [String: Any]
                #expect(body?["secret"] as? String == secret, "\(String(decoding: sent.body, as: UTF8.self))")
            }
        }
    }

    /// Issue 24: an exported conditional request says that it answers 412 once the product has
    /// changed, and it does.
    @Test func anExportedConditionalRequestSaysItAnswers412OnceChanged() async throws {
        try await ShellFixture.with { shell in
            let product = try await shell.register()
            let etag = try #require(try await shell.client.product(id: product.id).etag)
            #expect(await shell.run("patch \(product.id) price=4100 --if-match '\(etag)'") == .ok, "\(shell.console.notes)")
            let edit = try #require(shell.shell.exchanges.exchanges.last { $0.request.method == "PATCH" })
            let secret = shell.market.demoCredentials.secret.revealed
            for form in Self.forms {
                let text = try await export(edit.number, as: form, shell)
                #expect(
                    text.hasPrefix("# a conditional request (If-Match: \(etag)): it answers 412 Precondition Failed once"),
                    "\(form): \(text)")
                if form != .httpie || Self.hasHTTPie {
                    let ran = try await bash(text, secret: secret)
                    #expect(ran.stdout.contains("412 Precondition Failed"), "\(form): \(ran.stdout) \(ran.stderr)")
                }
            }
        }
    }

    @Test func theHARFileHasEveryRequiredFieldAndNoSecret() async throws {
        try await withSession { shell, _ in
            let file = shell.directory.appendingPathComponent("session.har")
            #expect(await shell.run("exchanges --har '\(file.path)'") == .ok, "\(shell.console.notes)")
            let data = try Data(contentsOf: file)
            #expect(!String(decoding: data, as: UTF8.self).contains(shell.market.demoCredentials.secret.revealed))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let log = try #require(root["log"] as? [String: Any])
            #expect(log["version"] as? String == "1.2")
            #expect((log["creator"] as? [String: Any])?["name"] as? String == "openmarket")
            let entries = try #require(log["entries"] as? [[String: Any]])
            #expect(entries.count == shell.shell.exchanges.exchanges.count)
            for entry in entries {
                for key in ["startedDateTime", "time", "request", "response", "cache", "timings"] {
                    #expect(entry[key] != nil, "entry.\(key)")
                }
                let request = try #require(entry["request"] as? [String: Any])
                for key in ["method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"] {
                    #expect(request[key] != nil, "request.\(key)")
                }
                let response = try #require(entry["response"] as? [String: Any])
                for key in [
                    "status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize",
                    "bodySize",
                ] {
                    #expect(response[key] != nil, "response.\(key)")
                }
                let content = try #require(response["content"] as? [String: Any])
                #expect(content["size"] != nil && content["mimeType"] != nil)
                let timings = try #require(entry["timings"] as? [String: Any])
                #expect(timings["send"] != nil && timings["wait"] != nil && timings["receive"] != nil)
                #expect(ISO8601DateFormatter.withFractions.date(from: entry["startedDateTime"] as? String ?? "") != nil)
            }
        }
    }

    @Test func theNotebookShowsEachExchangeWithoutTheSecret() async throws {
        try await withSession { shell, numbers in
            let file = shell.directory.appendingPathComponent("notebook.md")
            #expect(await shell.run("exchanges --markdown '\(file.path)'") == .ok, "\(shell.console.notes)")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains(shell.market.demoCredentials.secret.revealed))
            #expect(text.hasPrefix("# HTTP lab notebook"))
            #expect(text.contains("## #\(numbers["create"]!) POST /api/products → 201 Created"), "\(text)")
            #expect(text.contains("Sent by `register name="), "\(text)")
            #expect(text.contains("```http\nPATCH /api/products/"), "\(text)")
            #expect(text.contains(Secret.mask))
        }
    }

    @Test func whereEachPhotoCameFromIsKeptBesideTheExchange() async throws {
        try await ShellFixture.with { shell in
            let small = Fixtures.image("coffee-small.jpg").path
            let big = Fixtures.image("rocket-phone-4032x3024.jpg").path
            let bigSize = try #require(try FileManager.default.attributesOfItem(atPath: big)[.size] as? Int)
            #expect(
                await shell.run(
                    "register name='Two photos' description='One small, one shrunk to fit' price=1000 currency=KRW "
                        + "image='\(small)' image='\(big)'") == .ok, "\(shell.console.notes)")
            let exchange = try shell.shell.exchanges.exchange(1).get()
            // Part 0 is the params JSON; the photos are parts 1 and 2.
            #expect(
                exchange.request.sources == [1: PhotoSource(path: small), 2: PhotoSource(path: big, shrunkFromBytes: bigSize)])
            #expect(exchange.request.parts?.map(\.filename) == [nil, "coffee-small.jpg", "rocket-phone-4032x3024.jpg"])
            // A raw request's file items too.
            #expect(await shell.run("POST /api/products/1/archived note@'\(small)' --check-status") != .ok)
            let raw = try shell.shell.exchanges.exchange(shell.shell.exchanges.lastNumber).get()
            #expect(raw.request.sources == [0: PhotoSource(path: small)], "\(raw.request.sources)")
        }
    }

    @Test func aShrunkPhotoIsSaidAndAMissingExchangeIsOneLine() async throws {
        try await ShellFixture.with { shell in
            #expect(
                await shell.run(
                    "register name='Big photo' description='A phone photo, shrunk to fit' price=1000 currency=KRW "
                        + "image='\(Fixtures.image("rocket-phone-4032x3024.jpg").path)'") == .ok, "\(shell.console.notes)")
            shell.console.clear()
            #expect(await shell.run("exchange 1 --as curl") == .ok)
            #expect(shell.console.out.hasPrefix("# the shell shrank "), "\(shell.console.out)")
            #expect(await shell.run("exchange 9 --as curl") != .ok)
            #expect(shell.console.notes.contains("no exchange #9 yet; the last is #1"), "\(shell.console.notes)")
            #expect(await shell.run("exchange 1 --as wget") == .usage)
        }
    }
}

extension ISO8601DateFormatter {
    fileprivate static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
