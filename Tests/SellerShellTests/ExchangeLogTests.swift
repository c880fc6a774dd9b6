import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// The exchange log (issue 13, item 1): every exchange numbered and kept, shown in full as
/// sent (framing headers included, photos elided), its wire form equal to the bytes that
/// reached the server, bounded in memory, never holding the secret.
@Suite("The exchange log")
struct ExchangeLogTests {
    @Test func everyExchangeIsNumberedAndListedInOrder() async throws {
        try await ShellFixture.with { shell in
            #expect(await shell.run("health") == .ok)
            let product = try await shell.register()
            #expect(await shell.run("patch \(product.id) price=4000") == .ok, "\(shell.console.notes)")
            shell.console.clear()
            #expect(await shell.run("exchanges") == .ok)
            let lines = shell.console.out.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("#1 GET /healthChecker → 200 OK · ") == true, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("#2 POST /api/products → 201 Created · ") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("#3 PATCH /api/products/\(product.id) → ") }, "\(lines)")
            #expect(lines.allSatisfy { $0.contains(" ms") }, "\(lines)")
        }
    }

    @Test func anExchangeShowsEveryHeaderAsSentAndElidesThePhotos() async throws {
        try await ShellFixture.with { shell in
            try await shell.register(images: ["coffee-small.jpg"])
            shell.console.clear()
            #expect(await shell.run("exchange 1") == .ok, "\(shell.console.notes)")
            let text = shell.console.out
            let photoBytes = try Fixtures.imageData("coffee-small.jpg").count
            #expect(text.contains("POST /api/products HTTP/1.1"), "\(text)")
            #expect(text.contains("Host: 127.0.0.1:\(shell.market.baseURL.port!)"), "\(text)")
            #expect(text.contains("Content-Length: "), "\(text)")
            #expect(text.contains("Content-Type: multipart/form-data; boundary="), "\(text)")
            #expect(text.contains(#"Content-Disposition: form-data; name="params"␍␊"#), "\(text)")
            #expect(text.contains(#"Content-Disposition: form-data; name="images"; filename="coffee-small.jpg"␍␊"#), "\(text)")
            #expect(text.contains("‹\(ExchangeRendering.grouped(photoBytes)) bytes of image/jpeg›"), "\(text)")
            #expect(text.contains("HTTP/1.1 201 Created"), "\(text)")
            #expect(text.contains(Secret.mask), "the params part shows the secret masked: \(text)")
            #expect(!text.contains(shell.market.demoCredentials.secret.revealed), "the secret never shows")
        }
    }

    @Test func theWireFormIsTheBytesTheServerReceived() async throws {
        let server = try MisbehavingServer.answering(status: 200, body: #"{"ok":true}"#)
        defer { server.stop() }
        let credentials = VendorCredentials(identifier: "5f0c1d2e-aaaa-bbbb-cccc-0123456789ab", secret: "wire-test-secret-77")
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: server.baseURL, credentials: credentials, timeout: .seconds(60)),
            console: console)
        let photo = Fixtures.image("coffee-small.jpg").path
        _ = await shell.execute("PATCH /api/products/3 price:=3500 name=머그 secret=@secret If-Match:'\"v1\"'")
        _ = await shell.execute("POST /api/products name=Mug price:=3500 secret=@secret images@'\(photo)'")
        #expect(await server.waitForRequests(2, timeout: .seconds(30)))
        let received = server.received
        let kept = shell.exchanges.exchanges
        #expect(kept.count == 2)
        let photoData = try Data(contentsOf: URL(fileURLWithPath: photo))
        for (exchange, request) in zip(kept, received) {
            // The log masks the secret; the server got it: compare with it masked there too.
            let arrived = Self.replacing(
                Data(credentials.secret.revealed.utf8), with: Data(Secret.mask.utf8), in: Data(request.raw))
            #expect(Self.bytes(of: exchange, files: [photoData]) == arrived, "#\(exchange.number)")
        }
    }

    static func replacing(_ needle: Data, with replacement: Data, in haystack: Data) -> Data {
        var out = Data()
        var rest = haystack[...]
        while let found = rest.range(of: needle) {
            out += rest[..<found.lowerBound] + replacement
            rest = rest[found.upperBound...]
        }
        return out + rest
    }

    /// The kept request as bytes, with the elided files put back.
    static func bytes(of exchange: Exchange, files: [Data]) -> Data {
        var out = Data("\(exchange.request.method) \(exchange.request.target) HTTP/1.1\r\n".utf8)
        for field in exchange.request.headers { out += Data("\(field.name): \(field.value)\r\n".utf8) }
        out += Data("\r\n".utf8)
        if let outline = exchange.request.outline {
            var fileIndex = 0
            for segment in outline {
                switch segment {
                case .bytes(let sent): out += sent.masked
                case .file:
                    out += files[fileIndex % files.count]
                    fileIndex += 1
                }
            }
        } else if let body = exchange.request.body {
            out += body.data
        }
        return out
    }

    @Test func theWireViewShowsLineEndingsAndControlCharacters() async throws {
        let server = try MisbehavingServer.answering(status: 200, body: "{\"note\":\"bell\\u0007\"}\r\n")
        defer { server.stop() }
        let console = RecordingConsole()
        let shell = ShellSession(configuration: ShellConfiguration(serverURL: server.baseURL), console: console)
        _ = await shell.execute("GET /healthChecker --no-auth")
        console.clear()
        #expect(await shell.execute("exchange 1 --wire").status == .ok)
        #expect(console.out.contains("GET /healthChecker HTTP/1.1␍␊"), "\(console.out)")
        #expect(console.out.contains("Host: 127.0.0.1:\(server.port)␍␊"), "\(console.out)")
        #expect(console.out.contains("Connection: close␍␊"), "\(console.out)")
        #expect(console.out.contains("␍␊"), "\(console.out)")
    }

    /// `log` after `count` GETs answered with a body of `bodyBytes` bytes, through a recorder.
    static func fill(_ log: ExchangeLog, count: Int, bodyBytes: Int) async throws {
        let recorder = ExchangeRecorder(
            wrapping: RecordingTransport([], fallback: .json(200, String(repeating: "x", count: bodyBytes))), log: log,
            secrets: SessionSecrets())
        for _ in 0..<count {
            _ = try await recorder.send(
                HTTPRequestData(method: .get, url: URL(string: "http://127.0.0.1:9/api/products")!), timeout: .seconds(5))
        }
    }

    @Test func theLogIsBoundedAndSaysWhatItForgot() async throws {
        let log = ExchangeLog(capacity: 3, bodyLimit: 10, byteBudget: 1_000)
        try await Self.fill(log, count: 5, bodyBytes: 50)
        #expect(log.exchanges.map(\.number) == [3, 4, 5])
        #expect(log.exchange(1).failureValue == .forgotten(oldest: 3))
        #expect(log.exchange(9).failureValue == .notYet(last: 5))
        let kept = try #require(log.exchanges.last?.response?.body)
        #expect(kept.data.count == 10 && kept.byteCount == 50 && kept.isCut)
        #expect(throws: CommandFailure.self) { try ExchangeCommand.find(1, in: log) }
    }

    /// A log under its count but over its bytes drops the oldest too; `exchange N` says both
    /// bounds, not only the count it is far from.
    @Test func anExchangeDroppedForItsBytesIsSaidToBeSoWithTheBudget() async throws {
        let log = ExchangeLog(capacity: 500, bodyLimit: 1_024, byteBudget: 2_048)
        try await Self.fill(log, count: 4, bodyBytes: 1_000)
        #expect(log.exchanges.count < 4)
        do {
            _ = try ExchangeCommand.find(1, in: log)
            Issue.record("exchange 1 was kept")
        } catch {
            #expect(error.message.contains("the log keeps the last 500, at most 2 KB of them"), "\(error.message)")
        }
    }

    /// Past many drops (the log compacts what it dropped now and then), the newest are kept in
    /// order, each once, and every older number is said to be forgotten.
    @Test func aLogFullForLongKeepsTheNewestInOrder() async throws {
        let log = ExchangeLog(capacity: 10, bodyLimit: 10, byteBudget: 1_000_000)
        let recorder = ExchangeRecorder(
            wrapping: RecordingTransport([], fallback: .json(200, "{}")), log: log, secrets: SessionSecrets())
        for _ in 0..<300 {
            _ = try await recorder.send(
                HTTPRequestData(method: .get, url: URL(string: "http://127.0.0.1:9/api/products")!), timeout: .seconds(5))
        }
        #expect(log.exchanges.map(\.number) == Array(291...300))
        #expect(log.exchanges.allSatisfy { $0.response?.status == 200 })
        #expect(log.exchange(290).failureValue == .forgotten(oldest: 291))
        #expect((try? log.exchange(291).get())?.number == 291)
    }

    @Test func bookkeepingRequestsAreMarked() async throws {
        try await ShellFixture.with { shell in
            var client = await shell.shell.marketClient
            client.notes.bookkeeping = "finding the newest id"
            _ = try? await client.health()
            #expect(await shell.run("exchanges") == .ok)
            #expect(shell.console.out.contains("#1 GET /healthChecker → 200 OK"), "\(shell.console.out)")
            #expect(shell.console.out.contains("(bookkeeping: finding the newest id)"), "\(shell.console.out)")
        }
    }

    @Test func aFailedExchangeSaysWhyAndAMissingNumberIsOneLine() async throws {
        let console = RecordingConsole()
        // Nothing listens on port 9: the connection is refused at once.
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!), console: console)
        _ = await shell.execute("health")
        #expect(await shell.execute("exchanges").status == .ok)
        #expect(console.out.contains("#1 GET /healthChecker → no answer (cannot connect"), "\(console.out)")
        #expect(await shell.execute("exchange 7").status != .ok)
        #expect(console.notes.contains("no exchange #7 yet; the last is #1"), "\(console.notes)")
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
