import Foundation
import MarketTestSupport
import Testing

/// line-editor-demo driven through a pseudo-terminal. Every keystroke waits for raw mode first,
/// and every assertion is on what the program printed (`echo: …`, `unknown: …`, lists), never on
/// the echo of the keys, which libedit redraws with cursor addressing.
@Suite("line editor on a terminal", .serialized)
struct TerminalTests {
    @Test("the prompt appears and a line is read")
    func promptAndLine() async throws {
        try await blocking {
            let demo = try DemoSession()
            defer { demo.cleanUp() }
            try demo.run("echo hello", expecting: "echo: hello [chars=5 bytes=5]")
            try demo.run("nonsense", expecting: "unknown: nonsense")
        }
    }

    @Test("TAB extends to the common prefix, lists the rest, completes a single word with a space")
    func commandCompletion() async throws {
        try await blocking {
            let demo = try DemoSession()
            defer { demo.cleanUp() }
            try demo.waitForPrompt()
            // "he" → "hel" (common prefix of help/hello), then a second TAB lists both.
            demo.session.send("he" + Keys.tab + Keys.tab)
            try demo.expect("help")
            try demo.expect("hello")
            demo.session.send("p\r")
            try demo.expect("unknown: help")

            // A single candidate is completed and followed by a space.
            try demo.waitForPrompt()
            demo.session.send("hi" + Keys.tab + "again\r")
            try demo.expect("unknown: history again")

            // Korean candidates are inserted whole.
            try demo.waitForPrompt()
            demo.session.send("시" + Keys.tab + "\r")
            try demo.expect("unknown: 시장상인")
        }
    }

    @Test("candidates with hints are listed one per line beside their hints")
    func completionHints() async throws {
        try await blocking {
            let demo = try DemoSession()
            defer { demo.cleanUp() }
            try demo.waitForPrompt()
            // The first TAB inserts the common "1", the second lists.
            demo.session.send("show " + Keys.tab + Keys.tab)
            try demo.expect("12  우유병 텀블러")
            try demo.expect("15  coffee")
            demo.session.send("2" + Keys.tab + "\r")
            try demo.expect("unknown: show 12 ")
        }
    }

