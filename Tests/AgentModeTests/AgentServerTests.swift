import Foundation
import MCP
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization
import Testing

@testable import AgentMode

/// The agent server driven by the SDK's own client over an in-memory pair, against the test
/// market: tools listed, a read answered at once, a change planned then applied with its
/// token, a delete confirmed (or not) by the person through elicitation, and the allowance of
/// deletes without a person when the client cannot ask.
@Suite("Agent server")
struct AgentServerTests {
    /// The person's answer to a delete's question, and the questions asked.
    final class Person: Sendable {
        let answer: CreateElicitation.Result
        private let asked = Mutex<[String]>([])

        init(_ answer: CreateElicitation.Result) { self.answer = answer }

        func ask(_ parameters: CreateElicitation.Parameters) -> CreateElicitation.Result {
            if case .form(let form) = parameters { asked.withLock { $0.append(form.message) } }
            return answer
        }

        var questions: [String] { asked.withLock { $0 } }
    }

    /// A test market, a HOME for the change log, the agent server and a client connected to it.
    struct Fixture {
        let market: TestMarket
        let agent: AgentServer
        let client: Client
        let initialized: Initialize.Result
        /// The server's side of the pair, behind the secret guard.
        let guarded: GuardedTransport<InMemoryTransport>

        var marketClient: MarketClient { market.client() }

        /// A product of the demo vendor, priced ₩8,000.
        func product(named name: String, description: String = "A product for the server tests") async throws -> Product {
            let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
            let draft = ProductDraft(
                name: name, description: description, price: 8000, currency: .krw,
                discountedPrice: 0, stock: 5)
            return try await marketClient.create(draft, images: [image]).value
        }

        func now(_ id: Int) async -> Product? { try? await marketClient.product(id: id).value }

        /// A tool's whole result (the client's `callTool` leaves out the structured content).
        func call(_ name: String, _ arguments: [String: Value]) async throws -> CallTool.Result {
            try await client.send(CallTool.request(.init(name: name, arguments: arguments))).value
        }

        /// The token of a write's first answer.
        func token(_ result: CallTool.Result) throws -> String {
            guard case .object(let fields) = result.structuredContent, case .string(let token) = fields["token"] else {
                Issue.record("no token in \(result)")
                throw CancellationError()
            }
            return token
        }

        /// Runs `body` with a server (these limits) and a client that asks `person`, if any.
        static func with(
            limits: AgentLimits = AgentLimits(), person: Person? = nil, _ body: (Fixture) async throws -> Void
        ) async throws {
            var asking: (@Sendable (CreateElicitation.Parameters) async -> CreateElicitation.Result)?
            if let person { asking = { person.ask($0) } }
            try await with(limits: limits, asking: asking, body)
        }

        /// Runs `body` with a server (these limits, `OPENMARKET_SECRET` in its environment) and a
        /// client whose person answers with `asking`, if any.
        static func with(
            limits: AgentLimits = AgentLimits(),
            asking: (@Sendable (CreateElicitation.Parameters) async -> CreateElicitation.Result)?,
            _ body: (Fixture) async throws -> Void
        ) async throws {
            let home = try Fixtures.temporaryDirectory("openmarket-agent-server-test")
            defer { try? FileManager.default.removeItem(at: home) }
            try await TestMarket.with { market in
                let configuration = ShellConfiguration(
                    serverURL: market.baseURL, credentials: market.demo, vendorName: "demo-shop",
                    vendorID: market.demoVendorID, profiles: ProfileStore(directory: home.appendingPathComponent("profiles")),
                    timeout: .seconds(600))
                let sessions = AgentSessions(
                    configuration: configuration, environment: ["HOME": home.path, "OPENMARKET_SECRET": environmentSecret],
                    access: .unrestricted, limits: limits)
                let agent = AgentServer(sessions: sessions, limits: limits, language: .en)
                let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
                let secrets = SecretGuard(secrets: [market.demo.secret.revealed, environmentSecret])
                let guarded = GuardedTransport(serverSide, guarding: secrets)
                try await agent.start(guarded)
                let client = Client(
                    name: "agent-server-test", version: "1",
                    capabilities: asking == nil ? .init() : .init(elicitation: .init()))
                if let asking { await client.withElicitationHandler { await asking($0) } }
                let initialized = try await client.connect(transport: clientSide)
                try await body(
                    Fixture(market: market, agent: agent, client: client, initialized: initialized, guarded: guarded))
                await client.disconnect()
                await agent.server.stop()
            }
        }
    }

