import Foundation
import MCP
import Synchronization
import Testing

@testable import AgentMode

/// The last check before a message reaches the client: a secret, raw or as JSON spells it,
/// never leaves `openmarket mcp`, and every replacement is counted (it is a bug elsewhere).
@Suite("Agent server: the secret guard")
struct AgentServerSecretGuardTests {
    /// A secret with the characters JSON escapes (`"`, `\`, `/`) and one it writes as is.
    static let secret = #"s3cr"et\/pässwörd"#

    @Test("the guard replaces a secret as raw text and as JSON escapes it, and counts each")
    func masksRawAndEscaped() throws {
        let secretGuard = SecretGuard(secrets: [Self.secret, ""])
        let escaped = String(decoding: try JSONEncoder().encode([Self.secret]), as: UTF8.self)
        let message = Data(#"{"raw":"x \#(Self.secret) y","json":\#(escaped)}"#.utf8)
        let (masked, replaced) = secretGuard.masked(message)
        let text = String(decoding: masked, as: UTF8.self)
        #expect(replaced == 2)
        #expect(!text.contains("s3cr"))
        #expect(text.contains(SecretGuard.mask))
        let clean = Data(#"{"jsonrpc":"2.0","id":1,"result":{}}"#.utf8)
        #expect(secretGuard.masked(clean).message == clean)
        #expect(secretGuard.masked(clean).replaced == 0)
    }

    @Test("a message sent through the guarded transport reaches the client with the secret masked")
    func transportMasksOutgoing() async throws {
        let (client, server) = await InMemoryTransport.createConnectedPair()
        let noted = NotedCounts()
        let guarded = GuardedTransport(server, guarding: SecretGuard(secrets: [Self.secret])) { noted.add($0) }
        try await client.connect()
        try await guarded.connect()
        let result = CallTool.Result(content: [.text(text: "oops \(Self.secret)", annotations: nil, _meta: nil)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try await guarded.send(try encoder.encode(CallTool.response(id: .number(7), result: result)))
        var received = Data()
        for try await data in await client.receive() {
            received = data
            break
        }
        let text = String(decoding: received, as: UTF8.self)
        #expect(!text.contains("s3cr"))
        #expect(text.contains(SecretGuard.mask))
        #expect(await guarded.maskedCount == 1)
        #expect(noted.total == 1)
        await guarded.disconnect()
    }

    @Test("the guarded transport waits for the answer to every request the client sent")
    func untilAnsweredWaitsForAnswers() async throws {
        let (client, server) = await InMemoryTransport.createConnectedPair()
        let guarded = GuardedTransport(server, guarding: SecretGuard(secrets: []))
        try await client.connect()
        try await guarded.connect()
        try await client.send(Data(#"{"jsonrpc":"2.0","id":"a","method":"ping"}"#.utf8))
        try await client.send(Data(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8))
        var seen = 0
        for try await _ in guarded.receive() {
            seen += 1
            if seen == 2 { break }
        }
        #expect(await guarded.unansweredCount == 1)
        try await guarded.send(Data(#"{"jsonrpc":"2.0","id":"a","result":{}}"#.utf8))
        await guarded.untilAnswered()
        #expect(await guarded.unansweredCount == 0)
        await guarded.disconnect()
    }
}

/// What `onMasked` was told, summed.
final class NotedCounts: Sendable {
    private let counts = Mutex(0)
    func add(_ count: Int) { counts.withLock { $0 += count } }
    var total: Int { counts.withLock { $0 } }
}
