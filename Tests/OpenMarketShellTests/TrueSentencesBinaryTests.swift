import Foundation
import MarketTestSupport
import TerminalText
import Testing

/// Issue 40 in the `openmarket` binary on a real terminal: Ctrl-C at the secret's question
/// cancels the login in one line (the environment variable is for scripts, where no one can be
/// asked), and `changes` fits 80 columns and pages at the terminal's height.
@Suite("openmarket: a cancelled login, and changes at 80 columns", .serialized)
struct TrueSentencesBinaryTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    /// The lines a terminal shows: escape sequences taken out, and of a line rewritten after a
    /// carriage return, what was written last (a line's own "\r\n" ending is no rewrite).
    static func screenLines(_ transcript: String) -> [String] {
        let plain = transcript.replacing(#/\u{1B}\[[0-9;?]*[A-Za-z]/#, with: "")
        return plain.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let parts = line.split(separator: "\r", omittingEmptySubsequences: true)
            return String(String.UnicodeScalarView(parts.last ?? []))
        }
    }

    @Test func ctrlCAtTheSecretsQuestionCancelsTheLoginInOneLine() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let (status, said) = try await blocking { () throws -> (Int32, String) in
            let session = try ShellBinaryTests.startShell(home)
            defer { session.terminate() }
            try ShellBinaryTests.type(session, "login 0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77\r", expect: "secret for 0c1b5a9e")
            try session.waitForNoEcho(timeout: .seconds(30))
            session.send("\u{03}")
            let said = try session.expect("> ", timeout: .seconds(30))
            try ShellBinaryTests.type(session, "whoami\r", expect: "vendor      demo-shop")
            return (try ShellBinaryTests.quit(session), said)
        }
        #expect(status == 0)
        let lines = Self.screenLines(said).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasSuffix("^C") && !$0.hasSuffix(">") }
        #expect(lines == ["login: cancelled; the login is as it was"], "\(said)")
        #expect(!said.contains("OPENMARKET_SECRET"), "\(said)")
    }

    @Test func changesFitsEightyColumnsAndPagesAtTheTerminalsHeight() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let marker = home.root.appendingPathComponent("pager-used")
        let pager = home.root.appendingPathComponent("pager.sh")
        try "#!/bin/sh\necho used >> '\(marker.path)'\ncat\n".write(to: pager, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: pager.path)
        let image = Fixtures.image("coffee-small.jpg").path
        let lines = (1...30).map {
            "register name='A mug with a name long enough to need cutting, number \($0)' "
                + "description='A mug for the eighty-column changes test' price=1000 currency=KRW image='\(image)'"
        }
        let script = home.root.appendingPathComponent("seed.om")
        try (lines.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
        let seeded = try await ChildProcess.run(
            Self.binary, ["run", script.path], environment: home.environment, timeout: .seconds(300))
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let environment = home.environment(["PAGER": pager.path])
        for language in ["en", "ko"] {
            let transcript = try await blocking {
                let session = try PTYSession(
                    executable: Self.binary, arguments: ["--lang", language, "-c", "changes"], environment: environment,
                    columns: 80, rows: 24)
                defer { session.terminate() }
                _ = try session.waitForExit(timeout: .seconds(120))
                return session.transcript
            }
            #expect(FileManager.default.fileExists(atPath: marker.path), "not paged: \(transcript)")
            try? FileManager.default.removeItem(at: marker)
            let shown = Self.screenLines(transcript)
            // Every change is a row; the long commands are cut.
            #expect(shown.filter { $0.contains("register name=") }.count == 30, "\(transcript)")
            #expect(transcript.contains("…"), "\(transcript)")
            // The banner's lines (a temporary folder's long path) are not the table's.
            for line in shown where !line.hasPrefix("openmarket:") {
                #expect(TerminalText.width(line) <= 80, "\(language): \(TerminalText.width(line)) columns: \(line)")
            }
        }
    }
}
