import Foundation
import MarketTestSupport

/// line-editor-demo on a pseudo-terminal, with a private HOME and history file.
final class DemoSession {
    let session: PTYSession
    let home: URL
    let historyFile: URL

    /// - Parameters:
    ///   - home: reuse a HOME (and its history file) from an earlier session.
    ///   - language: LANG for the program; nil leaves it unset (the reader must still pick UTF-8).
    init(home: URL? = nil, language: String? = "C.UTF-8", workingDirectory: URL? = nil) throws {
        self.home = try home ?? Fixtures.temporaryDirectory("line-editor")
        historyFile = self.home.appendingPathComponent("state/hist")
        var environment = [
            "TERM": "xterm",
            "HOME": self.home.path,
            "DEMO_HISTORY": historyFile.path,
            "PATH": "/usr/bin:/bin",
        ]
        environment["LANG"] = language
        session = try PTYSession(
            executable: BuiltProducts.path(of: "line-editor-demo"),
            environment: environment,
            workingDirectory: workingDirectory?.path,
            columns: 100,
            rows: 30)
    }

    /// Waits for the next prompt and for the editor to read keys; type only after this.
    func waitForPrompt() throws {
        try session.expect("demo> ")
        try session.waitForRawMode()
    }

    /// Types a line and presses Enter.
    func enter(_ line: String) {
        session.send(line + "\r")
    }

    /// Types a command at a fresh prompt and waits for a piece of its output.
    @discardableResult
    func run(_ line: String, expecting output: String) throws -> String {
        try waitForPrompt()
        enter(line)
        return try session.expect(output)
    }

    func expect(_ text: String, timeout: Duration = .seconds(15)) throws {
        try session.expect(text, timeout: timeout)
    }

    /// Ends the program and removes HOME. Tests call it in a `defer`, which also keeps the
    /// session alive until the test's end (Swift may otherwise release it after its last use).
    func cleanUp() {
        session.terminate()
        try? FileManager.default.removeItem(at: home)
    }
}

enum Keys {
    static let tab = "\t"
    static let ctrlC = "\u{03}"
    static let ctrlD = "\u{04}"
    static let ctrlR = "\u{12}"
    static let ctrlU = "\u{15}"
    static let backspace = "\u{7f}"
    static let left = "\u{1b}[D"
}
