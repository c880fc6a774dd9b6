import Foundation
import MarketTestSupport
import TerminalText
import Testing

/// What a person copies out of the shell into another program is never folded to the terminal's
/// width: `exchange N --as curl` pasted into bash is the command it was (a folded `# …` comment
/// would go on without its `#`, and bash would run the rest), and `--wire` shows each line as
/// sent. The trace at 80 columns cuts a header line that does not fit (a piece of it on the next
/// line would read as another header) and never breaks a word of a body.
@Suite("copied text at 80 columns", .serialized)
struct CopiedTextAt80ColumnsTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    /// A header value wider than the screen, words and all.
    static let note = Array(repeating: "a-header-value-longer-than-the-screen", count: 4).joined(separator: " ")

    /// The program's lines as printed (a terminal's own wrapping adds no line break to them).
    static func lines(_ transcript: String) -> [String] {
        let plain = transcript.replacing(#/\u{1B}\[[0-9;?]*[A-Za-z]/#, with: "")
        return plain.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0.filter { $0 != "\r" }))
        }
    }

    static func run(_ commands: [String], in home: TestHome) async throws -> [String] {
        let arguments = ["--trace"] + commands.flatMap { ["-c", $0] }
        let environment = home.environment
        let transcript = try await blocking { () throws -> String in
            let session = try PTYSession(
                executable: Self.binary, arguments: arguments, environment: environment, columns: 80, rows: 24)
            defer { session.terminate() }
            _ = try session.waitForExit(timeout: .seconds(120))
            return session.transcript
        }
        return lines(transcript)
    }

    /// The curl command in `lines`: from its first `# ` comment to the line that does not go on.
    static func curlCommand(in lines: [String]) throws -> [String] {
        let start = try #require(lines.firstIndex { $0.hasPrefix("# ") && $0.contains("If-Match") }, "\(lines)")
        let printf = try #require(lines[start...].firstIndex { $0.hasPrefix("printf ") }, "\(lines)")
        let end = try #require(lines[printf...].firstIndex { !$0.hasSuffix("\\") && !$0.hasSuffix("|") }, "\(lines)")
        return Array(lines[start...end])
    }

    @Test func anExportedCurlCommandAndTheWireFormAreNotFoldedAt80Columns() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let lines = try await Self.run(
            [
                "PATCH /api/products/1 If-Match:'\"5-9\"' X-Note:'\(Self.note)' stock:=3", "exchange --as curl",
                "exchange --as httpie", "exchange --wire",
            ], in: home)
        // The market refuses it (the shell's demo vendor owns no product); what matters is the
        // conditional request's note, a comment wider than the screen.
        #expect(lines.contains { $0.hasPrefix("← 4") }, "the request was answered: \(lines)")
        let curl = try Self.curlCommand(in: lines)
        let comments = curl.prefix { !$0.hasPrefix("printf ") }
        #expect(comments.allSatisfy { $0.hasPrefix("# ") }, "every line before the command is a comment: \(curl)")
        let checked = try await ChildProcess.run("/bin/bash", ["-n"], input: curl.joined(separator: "\n") + "\n")
        #expect(checked.status == 0, "bash -n: \(checked.stderr)\n\(curl.joined(separator: "\n"))")
        #expect(lines.contains { !$0.hasPrefix("exchange #") && $0.contains("'X-Note:\(Self.note)'") }, "httpie: \(lines)")
        // The wire form: the long header on one line, as sent, with its CRLF.
        #expect(lines.contains("X-Note: \(Self.note)␍␊"), "\(lines)")
        #expect(lines.contains("If-Match: \"5-9\"␍␊"), "\(lines)")
    }

    @Test func theTraceCutsAHeaderThatDoesNotFitAndKeepsABodysWordsWhole() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let lines = try await Self.run(
            ["GET /api/products items_per_page==1 X-Note:'\(Self.note)'"], in: home)
        let header = try #require(lines.first { $0.hasPrefix("  X-Note: ") }, "\(lines)")
        #expect(header.hasSuffix("…") && TerminalText.width(header) <= 79, "cut with …: \(header)")
        let after = try #require(lines.firstIndex(of: header)).advanced(by: 1)
        #expect(lines[after].contains(":") || lines[after].isEmpty, "no piece of the header below it: \(lines[after])")
        // A URL in the JSON answer is whole on its line: never a line of the body that begins
        // inside one (`a6c_thumb.png"`).
        let urls = lines.filter { $0.contains("\"http://127.0.0.1:") }
        #expect(!urls.isEmpty, "\(lines)")
        for url in urls {
            let token = try #require(url.split(separator: "\"").first { $0.hasPrefix("http://") })
            #expect(token.hasSuffix(".png") || token.hasSuffix(".jpg") || token.hasSuffix(".gif"), "whole: \(url)")
        }
    }
}
