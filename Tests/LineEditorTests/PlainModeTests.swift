import Foundation
import PTYTestSupport
import Testing

@Suite("line editor without a terminal")
struct PlainModeTests {
    @Test("piped lines are read without prompt or echo; the secret is the next line")
    func pipedInput() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("line-editor-plain-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProducts.path(of: "line-editor-demo"))
        process.environment = [
            "HOME": home.path, "LANG": "C.UTF-8", "DEMO_HISTORY": home.appendingPathComponent("hist").path,
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let watchdog = Watchdog(pid: process.processIdentifier, after: .seconds(60))
        defer { watchdog.disarm() }

        let lines = "echo one\r\necho 안녕\nlogin\nhunter2\nfrobnicate\nhistory\necho no-newline"
        input.fileHandleForWriting.write(Data(lines.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)

        #expect(process.terminationStatus == 0, "\(text)")
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

/// Kills a child that hangs, so a broken build fails the test instead of stalling the run.
final class Watchdog: @unchecked Sendable {
    // Guarded by `lock`; the timer fires on a dispatch queue.
    private let lock = NSLock()
    private var armed = true

    init(pid: pid_t, after delay: Duration) {
        let seconds = Double(delay.components.seconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            if lock.withLock({ armed }) {
                kill(pid, SIGKILL)
            }
        }
    }

    func disarm() {
        lock.withLock { armed = false }
    }
}
