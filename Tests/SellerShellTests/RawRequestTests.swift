import Foundation
import MarketTestSupport
import MultipartKit
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// Requests typed by hand (issue 13, item 3): every method, every HTTPie item kind, reaching
/// the server as intended; the answer shown in full whatever its status.
@Suite("Raw requests")
struct RawRequestTests {
    let credentials = VendorCredentials(identifier: "5f0c1d2e-aaaa-bbbb-cccc-0123456789ab", secret: "raw-test-secret-42")

    func capture(
        _ lines: [String], body: String = #"{"ok":true}"#
    ) async throws -> ([MisbehavingServer.Request], RecordingConsole) {
        let server = try MisbehavingServer.answering(status: 200, body: body)
        defer { server.stop() }
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: server.baseURL, credentials: credentials, timeout: .seconds(60)),
            console: console)
        for line in lines {
            let status = await shell.execute(line).status
            #expect(status == .ok, "\(line): \(console.notes)")
        }
        #expect(await server.waitForRequests(lines.count, timeout: .seconds(30)))
        return (server.received, console)
    }

    @Test func aMethodIsNamedInAnyCaseOfItsASCIILetters() {
        func words(_ texts: String...) -> [Word] { texts.map { Word($0) } }
        for method in ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] {
            // Typed in capitals, a method is a raw request even before a path.
            #expect(RawRequests.command(for: words(method))?.spec.name == method)
            for typed in [method.lowercased(), String(method.prefix(1)) + method.dropFirst().lowercased()] {
                #expect(RawRequests.command(for: words(typed, "/api/products"))?.spec.name == method, "\(typed)")
                // In lower case and without a path, it is the shell's own command (`patch 3 …`).
                #expect(RawRequests.command(for: words(typed, "3")) == nil, "\(typed) 3")
            }
        }
        // Letters that uppercase to ASCII ones (a long s, a dotless i) do not make a method,
        // nor does a word that only starts like one.
        for typed in ["po\u{17F}t", "opt\u{131}ons", "gets", "ge", "Ｇｅｔ", "show", ""] {
            #expect(RawRequests.command(for: words(typed, "/api/products")) == nil, "\(typed)")
        }
    }

    @Test func itemsParseAsHTTPieReadsThem() {
        func item(_ text: String) -> RequestItem? { RequestItem(Word(text)) }
        #expect(item("name=Mug") == RequestItem(kind: .text, key: "name", value: "Mug"))
        #expect(item("price:=3500") == RequestItem(kind: .json, key: "price", value: "3500"))
        #expect(item("If-Match:\"v1\"") == RequestItem(kind: .header, key: "If-Match", value: "\"v1\""))
        #expect(item("search_value==mug") == RequestItem(kind: .query, key: "search_value", value: "mug"))
        #expect(item("images@a.jpg") == RequestItem(kind: .file, key: "images", value: "a.jpg"))
        #expect(item("secret=@secret")?.isSessionSecret == true)
        #expect(item("tags:=@t.json") == RequestItem(kind: .jsonFile, key: "tags", value: "t.json"))
        // The first separator decides: a URL in a value stays in the value.
        #expect(
            item("description=see http://x.example/a")
                == RequestItem(kind: .text, key: "description", value: "see http://x.example/a"))
        #expect(item("Referer:http://a=b") == RequestItem(kind: .header, key: "Referer", value: "http://a=b"))
        #expect(item("plain") == nil)
        #expect(item("=nokey") == nil)
    }

    /// HTTPie's escape: a `\` before `:`, `=`, `@` or `;` makes it plain, so a value may begin with
    /// `@` (a secret such as `@x2…` typed as `secret=@x2…` names a file, in HTTPie too). The bytes
    /// are read, not `Character`s: an `=` under a combining mark is still the separator.
    @Test func aBackslashMakesASeparatorCharacterPlainAsInHTTPie() {
        func item(_ text: String) -> RequestItem? { RequestItem(Word(text)) }
        #expect(item(#"secret=\@x2$#"#) == RequestItem(kind: .text, key: "secret", value: "@x2$#"))
        #expect(item(#"a\=b=c"#) == RequestItem(kind: .text, key: "a=b", value: "c"))
        #expect(item(#"url\:x==1"#) == RequestItem(kind: .query, key: "url:x", value: "1"))
        #expect(item(#"path=C:\dir"#) == RequestItem(kind: .text, key: "path", value: #"C:\dir"#), "a \\ before a letter stays")
        #expect(item(#"only\=escaped"#) == nil)
        #expect(item("name=\u{301}x") == RequestItem(kind: .text, key: "name", value: "\u{301}x"))
        #expect(item("n\u{301}=x") == RequestItem(kind: .text, key: "n\u{301}", value: "x"))
    }

    /// An item written back (a recording, a journal, `history`) reads again as the same item,
    /// whatever its key and value hold, except a `\` before a separator character in a value,
    /// which HTTPie cannot say either.
    @Test func anItemWrittenBackReadsAsTheSameItem() {
        var random = SplitMix64(seed: 39)
        let alphabet = [":", "=", "@", ";", "\\", "a", "안", "\u{301}", "/", " ", "\"", "'"]
        let kinds: [RequestItem.Kind] = [.header, .query, .text, .json, .file, .textFile, .jsonFile]
        for _ in 0..<3000 {
            let key = (0..<Int.random(in: 1...4, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            let value = (0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            let written = RequestItem(kind: kinds.randomElement(using: &random)!, key: key, value: value)
            // A `\` before a separator character (or ending the key, before the separator).
            func escapes(_ text: String, atEnd: Bool) -> Bool {
                let bytes = Array(text.utf8)
                return bytes.indices.contains { at in
                    bytes[at] == UInt8(ascii: "\\")
                        && (at + 1 < bytes.count ? RequestItem.special.contains(bytes[at + 1]) : atEnd)
                }
            }
            let cannotBeSaid = escapes(key, atEnd: true) || escapes(value, atEnd: false)
            guard !cannotBeSaid else { continue }
            #expect(RequestItem(Word(written.text)) == written, "\(written.text)")
        }
    }

    @Test func aSecretBeginningWithAnAtSignIsSentWhenEscaped() async throws {
        let (requests, _) = try await capture([#"PATCH /api/products/3 price:=1 secret='\@x2'"#])
        let body = try JSONSerialization.jsonObject(with: Data(try #require(requests.first).body)) as? [String: Any]
        #expect(body?["secret"] as? String == "@x2")
    }

    @Test func everyMethodAndItemKindReachesTheServerAsIntended() async throws {
        let folder = try Fixtures.temporaryDirectory("raw-items")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("A description read from a file".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data(#"{"a":[1,2]}"#.utf8).write(to: folder.appendingPathComponent("extra.json"))
        let photo = Fixtures.image("coffee-small.jpg").path
        let (requests, _) = try await capture([
            "GET /api/products search_value==머그 items_per_page==5 X-Lesson:one",
            "HEAD /api/products/3",
            "OPTIONS /api/products/3 --no-auth",
            "PATCH /api/products/3 price:=3500 stock:=2 secret=@secret If-Match:'\"v1\"'",
            "PUT /api/products/3 name=Mug description=@'\(folder.path)/notes.txt' extra:=@'\(folder.path)/extra.json'",
            "DELETE /api/products/3/abc-token",
            "POST /api/products name=Mug price:=3500 secret=@secret images@'\(photo)'",
        ])
        try #require(requests.count == 7)
        let (get, head, options, patch, put, delete, post) =
            (requests[0], requests[1], requests[2], requests[3], requests[4], requests[5], requests[6])

        #expect(get.method == "GET" && get.query("search_value") == "머그" && get.query("items_per_page") == "5")
        #expect(get.headers["x-lesson"] == "one" && get.headers["identifier"] == credentials.identifier)
        #expect(get.body.isEmpty && get.headers["content-length"] == nil)
        #expect(head.method == "HEAD" && head.target == "/api/products/3")
        #expect(options.method == "OPTIONS" && options.headers["identifier"] == nil, "--no-auth sends no identifier")

        #expect(patch.method == "PATCH" && patch.headers["if-match"] == "\"v1\"")
        #expect(patch.headers["content-type"] == "application/json")
        let patchBody = try JSONSerialization.jsonObject(with: Data(patch.body)) as? [String: Any]
        #expect(patchBody?["price"] as? Int == 3500 && patchBody?["stock"] as? Int == 2)
        #expect(patchBody?["secret"] as? String == credentials.secret.revealed, "secret=@secret puts the session's secret there")

        #expect(put.method == "PUT")
        let putBody = try JSONSerialization.jsonObject(with: Data(put.body)) as? [String: Any]
        #expect(putBody?["description"] as? String == "A description read from a file")
        #expect((putBody?["extra"] as? [String: Any])?["a"] as? [Int] == [1, 2])

        #expect(delete.method == "DELETE" && delete.target == "/api/products/3/abc-token" && delete.body.isEmpty)

        #expect(post.method == "POST")
        let type = try #require(post.headers["content-type"])
        #expect(type.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(type.dropFirst("multipart/form-data; boundary=".count))
        let parts = try Self.parts(Data(post.body), boundary: boundary)
        #expect(parts.map(\.name) == ["params", "images"])
        let params = try JSONSerialization.jsonObject(with: parts[0].body) as? [String: Any]
        #expect(params?["name"] as? String == "Mug" && params?["secret"] as? String == credentials.secret.revealed)
        #expect(parts[1].body == (try Data(contentsOf: URL(fileURLWithPath: photo))), "the file's bytes, as they are")
        #expect(parts[1].filename == "coffee-small.jpg" && parts[1].contentType == "image/jpeg")
    }

    /// `params=@fields.json` with a photo sends the file's text as the params part, as HTTPie
    /// sends a form field from a file; before, it arrived wrapped again as {"params": "…"}.
    @Test func aParamsItemWithAFileIsTheWholeParamsPart() async throws {
        let folder = try Fixtures.temporaryDirectory("raw-params")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fields = #"{"name":"Mug","price":3500,"currency":"KRW"}"#
        try Data(fields.utf8).write(to: folder.appendingPathComponent("fields.json"))
        let photo = Fixtures.image("coffee-small.jpg").path
        let (requests, _) = try await capture([
            "POST /api/products params=@'\(folder.path)/fields.json' images@'\(photo)'",
            "POST /api/products params='\(fields)' images@'\(photo)'",
        ])
        try #require(requests.count == 2)
        for request in requests {
            let type = try #require(request.headers["content-type"])
            let parts = try Self.parts(
                Data(request.body), boundary: String(type.dropFirst("multipart/form-data; boundary=".count)))
            #expect(parts.map(\.name) == ["params", "images"])
            #expect(String(decoding: parts[0].body, as: UTF8.self) == fields)
            #expect(parts[0].contentType == "application/json")
        }
        // Another field beside it has no part to go in: refused before anything is sent.
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!, credentials: credentials),
            console: console)
        let line = "POST /api/products params=@'\(folder.path)/fields.json' stock:=3 images@'\(photo)'"
        #expect(await shell.execute(line).status == .usage)
        #expect(console.notes.contains("params is the whole params part"), "\(console.notes)")
        #expect(shell.exchanges.exchanges.isEmpty, "nothing was sent")
    }

    struct Part {
        var name: String
        var filename: String?
        var contentType: String?
        var body: Data
    }

    /// A multipart body's parts, read with MultipartKit's parser.
    static func parts(_ body: Data, boundary: String) throws -> [Part] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [Part] = []
        var headers: [(String, String)] = []
        var current = Data()
        parser.onHeader = { name, value in headers.append((name, value)) }
        parser.onBody = { current.append(contentsOf: $0.readableBytesView) }
        parser.onPartComplete = {
            let disposition = headers.first { $0.0.lowercased() == "content-disposition" }?.1 ?? ""
            func parameter(_ key: String) -> String? {
                guard let range = disposition.range(of: "\(key)=\"") else { return nil }
                return String(disposition[range.upperBound...].prefix { $0 != "\"" })
            }
            parts.append(
                Part(
                    name: parameter("name") ?? "", filename: parameter("filename"),
                    contentType: headers.first { $0.0.lowercased() == "content-type" }?.1, body: current))
            headers = []
            current = Data()
        }
        try parser.execute([UInt8](body))
        return parts
    }

    @Test func offlineShowsTheRequestAsItWouldBeSentAndSendsNothing() async throws {
        try await ShellFixture.with { shell in
            let product = try await shell.register()
            let before = shell.shell.exchanges.lastNumber
            let secretFile = shell.directory.appendingPathComponent("secret")
            try shell.market.demoCredentials.secret.revealed.write(to: secretFile, atomically: true, encoding: .utf8)
            shell.console.clear()
            #expect(
                await shell.run("PATCH /api/products/\(product.id) price:=4100 secret=@'\(secretFile.path)' --offline") == .ok,
                "\(shell.console.notes)")
            let shown = shell.console.out
            #expect(shown.hasPrefix("PATCH /api/products/\(product.id) HTTP/1.1"), "\(shown)")
            #expect(shown.contains("identifier: \(shell.market.demoCredentials.identifier.prefix(8))"), "\(shown)")
            #expect(shown.contains("Content-Type: application/json"), "\(shown)")
            #expect(shown.contains("Content-Length: "), "\(shown)")
            #expect(shown.contains(#""price" : 4100"#), "\(shown)")
            #expect(shown.contains(Secret.mask) && !shown.contains(shell.market.demoCredentials.secret.revealed), "\(shown)")
            #expect(shell.console.notes.contains("nothing was sent"))
            // Nothing went out: no exchange, and the price is as it was.
            #expect(shell.shell.exchanges.lastNumber == before)
            #expect(try await shell.product(id: product.id).price == product.price)
        }
    }

    @Test func theAnswerIsShownInFullWhateverItsStatus() async throws {
        let server = try MisbehavingServer { _ in
            [
                .send(
                    MisbehavingServer.response(
                        status: 405, headers: ["Allow": "GET, PATCH"], body: Array(#"{"code":405,"message":"no"}"#.utf8)))
            ]
        }
        defer { server.stop() }
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: server.baseURL, credentials: credentials), console: console)
        #expect(await shell.execute("PUT /api/products/1 name=x").status == .ok, "an answer is an answer: \(console.notes)")
        #expect(console.out.contains("HTTP/1.1 405 Method Not Allowed"), "\(console.out)")
        #expect(console.out.contains("Allow: GET, PATCH"), "\(console.out)")
        #expect(console.out.contains(#""message" : "no""#), "\(console.out)")
        #expect(await shell.execute("PUT /api/products/1 name=x --check-status").status != .ok)
        #expect(console.notes.contains("PUT /api/products/1: the answer is 405 Method Not Allowed"), "\(console.notes)")
    }

    @Test func wordsThatAreNotARawRequestStayCommandsAndMistakesAreOneLine() async throws {
        let registry = CommandRegistry.shell
        #expect(try registry.parse([Word("patch"), Word("3"), Word("price=1")]) is Patch)
        #expect(try registry.parse([Word("PATCH"), Word("/api/products/3"), Word("price:=1")]) is RawRequest<RawPATCH>)
        #expect(try registry.parse([Word("delete"), Word("/api/products/3/x")]) is RawRequest<RawDELETE>)
        #expect(try registry.parse([Word("get"), Word("/api/products")]) is RawRequest<RawGET>)
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!, credentials: credentials),
            console: console)
        #expect(await shell.execute("GET /api/products name=x").status == .usage)
        #expect(console.notes.contains("GET sends no body; 'name=x' would be one"), "\(console.notes)")
        #expect(await shell.execute("POST /api/products bogus").status == .usage)
        #expect(console.notes.contains("'bogus' is not a request item"), "\(console.notes)")
        #expect(await shell.execute("GET http://10.0.0.5:8080/api/products").status == .usage)
        #expect(console.notes.contains("raw requests go to this session's market"), "\(console.notes)")
        #expect(await shell.execute("PATCH /api/products/3 description=raw-test-secret-42").status != .ok)
        #expect(console.notes.contains("contains the vendor secret; refused to send it"), "\(console.notes)")
        #expect(await shell.execute("PATCH /api/products/3 price:=notjson").status == .usage)
    }

    /// Issue 40: a raw request's usage and failure messages are the shell's typed messages, so
    /// under `--lang ko` they are Korean (they were English literals), with the item as typed.
    @Test func aRawRequestsMistakesAreSaidInKoreanUnderKorean() async throws {
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!, credentials: credentials),
            console: console)
        try await Language.$current.withValue(.ko) {
            #expect(await shell.execute("PATCH /api/products/3 price:=notjson").status == .usage)
            #expect(console.notes.contains("price:=notjson: := 뒤의 값은 JSON이어야 합니다"), "\(console.notes)")
            #expect(await shell.execute("POST /api/products params=@secret images@nothing-here-*.jpg").status == .usage)
            #expect(console.notes.contains("secret은 파트 전체가 아니라 params 안의 필드입니다"), "\(console.notes)")
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let pattern = folder.appendingPathComponent("none-*.jpg").path
            #expect(await shell.execute("POST /api/products name=x images@\(pattern)").status != .ok)
            #expect(console.notes.contains("images@\(pattern): 맞는 파일이 없습니다"), "\(console.notes)")
            #expect(!console.notes.contains("no file matches"), "\(console.notes)")
        }
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("raw-ko-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aRawCreateOnTheBundledMarketMakesAProductAndTabOffersPaths() async throws {
        try await ShellFixture.with { shell in
            let photo = Fixtures.image("coffee-small.jpg").path
            let line =
                "POST /api/products name='손으로 만든 머그' description='Typed by hand in class' price:=3500 currency=KRW "
                + "secret=@secret images@'\(photo)'"
            #expect(await shell.run(line) == .ok, "\(shell.console.notes)")
            #expect(shell.console.out.contains("HTTP/1.1 201 Created"), "\(shell.console.out)")
            let made = try #require(try await shell.products().products.first)
            #expect(made.name == "손으로 만든 머그")
            let answer = shell.shell.index.complete("GET /api/pro")
            guard case .candidates(_, let offered) = answer else {
                Issue.record("\(answer)")
                return
            }
            #expect(offered.map(\.text).contains("/api/products/\(made.id)"), "ids seen are offered: \(offered.map(\.text))")
        }
    }
}
