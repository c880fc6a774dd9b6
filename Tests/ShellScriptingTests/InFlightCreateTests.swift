import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import ShellScripting

/// A run killed while its create was on the wire leaves the server finishing that request; a
/// resume started at once must not find "nothing" and create the product a second time (seen
/// once in `ScriptBinaryTests.killedMidRunThenResumedCreatesEachProductOnce` on a loaded
/// machine: "Product 25" made twice).
@Suite("A create still in flight when the run was killed")
struct InFlightCreateTests {
    static let describe = "description='A product for the in-flight test'"

    @Test func aResumeRightAfterTheKillWaitsForTheServerToFinishTheCreate() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "flight.om", "register name=Cup \(Self.describe) price=10 currency=KRW image=coffee-small.jpg\n")
            #expect(await f.session(RecordingConsole()).runScript(path: path) == .ok)
            // The journal as the kill left it: the create started a moment ago, never done.
            let now = Date().timeIntervalSince1970
            let lines = try f.journal(path).split(separator: "\n").compactMap { line -> String? in
                var entry = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                if entry["state"] as? String == "done" || entry["state"] as? String == "finished" { return nil }
                if entry["state"] as? String == "started" { entry["at"] = now }
                return String(decoding: try JSONSerialization.data(withJSONObject: entry), as: UTF8.self)
            }
            try (lines.joined(separator: "\n") + "\n").write(toFile: path + ".journal", atomically: true, encoding: .utf8)
            // The server has not stored the product yet: it does so a second into the resume.
            let made = try #require(try await f.allProducts().first)
            _ = try await f.client.delete(id: made.id)
            let client = f.client
            let late = Task {
                try await Task.sleep(for: .seconds(1))
                let draft = ProductDraft(name: "Cup", description: "A product for the in-flight test", price: 10, currency: .krw)
                let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
                return try await client.create(draft, images: [image]).value.id
            }
            let resumed = RecordingConsole()
            #expect(
                await f.session(resumed).runScript(path: path, options: ScriptOptions(resume: true)) == .ok, "\(resumed.notes)")
            let lateID = try await late.value
            #expect(resumed.notes.contains("#\(lateID) was created before the interruption; not sent again"), "\(resumed.notes)")
            #expect(try await f.allProducts().map(\.name) == ["Cup"])
        }
    }
}
