import Foundation
import MarketTestSupport
import Testing

@Suite("line editor without a terminal")
struct PlainModeTests {
    @Test("piped lines are read without prompt or echo; the secret is the next line")
    func pipedInput() async throws {
        let home = try Fixtures.temporaryDirectory("line-editor-plain")
        defer { try? FileManager.default.removeItem(at: home) }
        let lines = "echo one\r\necho 안녕\nlogin\nhunter2\nfrobnicate\nhistory\necho no-newline"
        // Bounded: a hanging child is killed and the test fails instead of stalling the run.
        let result = try await ChildProcess.run(
            BuiltProducts.path(of: "line-editor-demo"),
            environment: ["HOME": home.path, "LANG": "C.UTF-8", "DEMO_HISTORY": home.appendingPathComponent("hist").path],
            input: lines, timeout: .seconds(60))
        let text = result.stdout

        #expect(result.status == 0, "\(text)\(result.stderr)")
        #expect(text.contains("echo: one [chars=3 bytes=3]\n"))
        #expect(text.contains("echo: 안녕 [chars=2 bytes=6]\n"))
        #expect(text.contains("secret length 7\n"))
        #expect(text.contains("unknown: frobnicate\n"))
        #expect(text.contains("1  echo one\n"))
        #expect(text.contains("echo: no-newline [chars=10 bytes=10]\n"))
        #expect(text.hasSuffix("bye\n"))
        #expect(!text.contains("demo>"))
        #expect(!text.contains("1  hunter2") && !text.contains("2  hunter2"))
        // No history file is written in plain mode.
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("hist").path))
    }
}
