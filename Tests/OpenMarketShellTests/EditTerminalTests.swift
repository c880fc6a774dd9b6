import Foundation
import MarketTestSupport
import Testing

/// `edit ID` in the real binary on a pseudo-terminal, with `EDITOR` set to a small script that
/// edits the file as a person would (here with sed), and Ctrl-C pressed while the editor runs.
@Suite("edit in a terminal", .serialized)
struct EditTerminalTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    /// Changes the price and adds a second line to the description; sleeps instead while a file
    /// named `slow` exists beside it (so the test can press Ctrl-C during the edit).
    static let editorScript = """
        #!/bin/sh
        here=$(dirname "$0")
        for file; do :; done  # the last argument: the editor setting gives "--wait" first
        if [ -e "$here/slow" ]; then echo "editor is waiting"; sleep 30; exit 0; fi
        sed -i -e 's/^price: .*/price: 4200/' "$file"
        printf '  Second line of it.\\n' >> "$file"
        echo "editor got $(basename "$file")"
        """

    @Test func editChangesThePriceAndAddsADescriptionLine() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let editor = home.root.appendingPathComponent("bin/fake editor.sh")
        try FileManager.default.createDirectory(at: editor.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.editorScript.write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let photo = home.root.appendingPathComponent("mug.jpg")
        try Fixtures.imageData("coffee-small.jpg").write(to: photo)
        // The editor setting is split as a shell would: a quoted path with a space, and an argument.
        let temporary = home.root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let environment = home.environment(["EDITOR": "'\(editor.path)' --wait", "VISUAL": "", "TMPDIR": temporary.path])
        let slow = editor.deletingLastPathComponent().appendingPathComponent("slow")
        let (status, transcript) = try await blocking {
            let session = try PTYSession(executable: Self.binary, arguments: [], environment: environment)
            defer { session.terminate() }
            _ = try session.expect("> ", timeout: .seconds(60))
            try Self.type(
                session, "register name=Mug description='First line of it.' price=3500 currency=KRW image='\(photo.path)'\r",
                expect: "registered")
            // Products 1 to 3 of a fresh local market are neighbour-shop's: ours is #4.
            try Self.type(session, "edit 4\r", expect: "editor got openmarket-edit-4-")
            _ = try session.expect("4,200", timeout: .seconds(60))
            try Self.type(session, "show 4\r", expect: "Second line of it.")
            // Ctrl-C while the editor runs ends the editor, not the shell; nothing is sent.
            try Data().write(to: slow)
            try Self.type(session, "edit 4\r", expect: "editor is waiting")
            try session.waitForCookedMode(timeout: .seconds(30))
            try Self.interrupt(session, until: "was stopped by signal 2, so nothing was sent")
            try FileManager.default.removeItem(at: slow)
            try Self.type(session, "health\r", expect: "answers OK")
            try session.waitForRawMode(timeout: .seconds(30))
            session.send("\u{04}")
            return (try session.waitForExit(timeout: .seconds(60)), session.transcript)
        }
        #expect(status == 0, "\(transcript)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [], "the temporary file is removed")
    }

    @Test func withoutATerminalEditPointsAtPatch() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let result = try await ChildProcess.run(Self.binary, ["-c", "edit 1"], environment: home.environment)
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("edit 1: needs a terminal to open an editor: use 'patch 1 field=value …'"), "\(result.stderr)")
    }

    /// Ctrl-C, again every two seconds until `text` appears (on a loaded machine the first can
    /// reach the editor's shell before it has started `sleep`); at most ten times.
    static func interrupt(_ session: PTYSession, until text: String) throws {
        for attempt in 1...10 {
            session.send("\u{03}")
            do {
                _ = try session.expect(text, timeout: .seconds(2))
                return
            } catch  where attempt < 10 {
                continue
            }
        }
    }

    @discardableResult
    static func type(_ session: PTYSession, _ keys: String, expect output: String) throws -> String {
        try session.waitForRawMode(timeout: .seconds(30))
        session.send(keys)
        return try session.expect(output, timeout: .seconds(60))
    }
}
