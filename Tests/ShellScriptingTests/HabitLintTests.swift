import Foundation
import HTTPHabits
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// `lint FILE.om` (what a script's lines will send, before it runs) and `exchanges --lint` (what
/// the session sent and was answered): nothing on the four lessons, in English and Korean; the
/// planted habits each reported at their line or exchange with their explain topic.
@Suite("HTTP habits: lint and exchanges --lint")
struct HabitLintTests {
    static let lessons = ["01-methods.om", "02-status-codes.om", "03-conditional-requests.om", "04-idempotency.om"]
    static let everyLesson = lessons + lessons.map { "ko/\($0)" }

    static func lesson(_ name: String) -> String {
        Fixtures.packageRoot.appendingPathComponent("scripts/examples/lessons/\(name)").path
    }

    @Test func theFourLessonsHaveNothingToMarkBeforeTheyRun() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let console = RecordingConsole()
            let report = await f.session(console).execute(arguments: ["lint"] + Self.everyLesson.map(Self.lesson))
            #expect(report.status == .ok, "\(console.out) \(report.failure)")
            #expect(console.out.isEmpty)
            #expect(
                console.notes.components(separatedBy: "\n").filter { $0.hasSuffix("no habits to mark in 9 requests") }.count == 4)
        }
    }

    @Test(arguments: everyLesson)
    func aLessonRunHasNothingToMarkInItsExchanges(name: String) async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            _ = try await f.market.data.ensureNeighbour()
            let console = RecordingConsole()
            let session = f.session(console)
            let journal = f.directory.appendingPathComponent("lesson.journal").path
            #expect(await session.runScript(path: Self.lesson(name), options: ScriptOptions(journalPath: journal)) == .ok)
            let exchanges = session.shell.exchanges.exchanges
            #expect(exchanges.count >= 9)
            #expect(HabitLinter().findings(in: ExchangeHabits.describe(exchanges)).isEmpty)
            // Even were the class slow: a product changed only by the lesson's own answered requests.
            let slow = HabitLinter(staleAfter: 1_000_000)
            #expect(slow.findings(in: ExchangeHabits.describe(exchanges)).isEmpty)
            let report = await session.execute("exchanges --lint")
            #expect(report.status == .ok)
            // The journal's bookkeeping is left out, and counted, so the numbers agree with
            // `exchanges` (before, only the requests looked at were counted).
            let looked = ExchangeHabits.describe(exchanges).count
            #expect(looked < exchanges.count)
            #expect(
                console.out.hasSuffix(
                    "no habits to mark in \(looked) requests (\(exchanges.count - looked) more left out: the shell's own, "
                        + "and what a dry run did not send)"), "\(console.out)")
        }
    }

    static let planted = """
        POST /api/products name=Mug description="A mug" price:=4000 currency=KRW secret=@secret images@coffee-small.jpg as mug
        GET /api/products/$mug
        undo
        PATCH /api/products/$mug price:=4500 secret=@secret
        GET /api/products search_value==mug password==hunter2
        GET /api/products/$mug X-Secret:hunter2
        GET /api/products name=mug
        GET /api/products/$mug
        GET /api/products/$mug
        GET /api/products/$mug If-None-Match:abc
        GET /api/products/$mug
        GET /api/products/$mug
        """

    @Test func thePlantedHabitsOfAScriptAreEachReportedAtTheirLine() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("planted.om", Self.planted)
            let console = RecordingConsole()
            let report = await f.session(console).execute(arguments: ["lint", path])
            #expect(report.status == .failed)
            #expect(
                console.outputs.joined(separator: "\n").components(separatedBy: "\n") == [
                    "\(path):4: unconditional-write: PATCH without If-Match of a product that may have changed since line 2 showed it: send the ETag you read in If-Match (a 412 then says it changed) (explain If-Match)",
                    "\(path):5: secret-in-request: the secret in the query, where logs and proxies keep it: it goes only in the body's secret field (explain secret)",
                    "\(path):6: secret-in-request: the secret in a header, where logs and proxies keep it: it goes only in the body's secret field (explain secret)",
                    "\(path):7: read-with-body: GET with a body: a read sends none (a server may drop it or refuse); put its parameters in the query (explain GET)",
                    "\(path):9: polling-without-if-none-match: the same GET again and again since line 6, without If-None-Match: send the ETag you got in If-None-Match, and while it is unchanged the answer is a 304 with no body (explain If-None-Match)",
                ])
            // Nothing was sent: the product the script would make does not exist.
            #expect(try await f.allProducts().allSatisfy { $0.name != "Mug" })
        }
    }

    /// A read given a body is marked, not refused, and what it names is still known to the
    /// lines after it: `$last` after it is no undefined name that would refuse the whole file.
    @Test func aReadWithABodyStillNamesWhatItReturns() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try f.script("body.om", "GET /api/products/1 name=Mug\nexpect ${last.stock} == 3\n")
            let console = RecordingConsole()
            _ = await f.session(console).execute(arguments: ["lint", path])
            #expect(console.outputs.joined().contains("\(path):1: read-with-body"), "\(console.outputs) \(console.notes)")
            #expect(!console.notes.contains("undefined"), "\(console.notes)")
        }
    }

    /// A secret written into the path's own query is marked as one given as `name==value`.
    @Test func aSecretInThePathsOwnQueryIsReported() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try f.script(
                "query.om",
                """
                set secret not-the-secret
                GET /api/products?secret=@secret
                GET "/api/products?page_no=1&secret=${secret}"
                GET /api/products?page_no=1&items_per_page=10
                """)
            let console = RecordingConsole()
            let report = await f.session(console).execute(arguments: ["lint", path])
            #expect(report.status == .failed)
            let finding =
                "secret-in-request: the secret in the query, where logs and proxies keep it: it goes only in the body's secret field (explain secret)"
            #expect(
                console.outputs.joined(separator: "\n").components(separatedBy: "\n") == [
                    "\(path):2: \(finding)", "\(path):3: \(finding)",
                ])
        }
    }

    /// A file whose lines do not parse is refused as `run` refuses it (status 1), each line
    /// named; an empty file says it sends no request, and fails too.
    @Test func aFileThatCannotRunOrIsEmptyIsRefused() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let broken = try f.script("broken.om", "FOO bar\nGET /api/products\n")
            let empty = try f.script("empty.om", "\n# nothing yet\n")
            let console = RecordingConsole()
            let report = await f.session(console).execute(arguments: ["lint", broken])
            #expect(report.status == .failed)
            #expect(console.notes.contains("\(broken):1: "))
            #expect(console.notes.contains(ScriptMessage.linesCannotRun(name: broken, count: 1).text))
            #expect(console.out.isEmpty)
            let second = RecordingConsole()
            #expect(await f.session(second).execute(arguments: ["lint", empty]).status == .failed)
            #expect(second.notes.contains("\(empty): sends no request: nothing to mark"))
        }
    }

    @Test func theSameScriptDoneWellHasNothingToMark() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "good.om",
                """
                POST /api/products name=Mug description="A mug" price:=4000 currency=KRW secret=@secret images@coffee-small.jpg as mug
                GET /api/products/$mug
                set tag ${response.headers.etag}
                undo
                PATCH /api/products/$mug price:=4500 secret=@secret If-Match:$tag
                GET /api/products search_value==mug
                GET /api/products/$mug If-None-Match:$tag
                GET /api/products/$mug If-None-Match:$tag
                GET /api/products/$mug If-None-Match:$tag
                """)
            let console = RecordingConsole()
            let report = await f.session(console).execute(arguments: ["lint", path])
            #expect(report.status == .ok, "\(console.out)")
            #expect(console.notes.hasSuffix("good.om: no habits to mark in 8 requests"))
        }
    }

    @Test func thePlantedHabitsOfASessionAreEachReportedAtTheirExchange() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let theirs = try #require(try await f.market.data.ensureNeighbour().first)
            try f.copyImage("coffee-small.jpg")
            let console = RecordingConsole()
            let session = f.session(console)
            let lines = [
                "POST /api/products name=Mug description='A mug for coffee' price:=4000 currency=KRW secret=@secret images@\(f.directory.path)/coffee-small.jpg as mug",
                "GET /api/products/$mug", "PATCH /api/products/$mug price:=4500 secret=@secret",  // #2, #3 (#3 its read)
                "GET /api/products X-Secret:hunter2",  // #5
                "PATCH /api/products/\(theirs) price:=1 secret=@secret", "PATCH /api/products/\(theirs) price:=1 secret=@secret",
                "PUT /api/products/$mug name=x secret=@secret", "PUT /api/products/$mug name=y secret=@secret",
                "GET /api/products/$mug", "GET /api/products/$mug", "GET /api/products/$mug",
            ]
            for line in lines {
                let report = await session.execute(line)
                #expect(report.status == .ok, "\(line): \(report.failure)")
            }
            let described = ExchangeHabits.describe(session.shell.exchanges.exchanges)
            let found = HabitLinter(staleAfter: 0).findings(in: described)
            #expect(
                found.map { "\($0.exchange.source) \($0.rule.rawValue) \($0.topic)" } == [
                    "exchange(4) unconditional-write If-Match", "exchange(5) secret-in-request secret",
                    "exchange(9) refused-request-again 403", "exchange(11) method-refused-again 405",
                    "exchange(14) polling-without-if-none-match If-None-Match",
                ])
            _ = await session.execute("exchanges --lint")
            let said = console.outputs.last ?? ""
            #expect(said.contains("#5: secret-in-request: the secret in a header"))
            #expect(said.contains("#9: refused-request-again: the same request sent again unchanged after #7 answered 403"))
            #expect(said.contains("(explain 403)"))
            let all = session.shell.exchanges.exchanges.count
            #expect(
                said.hasSuffix("habits to mark in \(described.count) requests")
                    || said.hasSuffix(
                        "habits to mark in \(described.count) requests (\(all - described.count) more left out: "
                            + "the shell's own, and what a dry run did not send)"),
                "\(said)")
        }
    }

    /// An import read as `--plan`, `--dry-run` and then for real reads each product three times:
    /// the import's own reads, which `exchanges --lint` leaves out (before, it called them
    /// polling without If-None-Match, one finding a product).
    @Test func anImportsOwnReadsAreNotCalledPolling() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let sheet = try f.script("cat.csv", CatalogImportTests.rows(1))
            let console = RecordingConsole()
            let session = f.session(console)
            #expect(await session.execute("import '\(sheet)' --yes").status == .ok, "\(console.notes)")
            let id = try #require(try await f.allProducts().first?.id)
            // The sheet's price changed: each run compares the row's photo with the product's.
            try CatalogImportTests.rows(1, price: 2000).write(toFile: sheet, atomically: true, encoding: .utf8)
            for line in ["import '\(sheet)' --plan", "import '\(sheet)' --dry-run", "import '\(sheet)' --yes"] {
                #expect(await session.execute(line).status == .ok, "\(line): \(console.notes)")
            }
            let reads = session.shell.exchanges.exchanges.filter {
                $0.request.method == "GET" && $0.request.url.path == "/api/products/\(id)" && !$0.dryRun
            }
            try #require(reads.count >= 3, "the import read the product \(reads.count) times: the test shows nothing")
            #expect(reads.allSatisfy { $0.sentBy == .script }, "\(reads.map(\.sentBy))")
            console.clear()
            _ = await session.execute("exchanges --lint")
            #expect(!console.out.contains("polling"), "\(console.out)")
            // A person's own reads still are: `show` three times.
            for _ in 0..<3 { _ = await session.execute("show \(id)") }
            console.clear()
            _ = await session.execute("exchanges --lint")
            #expect(console.out.contains("polling-without-if-none-match"), "\(console.out)")
        }
    }

    @Test func everyRulesTopicIsOneExplainKnowsInBothLanguages() throws {
        for language in ExplanationBook.languages {
            let book = try ExplanationBook.load(language)
            for rule in HabitRule.allCases {
                for status in [400, 401, 403, 404, 413] {
                    #expect(book.lookup(rule.topic(status: status)) != nil, "\(language): \(rule.topic(status: status))")
                }
            }
        }
    }
}
