import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import Testing

/// Issue 40, item 2: Korean everywhere, proven. The `openmarket` binary runs under `--lang ko`
/// in a real terminal: the four Korean lessons (stepped, then `c`), and a seller's day against the bundled market
/// (register with its questions answered, patch, stock, delete, undo, redo, `changes`, an
/// import with bad rows, export, `openmarket test` with a failing check, and every kind of
/// error: argument, validation, 401, 403, 404, 412, 429 and a network error). Every line on
/// screen is read by `EnglishOnScreen`, and each line holding an English sentence is listed.
@Suite("Korean everywhere: no English sentence on a Korean screen", .serialized)
struct KoreanEverywhereTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    /// One program's screen: what it was, and everything it showed.
    struct Screen: Sendable {
        var name: String
        var transcript: String
    }

    /// English still on a Korean screen, each with the code that prints it and who fixes it:
    /// a screen line holding `fragment` is not reported. Keep it as short as the code allows.
    static let stillEnglish: [(fragment: String, source: String, reason: String)] = []

    /// The product text this test types: its words are the seller's, not the program's.
    static let productTexts = [
        "파란 머그컵", "파란색 머그컵입니다 아주 튼튼해요", "Blue enamel mug", "A sturdy enamel mug for tea", "빨간 머그컵",
        "빨간색 머그컵입니다 아주 튼튼해요", "이름이 없는 상품입니다 설명만 있어요", "숙제 머그컵", "숙제로 올리는 머그컵입니다",
    ]

    /// The English lines of `screens` no entry of `stillEnglish` names, each with its screen.
    static func english(in screens: [Screen]) -> [String] {
        let typed = EnglishOnScreen.words(ofTyped: productTexts)
        return screens.flatMap { screen in
            EnglishOnScreen.lines(in: screen.transcript, typed: typed)
                .filter { line in !stillEnglish.contains { line.contains($0.fragment) } }
                .map { "\(screen.name): \($0)" }
        }
    }

    /// With `OPENMARKET_KOREAN_SCREENS=DIR`, every screen is also written to DIR (one file each,
    /// escapes and all: `cat` shows it as the terminal did), to be read by a person.
    static func keep(_ screens: [Screen]) throws {
        guard let folder = ProcessInfo.processInfo.environment["OPENMARKET_KOREAN_SCREENS"] else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for screen in screens {
            let name = screen.name.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: " ", with: "-")
            try Data(screen.transcript.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(name).txt"))
        }
    }

    static func report(_ found: [String]) -> Comment {
        Comment(rawValue: "\(found.count) English line(s) on a Korean screen:\n" + found.joined(separator: "\n"))
    }

    @Test func theFourKoreanLessonsShowNoEnglishSentence() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let environment = home.environment
        let journals = home.root.path
        let runs = try await blocking { () throws -> [(status: Int32, screen: Screen)] in
            try ["01-methods.om", "02-status-codes.om", "03-conditional-requests.om", "04-idempotency.om"].map { name in
                let path = Fixtures.packageRoot.appendingPathComponent("scripts/examples/lessons/ko/\(name)").path
                // Stepped as a class sees it: the title block and the first command, then `c`.
                let arguments = ["--lang", "ko", "run", path, "--step", "--journal", "\(journals)/\(name).journal"]
                let run = try Self.runToExit(arguments, environment: environment, keys: "c", after: "Enter: 보내기")
                return (run.status, Screen(name: "lesson ko/\(name)", transcript: run.transcript))
            }
        }
        for run in runs {
            #expect(run.status == 0, "\(run.screen.name): \(PTYSession.visible(run.screen.transcript))")
        }
        let screens = runs.map(\.screen)
        try Self.keep(screens)
        #expect(screens.allSatisfy { $0.transcript.contains("→ 201 Created") }, "every lesson ran its requests")
        let found = Self.english(in: screens)
        #expect(found.isEmpty, Self.report(found))
    }

    @Test func aSellersDayInKoreanShowsNoEnglishSentence() async throws {
        // One wrong secret is free: the second is answered 429 by the market itself.
        try await TestMarket.with(wrongSecrets: WrongSecretPolicy(freeFailures: 1)) { market in
            let theirs = try #require(try await market.running.data.ensureNeighbour().first)
            let home = try TestHome.make()
            defer { home.remove() }
            let folder = try SellersDay.prepare(in: home)
            let day = SellersDay(market: market, home: home, folder: folder, theirs: theirs)
            var screens = [try await day.inTheShell()]
            screens += try await day.refusedElsewhere()
            screens.append(try await day.homework())
            try Self.keep(screens)
            let found = Self.english(in: screens)
            #expect(found.isEmpty, Self.report(found))
        }
    }

    /// Runs the program in a terminal to its end (a wide, tall one: no pager, no wrapping),
    /// typing `keys` once it reads keys and `prompt` shows. A step's question drops what was
    /// typed before it (a key pressed early answers nothing): a key sent as soon as the terminal
    /// went raw, before that drop, was lost on a loaded machine, and the run waited for it until
    /// the test timed out.
    static func runToExit(
        _ arguments: [String], environment: [String: String], in folder: URL? = nil, keys: String? = nil,
        after prompt: String = ""
    ) throws -> (status: Int32, transcript: String) {
        let session = try PTYSession(
            executable: binary, arguments: arguments, environment: environment, workingDirectory: folder?.path,
            columns: 160, rows: 200)
        defer { session.terminate() }
        if let keys {
            try session.waitForRawMode(timeout: .seconds(60))
            if !prompt.isEmpty { try session.expect(prompt, timeout: .seconds(60)) }
            session.send(keys)
        }
        let status = try session.waitForExit(timeout: .seconds(120))
        return (status, session.transcript)
    }
}

