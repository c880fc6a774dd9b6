import Foundation
import MCP
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

@testable import AgentMode

/// A plan's staleness on a market that sends no `ETag` (the public one): the whole product read
/// is compared, and the gate reads each product again just before writing it.
@Suite("Agent plans without ETags")
struct PlanStalenessTests {
    typealias Fixture = PlanTests.Fixture

    /// The test market's answers with their `ETag` taken out, as the public server answers.
    final class NoETagTransport: HTTPTransport {
        nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
            var response = try await AsyncHTTPClientTransport.shared.send(request, timeout: timeout)
            response.headers = HeaderFields(response.headers.filter { !HeaderFields.sameName($0.name, "ETag") })
            return response
        }
    }

    static func sessions(_ f: Fixture) -> AgentSessions {
        var configuration = f.configuration
        configuration.transport = NoETagTransport()
        return AgentSessions(
            configuration: configuration, environment: f.environment, access: .unrestricted, limits: AgentLimits())
    }

    @Test func aPatchPlannedWithoutETagsIsRefusedWhenTheStockChangedBehindIt() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = Self.sessions(f)
            let words = PlanTests.words("patch", "\(mug.id)", "price=9000", "--yes")
            let (plan, token) = try PlanTests.planned(await sessions.plan(words, tool: "patch"))
            #expect(plan.requests.first?.ifMatch == nil)
            _ = try await f.client.edit(id: mug.id, ProductChanges(stock: 2))
            guard case .refused(let failure) = await sessions.apply(token: token, words: words) else {
                Issue.record("a stale plan applied")
                return
            }
            #expect(failure.text.contains("stock 5 → 2"), "\(failure.text)")
            #expect(await f.now(mug.id)?.price == 8000)
        }
    }

    @Test func aDeletePlannedWithoutETagsIsRefusedWhenTheStockChangedBehindIt() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = Self.sessions(f)
            let words = PlanTests.words("delete", "\(mug.id)", "--yes")
            let (_, token) = try PlanTests.planned(await sessions.plan(words, tool: "delete"))
            _ = try await f.client.edit(id: mug.id, ProductChanges(stock: 2))
            guard case .refused = await sessions.apply(token: token, words: words) else {
                Issue.record("a stale delete applied")
                return
            }
            #expect(await f.now(mug.id)?.stock == 2)
        }
    }

    /// The product changes after the apply planned again, before its write: the gate reads it
    /// once more and sends nothing.
    @Test(arguments: [["patch", "price=9000"], ["delete"]])
    func theGateReadsAProductWithoutETagAgainAndRefusesItsWriteWhenItChanged(_ command: [String]) async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let words = ([command[0], "\(mug.id)"] + command.dropFirst() + ["--yes"]).map { Word($0) }
            let (plan, _) = try PlanTests.planned(await Self.sessions(f).plan(words, tool: command[0]))
            _ = try await f.client.edit(id: mug.id, ProductChanges(stock: 2))
            let gate = PlanGate(wrapping: NoETagTransport(), market: f.market.baseURL)
            var configuration = f.configuration
            configuration.transport = gate
            let shell = ScriptSession(configuration: configuration, console: RecordingConsole(), environment: f.environment)
            gate.begin(plan)
            let report = await shell.execute(words: words)
            let ended = gate.end()
            #expect(report.status == .failed)
            #expect(ended.refused == [.changedBeforeSending(request: plan.requests[0].shortText, id: mug.id)])
            let now = try #require(await f.now(mug.id))
            #expect(now.price == 8000 && now.stock == 2)
        }
    }
}
