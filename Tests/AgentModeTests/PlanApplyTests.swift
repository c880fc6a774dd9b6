import Foundation
import MCP
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import SystemPackage
import Testing

@testable import AgentMode

/// Applying a plan: a token given with other arguments is kept, the expiry is judged when the
/// server looked, a cancelled call sends nothing, a failed import can be applied again.
@Suite("Agent plans applied")
struct PlanApplyTests {
    typealias Fixture = PlanTests.Fixture

    static func refusal(_ answer: ApplyAnswer) -> String? {
        guard case .refused(let failure) = answer else { return nil }
        return failure.text
    }

    @Test func aTokenGivenWithOtherArgumentsOrToolIsKeptAndAppliesWithThePlannedOnes() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = f.sessions()
            let words = PlanTests.words("patch", "\(mug.id)", "price=9000", "--yes")
            let (_, token) = try PlanTests.planned(await sessions.plan(words, tool: "patch"))
            let other = Self.refusal(
                await sessions.apply(token: token, words: PlanTests.words("patch", "\(mug.id)", "price=9001", "--yes")))
            #expect(other?.contains("The token still works") == true, "\(other ?? "applied")")
            let stock = Self.refusal(await sessions.apply(token: token, words: PlanTests.words("stock", "\(mug.id)", "+1")))
            #expect(stock?.contains("another plan") == true, "\(stock ?? "applied")")
            #expect(await f.now(mug.id)?.price == 8000)
            try PlanTests.applied(await sessions.apply(token: token, words: words))
            #expect(await f.now(mug.id)?.price == 9000)
            #expect(Self.refusal(await sessions.apply(token: token, words: words))?.contains("No plan has this token") == true)
        }
    }

    @Test func theExpiryIsJudgedWhenTheServerFirstLookedAtThePlan() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let words = PlanTests.words("patch", "\(mug.id)", "price=9000", "--yes")
            // Looked at in time, applied after the lifetime (a person answered slowly): applied.
            let quick = f.sessions(AgentLimits(planLifetime: .zero))
            let looked = ContinuousClock.now
            let (_, token) = try PlanTests.planned(await quick.plan(words, tool: "patch"))
            try PlanTests.applied(await quick.apply(token: token, words: words, checkedAt: looked))
            #expect(await f.now(mug.id)?.price == 9000)
            // Looked at after the lifetime: refused, though applied at once.
            let sessions = f.sessions()
            let again = PlanTests.words("patch", "\(mug.id)", "price=9500", "--yes")
            let (_, late) = try PlanTests.planned(await sessions.plan(again, tool: "patch"))
            let refused = Self.refusal(
                await sessions.apply(token: late, words: again, checkedAt: .now + .seconds(601)))
            #expect(refused?.contains("older than 10 minutes") == true, "\(refused ?? "applied")")
            #expect(await f.now(mug.id)?.price == 9000)
        }
    }

    /// Holds every request while `holding`, until released.
    final class HeldTransport: HTTPTransport {
        struct State {
            var holding = false
            var held = 0
        }

        let state = Watched(State())

        nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
            if state.change({ state in
                if state.holding { state.held += 1 }
                return state.holding
            }) {
                _ = await state.wait { !$0.holding }
            }
            return try await AsyncHTTPClientTransport.shared.send(request, timeout: timeout)
        }
    }

    @Test func anApplyCancelledWhileQueuedSendsNothing() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let held = HeldTransport()
            var configuration = f.configuration
            configuration.transport = held
            let sessions = AgentSessions(
                configuration: configuration, environment: f.environment, access: .unrestricted, limits: AgentLimits())
            let words = PlanTests.words("patch", "\(mug.id)", "price=9000", "--yes")
            let (_, token) = try PlanTests.planned(await sessions.plan(words, tool: "patch"))
            held.state.change { $0.holding = true }
            async let shown = sessions.read(PlanTests.words("show", "\(mug.id)"))
            #expect(await held.state.wait { $0.held == 1 })
            let apply = Task { await sessions.apply(token: token, words: words) }
            #expect(await eventually { await sessions.waitingCalls == 1 })
            apply.cancel()
            #expect(await eventually { await sessions.waitingCalls == 0 })
            held.state.change { $0.holding = false }
            #expect(await shown.report.status == .ok)
            let refused = Self.refusal(await apply.value)
            #expect(refused?.contains("cancelled") == true, "\(refused ?? "applied")")
            #expect(await f.now(mug.id)?.price == 8000)
        }
    }

    /// Answers the first PATCH of `failing` with a 400, as a market that refused it.
    final class FailingOnceTransport: HTTPTransport {
        let failing: String
        let failed = Watched(false)

        init(failing: String) { self.failing = failing }

        nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
            let fails =
                request.method == .patch && request.url.path.hasSuffix(failing)
                && failed.change { failed in
                    defer { failed = true }
                    return !failed
                }
            guard !fails else {
                let body = try MarketJSON.encoder.encode(MarketErrorBody(code: 400, message: "refused for the test"))
                return HTTPResponseData(status: 400, headers: ["Content-Type": "application/json"], body: body)
            }
            return try await AsyncHTTPClientTransport.shared.send(request, timeout: timeout)
        }
    }

    @Test func anImportWhoseApplyFailedForARowIsPlannedAndAppliedAgain() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let cup = try await f.product(named: "Agent cup")
            let folder = f.home.appendingPathComponent("sheets")
            let scratch = f.home.appendingPathComponent("scratch")
            for made in [folder, scratch] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
            let sheet = folder.appendingPathComponent("prices.csv")
            try "id,price\n\(mug.id),9000\n\(cup.id),9500\n".write(to: sheet, atomically: true, encoding: .utf8)
            var configuration = f.configuration
            configuration.transport = FailingOnceTransport(failing: "/api/products/\(cup.id)")
            let real = { (url: URL) in FilePath(url.resolvingSymlinksInPath().path) }
            let access = AgentAccess.policy(folder: real(folder), scratch: real(scratch), market: f.market.baseURL)
            let sessions = AgentSessions(
                configuration: configuration, environment: f.environment, access: access, limits: AgentLimits())
            let words = PlanTests.words("import", sheet.path, "--yes")
            let (_, token) = try PlanTests.planned(await sessions.plan(words, tool: "import"))
            guard case .failed = await sessions.apply(token: token, words: words) else {
                Issue.record("an import with a refused row applied")
                return
            }
            #expect(await f.now(cup.id)?.price == 8000)
            let (plan, again) = try PlanTests.planned(await sessions.plan(words, tool: "import"))
            #expect(plan.requests.count == 1, "\(plan.lines)")
            try PlanTests.applied(await sessions.apply(token: again, words: words))
            #expect(await f.now(cup.id)?.price == 9500)
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        }
    }
}