/// The seller's day of `KoreanEverywhereTests`: what it types, and where.
struct SellersDay: Sendable {
    let market: TestMarket
    let home: TestHome
    /// Holds the photo, the catalog with bad rows, the export and the homework.
    let folder: URL
    /// A product of neighbour-shop (403 when the demo vendor changes it).
    let theirs: Int

    static let photo = "coffee-small.jpg"

    /// The working folder: a photo, `bad.csv` (a good row, a bad price, a missing name) and
    /// `homework/` (a failing check, a validation error).
    static func prepare(in home: TestHome) throws -> URL {
        let folder = home.root.appendingPathComponent("work", isDirectory: true)
        let homework = folder.appendingPathComponent("homework", isDirectory: true)
        try FileManager.default.createDirectory(at: homework, withIntermediateDirectories: true)
        for destination in [folder, homework] {
            try FileManager.default.copyItem(at: Fixtures.image(photo), to: destination.appendingPathComponent(photo))
        }
        let csv = """
            name,description,price,currency,images
            Blue enamel mug,A sturdy enamel mug for tea,3500,KRW,\(photo)
            빨간 머그컵,빨간색 머그컵입니다 아주 튼튼해요,abc,KRW,\(photo)
            ,이름이 없는 상품입니다 설명만 있어요,3000,KRW,\(photo)

            """
        try Data(csv.utf8).write(to: folder.appendingPathComponent("bad.csv"))
        let failing = "GET /api/products/999999\nexpect ${response.status} == 200\n"
        try Data(failing.utf8).write(to: homework.appendingPathComponent("01-failing-check.om"))
        let invalid =
            "register name=\"숙제 머그컵\" description=\"숙제로 올리는 머그컵입니다\" price=abc currency=KRW image=\(photo)\n"
        try Data(invalid.utf8).write(to: homework.appendingPathComponent("02-bad-price.om"))
        return folder
    }

    /// The login of the demo vendor on the test market, with its vendor id.
    func environment(secret: String? = nil, server: URL? = nil) -> [String: String] {
        home.environment([
            "OPENMARKET_SERVER": (server ?? market.baseURL).absoluteString,
            "OPENMARKET_IDENTIFIER": market.demo.identifier,
            "OPENMARKET_SECRET": secret ?? market.demo.secret.revealed,
            "OPENMARKET_VENDOR_ID": String(market.demoVendorID ?? 1),
        ])
    }

