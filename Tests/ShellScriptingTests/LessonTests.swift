import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import TerminalText
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The lessons under scripts/examples/lessons/ (issue 13, item 7) run green against the
/// bundled market, leave it as they found it (neighbour-shop's products, which the 403 step
/// finds, stay), and never print the secret.
@Suite("Lessons")
struct LessonTests {
    static let lessons = ["01-methods.om", "02-status-codes.om", "03-conditional-requests.om", "04-idempotency.om"]
    /// The same lessons in Korean (issue 24): `ko/01-methods.om`, ….
    static let korean = lessons.map { "ko/\($0)" }

    @Test(arguments: lessons + korean)
    func theLessonRunsGreen(name: String) async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            // The 403 step needs another vendor's product: neighbour-shop's, as the local market has.
            let theirs = try await f.market.data.ensureNeighbour()
            #expect(theirs.count == 3)
            let console = RecordingConsole()
            let path = Fixtures.packageRoot.appendingPathComponent("scripts/examples/lessons/\(name)").path
            let session = f.session(console)
            let status = await session.runScript(
                path: path,
                options: ScriptOptions(
                    journalPath: f.directory.appendingPathComponent("\(name.replacingOccurrences(of: "/", with: "-")).journal")
                        .path))
            #expect(status == .ok, "\(name): \(console.notes)")
            #expect(!console.out.contains(f.secret) && !console.notes.contains(f.secret), "the secret never shows")
            let left = try await f.allProducts().map(\.id)
            #expect(left.sorted() == theirs.sorted(), "\(name) cleans up after itself: \(left)")
        }
    }

    /// Issue 24, Major 3: every lesson runs green, unattended, on a fresh local market (the one
    /// the shell starts by itself), with no `--var`: lesson 02 finds neighbour-shop's product.
    /// Issue 24: on an 80-column projector a lesson's comments (its title block, what `--step`
    /// shows above each command) fit without the terminal breaking a word.
    @Test(arguments: lessons + korean)
    func theLessonsCommentsFit80Columns(name: String) throws {
        let path = Fixtures.packageRoot.appendingPathComponent("scripts/examples/lessons/\(name)").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let comments = lines.enumerated().filter { $0.element.hasPrefix("#") }
        #expect(comments.count > 5)
        for (index, line) in comments {
            #expect(TerminalText.width(line) <= 79, "\(name):\(index + 1) is \(TerminalText.width(line)) columns: \(line)")
        }
    }

    /// Issue 24: a Korean lesson is its English lesson with the comments in Korean: the same
    /// commands and checks, line for line (photos one folder further up), so neither falls behind.
    @Test(arguments: lessons)
    func theKoreanLessonSendsWhatTheEnglishOneSends(name: String) throws {
        func commands(_ relative: String) throws -> [String] {
            let path = Fixtures.packageRoot.appendingPathComponent("scripts/examples/lessons/\(relative)").path
            return try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
                .filter { !$0.hasPrefix("#") }
        }
        let english = try commands(name)
        let korean = try commands("ko/\(name)").map { $0.replacingOccurrences(of: "../../photos/", with: "../photos/") }
        #expect(korean == english)
        let comments = try String(
            contentsOfFile: Fixtures.packageRoot.appendingPathComponent("scripts/examples/lessons/ko/\(name)").path,
            encoding: .utf8
        ).components(separatedBy: "\n").filter { $0.hasPrefix("# ") }
        let hangul = comments.filter { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }
        #expect(
            hangul.count * 10 >= comments.count * 7, "most comment lines are Korean: \(comments.count - hangul.count) are not")
    }

    @Test func everyLessonRunsGreenOnAFreshLocalMarket() async throws {
        for name in Self.lessons {
            let home = try TestHome.make()
            defer { home.remove() }
            let path = Fixtures.packageRoot.appendingPathComponent("scripts/examples/lessons/\(name)").path
            let ran = try await ChildProcess.run(
                BuiltProducts.path(of: "openmarket"),
                ["run", path, "--journal", home.root.appendingPathComponent("\(name).journal").path],
                environment: home.environment, timeout: .seconds(300))
            #expect(ran.status == 0, "\(name): \(ran.stderr)")
        }
    }

    /// Stepping through a lesson (`--step`), a variable nothing defines is said before the
    /// first request, with the line that reads it and how to give it; nothing is sent. (Run
    /// straight through, it fails when its line runs, as before.)
    @Test func aMissingVariableIsReportedBeforeTheFirstRequest() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let script = f.directory.appendingPathComponent("needs-other.om")
            try Data(
                "GET /api/products\nset mine 1\nPATCH /api/products/$other price:=1 secret=@secret\nGET /api/products/$mine\n"
                    .utf8
            ).write(to: script)
            let console = RecordingConsole()
            let session = f.session(console)
            let status = await session.runScript(
                path: script.path, options: ScriptOptions(journalPath: f.directory.appendingPathComponent("j").path, step: true))
            #expect(status == .usage, "\(console.notes)")
            #expect(
                console.notes.contains(
                    "\(script.path):3: $other is not set: give it with --var other=VALUE (or 'set other VALUE' above this line)"),
                "\(console.notes)")
            #expect(!console.notes.contains("$mine"), "\(console.notes)")
            #expect(session.shell.exchanges.lastNumber == 0, "nothing was sent")
            // Given with --var, the same script runs.
            let given = f.session(RecordingConsole(), variables: ["other": "999999"])
            let ran = await given.runScript(
                path: script.path, options: ScriptOptions(journalPath: f.directory.appendingPathComponent("k").path, step: true))
            #expect(ran != .usage)
        }
    }

    /// Issue 24: homework that grades itself. `openmarket test` runs the four lessons, each on a
    /// fresh local market, prints a line per file and the summary, and writes JUnit XML and
    /// TAP; a homework file whose `expect` fails makes it exit 1 and is a `failure` in both.
    @Test func theLessonsGradeThemselvesWithJUnitAndTAPReports() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let lessons = Self.lessons.map { Fixtures.packageRoot.appendingPathComponent("scripts/examples/lessons/\($0)").path }
        let junit = home.root.appendingPathComponent("report.xml")
        let tap = home.root.appendingPathComponent("report.tap")
        // The lessons' photos are a folder they share: read with --read, as homework is graded.
        let photos = Fixtures.packageRoot.appendingPathComponent("scripts/examples/photos").path
        let ran = try await ChildProcess.run(
            BuiltProducts.path(of: "openmarket"),
            ["test", "--read", photos] + lessons + ["--report-junit", junit.path, "--report-tap", tap.path],
            environment: home.environment,
            timeout: .seconds(600))
        #expect(ran.status == 0, "\(ran.stdout) \(ran.stderr)")
        let lines = ran.stdout.split(separator: "\n").map(String.init)
        for lesson in lessons {
            #expect(lines.contains { $0.hasPrefix("ok   \(lesson) (") && $0.contains(" requests, ") }, "\(lines)")
        }
        #expect(lines.last?.hasPrefix("test: 4 passed, 0 failed (") == true, "\(lines)")
        let report = try JUnitReport(contentsOf: junit)
        #expect(report.suites == 1 && report.cases.count == 4 && report.declared == (4, 0, 0), "\(report)")
        #expect(report.cases.map(\.name) == Self.lessons && report.cases.allSatisfy { $0.failure == nil && $0.hasTime })
        #expect(try String(contentsOf: tap, encoding: .utf8).hasPrefix("TAP version 14\n1..4\nok 1 - "))
        #expect(!FileManager.default.fileExists(atPath: lessons[0] + ".journal"), "no journal beside the lesson")

        // A homework file that fails its check, beside one that passes.
        let wrong = home.root.appendingPathComponent("homework-wrong.om")
        try Data("GET /api/products/999999999\nexpect ${response.status} == 200\n".utf8).write(to: wrong)
        let graded = try await ChildProcess.run(
            BuiltProducts.path(of: "openmarket"),
            ["test", "--read", photos, lessons[3], wrong.path, "--report-junit", junit.path, "--report-tap", tap.path],
            environment: home.environment, timeout: .seconds(600))
        #expect(graded.status == 1, "\(graded.stdout) \(graded.stderr)")
        #expect(graded.stdout.contains("FAIL \(wrong.path) (1 request, "), "\(graded.stdout)")
        #expect(graded.stdout.contains("\(wrong.path):2: "), "the failing line is said: \(graded.stdout)")
        #expect(graded.stdout.split(separator: "\n").last?.hasPrefix("test: 1 passed, 1 failed (") == true)
        let failed = try JUnitReport(contentsOf: junit)
        #expect(failed.declared == (2, 1, 0) && failed.cases.count == 2, "\(failed)")
        #expect(failed.cases[0].failure == nil && failed.cases[1].failure?.contains(":2: ") == true, "\(failed)")
        let tapText = try String(contentsOf: tap, encoding: .utf8)
        #expect(tapText.contains("ok 1 - ") && tapText.contains("not ok 2 - \(wrong.path)\n  ---\n"), "\(tapText)")
    }
}

