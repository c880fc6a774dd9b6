import Foundation
import MarketTestSupport
import Testing

/// `undo` in a new `openmarket` process, after the process that made the change exited: the
/// change log is found again for the same local market (by its data directory, not its port)
/// and the same vendor (issue 25).
@Suite("openmarket undo across processes", .serialized)
struct UndoBinaryTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    func run(_ arguments: [String], home: TestHome) async throws -> ChildProcess.Result {
        try await ChildProcess.run(Self.binary, arguments, environment: home.environment, timeout: .seconds(300))
    }

    @Test func undoInANewProcessTakesBackAChangeMadeByOneThatExited() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let image = Fixtures.image("coffee-small.jpg").path
        let registered = try await run(
            [
                "--json", "-c",
                "register name='Undo mug' description='Registered by the first process' price=3500 currency=KRW image=\(image)",
            ],
            home: home)
        #expect(registered.status == 0, "\(registered.stderr)")
        let id = try #require(
            (try? JSONSerialization.jsonObject(with: Data(registered.stdout.utf8)) as? [String: Any])?["id"] as? Int)
        // The second process starts the local market on another port.
        let port = try Loopback.portOutsideEphemeralRange()
        let patched = try await run(["--local-port", String(port), "-c", "patch \(id) price=3200"], home: home)
        #expect(patched.status == 0, "\(patched.stderr)")
        let undone = try await run(["-c", "undo"], home: home)
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(undone.stdout.contains("undid 2: #\(id) Undo mug: price ₩3,200 → ₩3,500"), "\(undone.stdout)")
        let shown = try await run(["--json", "-c", "show \(id)"], home: home)
        let price = (try? JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])?["price"] as? Double
        #expect(price == 3500, "\(shown.stdout)")
        let folder = home.root.appendingPathComponent("state/openmarket/changes")
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
        #expect(logs.count == 1, "\(logs)")
    }
}