    /// The id of the demo vendor's newest product named `name`.
    func id(of name: String) async throws -> Int {
        let page = try await market.client().products(page: 1, perPage: 100, search: name).value
        return try #require(page.products.first { $0.name == name }?.id, "\(name) is on the market")
    }

    /// One shell, typed into like a person: the day's changes and the errors one shell meets.
    func inTheShell() async throws -> KoreanEverywhereTests.Screen {
        let shell = try await blocking {
            try Typist(
                PTYSession(
                    executable: KoreanEverywhereTests.binary, arguments: ["--lang", "ko"], environment: environment(),
                    workingDirectory: folder.path, columns: 160, rows: 200))
        }
        defer { shell.session.terminate() }
        try await blocking {
            // What a seller reads first: the commands, and how to register.
            try shell.type("help")
            try shell.type("help register")
            try shell.register(photo: Self.photo)
        }
        let mug = try await id(of: "파란 머그컵")
        try await blocking { try shell.changes(of: mug) }
        let back = try await id(of: "파란 머그컵")
        try await blocking { try shell.redoThenUndo(back) }
        let again = try await id(of: "파란 머그컵")
        try await blocking { try shell.catalog() }
        try await blocking { try shell.errors(on: again, theirs: theirs) }
        // 412: the product is changed by a second client after the shell's ETag was read.
        let read = try await market.client().product(id: again)
        _ = try await market.client().edit(id: again, ProductChanges(price: 4300))
        let stale = try #require(read.etag)
        try await blocking {
            try shell.type("patch \(again) price=4400 --if-match '\(stale)'")
            try shell.session.waitForRawMode(timeout: .seconds(30))
            shell.session.send("\u{04}")
            _ = try shell.session.waitForExit(timeout: .seconds(60))
        }
        let transcript = shell.session.transcript
        let after = try await market.client().product(id: again).value
        #expect(after.price == 4300, "the stale patch was refused: \(PTYSession.visible(transcript))")
        return .init(name: "seller's day", transcript: transcript)
    }

    /// 401 (a wrong secret), 429 (the market, to a second wrong secret; a busy server asking
    /// for an hour) and a network error (a closed port), each in a program of its own.
    func refusedElsewhere() async throws -> [KoreanEverywhereTests.Screen] {
        let busy = try MisbehavingServer { _ in
            [.send(MisbehavingServer.response(status: 429, headers: ["Retry-After": "3600"], body: Array("{}".utf8)))]
        }
        defer { busy.stop() }
        let closed = try #require(URL(string: "http://127.0.0.1:\(try Loopback.portOutsideEphemeralRange())"))
        let product = try await id(of: "파란 머그컵")
        let runs: [(String, [String: String], String)] = [
            ("401", environment(secret: "a-wrong-secret-for-the-korean-test"), "patch \(product) price=4500"),
            ("429 from the market", environment(secret: "a-wrong-secret-for-the-korean-test"), "patch \(product) price=4600"),
            ("429 from a busy server", environment(server: busy.baseURL), "list"),
            ("network error", environment(server: closed), "list"),
        ]
        let screens = try await blocking {
            try runs.map { name, environment, command in
                let run = try KoreanEverywhereTests.runToExit(["--lang", "ko", "-c", command], environment: environment)
                return (run.status, KoreanEverywhereTests.Screen(name: name, transcript: run.transcript))
            }
        }
        for (status, screen) in screens {
            #expect(status != 0, "\(screen.name): \(PTYSession.visible(screen.transcript))")
            let code = String(screen.name.prefix(3))
            if code.allSatisfy(\.isNumber) {
                #expect(screen.transcript.contains(code), "\(screen.name): \(PTYSession.visible(screen.transcript))")
            }
        }
        return screens.map(\.1)
    }

