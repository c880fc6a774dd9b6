import Foundation
import MarketTestSupport
import Testing

/// `record FILE --as-test` (issue 42, item 6): a model answer recorded once, through the
/// program, becomes a test: `expect` lines from its answers, the ids, tags and delete URI of this
/// market as variables, so `openmarket test` passes it on a fresh market (other ids and tags)
/// and fails a wrong answer at the check the answer breaks.
@Suite struct RecordAsTestBinaryTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    static let modelAnswer = """
        record answer.om --as-test
        POST /api/products name="시험 머그" description="모범 답안으로 기록한 머그컵입니다." price:=5000 currency=KRW stock:=3 secret=@secret images@coffee-small.jpg as mug
        GET /api/products/$mug
        set tag ${response.headers.etag}
        PATCH /api/products/$mug price:=6000 secret=@secret If-Match:$tag
        GET /api/products/$mug If-None-Match:${response.headers.etag}
        POST /api/products/$mug/archived secret=@secret
        DELETE ${response.body}
        GET /api/products/$mug
        register name=Cup description="A cup for the recording" price=3000 currency=KRW stock=2 image=coffee-small.jpg as cup
        stock $cup =5
        record stop

        """

    @Test func aRecordedModelAnswerPassesOnAFreshMarketAndAWrongAnswerFails() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        try FileManager.default.copyItem(
            at: Fixtures.image("coffee-small.jpg"), to: home.root.appendingPathComponent("coffee-small.jpg"))
        let recorded = try await ChildProcess.run(
            Self.binary, [], environment: home.environment, input: Self.modelAnswer, workingDirectory: home.root,
            timeout: .seconds(300))
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let answer = home.root.appendingPathComponent("answer.om")
        let text = try String(contentsOf: answer, encoding: .utf8)
        for line in [
            "expect ${response.status} == 201", "expect \"${response.body.name}\" == '시험 머그'",
            "expect ${response.body.price} == 5000", "set etag1 ${response.headers.etag}",
            "PATCH /api/products/$mug price:=6000 secret=@secret If-Match:$etag1", "expect ${response.body.price} == 6000",
            "GET /api/products/$mug If-None-Match:$etag2", "expect ${response.status} == 304", "set uri1 ${response.body}",
            "DELETE $uri1", "expect ${response.status} == 404", "expect ${cup.price} == 3000", "expect ${cup.stock} == 5",
        ] {
            #expect(text.components(separatedBy: "\n").contains(line), "\(line) in:\n\(text)")
        }
        // Nothing of this market's is left in it: no id, no tag.
        #expect(text.range(of: #"/api/products/[0-9]"#, options: .regularExpression) == nil, "\(text)")
        #expect(!text.contains("If-Match:\""), "\(text)")

        let graded = try await ChildProcess.run(
            Self.binary, ["test", answer.path], environment: home.environment, workingDirectory: home.root,
            timeout: .seconds(300))
        #expect(graded.status == 0, "\(graded.stdout) \(graded.stderr)\n\(text)")
        #expect(graded.stdout.contains("ok   \(answer.path)"), "\(graded.stdout)")

        let wrong = home.root.appendingPathComponent("wrong.om")
        try text.replacingOccurrences(of: "price:=6000", with: "price:=6500").write(to: wrong, atomically: true, encoding: .utf8)
        let failed = try await ChildProcess.run(
            Self.binary, ["test", wrong.path], environment: home.environment, workingDirectory: home.root,
            timeout: .seconds(300))
        #expect(failed.status == 1, "\(failed.stdout) \(failed.stderr)")
        #expect(failed.stdout.contains("FAIL \(wrong.path)"), "\(failed.stdout)")
        #expect(failed.stdout.contains("6500 == 6000 does not hold"), "\(failed.stdout)")
    }
}

/// `openmarket lint FILE.om`: no market is started, each finding one line on standard output,
/// status 1 when there are any; the four lessons have none (status 0).
@Suite struct LintBinaryTests {
    @Test func lintStartsNoMarketAndExitsOneOnAFinding() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let script = home.root.appendingPathComponent("leaky.om")
        try "GET /api/products secret==hunter2\nGET /api/products name=mug\n".write(to: script, atomically: true, encoding: .utf8)
        let found = try await ChildProcess.run(
            RecordAsTestBinaryTests.binary, ["lint", script.path], environment: home.environment, timeout: .seconds(300))
        #expect(found.status == 1, "\(found.stderr)")
        #expect(
            found.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.map { $0.components(separatedBy: ": ")[0...1] }
                == [["\(script.path):1", "secret-in-request"], ["\(script.path):2", "read-with-body"]], "\(found.stdout)")
        #expect(!found.stderr.contains("127.0.0.1"), "no market: \(found.stderr)")
        let lessons = ["01-methods.om", "02-status-codes.om", "03-conditional-requests.om", "04-idempotency.om"].map {
            Fixtures.packageRoot.appendingPathComponent("scripts/examples/lessons/\($0)").path
        }
        let clean = try await ChildProcess.run(
            RecordAsTestBinaryTests.binary, ["lint"] + lessons, environment: home.environment, timeout: .seconds(300))
        #expect(clean.status == 0, "\(clean.stdout) \(clean.stderr)")
        #expect(clean.stdout.isEmpty)
    }
}
