import Foundation
import MCP
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import SystemPackage

/// The agent's sessions: one main `ScriptSession` (the change log, reads, applies), whose
/// transport lets a write through only while a plan is applied (`PlanGate`), and a planning
/// session for each plan, whose writes are never sent (`PlanningTransport`). Every call runs
/// one at a time, its output captured.
public actor AgentSessions {
    private let configuration: ShellConfiguration
    private let environment: [String: String]
    private let access: AccessPolicy
    private let limits: AgentLimits
    private let main: ScriptSession
    private let console = CapturingConsole()
    private let gate: PlanGate
    private var tokens: PlanTokens
    /// The calls waiting for the one running (the actor alone would interleave them at awaits).
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(configuration: ShellConfiguration, environment: [String: String], access: AccessPolicy, limits: AgentLimits) {
        self.configuration = configuration
        self.environment = environment
        self.access = access
        self.limits = limits
        gate = PlanGate(wrapping: configuration.transport)
        var gated = configuration
        gated.transport = gate
        main = ScriptSession(
            configuration: gated, console: console, environment: environment, innermost: [AccessMiddleware(access: access)])
        tokens = PlanTokens(lifetime: limits.planLifetime, kept: limits.plansKept)
    }

    /// The main session (the shell its commands run in).
    public nonisolated var session: ScriptSession { main }

    /// A read tool: the words run in the main session; what it printed comes back with the report.
    public func read(_ words: [Word]) async -> (report: CommandReport, printed: String) {
        await exclusively {
            _ = console.take()
            let report = await main.execute(words: words)
            return (masked(report), console.take())
        }
    }

    /// A write tool's first call: runs the command with nothing sent (GETs go to the market, each
    /// write is captured and answered from a model), and keeps the plan under a new one-time
    /// token (none when the plan sends no write).
    public func plan(_ words: [Word], tool: String) async -> PlanAnswer {
        await exclusively {
            let run = await planned(words, tool: tool)
            guard let plan = run.plan else { return .failed(masked(run.report), printed: run.printed) }
            guard !plan.isEmpty else { return .planned(plan, token: "") }
            return .planned(plan, token: tokens.add(plan, words: words))
        }
    }

    /// The plan a token names, without using it (nil when unknown or expired).
    public func plan(forToken token: String) -> Plan? {
        guard case .success(let kept) = tokens.peek(token) else { return nil }
        return kept.plan
    }

    /// The second call: plans again, refuses if the new plan differs from the token's (stale: a
    /// product changed), else runs the command for real with each PATCH's If-Match from the plan
    /// and every write checked against the plan's requests. The token is used up either way.
    public func apply(token: String, words: [Word]) async -> ApplyAnswer {
        await exclusively {
            let kept: PlanTokens.Kept
            switch tokens.take(token) {
            case .failure(.unknown): return .refused(AgentFailure(PlanMessage.unknownToken(tool: Self.tool(words))))
            case .failure(.expired):
                let minutes = Int(max(1, limits.planLifetime.components.seconds / 60))
                return .refused(AgentFailure(PlanMessage.expiredToken(tool: Self.tool(words), minutes: minutes)))
            case .success(let found): kept = found
            }
            let tool = kept.plan.tool
            guard kept.words.map(\.text) == words.map(\.text) else {
                return .refused(AgentFailure(PlanMessage.otherArguments(tool: tool, planned: kept.plan.command)))
            }
            let run = await planned(words, tool: tool)
            guard let plan = run.plan else { return .failed(masked(run.report), printed: run.printed) }
            if let stale = plan.staleness(since: kept.plan) { return .refused(AgentFailure(stale)) }
            return await carryOut(plan, words: words)
        }
    }

    /// Runs `words` in the main session with `plan`'s writes let through.
    private func carryOut(_ plan: Plan, words: [Word]) async -> ApplyAnswer {
        _ = console.take()
        gate.begin(plan)
        var report = await main.execute(words: words)
        let (refused, changed) = gate.end()
        var printed = console.take()
        let more = refused.map(\.text) + changed.map { PlanMessage.changedDuringApply(id: $0).text }
        if !more.isEmpty {
            printed += (printed.isEmpty ? "" : "\n") + more.joined(separator: "\n")
            if report.status == .ok { report.status = .failed }
            report.failure += more
        }
        report = masked(report)
        guard report.status == .ok else { return .failed(report, printed: printed) }
        return .applied(report, printed: printed, plan: plan)
    }

    /// A plan's run: a fresh session over the planning transport, its files in a scratch
    /// folder removed after. The plan is nil when the command failed.
    private func planned(_ words: [Word], tool: String) async -> (report: CommandReport, printed: String, plan: Plan?) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("openmarket-plan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var confined = access
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            confined.writeFolder = FilePath(scratch.resolvingSymlinksInPath().path)
        } catch {
            return (CommandReport(status: .failed, failure: ["\(error)"]), "", nil)
        }
        let transport = PlanningTransport(wrapping: configuration.transport)
        var planning = configuration
        planning.transport = transport
        let console = CapturingConsole()
        let collected = CollectedChanges()
        let session = ScriptSession(
            configuration: planning, console: console, environment: environment,
            innermost: [PlanMiddleware(collected: collected, access: confined)])
        let report = await session.execute(words: words)
        let printed = console.take()
        guard report.status == .ok else { return (report, printed, nil) }
        let command = session.shell.secrets.masked(WordQuoting.line(words))
        var plan = Plan(
            tool: tool, command: command, recorded: transport.recorded, changes: collected.all, lifetime: limits.planLifetime)
        // Nothing in a plan should hold a secret (bodies show the variable); masked again all the same.
        let secrets = session.shell.secrets
        plan.lines = plan.lines.map(secrets.masked)
        plan.json = Self.masked(plan.json, secrets)
        return (report, printed, plan)
    }

    /// The report's failure lines with the session's secrets masked (its console masks the rest).
    private func masked(_ report: CommandReport) -> CommandReport {
        var report = report
        report.failure = report.failure.map(main.shell.secrets.masked)
        return report
    }

    /// Every text in `value` with `secrets` masked.
    private static func masked(_ value: Value, _ secrets: SessionSecrets) -> Value {
        switch value {
        case .string(let text): .string(secrets.masked(text))
        case .array(let items): .array(items.map { masked($0, secrets) })
        case .object(let fields): .object(fields.mapValues { masked($0, secrets) })
        default: value
        }
    }

    /// The tool a command's words name (its first word).
    private static func tool(_ words: [Word]) -> String { words.first?.text ?? "" }

    /// How many calls wait for the one running.
    var waitingCalls: Int { waiting.count }

    /// Runs `body` when no other call is running.
    private func exclusively<T: Sendable>(_ body: () async -> T) async -> T {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        }
        busy = true
        defer {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return await body()
    }
}