    /// `openmarket test` grading two scripts on a fresh local market: a failing check and a
    /// validation error.
    func homework() async throws -> KoreanEverywhereTests.Screen {
        let homework = folder.appendingPathComponent("homework")
        let environment = home.environment
        let run = try await blocking {
            try KoreanEverywhereTests.runToExit(
                ["--lang", "ko", "test", "01-failing-check.om", "02-bad-price.om"], environment: environment, in: homework)
        }
        #expect(run.status != 0, "\(PTYSession.visible(run.transcript))")
        return .init(name: "openmarket test", transcript: run.transcript)
    }
}

/// Types into a shell like a person: a line once the editor reads keys, then waits for the
/// prompt (or a question) that follows it.
struct Typist: Sendable {
    let session: PTYSession
    /// The end of the shell's prompt (`@127.0.0.1:8080> `), as it first printed it.
    let prompt: String

    init(_ session: PTYSession) throws {
        let banner = try session.expect("> ", timeout: .seconds(60))
        let last = banner.unicodeScalars.split(separator: "\n").last.map { String(String.UnicodeScalarView($0)) }
        self.session = session
        // From the server on: the vendor before it changes once the vendor's name is known.
        let line = (last ?? "").replacingOccurrences(of: "\r", with: "")
        self.prompt = line.range(of: "@", options: .backwards).map { String(line[$0.lowerBound...]) } ?? line
    }

    /// Types `line` and Enter, and waits for `until` (the prompt when nil).
    @discardableResult
    func type(_ line: String, until: String? = nil) throws -> String {
        try session.waitForRawMode(timeout: .seconds(30))
        session.send(line + "\r")
        return try session.expect(until ?? prompt, timeout: .seconds(60))
    }

    /// `register` with nothing given: each question answered as it comes.
    func register(photo: String) throws {
        let answers: [(keys: [String], answer: String)] = [
            (["사진", "image", "photo"], photo), (["설명", "description"], "파란색 머그컵입니다 아주 튼튼해요"),
            (["통화", "currency"], "KRW"), (["할인", "discount"], "0"), (["재고", "stock"], "3"),
            (["가격", "price"], "3500"), (["이름", "name"], "파란 머그컵"),
        ]
        var segment = try type("register", until: ": ")
        for _ in 0..<20 {
            let question = segment.unicodeScalars.split(separator: "\n").last.map { String(String.UnicodeScalarView($0)) } ?? ""
            guard let asked = answers.first(where: { $0.keys.contains { question.contains($0) } }) else {
                segment = try session.expect(": ", timeout: .seconds(60))
                continue
            }
            if asked.answer == photo {
                try type(photo)
                return
            }
            segment = try type(asked.answer, until: ": ")
        }
    }

    /// patch, stock, delete (confirmed), undo and `changes`.
    func changes(of id: Int) throws {
        try type("patch \(id) price=4000")
        try type("stock \(id) +5")
        try type("delete \(id)", until: "[y/N] ")
        try type("y")
        try type("undo")
        try type("changes")
    }

    /// redo (confirmed: it deletes again), then undo again, so the product is back.
    func redoThenUndo(_ id: Int) throws {
        try type("redo", until: "[y/N] ")
        try type("y")
        try type("undo")
        try type("changes --all")
    }

    /// An import refused for its bad rows, then the good row imported (the count typed to
    /// confirm), and an export.
    func catalog() throws {
        try type("import bad.csv")
        // The plan names the row without a name; the question after it is read in raw mode.
        try type("import bad.csv --continue-on-error", until: "name: ")
        try type("1")
        try type("export mine.csv")
        try type("list --mine")
    }

    /// An argument error, a validation error, 403 and 404.
    func errors(on id: Int, theirs: Int) throws {
        try type("stock \(id) +abc")
        try type("patch")
        try type("patch \(id) price=abc")
        try type("patch \(theirs) price=100")
        try type("show 999999")
    }
}
