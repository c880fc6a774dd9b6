import Foundation
import MarketTestSupport
import Testing

@testable import SellerShell

/// Issue 37 (low): a server's error text reaches the terminal through the same `visible()` as
/// product text, bidi controls and C0/C1 controls shown, never acted on.
@Suite("A server's error text on the terminal")
struct ServerErrorTextTests {
    /// Every bidi control the issue names, then ESC, BEL and CSI (C0 and C1).
    static let bidi: [Unicode.Scalar] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}",
    ]
    static var hostile: String {
        "no such product " + bidi.map { "\($0)x" }.joined() + " \u{1B}[2J\u{07}\u{9B}31m end"
    }

    /// Neither a control (but the line break) nor a bidi control.
    static func raw(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || bidi.contains($0)
        }
    }

    func failure(answering body: String, contentType: String) async throws -> String {
        let server = try MisbehavingServer.answering(status: 404, contentType: contentType, body: body)
        defer { server.stop() }
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: server.baseURL, timeout: .seconds(30)), console: console)
        #expect(await shell.execute("show 1").status == .failed)
        return console.transcript
    }

    @Test func bidiAndControlCharactersInAnErrorMessageAreShownNotActedOn() async throws {
        let message = String(data: try JSONSerialization.data(withJSONObject: ["message": Self.hostile]), encoding: .utf8)!
        let shown = try await failure(answering: message, contentType: "application/json")
        #expect(shown.contains("no such product <U+202A>x<U+202B>x"), "\(shown.debugDescription)")
        #expect(shown.contains("<U+061C>x"), "\(shown.debugDescription)")
        #expect(Self.raw(in: shown).isEmpty, "reached the terminal raw: \(Self.raw(in: shown))")
    }

    @Test func bidiInAnErrorBodyThatIsNotJSONIsShownToo() async throws {
        let shown = try await failure(answering: Self.hostile, contentType: "text/plain")
        #expect(shown.contains("<U+202E>x"), "\(shown.debugDescription)")
        #expect(Self.raw(in: shown).isEmpty, "reached the terminal raw: \(Self.raw(in: shown))")
    }
}
