import Foundation
import MarketTestSupport
import TerminalText
import Testing

/// Issue 24: on an 80-column projector nothing is broken mid-word by the terminal. The banner,
/// `help`, the `explain` index and an explanation, the explanations after an exchange and the
/// login refusal are drawn on a real 80-column terminal, and every line fits it.
@Suite("openmarket at 80 columns", .serialized)
struct EightyColumnsTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    /// The lines a terminal shows: escape sequences and carriage returns taken out.
    static func screenLines(_ transcript: String) -> [String] {
        // On scalars: "\r\n" is one Character, and would not split at "\n".
        let plain = transcript.replacing(#/\u{1B}\[[0-9;?]*[A-Za-z]/#, with: "")
        // A carriage return goes back to column 1 and the text after it writes over the line: what
        // the line shows is as wide as its widest stretch between returns (a line ending in
        // "\r\n" keeps the stretch before the return, not the empty one after it).
        return plain.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let stretches = line.split(separator: "\r").map { String(String.UnicodeScalarView($0)) }
            return stretches.max { TerminalText.width($0) < TerminalText.width($1) } ?? ""
        }
    }

    @Test func theBannerHelpExplanationsAndRefusalsFit80Columns() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let commands = [
            "help", "help register", "explain", "explain 412", "explain idempotent", "set explain on", "health",
            "GET /api/products items_per_page==1", "login 0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77",
        ]
        var wrongSecret = home.environment
        wrongSecret["OPENMARKET_SECRET"] = "a-wrong-secret-for-the-80-column-test"
        let environment = wrongSecret
        let arguments = commands.flatMap { ["-c", $0] }
        let transcript = try await blocking { () throws -> String in
            let session = try PTYSession(
                executable: Self.binary, arguments: arguments, environment: environment, columns: 80, rows: 24)
            defer { session.terminate() }
            _ = try session.waitForExit(timeout: .seconds(120))
            return session.transcript
        }
        let lines = Self.screenLines(transcript)
        #expect(transcript.contains("local market at http://127.0.0.1:"), "\(transcript)")
        #expect(transcript.contains("If-Match"), "the 412 explanation was shown: \(transcript)")
        #expect(transcript.contains("↳"), "the exchanges were explained: \(transcript)")
        #expect(lines.count > 40, "\(transcript)")
        // A line that is one word (a photo's URL in a JSON answer, kept whole so it can be copied)
        // cannot be folded; every other line fits.
        for line in lines where line.unicodeScalars.split(separator: " ").count > 1 {
            #expect(TerminalText.width(line) <= 80, "\(TerminalText.width(line)) columns: \(line)")
        }
    }
}
