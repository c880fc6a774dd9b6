import Foundation
import MCP
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import AgentMode

/// An applied write's result says what changed, typed: `changes` lists every product the run
/// changed (kind, id, before, after), for a batch's undo and an import's rows as for a patch.
@Suite("Agent server: applied changes")
struct AppliedChangesTests {
    /// `name` called with `arguments`, then again with the plan's token: the applied result.
    static func applied(_ agent: AgentServer, _ name: String, _ arguments: [String: Value]) async throws -> CallTool.Result {
        let planned = try await agent.call(CallTool.Parameters(name: name, arguments: arguments))
        let token = try #require(planned.structuredContent?.objectValue?["token"]?.stringValue, "\(planned.content)")
        var withToken = arguments
        withToken["token"] = .string(token)
        let result = try await agent.call(CallTool.Parameters(name: name, arguments: withToken))
        #expect(result.isError != true, "\(result.content)")
        return result
    }

    /// The result's `changes`: id → (kind, after's price).
    static func changes(_ result: CallTool.Result) -> [Int: (kind: String, price: Double?)] {
        var found: [Int: (kind: String, price: Double?)] = [:]
        for change in result.structuredContent?.objectValue?["changes"]?.arrayValue ?? [] {
            guard let fields = change.objectValue, let id = fields["id"]?.intValue else { continue }
            let price = fields["after"]?.objectValue?["price"]
            found[id] = (fields["kind"]?.stringValue ?? "", price?.doubleValue ?? price?.intValue.map(Double.init))
        }
        return found
    }

    @Test("an undone batch lists all its products, an applied import its rows with their new prices")
    func everyChangeListed() async throws {
        try await AgentServerAccessTests.Fixture.with { f in
            let image = try UploadImage.load(path: f.folder.appendingPathComponent("mug.jpg").path)
            var ids: [Int] = []
            for name in ["Applied mug A", "Applied mug B", "Applied mug C"] {
                let draft = ProductDraft(
                    name: name, description: "A mug for the applied changes test", price: 8000, currency: .krw,
                    discountedPrice: 0, stock: 5)
                ids.append(try await f.market.client().create(draft, images: [image]).value.id)
            }
            let agent = AgentServer(sessions: f.sessions(), limits: AgentLimits(), language: .en, scratch: f.scratch)
            let patched = try await Self.applied(agent, "patch", ["ids": .array(ids.map(Value.int)), "price": 9000])
            #expect(Set(Self.changes(patched).keys) == Set(ids))

            let undone = try await Self.applied(agent, "undo", [:])
            let undoneChanges = Self.changes(undone)
            #expect(Set(undoneChanges.keys) == Set(ids), "\(undone.structuredContent ?? nil)")
            #expect(undoneChanges.values.allSatisfy { $0.price == 8000 })

            let rows: Value = .array(ids.map { .object(["id": .int($0), "price": 7200]) })
            let imported = try await Self.applied(agent, "import", ["rows": rows])
            let importedChanges = Self.changes(imported)
            #expect(Set(importedChanges.keys) == Set(ids), "\(imported.structuredContent ?? nil)")
            #expect(importedChanges.values.allSatisfy { $0.kind == "edited" && $0.price == 7200 })
            #expect(imported.structuredContent?.objectValue?["changes"]?.arrayValue?.count == ids.count)
        }
    }
}