extension LessonTests {
    /// `openmarket test --server URL` grades on that market, logged in with
    /// `OPENMARKET_IDENTIFIER`/`OPENMARKET_SECRET`, and starts no local market.
    @Test func aTestRunGradesOnTheServerItIsGiven() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let home = try TestHome.make()
            defer { home.remove() }
            let lesson = Fixtures.packageRoot.appendingPathComponent("scripts/examples/lessons/04-idempotency.om").path
            let photos = Fixtures.packageRoot.appendingPathComponent("scripts/examples/photos").path
            let ran = try await ChildProcess.run(
                BuiltProducts.path(of: "openmarket"),
                ["test", "--read", photos, lesson, "--server", f.market.baseURL.absoluteString],
                environment: home.environment([
                    "OPENMARKET_IDENTIFIER": f.market.demoCredentials.identifier, "OPENMARKET_SECRET": f.secret,
                ]), timeout: .seconds(300))
            #expect(ran.status == 0, "\(ran.stdout) \(ran.stderr)")
            #expect(ran.stdout.hasPrefix("ok   \(lesson) ("), "\(ran.stdout)")
            #expect(!ran.stderr.contains("local market"), "\(ran.stderr)")
            #expect(!ran.stdout.contains(f.secret) && !ran.stderr.contains(f.secret))
            // The lesson made and deleted its products there: the market's ids moved on.
            let next = try await f.client.create(
                ProductDraft(name: "After the test", description: "Made after the graded run", price: 1000, currency: .krw),
                images: [try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)]
            ).value
            #expect(next.id > 1, "the graded run sent its requests to this market")
        }
    }
}