    @Test("image= completes file paths: folders get a slash, dotfiles stay hidden, ~ is HOME")
    func pathCompletion() async throws {
        let folder = try Fixtures.temporaryDirectory("line-editor-paths")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for name in ["photo-한글.jpg", "notes.txt", ".hidden-file", "sub/inner.png"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        let listing = try await blocking {
            let demo = try DemoSession(workingDirectory: folder)
            defer { demo.cleanUp() }
            try Data("x".utf8).write(to: demo.home.appendingPathComponent("home-file.txt"))

            try demo.waitForPrompt()
            demo.session.send("echo image=./" + Keys.tab)
            var listing = try demo.session.expect("./notes.txt")
            listing += try demo.session.expect("./photo-한글.jpg")
            listing += try demo.session.expect("./sub/")
            demo.session.send("p" + Keys.tab + "done\r")
            try demo.expect("echo: image=./photo-한글.jpg done [")

            try demo.waitForPrompt()
            demo.session.send("echo image=./s" + Keys.tab + Keys.tab + "\r")
            try demo.expect("echo: image=./sub/inner.png [")

            try demo.waitForPrompt()
            demo.session.send("echo image=./.h" + Keys.tab + "\r")
            try demo.expect("echo: image=./.hidden-file [")

            try demo.waitForPrompt()
            demo.session.send("echo image=~/ho" + Keys.tab + "\r")
            try demo.expect("echo: image=~/home-file.txt [")
            return listing
        }
        #expect(!listing.contains(".hidden-file"))
    }

    @Test("Korean text is edited by character", arguments: ["C.UTF-8", nil])
    func koreanEditing(language: String?) async throws {
        try await blocking {
            let demo = try DemoSession(language: language)
            defer { demo.cleanUp() }
            try demo.waitForPrompt()
            demo.session.send("echo 안녕하세요" + Keys.left + Keys.left + Keys.backspace + "X\r")
            try demo.expect("echo: 안녕X세요 [chars=5 bytes=13]")
        }
    }

    @Test("Ctrl-C drops a half-typed line and the next command works")
    func ctrlCWhileEditing() async throws {
        let transcript = try await blocking {
            let demo = try DemoSession()
            defer { demo.cleanUp() }
            try demo.waitForPrompt()
            demo.session.send("echo half-typed")
            demo.session.send(Keys.ctrlC)
            try demo.expect("^C")
            try demo.run("echo after", expecting: "echo: after [chars=5 bytes=5]")
            return demo.session.transcript
        }
        #expect(!transcript.contains("echo: half-typed"))
    }

    @Test("Ctrl-C cancels a running command and the prompt comes back")
    func ctrlCDuringCommand() async throws {
        try await blocking {
            let demo = try DemoSession()
            defer { demo.cleanUp() }
            try demo.waitForPrompt()
            demo.enter("sleep 30")
            // Once the editor has returned the line the terminal is cooked again; a Ctrl-C sent
            // earlier would flush the unread "sleep 30" from the terminal's input queue.
            try demo.session.waitForCookedMode()
            demo.session.send(Keys.ctrlC)
            try demo.expect("sleep cancelled", timeout: .seconds(20))
            try demo.run("echo alive", expecting: "echo: alive [chars=5 bytes=5]")
        }
    }

    /// A demo whose history holds `echo alpha-1` and `echo beta-2`, at its prompt.
    static func withTwoLines(_ body: @escaping @Sendable (DemoSession) throws -> Void) async throws {
        try await blocking {
            let demo = try DemoSession()
            defer { demo.cleanUp() }
            try demo.run("echo alpha-1", expecting: "echo: alpha-1 [")
            try demo.run("echo beta-2", expecting: "echo: beta-2 [")
            try demo.waitForPrompt()
            try body(demo)
        }
    }

    @Test("Ctrl-R finds an earlier line")
    func reverseSearch() async throws {
        try await Self.withTwoLines { demo in
            demo.session.send(Keys.ctrlR + "alpha")
            // Enter accepts the line found.
            demo.session.send("\r")
            try demo.expect("echo: alpha-1 [chars=7 bytes=7]")
        }
    }

    /// Escape alone ended the search but stayed pending as a Meta prefix: the next Ctrl-R was
    /// taken as Meta-Ctrl-R, and what followed was typed into the line (`echo alpha-1beta`).
    @Test("Escape alone ends Ctrl-R's search on the line found, and the next Ctrl-R searches again")
    func escapeEndsTheSearch() async throws {
        try await Self.withTwoLines { demo in
            demo.session.send(Keys.ctrlR + "alpha")
            demo.session.send("\u{1B}")
            // The search's row erased: the search has ended (after the editor looked for the
            // rest of an escape sequence and found none).
            try demo.expect("\u{1B}[K")
            demo.session.send(Keys.ctrlR + "beta" + "\r")
            try demo.expect("echo: beta-2 [chars=6 bytes=6]")
        }
    }

    /// Ctrl-R with Hangul syllables whose low byte is a control key (켓 U+CF13 is ^S, 발 U+BC1C
    /// is ^\): libedit's own search took them for those keys, ended the search and typed the
    /// syllable into the line found (`발사대와 켓로켓`). Asserted on the command's output, not on
    /// the echo of the line.
    @Test("Ctrl-R finds Korean text, whatever each syllable's low byte")
    func reverseSearchKorean() async throws {
        try await blocking {
            let demo = try DemoSession()
            defer { demo.cleanUp() }
            try demo.run("echo 포스터", expecting: "echo: 포스터 [")
            try demo.run("echo 발사대와 로켓", expecting: "echo: 발사대와 로켓 [")
            try demo.run("echo beta", expecting: "echo: beta [")
            for query in ["로켓", "켓", "발사"] {
                try demo.waitForPrompt()
                demo.session.send(Keys.ctrlR + query + "\r")
                try demo.expect("echo: 발사대와 로켓 [chars=7 bytes=19]")
            }
            // After a search, the next one starts from the newest entry again (libedit's said
            // `bck?포`: it searched only entries older than the one it had shown).
            try demo.waitForPrompt()
            demo.session.send(Keys.ctrlR + "포" + "\r")
            try demo.expect("echo: 포스터 [chars=3 bytes=9]")
        }
    }

    /// Types a secret at the demo's `login`, then cancels a second `login` with Ctrl-C, then
    /// leaves with Ctrl-D; returns the exit status and the transcript.
    static func secretSession(_ demo: DemoSession, secret: String) throws -> (status: Int32, transcript: String) {
        try demo.run("echo first entry", expecting: "echo: first entry [")
        try demo.waitForPrompt()
        demo.enter("login")
        try demo.expect("secret: ")
        try demo.session.waitForNoEcho()
        demo.enter(secret)
        try demo.expect("secret length 9")

        // Ctrl-C at the secret prompt cancels it.
        try demo.waitForPrompt()
        demo.enter("login")
        try demo.expect("secret: ")
        try demo.session.waitForNoEcho()
        demo.session.send("abc" + Keys.ctrlC)
        try demo.expect("login cancelled")

        try demo.run("echo last entry", expecting: "echo: last entry [")
        try demo.waitForPrompt()
        demo.session.send(Keys.ctrlD)
        try demo.expect("bye")
        return (try demo.session.waitForExit(), demo.session.transcript)
    }

    static let secret = "s3cr3t-비밀"

    @Test("a secret is not echoed; Ctrl-D says bye with status 0")
    func secretIsNotEchoed() async throws {
        let (status, transcript) = try await blocking {
            let demo = try DemoSession()
            defer { demo.cleanUp() }
            return try Self.secretSession(demo, secret: Self.secret)
        }
        #expect(status == 0)
        #expect(!transcript.contains(Self.secret))
    }

    @Test("the history file is private and keeps neither the secret nor the login")
    func historyKeepsNoSecret() async throws {
        let home = try Fixtures.temporaryDirectory("line-editor")
        defer { try? FileManager.default.removeItem(at: home) }
        let historyFile = try await blocking {
            let demo = try DemoSession(home: home)
            defer { demo.session.terminate() }
            _ = try Self.secretSession(demo, secret: Self.secret)
            return demo.historyFile
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: historyFile.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        // Its folder, made for it, is private too.
        let folder = try FileManager.default.attributesOfItem(atPath: historyFile.deletingLastPathComponent().path)
        #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let saved = try String(contentsOfFile: historyFile.path, encoding: .utf8)
        #expect(saved.contains("echo\\040first\\040entry"))
        #expect(saved.contains("echo\\040last\\040entry"))
        #expect(!saved.contains("s3cr3t"))
        #expect(!saved.contains("login"))
    }

    @Test("two editors open at once each add their lines to the history file: neither loses the other's")
    func twoEditorsAtOnceKeepBothHistories() async throws {
        let home = try Fixtures.temporaryDirectory("line-editor")
        defer { try? FileManager.default.removeItem(at: home) }
        try await blocking {
            let first = try DemoSession(home: home)
            defer { first.session.terminate() }
            let second = try DemoSession(home: home)
            defer { second.session.terminate() }
            try first.run("echo from the first", expecting: "echo: from the first [")
            try second.run("echo from the second", expecting: "echo: from the second [")
            for demo in [first, second] {
                try demo.waitForPrompt()
                demo.session.send(Keys.ctrlD)
                try demo.expect("bye")
                #expect(try demo.session.waitForExit() == 0)
            }
            let saved = try String(contentsOf: first.historyFile, encoding: .utf8)
            #expect(saved.components(separatedBy: "echo\\040from\\040the\\040first").count == 2, "\(saved)")
            #expect(saved.components(separatedBy: "echo\\040from\\040the\\040second").count == 2, "\(saved)")
            let third = try DemoSession(home: home)
            defer { third.session.terminate() }
            try third.run("history", expecting: "1  echo from the first")
            try third.expect("2  echo from the second")
        }
    }

    @Test("the next run starts with the history of the last")
    func historyCarriesOver() async throws {
        let home = try Fixtures.temporaryDirectory("line-editor")
        defer { try? FileManager.default.removeItem(at: home) }
        try await blocking {
            let demo = try DemoSession(home: home)
            defer { demo.session.terminate() }
            _ = try Self.secretSession(demo, secret: Self.secret)
            let again = try DemoSession(home: home)
            defer { again.session.terminate() }
            try again.run("history", expecting: "1  echo first entry")
            try again.expect("2  echo last entry")
        }
    }
}