    /// A secret the server protects besides the login's, as `OPENMARKET_SECRET` is.
    static let environmentSecret = "env-secret-4242-for-the-agent-server"

    static func text(_ result: CallTool.Result) -> String {
        result.content.compactMap { content -> String? in
            if case .text(let text, _, _) = content { return text }
            return nil
        }.joined(separator: "\n")
    }

    @Test("the client lists the catalog's tools and reads the server's instructions")
    func listsTools() async throws {
        try await Fixture.with { f in
            let (tools, _) = try await f.client.listTools()
            #expect(tools.map(\.name).sorted() == AgentToolCatalog.tools.map(\.name).sorted())
            #expect(tools.contains { $0.name == "patch" })
            #expect(f.initialized.serverInfo.name == "openmarket")
            #expect(f.initialized.instructions?.contains("token") == true)
            #expect(f.initialized.capabilities.tools != nil && f.initialized.capabilities.resources != nil)
        }
    }

    @Test("the client lists and reads the resources, and gets a prompt; an unknown resource is an invalid-params error")
    func resourcesAndPrompts() async throws {
        try await Fixture.with { f in
            let (resources, _) = try await f.client.listResources()
            #expect(resources.contains { $0.uri == AgentResources.openAPIURI })
            let contents = try await f.client.readResource(uri: AgentResources.openAPIURI)
            #expect(contents.first?.text?.contains("\"openapi\"") == true)
            do {
                _ = try await f.client.readResource(uri: "openmarket://nothing/here")
                Issue.record("an unknown resource was read")
            } catch let error as MCPError {
                #expect(error.code == MCPError.invalidParams(nil).code)
            }
            let (prompts, _) = try await f.client.listPrompts()
            #expect(prompts.map(\.name).sorted() == ["apply_price_list", "register_photos"])
            let prompt = try await f.client.getPrompt(name: "register_photos", arguments: ["folder": "photos"])
            #expect(!prompt.messages.isEmpty)
        }
    }

    @Test("show answers at once with the product")
    func showReads() async throws {
        try await Fixture.with { f in
            let product = try await f.product(named: "Server mug")
            let result = try await f.call("show", ["id": .int(product.id)])
            #expect(result.isError != true)
            #expect(Self.text(result).contains("Server mug"))
        }
    }

    @Test("patch answers a plan and a token with nothing sent, then the token applies it")
    func patchPlannedThenApplied() async throws {
        try await Fixture.with { f in
            let product = try await f.product(named: "Plan mug")
            let arguments: [String: Value] = ["ids": .array([.int(product.id)]), "price": .int(9000)]
            let planned = try await f.call("patch", arguments)
            let token = try f.token(planned)
            #expect(planned.isError != true)
            #expect(Self.text(planned).contains("token: \(token)"))
            if case .object(let fields) = planned.structuredContent {
                #expect(fields["expires_in_seconds"] == .int(600))
                #expect(fields["plan"] != nil)
            }
            #expect(await f.now(product.id)?.price == 8000)
            var withToken = arguments
            withToken["token"] = .string(token)
            let applied = try await f.call("patch", withToken)
            #expect(applied.isError != true, "\(Self.text(applied))")
            #expect(await f.now(product.id)?.price == 9000)
        }
    }

