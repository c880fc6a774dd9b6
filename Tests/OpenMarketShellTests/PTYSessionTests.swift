import Foundation
import MarketTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The test support's pseudo-terminal: what a program printed before it exited is read, however
/// late the session gets to it.
@Suite("PTYSession")
struct PTYSessionTests {
    /// On a loaded machine a program can print everything and exit before the session has read a
    /// byte (`noPagerWritesItStraight` once read an empty screen so). Here the program is let to
    /// exit first, deliberately: `waitid(…, WNOWAIT)` waits for its exit without reaping it.
    @Test func whatAProgramPrintedBeforeItExitedIsInTheTranscript() async throws {
        let lines = (1...200).map { "line \($0) of what the program printed" }
        let (status, transcript) = try await blocking {
            let session = try PTYSession(
                executable: "/bin/sh", arguments: ["-c", "seq -f 'line %g of what the program printed' 200"],
                environment: ["PATH": "/usr/bin:/bin"])
            defer { session.terminate() }
            var info = siginfo_t()
            while waitid(P_PID, id_t(session.pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
            return (try session.waitForExit(timeout: .seconds(60)), session.transcript)
        }
        #expect(status == 0)
        let shown = transcript.split(separator: "\r\n").map(String.init)
        let whole = shown == lines
        #expect(whole, "\(shown.count) of \(lines.count) lines read, the last: \(shown.last ?? "none")")
    }
}
