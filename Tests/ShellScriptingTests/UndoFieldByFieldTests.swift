import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// An undo takes back its own fields and leaves others' changes alone: only a field the change
/// set that has changed since stops it, and the refusal names the unit `changes` lists, the
/// product, and the way round it in the asker's terms (tryout of issue 43, finding B1).
@Suite("Undo field by field")
struct UndoFieldByFieldTests {
    /// Two products registered through `session` (units 1 and 2), then one patch of both
    /// prices to 3200 (unit 3, entries 3 and 4): their ids.
    static func pricedPair(_ f: ScriptFixture, _ session: ScriptSession, _ console: RecordingConsole) async throws -> [Int] {
        let first = try await UndoTests.register(f, session, console, name: "First mug")
        let second = try await UndoTests.register(f, session, console, name: "Second mug")
        await UndoTests.ok(session, "patch \(first) \(second) price=3200 --yes", console)
        return [first, second]
    }

    /// A session whose commands run for an assistant (`openmarket mcp`'s reader).
    static func agentSession(_ f: ScriptFixture, _ console: RecordingConsole) -> ScriptSession {
        var access = AccessPolicy.unrestricted
        access.reader = .agent(hasFolder: false)
        let configuration = ShellConfiguration(
            serverURL: f.market.baseURL, credentials: f.market.demoCredentials, vendorName: "demo-shop",
            vendorID: f.demoVendorID, profiles: ProfileStore(directory: f.directory.appendingPathComponent("profiles")),
            timeout: .seconds(600))
        return ScriptSession(
            configuration: configuration, console: console, environment: ["HOME": f.directory.path], access: access)
    }

    @Test func undoOfAPriceChangeAfterAStockChangeRestoresThePriceAndKeepsTheNewStock() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = UndoTests.session(f, console)
            let ids = try await Self.pricedPair(f, session, console)
            await UndoTests.ok(session, "stock \(ids[0]) \(ids[1]) +10 --yes", console)
            let sentBefore = session.shell.exchanges.exchanges.count
            let report = await session.execute("undo 3")
            #expect(report.status == .ok, "\(report.failure)")
            for id in ids {
                let now = try await f.product(id: id)
                #expect(now.price == 3500 && now.stock == 20, "#\(id): \(now.price), \(now.stock)")
            }
            // Each PATCH back carried the price alone: the stock set meanwhile was not sent.
            let patches = session.shell.exchanges.exchanges.dropFirst(sentBefore).filter { $0.request.method == "PATCH" }
            #expect(patches.count == 2)
            for patch in patches {
                let body = String(decoding: patch.request.body?.data ?? Data(), as: UTF8.self)
                #expect(body.contains("\"price\"") && !body.contains("\"stock\""), "\(body)")
            }
        }
    }

    @Test func undoIsRefusedWhenThePriceItChangedHasChangedSinceNamingTheUnitAndTheProduct() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = UndoTests.session(f, console)
            let ids = try await Self.pricedPair(f, session, console)
            // Someone else sets the second mug's price (its change is entry 4 of unit 3).
            _ = try await f.client.edit(id: ids[1], ProductChanges(price: 3000))
            let refused = await session.execute("undo 3")
            #expect(refused.status == .failed)
            let text = refused.failure.joined(separator: "\n")
            #expect(text.contains("#\(ids[1]) Second mug: price is ₩3,000 now, not ₩3,200"), "\(text)")
            #expect(text.contains("change 3") && !text.contains("change 4"), "\(text)")
            #expect(!text.contains("#\(ids[0])"), "\(text)")
            #expect(text.contains("'undo 3 --force'") && !text.contains("force: true"), "\(text)")
            #expect(try await f.product(id: ids[0]).price == 3200)
        }
    }

    @Test func anAssistantIsToldToCallUndoWithForceTrueNotTheShellFlag() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let ids = try await Self.pricedPair(f, UndoTests.session(f, console), console)
            _ = try await f.client.edit(id: ids[1], ProductChanges(price: 3000))
            let refused = await Self.agentSession(f, console).execute("undo 3")
            #expect(refused.status == .failed)
            let text = refused.failure.joined(separator: "\n")
            #expect(text.contains("number: 3, force: true"), "\(text)")
            #expect(!text.contains("--force"), "\(text)")
            await Language.$current.withValue(.ko) {
                let korean = await Self.agentSession(f, console).execute("undo 3").failure.joined(separator: "\n")
                #expect(korean.contains("number: 3, force: true") && !korean.contains("--force"), "\(korean)")
            }
        }
    }

    @Test func theHintIsTheShellsWordsForAPersonAndTheToolsArgumentsForAnAgent() {
        let conflict = ReversalMessage.changedSince(
            name: "#5 Blue mug", number: 5, differences: [.init(field: .price, now: "₩7,000", then: "₩9,000")])
        let person = ReversalMessage.conflicts(undo: true, number: 5, conflicts: [conflict], more: 0, agent: false)
        let agent = ReversalMessage.conflicts(undo: false, number: 5, conflicts: [conflict], more: 0, agent: true)
        #expect(person.text(in: .en).contains("#5 Blue mug: price is ₩7,000 now, not ₩9,000"), "\(person.text(in: .en))")
        #expect(person.text(in: .en).contains("'undo 5 --force'"))
        #expect(agent.text(in: .en).contains("redo with number: 5, force: true"), "\(agent.text(in: .en))")
        for language in [Language.en, .ko] { #expect(!agent.text(in: language).contains("--force")) }
    }
}