    @Test("a delete applied with its token asks the person, and deletes when they confirm")
    func deleteConfirmed() async throws {
        let person = Person(CreateElicitation.Result(action: .accept, content: ["confirm": .bool(true)]))
        try await Fixture.with(person: person) { f in
            let product = try await f.product(named: "Doomed mug")
            let planned = try await f.call("delete", ["ids": .array([.int(product.id)])])
            let token = try f.token(planned)
            #expect(person.questions.isEmpty)
            let applied = try await f.call("delete", ["ids": .array([.int(product.id)]), "token": .string(token)])
            #expect(applied.isError != true, "\(Self.text(applied))")
            #expect(person.questions.count == 1)
            #expect(person.questions.first?.contains("Doomed mug") == true)
            #expect(await f.now(product.id) == nil)
        }
    }

    @Test("without --folder, reading the folder's files is refused saying to start the server with --folder DIR")
    func folderResourceWithoutFolder() async throws {
        try await Fixture.with { f in
            let (resources, _) = try await f.client.listResources()
            #expect(!resources.contains { $0.uri == FolderShelf.uri })
            await #expect {
                _ = try await f.client.readResource(uri: FolderShelf.uri)
            } throws: { error in
                "\(error)".contains("--folder DIR")
            }
        }
    }

    @Test("the person reads the question and the products, not the model's instruction to call again with a token")
    func deleteQuestionIsForAPerson() async throws {
        let person = Person(CreateElicitation.Result(action: .decline))
        try await Fixture.with(person: person) { f in
            let product = try await f.product(named: "Asked mug")
            let token = try f.token(try await f.call("delete", ["ids": .array([.int(product.id)])]))
            _ = try await f.call("delete", ["ids": .array([.int(product.id)]), "token": .string(token)])
            let question = try #require(person.questions.first)
            #expect(question.hasPrefix(ServerMessage.deleteQuestion(count: 1).text(in: .en)), "\(question)")
            #expect(question.contains("Asked mug"), "\(question)")
            #expect(!question.contains("token") && !question.contains("call delete"), "\(question)")
            #expect(!question.contains(token) && !question.contains("DELETE /api"), "\(question)")
        }
        #expect(ServerMessage.deleteQuestion(count: 1).text(in: .en).contains("Delete it? (undo in the shell brings it back)"))
        #expect(
            ServerMessage.deleteQuestion(count: 2).text(in: .en).contains("Delete them? (undo in the shell brings them back)"))
    }

    @Test(
        "a delete whose call is cancelled while the person is asked settles at once as not made, though they confirm later, and gets no answer"
    )
    func cancelledWhileAsking() async throws {
        let (asked, askedGoes) = AsyncStream<Void>.makeStream()
        let (release, releasing) = AsyncStream<Void>.makeStream()
        let late: @Sendable (CreateElicitation.Parameters) async -> CreateElicitation.Result = { _ in
            askedGoes.yield()
            for await _ in release { break }
            return CreateElicitation.Result(action: .accept, content: ["confirm": .bool(true)])
        }
        try await Fixture.with(asking: late) { f in
            let product = try await f.product(named: "Cancelled mug")
            let token = try f.token(try await f.call("delete", ["ids": .array([.int(product.id)])]))
            let arguments: [String: Value] = ["ids": .array([.int(product.id)]), "token": .string(token)]
            let call = try await f.client.send(CallTool.request(.init(name: "delete", arguments: arguments)))
            for await _ in asked { break }
            try await f.client.cancelRequest(call.requestID, reason: "the test gave up")
            // Settled at once: not left waiting for the person's answer, and answered by nothing
            // (the MCP rule for a cancelled request): no answer the client could misread.
            await f.guarded.untilAnswered(within: .seconds(60))
            #expect(await f.guarded.unansweredCount == 0, "the cancelled call still waits for the person")
            releasing.yield()
            #expect(await f.now(product.id)?.name == "Cancelled mug")
            _ = try await f.call("show", ["id": .int(product.id)])
            #expect(await !f.guarded.answeredIDs.contains(call.requestID), "the cancelled call was answered")
        }
    }

    @Test("a delete the person declines sends nothing and says so")
    func deleteDeclined() async throws {
        let person = Person(CreateElicitation.Result(action: .decline))
        try await Fixture.with(person: person) { f in
            let product = try await f.product(named: "Kept mug")
            let planned = try await f.call("delete", ["ids": .array([.int(product.id)])])
            let token = try f.token(planned)
            let refused = try await f.call("delete", ["ids": .array([.int(product.id)]), "token": .string(token)])
            #expect(refused.isError == true)
            #expect(Self.text(refused) == ServerMessage.notConfirmed(.declined).text(in: .en))
            #expect(person.questions.count == 1)
            #expect(await f.now(product.id)?.name == "Kept mug")
        }
    }

    @Test("without elicitation, deletes past the session's allowance are refused, saying how a person confirms")
    func deleteAllowance() async throws {
        try await Fixture.with(limits: AgentLimits(unconfirmedDeletes: 1)) { f in
            let first = try await f.product(named: "First mug")
            let second = try await f.product(named: "Second mug")
            for (product, allowed) in [(first, true), (second, false)] {
                let ids: Value = .array([.int(product.id)])
                let token = try f.token(try await f.call("delete", ["ids": ids]))
                let result = try await f.call("delete", ["ids": ids, "token": .string(token)])
                #expect(result.isError == !allowed, "\(Self.text(result))")
                #expect((await f.now(product.id) == nil) == allowed)
            }
            let refusal = ServerMessage.deleteAllowanceUsed(allowed: 1, deleted: 1, asked: 1).text(in: .en)
            let token = try f.token(try await f.call("delete", ["ids": .array([.int(second.id)])]))
            let again = try await f.call("delete", ["ids": .array([.int(second.id)]), "token": .string(token)])
            #expect(Self.text(again) == refusal)
            #expect(refusal.contains("--max-deletes"))
        }
    }

    @Test("a protected secret in a product's text is masked by the server, in the text and the JSON, before the guard")
    func secretReachesNoMessage() async throws {
        try await Fixture.with(asking: nil) { f in
            let product = try await f.product(named: "Leaky mug", description: "pasted by mistake: \(Self.environmentSecret)")
            let shown = try await f.call("show", ["id": .int(product.id)])
            let listed = try await f.call("list", [:])
            for result in [shown, listed] {
                let encoded = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
                #expect(result.isError != true, "\(Self.text(result))")
                #expect(encoded.contains("Leaky mug"))
                #expect(!encoded.contains(Self.environmentSecret))
            }
            // Masked by the server as the shell masks it: the guard had nothing left to do.
            #expect(await f.guarded.maskedCount == 0)
        }
    }

    /// A person who is asked and answers only when told to; says when they were asked.
    final class SlowPerson: Sendable {
        let asked = AsyncStream.makeStream(of: Void.self)
        let released = AsyncStream.makeStream(of: Void.self)

        func ask(_ parameters: CreateElicitation.Parameters) async -> CreateElicitation.Result {
            asked.continuation.yield()
            for await _ in released.stream { break }
            return CreateElicitation.Result(action: .accept, content: ["confirm": .bool(true)])
        }
    }

    @Test("a delete whose question is still open when the client's input ends is not made, and says why")
    func deleteNotMadeWhenInputEnds() async throws {
        let person = SlowPerson()
        try await Fixture.with(asking: { await person.ask($0) }) { f in
            let product = try await f.product(named: "Unanswered mug")
            let ids: Value = .array([.int(product.id)])
            let token = try f.token(try await f.call("delete", ["ids": ids]))
            let applying = Task { try await f.call("delete", ["ids": ids, "token": .string(token)]) }
            for await _ in person.asked.stream { break }
            await f.agent.inputEnded()
            // The person's late yes is not taken: the question was closed.
            person.released.continuation.yield()
            let result = try await applying.value
            #expect(result.isError == true)
            #expect(Self.text(result) == ServerMessage.notConfirmed(.clientClosed).text(in: .en))
            #expect(await f.now(product.id)?.name == "Unanswered mug")
        }
    }
}
