import Foundation
import MCP
import OpenMarketContract
import SellerShell

/// `openmarket mcp`'s MCP server: the shell's commands as tools (`AgentToolCatalog`), the API
/// description, lessons and explanations as resources and two prompts (`AgentResources`,
/// `AgentPrompts`), every call run in the agent's sessions (`AgentSessions`).
///
/// A read answers at once. A write called without a token answers its plan and a one-time
/// token; called again with the token it is applied, after a plan that deletes is confirmed: by
/// the person, through elicitation, when the client can ask them, else within the session's
/// allowance of deletes without confirmation (`AgentLimits.unconfirmedDeletes`). A failure is a
/// tool result with `isError` and one line, never a protocol error.
public actor AgentServer {
    /// The SDK's server, with this server's handlers once `start` ran.
    public nonisolated let server: Server
    let sessions: AgentSessions
    let limits: AgentLimits
    let language: Language
    /// Whether files are read at all (`--folder` given); if not, a tool naming a file is
    /// refused before anything runs (its access policy would refuse the file all the same).
    let readsFiles: Bool
    /// The files under `--folder` as resources (`openmarket://folder`); nil without a folder.
    let shelf: FolderShelf?
    /// The run's scratch folder, where `import`'s `rows` are written as a catalog; nil: refused.
    let scratch: URL?
    /// Whether the client said it can ask its person (elicitation, as a form).
    var clientAsks = false
    /// Products deleted in this session without a person's confirmation, and those of deletes
    /// being applied now.
    var unconfirmedDeleted = 0
    var unconfirmedReserved = 0
    /// Questions waiting for the person; answered `.clientClosed` when the input ends.
    var questions: [ObjectIdentifier: PendingAnswer] = [:]
    var inputOpen = true

    public init(
        sessions: AgentSessions, limits: AgentLimits, language: Language = .current, readsFiles: Bool = true,
        shelf: FolderShelf? = nil, scratch: URL? = nil
    ) {
        self.readsFiles = readsFiles
        self.scratch = scratch
        self.shelf = shelf
        self.sessions = sessions
        self.limits = limits
        self.language = language
        server = Server(
            name: "openmarket", version: OpenMarketVersion.current,
            instructions: ServerMessage.instructions.text(in: language), capabilities: Self.capabilities)
    }

    /// What the server offers: tools, resources and prompts, whose lists never change.
    static let capabilities = Server.Capabilities(
        prompts: .init(listChanged: false), resources: .init(subscribe: false, listChanged: false),
        tools: .init(listChanged: false))

    /// Registers the handlers and starts serving over `transport`.
    public func start(_ transport: any Transport) async throws {
        await register()
        try await server.start(transport: transport) { [weak self] _, capabilities in
            await self?.clientJoined(asks: capabilities.elicitation?.form != nil)
        }
    }

    /// The client's input ended: questions still waiting are answered as not confirmed, and no
    /// new one is asked.
    public func inputEnded() {
        inputOpen = false
        let waiting = questions.values
        questions.removeAll()
        for question in waiting { question.settle(.notConfirmed(.clientClosed)) }
    }

    private func clientJoined(asks: Bool) { clientAsks = asks }

    private func register() async {
        let language = language
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: AgentToolCatalog.tools.map(\.tool))
        }
        await server.withMethodHandler(CallTool.self) { [weak self] parameters in
            guard let self else { throw MCPError.internalError(nil) }
            return try await Language.$current.withValue(language) { try await self.call(parameters) }
        }
        let shelf = shelf
        await server.withMethodHandler(ListResources.self) { _ in
            Language.$current.withValue(language) {
                ListResources.Result(resources: (shelf.map { [$0.resource] } ?? []) + AgentResources.list())
            }
        }
        await server.withMethodHandler(ReadResource.self) { parameters in
            try Language.$current.withValue(language) {
                do throws(AgentFailure) {
                    if let contents = try shelf?.read(parameters.uri) { return ReadResource.Result(contents: contents) }
                    if shelf == nil, parameters.uri.hasPrefix(FolderShelf.uri) {
                        throw AgentFailure(ServerMessage.noFolder(tool: "resources/read"))
                    }
                    return ReadResource.Result(contents: try AgentResources.read(parameters.uri))
                } catch {
                    throw MCPError.invalidParams(error.text)
                }
            }
        }
        await server.withMethodHandler(ListPrompts.self) { _ in
            Language.$current.withValue(language) { ListPrompts.Result(prompts: AgentPrompts.list()) }
        }
        await server.withMethodHandler(GetPrompt.self) { parameters in
            try Language.$current.withValue(language) {
                let arguments = parameters.arguments?.mapValues(Value.string)
                do throws(AgentFailure) {
                    return try AgentPrompts.get(parameters.name, arguments: arguments)
                } catch {
                    throw MCPError.invalidParams(error.text)
                }
            }
        }
    }

    /// A tool call, its result with every protected secret masked as the shell masks it (a
    /// product's text, as the server answered it, may hold one): the guard is the last line,
    /// not the only one.
    ///
    /// A call the client cancelled gets no answer (the MCP rule: the SDK sends none for a
    /// handler that throws `CancellationError`), whatever it came to: nothing it could misread.
    func call(_ parameters: CallTool.Parameters) async throws -> CallTool.Result {
        let result = Self.masked(try await answer(parameters), secrets: sessions.session.shell.secrets)
        if Task.isCancelled { throw CancellationError() }
        return result
    }

    /// A read at once, a write's plan, or a write applied with its token.
    private func answer(_ parameters: CallTool.Parameters) async throws -> CallTool.Result {
        guard let tool = AgentToolCatalog.tool(named: parameters.name) else {
            throw MCPError.invalidParams(ServerMessage.unknownTool(parameters.name).text)
        }
        if !readsFiles, tool.namesFiles(parameters.arguments) {
            return Self.failure(AgentFailure(ServerMessage.noFolder(tool: tool.name)))
        }
        let words: [Word]
        do {
            words = try tool.words(parameters.arguments, scratch: scratch)
        } catch {
            return Self.failure(error)
        }
        switch tool.access {
        case .read:
            let (report, printed) = await sessions.read(words)
            return ToolResult.make(report, printed: printed)
        case .write:
            let shown = tool.shownCommand(parameters.arguments)
            guard let token = AgentTool.token(parameters.arguments) else {
                return await plan(words, tool: tool.name, shown: shown)
            }
            return await apply(words, token: token, tool: tool.name)
        }
    }

    /// A write's first call: the plan's lines and the token as text, the plan as JSON with the
    /// token and how long it is good.
    func plan(_ words: [Word], tool: String, shown: String? = nil) async -> CallTool.Result {
        switch await sessions.plan(words, tool: tool, shown: shown) {
        case .failed(let report, let printed):
            return ToolResult.make(report, printed: printed)
        case .planned(let plan, let token):
            var lines = plan.lines
            var structured: [String: Value] = ["plan": plan.json]
            if !token.isEmpty {
                lines.append(ServerMessage.token(token).text)
                structured["token"] = .string(token)
                structured["expires_in_seconds"] = .int(Int(limits.planLifetime.components.seconds))
            }
            return CallTool.Result(
                content: [.text(text: lines.joined(separator: "\n"), annotations: nil, _meta: nil)],
                structuredContent: .object(structured), isError: false)
        }
    }

    /// A write's second call: the deletes confirmed (or allowed), then the plan applied. A
    /// token of another tool's plan is not asked about: applying it is refused.
    func apply(_ words: [Word], token: String, tool: String) async -> CallTool.Result {
        var reserved = 0
        // The token's expiry is judged when it was given, not after the person took their time.
        let checkedAt = ContinuousClock.now
        if let plan = await sessions.plan(forToken: token), plan.tool == tool, plan.deletes > 0 {
            switch await confirmDeletes(plan) {
            case .confirmed: break
            case .allowed(let count): reserved = count
            case .refused(let failure): return Self.failure(failure, status: .failed)
            }
        }
        let answer = await sessions.apply(token: token, words: words, checkedAt: checkedAt)
        unconfirmedReserved -= reserved
        switch answer {
        case .applied(let report, let printed, _):
            unconfirmedDeleted += reserved
            return ToolResult.make(report, printed: printed)
        case .failed(let report, let printed):
            // A delete that failed part way may have deleted some: counted as if all were.
            unconfirmedDeleted += reserved
            return ToolResult.make(report, printed: printed)
        case .refused(let failure):
            return Self.failure(failure, status: .failed)
        }
    }

    static func masked(_ result: CallTool.Result, secrets: SessionSecrets) -> CallTool.Result {
        let content = result.content.map { content -> Tool.Content in
            guard case .text(let text, let annotations, let meta) = content else { return content }
            return .text(text: secrets.masked(text), annotations: annotations, _meta: meta)
        }
        return CallTool.Result(
            content: content, structuredContent: result.structuredContent.map(secrets.maskedValue),
            isError: result.isError, _meta: result._meta)
    }

    /// A failure as a tool result: one line, `isError`, shaped as a command's failure.
    static func failure(_ failure: AgentFailure, status: CommandStatus = .usage) -> CallTool.Result {
        ToolResult.failure(failure, status: status)
    }
}