/// A JUnit XML report read back, its structure checked as CI systems read it: one
/// `testsuites` root whose `tests`, `failures` and `errors` agree with its `testsuite`'s and
/// with the `testcase` elements, each with a name, a classname and a time, and at most one
/// `failure` or `error` (with a `message`) inside.
struct JUnitReport: CustomStringConvertible {
    struct Case {
        var name: String
        var hasTime: Bool
        var failure: String?
    }

    var suites = 0
    var cases: [Case] = []
    var declared: (tests: Int, failures: Int, errors: Int) = (-1, -1, -1)
    var description: String { "suites \(suites), declared \(declared), cases \(cases)" }

    init(contentsOf url: URL) throws {
        let delegate = Reader()
        let parser = XMLParser(data: try Data(contentsOf: url))
        parser.delegate = delegate
        try #require(parser.parse(), "the report is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        try #require(delegate.problems.isEmpty, "\(delegate.problems)")
        suites = delegate.suites
        cases = delegate.cases
        declared = delegate.declared
        let failures = cases.filter { $0.failure != nil }.count
        try #require(declared.tests == cases.count && declared.failures + declared.errors == failures, "\(description)")
    }

    final class Reader: NSObject, XMLParserDelegate {
        var path: [String] = []
        var suites = 0
        var cases: [Case] = []
        var declared: (tests: Int, failures: Int, errors: Int) = (-1, -1, -1)
        var problems: [String] = []
        var text = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let counts = (Int(attributes["tests"] ?? ""), Int(attributes["failures"] ?? ""), Int(attributes["errors"] ?? ""))
            switch (path.last, name) {
            case (nil, "testsuites"):
                guard let tests = counts.0, let failures = counts.1, let errors = counts.2 else {
                    problems.append("testsuites without tests, failures and errors")
                    break
                }
                declared = (tests, failures, errors)
            case ("testsuites", "testsuite"):
                suites += 1
                if counts.0 != declared.tests || counts.1 != declared.failures || counts.2 != declared.errors
                    || attributes["name"] == nil
                {
                    problems.append("testsuite counts \(attributes) differ from testsuites' \(declared)")
                }
            case ("testsuite", "testcase"):
                guard let caseName = attributes["name"], attributes["classname"] != nil else {
                    problems.append("testcase without name or classname: \(attributes)")
                    break
                }
                cases.append(Case(name: caseName, hasTime: attributes["time"].flatMap(Double.init) != nil))
            case ("testcase", "failure"), ("testcase", "error"):
                if cases.last?.failure != nil || attributes["message"] == nil {
                    problems.append("a second failure, or one without a message: \(attributes)")
                }
                text = ""
            default: problems.append("<\(name)> inside <\(path.last ?? "")>")
            }
            path.append(name)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "failure" || name == "error" { cases[cases.count - 1].failure = text }
            path.removeLast()
        }
    }
}
