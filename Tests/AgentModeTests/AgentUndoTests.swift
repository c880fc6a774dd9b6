import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import SystemPackage
import Testing

@testable import AgentMode

/// The `undo` tool under `openmarket mcp`'s own access policy: a batch of price changes is
/// taken back after a restock of the same products, and a refusal says the tool's arguments,
/// not the shell's flags (tryout of issue 43, finding B1).
@Suite("Agent undo")
struct AgentUndoTests {
    typealias Fixture = PlanTests.Fixture

    /// Sessions under the policy the program builds (no `--folder`).
    static func sessions(_ f: Fixture) throws -> AgentSessions {
        let scratch = f.home.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let access = AgentAccess.policy(
            folder: nil, scratch: FilePath(scratch.resolvingSymlinksInPath().path), market: f.market.baseURL)
        return AgentSessions(configuration: f.configuration, environment: f.environment, access: access, limits: AgentLimits())
    }

    /// Plans `words` and applies the plan.
    static func apply(_ sessions: AgentSessions, _ tool: String, _ words: String...) async throws {
        let words = words.map { Word($0) } + [Word("--yes")]
        let (_, token) = try PlanTests.planned(await sessions.plan(words, tool: tool))
        try PlanTests.applied(await sessions.apply(token: token, words: words))
    }

    @Test func undoOfAPriceBatchAfterARestockOfTheSameProductsRestoresThePricesAndKeepsTheStock() async throws {
        try await Fixture.with { f in
            let (mug, cup) = (try await f.product(), try await f.product(named: "Agent cup"))
            let sessions = try Self.sessions(f)
            try await Self.apply(sessions, "patch", "patch", "\(mug.id)", "\(cup.id)", "price=9000")
            try await Self.apply(sessions, "stock", "stock", "\(mug.id)", "\(cup.id)", "+10")
            try await Self.apply(sessions, "undo", "undo", "1")
            for id in [mug.id, cup.id] {
                #expect(await f.now(id)?.price == 8000)
                #expect(await f.now(id)?.stock == 15)
            }
        }
    }

    @Test func anUndoRefusedBecauseThePriceChangedSinceTellsTheAssistantForceTrue() async throws {
        try await Fixture.with { f in
            let (mug, cup) = (try await f.product(), try await f.product(named: "Agent cup"))
            let sessions = try Self.sessions(f)
            try await Self.apply(sessions, "patch", "patch", "\(mug.id)", "\(cup.id)", "price=9000")
            _ = try await f.client.edit(id: cup.id, ProductChanges(price: 9500))
            guard case .failed(let report, _) = await sessions.plan([Word("undo"), Word("1"), Word("--yes")], tool: "undo")
            else {
                Issue.record("an undo of a price changed since was planned")
                return
            }
            let text = report.failure.joined(separator: "\n")
            #expect(text.contains("#\(cup.id) Agent cup: price is ₩9,500 now, not ₩9,000 (changed since change 1)"), "\(text)")
            #expect(text.contains("undo with number: 1, force: true") && !text.contains("--force"), "\(text)")
        }
    }
}
