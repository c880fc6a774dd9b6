import Foundation
import MarketTestSupport
import OpenMarketAPI
import SellerShell
import Testing

@testable import ShellScripting

/// The resume journal's own request (the newest id before a run's first create) is labelled
/// in the trace and shown and counted by a dry run, so a lesson with `--trace` has no GET it
/// never explains (issue 11, item 13).
@Suite("The journal's bookkeeping request in the trace and in a dry run")
struct BookkeepingTests {
    static let describe = "description='A product made by the bookkeeping tests'"
    static let label = Bookkeeping.label(NewestBeforeFirstCreate.reason)

    static func lesson(_ f: ScriptFixture) throws -> String {
        try f.copyImage("coffee-small.jpg")
        return try f.script(
            "lesson.om",
            """
            register name=Mug \(describe) price=10 currency=KRW stock=2 image=coffee-small.jpg as mug
            register name=Cup \(describe) price=12 currency=KRW stock=3 image=coffee-small.jpg as cup
            """)
    }

    /// With tracing on, the lookup's request line comes right after the label, and it is the
    /// only request labelled: the creates are the script's own.
    @Test func theTraceLabelsTheJournalsLookup() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try Self.lesson(f)
            let console = RecordingConsole()
            let session = f.session(console, environment: ["HOME": f.directory.path], trace: true)
            #expect(await session.runScript(path: path) == .ok, "\(console.notes)")
            let notes = console.notes.components(separatedBy: "\n")
            let labels = notes.indices.filter { notes[$0] == Self.label }
            #expect(labels.count == 1, "\(console.notes)")
            if let at = labels.first {
                #expect(notes[at + 1].hasPrefix("→ GET \(f.market.baseURL.absoluteString)/api/products"), "\(notes[at + 1])")
            }
            #expect(notes.filter { $0.hasPrefix("→ POST") }.count == 2)
            #expect(notes.filter { $0.hasPrefix("→ GET") }.count == 1, "every GET is explained")
        }
    }

    /// With tracing and explanations on, the lookup is one labelled line and is never explained:
    /// a student's POST is explained alone, with no GET they did not send in the middle of it.
    @Test func theLookupIsOneLineAndNotExplained() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "lesson.om",
                "set explain on\nregister name=Mug \(Self.describe) price=10 currency=KRW stock=2 image=coffee-small.jpg\n")
            let console = RecordingConsole()
            let session = f.session(console, environment: ["HOME": f.directory.path], trace: true)
            #expect(await session.runScript(path: path) == .ok, "\(console.notes)")
            let notes = console.notes.components(separatedBy: "\n")
            let at = try #require(notes.firstIndex(of: Self.label), "\(console.notes)")
            #expect(notes[at + 1].hasPrefix("→ GET \(f.market.baseURL.absoluteString)/api/products"), "\(console.notes)")
            #expect(notes[at + 2].hasPrefix("→ POST "), "no headers or answer of the lookup: \(console.notes)")
            #expect(notes.contains { $0.hasPrefix("  ↳ ") }, "the POST is explained: \(console.notes)")
            #expect(!notes.contains { $0.contains("GET /api/products") && $0.contains("→ 200") }, "\(console.notes)")
        }
    }

    /// A dry run of the file shows the lookup with its label under the first create's heading,
    /// and counts it apart from the commands' own requests.
    @Test func aDryRunShowsAndCountsTheLookup() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try Self.lesson(f)
            let console = RecordingConsole()
            #expect(await f.session(console, dryRun: true).runScript(path: path) == .ok, "\(console.notes)")
            let out = console.out
            #expect(out.contains("# \(path):1: register name=Mug"), "\(out)")
            #expect(out.components(separatedBy: Self.label).count == 2, "shown once: \(out)")
            #expect(out.contains(Self.label + "\n→ GET \(f.market.baseURL.absoluteString)/api/products"), "\(out)")
            #expect(
                console.notes.contains(
                    "2 lines checked, 2 requests would be sent (POST ×2) and 1 bookkeeping request for the journal (GET ×1)"),
                "\(console.notes)")

            // No create, no lookup.
            let plain = try f.script("plain.om", "patch 7 price=12\n")
            let second = RecordingConsole()
            #expect(await f.session(second, dryRun: true).runScript(path: plain) == .ok, "\(second.notes)")
            #expect(!second.out.contains("bookkeeping") && !second.notes.contains("bookkeeping"), "\(second.out)")
        }
    }
}
