import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// The journal's bookkeeping request is labelled in the reader's language (issue 40): a traced
/// script under Korean says why the shell sent it in Korean, as every other line it prints.
@Suite("The bookkeeping label in Korean")
struct BookkeepingLanguageTests {
    @Test func aTracedRunUnderKoreanLabelsTheJournalsLookupInKorean() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try BookkeepingTests.lesson(f)
            let console = RecordingConsole()
            let session = f.session(console, environment: ["HOME": f.directory.path], trace: true)
            let status = await Language.$current.withValue(.ko) { await session.runScript(path: path) }
            #expect(status == .ok, "\(console.notes)")
            let notes = console.notes.components(separatedBy: "\n")
            let labels = notes.filter { $0.hasPrefix("(셸이 스스로 보내는 기록용 요청: ") }
            #expect(labels.count == 1, "\(console.notes)")
            #expect(!console.notes.contains("(bookkeeping"), "\(console.notes)")
        }
    }
}
