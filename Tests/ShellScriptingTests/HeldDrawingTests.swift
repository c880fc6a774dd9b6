import Foundation
import MarketTestSupport
import OpenMarketAPI
import SellerShell
import Testing

@testable import ShellScripting

/// A script line's drawing waits for the next line's request and is drawn while it is out
/// (`HeldOutput`, `RequestNotes.whileAwaiting`): what is pinned is that this happens, and that
/// the output is the same, in the same order, whoever draws it.
@Suite("A script line is drawn while the next line's request is out")
struct HeldDrawingTests {
    static let describe = "description='A product made by the drawing tests' price=10 currency=KRW image=coffee-small.jpg"

    static let script = """
        register name=Drawn \(describe) as a
        show $a
        show $a
        show $a
        """

    /// A spy counting, for each `show`'s request, the results drawn when it was handed over and
    /// when its answer came back; `drawing` false: the transport under it never draws what is
    /// held, as a transport with no thread of its own would not.
    static func counting(_ console: RecordingConsole, drawing: Bool) -> (SpyTransport, Watched<[(Int, Int)]>) {
        let counts = Watched<[(Int, Int)]>([])
        let spy = SpyTransport { request, timeout in
            let isShow = request.method == .get && Int(request.url.lastPathComponent) != nil
            let before = console.outputs.count
            var request = request
            if !drawing { request.notes.whileAwaiting = nil }
            let response = try await SpyTransport.market(request, timeout)
            if isShow { counts.change { $0.append((before, console.outputs.count)) } }
            return response
        }
        return (spy, counts)
    }

    /// For each `show` of `script` run to `console` (as it is, or as an 80-column terminal):
    /// the results drawn when its request was handed over and when its answer came; and how many
    /// were drawn in all.
    static func drawnAroundEachShow(onTerminal: Bool) async throws -> (counts: [[Int]], drawn: Int) {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("drawn.om", Self.script)
            let console = RecordingConsole()
            let (spy, counts) = Self.counting(console, drawing: true)
            let shown: any ShellConsole = onTerminal ? TerminalWide(console) : console
            #expect(await f.session(shown, transport: spy).runScript(path: path) == .ok, "\(console.notes)")
            return (counts.value.map { [$0.0, $0.1] }, console.outputs.count)
        }
    }

    @Test func eachLinesDrawingIsDrawnWhileTheNextLinesRequestIsOut() async throws {
        let (counts, drawn) = try await Self.drawnAroundEachShow(onTerminal: false)
        // Show number n is handed over with n results of the lines before it made and n - 1
        // drawn; the one held is drawn while it is out.
        #expect(counts == [[0, 1], [1, 2], [2, 3]])
        #expect(drawn == 4)
    }

    @Test func aLineWrittenToATerminalIsDrawnAsSoonAsItIsDone() async throws {
        let (counts, drawn) = try await Self.drawnAroundEachShow(onTerminal: true)
        // On a terminal (its pager, its progress line) nothing waits for the next request.
        #expect(counts == [[1, 1], [2, 2], [3, 3]])
        #expect(drawn == 4)
    }

    @Test func theOutputIsInTheSameOrderWhenTheTransportNeverDrawsIt() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("drawn-by-console.om", Self.script + "\nshow 999999\nshow $a\n")
            for drawing in [true, false] {
                let console = RecordingConsole()
                let (spy, _) = Self.counting(console, drawing: drawing)
                try? FileManager.default.removeItem(atPath: path + ".journal")
                let status = await f.session(console, transport: spy).runScript(
                    path: path, options: ScriptOptions(continueOnError: true))
                #expect(status != .ok)
                let kinds = console.entries.map { entry in
                    entry.hasPrefix("#")
                        ? (entry.contains("registered") ? "summary" : "detail")
                        : entry.contains("999999") ? "failure" : entry.contains("lines failed") ? "end" : entry
                }
                #expect(
                    kinds == ["summary", "detail", "detail", "detail", "failure", "detail", "end"],
                    "drawing: \(drawing): \(console.entries)")
            }
        }
    }
}

/// A console the shell takes for an 80-column terminal: a recording console with a width.
final class TerminalWide: ShellConsole, Sendable {
    let inner: RecordingConsole
    init(_ inner: RecordingConsole) { self.inner = inner }
    var columns: Int? { 80 }
    var isInteractive: Bool { false }
    func write(_ text: String) { inner.write(text) }
    func note(_ text: String) { inner.note(text) }
    func note(_ text: String, kind: NoteKind) { inner.note(text, kind: kind) }
    func ask(_ prompt: String) -> String? { inner.ask(prompt) }
    func askSecret(_ prompt: String) -> String? { inner.askSecret(prompt) }
    func history() -> [String] { [] }
    func addToHistory(_ line: String) {}
    func editFile(at path: String) -> EditorOutcome { .noTerminal }
    func page(_ text: String) { inner.page(text) }
    func clearScreen() -> Bool { false }
}
