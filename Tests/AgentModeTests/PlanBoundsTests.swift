import Foundation
import MCP
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

@testable import AgentMode

/// What a plan holds and reports: a bounded JSON, the planned writes an apply never sent, a
/// photo whose bytes are not found.
@Suite("Agent plans bounded and complete")
struct PlanBoundsTests {
    typealias Fixture = PlanTests.Fixture

    @Test func aPlansJSONListsAtMost500RequestsAndProductsAndSaysHowManyAreLeftOut() throws {
        let requests = (1...503).map { id in
            PlannedRequest(HTTPRequestData(method: .patch, url: URL(string: "http://127.0.0.1:1/api/products/\(id)")!))
        }
        let json = PlanText.json(tool: "import", command: "import a.csv", requests: requests, products: [], deletes: 0)
        guard case .object(let fields) = json, case .array(let listed)? = fields["requests"] else {
            Issue.record("no requests in \(json)")
            return
        }
        #expect(listed.count == 500)
        #expect(fields["omitted"]?.objectValue?["requests"] == .int(3))
        #expect(fields["omitted"]?.objectValue?["products"] == .int(0))
        let small = PlanText.json(tool: "patch", command: "patch 1", requests: [requests[0]], products: [], deletes: 0)
        #expect(small.objectValue?["omitted"] == nil)
    }

    @Test func aPlannedWriteTheApplyNeverSentIsReported() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let cup = try await f.product(named: "Agent cup")
            let words = PlanTests.words("patch", "\(mug.id)", "\(cup.id)", "price=9000", "--yes")
            let (plan, _) = try PlanTests.planned(await f.sessions().plan(words, tool: "patch"))
            let gate = PlanGate(wrapping: AsyncHTTPClientTransport.shared, market: f.market.baseURL)
            var configuration = f.configuration
            configuration.transport = gate
            let shell = ScriptSession(configuration: configuration, console: RecordingConsole(), environment: f.environment)
            gate.begin(plan)
            let report = await shell.execute(words: PlanTests.words("patch", "\(mug.id)", "price=9000", "--yes"))
            let ended = gate.end()
            #expect(report.status == .ok)
            #expect(ended.notSent == [.notSent(request: "PATCH /api/products/\(cup.id)")])
            #expect(await f.now(cup.id)?.price == 8000)
        }
    }

    @Test func aSecretIsMaskedAtAnyDepthOfAPlannedBody() {
        let body = JSONValue.object([
            "secret": "s1", "items": .array([.object(["secret": "s2", "price": 1])]), "nested": .object(["secret": "s3"]),
        ])
        let text = PlannedRequest.encoded(PlannedRequest.maskingSecret(body))
        #expect(!text.contains("s1") && !text.contains("s2") && !text.contains("s3"), "\(text)")
        #expect(text.contains("\"price\":1"), "\(text)")
    }

    @Test func aConsoleLineLosesItsTrailingLineBreaksCRLFToo() {
        let console = CapturingConsole()
        console.write("one\r\n")
        console.note("two\n\n")
        #expect(console.take() == "one\ntwo")
    }

    /// Cuts a request's body short: the photo's bytes are not in it.
    struct CuttingTransport: HTTPTransport {
        let inner: any HTTPTransport

        nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
            var request = request
            if request.parts != nil, let body = request.body { request.body = body.prefix(body.count / 2) }
            return try await inner.send(request, timeout: timeout)
        }
    }

    @Test func aPhotoWhoseBytesAreNotFoundIsRefusedAtPlanTime() async throws {
        try await Fixture.with { f in
            let planning = PlanningTransport(wrapping: AsyncHTTPClientTransport.shared)
            var configuration = f.configuration
            configuration.transport = CuttingTransport(inner: planning)
            let console = RecordingConsole()
            let shell = ScriptSession(configuration: configuration, console: console, environment: f.environment)
            let report = await shell.execute(
                words: PlanTests.words(
                    "register", "name=Cut cup", "description=A photo cut short", "price=7000", "currency=KRW", "stock=3",
                    "image=\(Fixtures.image("coffee-small.jpg").path)"))
            #expect(report.status != .ok)
            #expect(planning.recorded.writes.isEmpty)
            let said = report.failure.joined() + console.notes
            #expect(said.contains("the bytes of the photo part images were not found"), "\(said)")
        }
    }
}
