import Foundation
import MarketTestSupport
import OpenMarketAPI
import SellerShell
import Testing

@testable import ShellScripting

/// A journal records the market its run talked to, and `--resume` on another market is refused
/// (issue 11, item 5).
@Suite("Resume stays on the journal's server")
struct ResumeServerTests {
    static let describe = "description='A product made by the resume server tests'"

    static func text(_ check: String) -> String {
        "register name=Mug \(describe) price=10 currency=KRW stock=2 image=coffee-small.jpg as mug\n\(check)\n"
    }

    @Test func resumeOnAnotherServerIsRefusedNamingBoth() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("lesson.om", Self.text("expect ${mug.stock} == 3"))
            let first = RecordingConsole()
            #expect(await f.session(first).runScript(path: path) == .failed)
            let here = f.market.baseURL.absoluteString
            #expect(f.journal(path).contains(#""server":"\#(here)""#), "\(f.journal(path))")

            try f.script("lesson.om", Self.text("expect ${mug.stock} == 2"))
            let other = try await ScriptFixture.startMarket(f.directory.appendingPathComponent("other-market"))
            let refused = RecordingConsole()
            let status = await f.session(refused, market: other).runScript(path: path, options: ScriptOptions(resume: true))
            let otherProducts = try await f.allProducts(other)
            await other.stop()
            #expect(status == .usage)
            let lines = refused.notes.components(separatedBy: "\n")
            #expect(lines.count == 1, "one line: \(refused.notes)")
            #expect(refused.notes.contains(here) && refused.notes.contains(other.baseURL.absoluteString))
            #expect(refused.notes.contains("--restart") && refused.notes.contains("--server \(here)"))
            #expect(otherProducts.isEmpty)

            // On the journal's own server it resumes.
            let resumed = RecordingConsole()
            #expect(
                await f.session(resumed).runScript(path: path, options: ScriptOptions(resume: true)) == .ok, "\(resumed.notes)")
            #expect(resumed.notes.contains("1 line already done"))
            #expect(try await f.allProducts().count == 1)
        }
    }

    /// A journal written before runs noted their server resumes as before.
    @Test func aJournalWithoutAServerStillResumes() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("lesson.om", Self.text("expect ${mug.stock} == 3"))
            #expect(await f.session(RecordingConsole()).runScript(path: path) == .failed)
            let old = f.journal(path).replacing(/,?"server":"[^"]*"/, with: "")
            #expect(!old.contains(#""server""#), "\(old)")
            try old.write(toFile: path + ".journal", atomically: true, encoding: .utf8)

            try f.script("lesson.om", Self.text("expect ${mug.stock} == 2"))
            let resumed = RecordingConsole()
            #expect(
                await f.session(resumed).runScript(path: path, options: ScriptOptions(resume: true)) == .ok, "\(resumed.notes)")
            #expect(try await f.allProducts().count == 1)
        }
    }
}
