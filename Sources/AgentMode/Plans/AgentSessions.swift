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
    /// What the main session's commands may touch (an apply's own write folder while it runs).
    private let mainAccess: AccessMiddleware
    private var tokens: PlanTokens
    /// The calls waiting for the one running (the actor alone would interleave them at awaits).
    private var busy = false
    private var waiting: [(number: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextWaiter = 0

    public init(configuration: ShellConfiguration, environment: [String: String], access: AccessPolicy, limits: AgentLimits) {
        self.configuration = configuration
        self.environment = environment
        self.access = access
        self.limits = limits
        gate = PlanGate(wrapping: configuration.transport, market: configuration.serverURL)
        var gated = configuration
        gated.transport = gate
        mainAccess = AccessMiddleware(access: access)
        main = ScriptSession(
            configuration: gated, console: console, environment: environment, innermost: [mainAccess],
            access: Self.logged(access))
        tokens = PlanTokens(lifetime: limits.planLifetime, kept: limits.plansKept)
    }

    /// The main session (the shell its commands run in).
    public nonisolated var session: ScriptSession { main }

    /// A read tool: the words run in the main session; what it printed comes back with the report.
    public func read(_ words: [Word]) async -> (report: CommandReport, printed: String) {
        let answer = await exclusively {
            _ = console.take()
            let report = await main.execute(words: words)
            return (masked(report), console.take())
        }
        return answer ?? (CommandReport(status: .failed, failure: [PlanMessage.cancelled.text]), "")
    }

    /// A write tool's first call: runs the command with nothing sent (GETs go to the market, each
    /// write is captured and answered from a model), and keeps the plan under a new one-time
    /// token (none when the plan sends no write). `shown`: the command line the plan shows when
    /// not the words' (an import of rows given in the call).
    public func plan(_ words: [Word], tool: String, shown: String? = nil) async -> PlanAnswer {
        let answer = await exclusively { () -> PlanAnswer in
            let run = await planned(words, tool: tool, shown: shown)
            guard let plan = run.plan else { return .failed(masked(run.report), printed: run.printed) }
            guard !plan.isEmpty else { return .planned(plan, token: "") }
            return .planned(plan, token: tokens.add(plan, words: words))
        }
        return answer ?? .failed(CommandReport(status: .failed, failure: [PlanMessage.cancelled.text]), printed: "")
    }

    /// The plan a token names, without using it (nil when unknown or expired).
    public func plan(forToken token: String) -> Plan? {
        guard case .success(let kept) = tokens.peek(token) else { return nil }
        return kept.plan
    }

    /// The second call: plans again, refuses if the new plan differs from the token's (stale: a
    /// product changed), else runs the command for real with each PATCH's If-Match from the plan
    /// and every write checked against the plan's requests. A token given with other words than
    /// its plan's (another tool, other arguments) is refused and kept, to be given again with
    /// the plan's; an unknown, expired, stale or applied one is used up. The expiry is judged at
    /// `checkedAt` when given (when the server first looked at the plan, before asking a person),
    /// else now. A call cancelled before its writes are sent sends nothing.
    public func apply(token: String, words: [Word], checkedAt: ContinuousClock.Instant? = nil) async -> ApplyAnswer {
        let answer = await exclusively { () -> ApplyAnswer in
            let kept: PlanTokens.Kept
            switch tokens.peek(token, now: checkedAt ?? .now) {
            case .failure(let refusal):
                tokens.remove(token)
                let message: PlanMessage =
                    switch refusal {
                    case .unknown: .unknownToken(tool: Self.tool(words))
                    case .expired: .expiredToken(tool: Self.tool(words), minutes: tokens.minutes)
                    }
                return .refused(AgentFailure(message))
            case .success(let found): kept = found
            }
            let tool = kept.plan.tool
            guard kept.words.map(\.text) == words.map(\.text) else {
                return .refused(AgentFailure(PlanMessage.otherArguments(tool: tool, planned: kept.plan.command)))
            }
            tokens.remove(token)
            let run = await planned(words, tool: tool, shown: kept.plan.command)
            guard let plan = run.plan else { return .failed(masked(run.report), printed: run.printed) }
            if let stale = plan.staleness(since: kept.plan) { return .refused(AgentFailure(stale)) }
            guard !Task.isCancelled else { return .refused(AgentFailure(PlanMessage.cancelled)) }
            return await carryOut(plan, words: words)
        }
        return answer ?? .refused(AgentFailure(PlanMessage.cancelled))
    }

    /// Runs `words` in the main session with `plan`'s writes let through, what it writes (an
    /// import's journal) in a folder of this apply's own, removed after: a failed apply's
    /// unfinished journal would keep the next apply of the same file from running (the agent can
    /// neither resume nor restart it, and its plan was made without one).
    private func carryOut(_ plan: Plan, words: [Word]) async -> ApplyAnswer {
        let scratch: URL
        switch Self.folder("apply", under: access) {
        case .success(let made): scratch = made
        case .failure(let refusal): return .refused(refusal)
        }
        mainAccess.access.withLock { $0.writeFolder = FilePath(scratch.path) }
        defer {
            mainAccess.access.withLock { $0 = access }
            try? FileManager.default.removeItem(at: scratch)
        }
        _ = console.take()
        _ = mainAccess.applied.take()
        gate.begin(plan)
        var report = await main.execute(words: words)
        let ended = gate.end()
        var printed = console.take()
        // What the run changed, typed for the result (`changes`): the commands' own changes, then
        // the writes no change named (`undo`'s), each product once.
        var changes = mainAccess.applied.take()
        let named = Set(changes.map(\.productID))
        changes += ended.written.filter { !named.contains($0.productID) }
        var outcome = report.outcome ?? CommandOutcome()
        outcome.changes = changes
        report.outcome = outcome
        let more = (ended.refused + ended.changed.map { .changedDuringApply(id: $0) } + ended.notSent).map(\.text)
        if !more.isEmpty {
            printed += (printed.isEmpty ? "" : "\n") + more.joined(separator: "\n")
            if report.status == .ok { report.status = .failed }
            report.failure += more
        }
        report = masked(report)
        guard report.status == .ok else { return .failed(report, printed: printed) }
        return .applied(report, printed: printed, plan: plan)
    }

    /// A plan's run: a fresh session over the planning transport, its files in a folder of its
    /// own under the run's scratch folder, removed after. The plan is nil when the command failed.
    private func planned(
        _ words: [Word], tool: String, shown: String? = nil
    ) async -> (report: CommandReport, printed: String, plan: Plan?) {
        let scratch: URL
        switch Self.folder("plan", under: access) {
        case .success(let made): scratch = made
        case .failure(let refusal): return (CommandReport(status: .failed, failure: [refusal.text]), "", nil)
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        var confined = access
        confined.writeFolder = FilePath(scratch.path)
        let transport = PlanningTransport(wrapping: configuration.transport)
        var planning = configuration
        planning.transport = transport
        let console = CapturingConsole()
        let collected = CollectedChanges()
        let session = ScriptSession(
            configuration: planning, console: console, environment: environment,
            innermost: [PlanMiddleware(collected: collected, access: confined, transport: transport)], access: Self.logged(access)
        )
        let report = await session.execute(words: words)
        let printed = console.take()
        guard report.status == .ok else { return (report, printed, nil) }
        let command = session.shell.secrets.masked(shown ?? WordQuoting.line(words))
        var plan = Plan(
            tool: tool, command: command, recorded: transport.recorded, changes: collected.all, minutes: tokens.minutes,
            reversal: collected.reversed)
        // Nothing in a plan should hold a secret (bodies show the variable); masked again all the same.
        let secrets = session.shell.secrets
        plan.lines = plan.lines.map(secrets.masked)
        plan.json = secrets.maskedValue(plan.json)
        return (report, printed, plan)
    }

    /// The report's failure lines with the session's secrets masked (its console masks the rest).
    private func masked(_ report: CommandReport) -> CommandReport {
        var report = report
        report.failure = report.failure.map(main.shell.secrets.masked)
        return report
    }

    /// The policy the sessions' middleware sees, outside the command: `access` but for its write
    /// folder, so the change log is the person's own (the change log middleware keeps an untrusted
    /// script's in its write folder); the command itself gets the whole policy (innermost).
    private static func logged(_ access: AccessPolicy) -> AccessPolicy {
        var logged = access
        logged.writeFolder = nil
        return logged
    }

    /// A new folder for one plan or apply (`kind`) under the run's scratch folder (the system's
    /// temporary folder when the policy names none), as its real path.
    private static func folder(_ kind: String, under access: AccessPolicy) -> Result<URL, AgentFailure> {
        let base = access.writeFolder.map { URL(fileURLWithPath: $0.string) } ?? FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("openmarket-\(kind)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return .failure(AgentFailure(PlanMessage.noScratchFolder(path: folder.path)))
        }
        return .success(folder.resolvingSymlinksInPath())
    }

    /// The tool a command's words name (its first word).
    private static func tool(_ words: [Word]) -> String { words.first?.text ?? "" }

    /// How many calls wait for the one running.
    var waitingCalls: Int { waiting.count }

    /// Runs `body` when no other call is running; nil when the call was cancelled while it
    /// waited (it leaves the queue at once) or before `body` began.
    private func exclusively<T: Sendable>(_ body: () async -> T) async -> T? {
        guard !Task.isCancelled else { return nil }
        if busy {
            let number = nextWaiter
            nextWaiter += 1
            let handedOver = await withTaskCancellationHandler {
                await withCheckedContinuation { waiting.append((number, $0)) }
            } onCancel: {
                Task { await self.leaveQueue(number) }
            }
            guard handedOver else { return nil }
        }
        busy = true
        defer { handOver() }
        guard !Task.isCancelled else { return nil }
        return await body()
    }

    /// The next waiting call runs, or none is running.
    private func handOver() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().continuation.resume(returning: true) }
    }

    /// A cancelled call leaves the queue without running.
    private func leaveQueue(_ number: Int) {
        guard let index = waiting.firstIndex(where: { $0.number == number }) else { return }
        waiting.remove(at: index).continuation.resume(returning: false)
    }
}
