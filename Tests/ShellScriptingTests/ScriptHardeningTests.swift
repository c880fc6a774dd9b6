import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

#if canImport(Glibc)
import Glibc
#endif

/// Scripts and the secret, and scripts as people write them (a stray byte that is not UTF-8).
@Suite("Script hardening")
struct ScriptHardeningTests {
    static let describe = "description='A product made by the script tests'"

    /// A session on the fixture's market as its demo vendor, with `environment` as the process's.
    static func session(
        on f: ScriptFixture, _ console: RecordingConsole, variables: [String: String] = [:], environment: [String: String]
    ) -> ScriptSession {
        ScriptSession(
            configuration: ShellConfiguration(
                serverURL: f.market.baseURL, credentials: f.market.demoCredentials, timeout: .seconds(600)),
            console: console, variables: variables, environment: environment)
    }

    /// The one-line shared script of the issue: `${env.OPENMARKET_SECRET}` in a description.
    /// Refused with FILE:LINE before anything is sent; the secret is nowhere: not on the
    /// server, stdout, stderr, the trace nor the journal.
    @Test func scriptCannotPublishTheSecret() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "leak.om",
                """
                set trace on
                register name=Leaky \(Self.describe) price=10 currency=KRW image=coffee-small.jpg as mug
                patch $mug description="our secret: ${env.OPENMARKET_SECRET}"
                """)
            let console = RecordingConsole()
            let session = Self.session(on: f, console, environment: ["OPENMARKET_SECRET": f.secret])
            let status = await session.runScript(path: path)
            #expect(status == .usage, "\(console.notes)")
            #expect(
                console.notes.contains("leak.om:3: patch: ${env.OPENMARKET_SECRET} holds the vendor secret"), "\(console.notes)")
            #expect(console.notes.components(separatedBy: "→ PATCH").count == 1, "a PATCH was sent")
            // The whole script is checked first, `${env.…}` filled as it will be: not even line 2 ran.
            #expect(try await f.allProducts().isEmpty)
            #expect(!console.notes.contains(f.secret))
            #expect(!console.out.contains(f.secret))
            #expect(!f.journal(path).contains(f.secret))
        }
    }

    /// A variable holding the secret is refused wherever it is expanded; `vars` masks it.
    @Test func variableHoldingTheSecretIsRefusedAndMasked() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let console = RecordingConsole()
            let session = Self.session(on: f, console, variables: ["pw": f.secret], environment: [:])
            #expect(await session.execute("list --search $pw").status == .usage)
            #expect(console.notes.contains("${pw} holds the vendor secret"))
            #expect(await session.execute("vars").status == .ok)
            #expect(console.out.contains("pw = '••••••'"), "\(console.out)")
            #expect(!console.out.contains(f.secret))
            #expect(!console.notes.contains(f.secret))
        }
    }

    /// `set NAME VALUE` with the secret in VALUE is refused, at the prompt as in a script: the
    /// variable could go nowhere, and a recording could not say it. It used to be kept and
    /// recorded as `set d "${env.OPENMARKET_SECRET}"`, a line the recording's replay refused.
    @Test func setRefusesTheSecretSoARecordingNeverHoldsALineItCannotReplay() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let console = RecordingConsole()
            let session = Self.session(on: f, console, environment: ["OPENMARKET_SECRET": f.secret])
            let recording = f.directory.appendingPathComponent("typed.om").path
            try await session.startRecording(recording)
            // Quoted as the shell quotes a word: the random secret may hold a `$` or a quote.
            #expect(await session.execute("set d " + WordQuoting.quote(Word(f.secret))).status == .usage)
            #expect(
                console.notes.contains("set: the value of d holds the vendor secret, which never goes into a command"),
                "\(console.notes)")
            #expect(await session.execute("set e 2").status == .ok)
            await session.stopRecording()
            let recorded = try String(contentsOfFile: recording, encoding: .utf8)
            #expect(!recorded.contains("set d"), "\(recorded)")
            #expect(recorded.contains("set e 2"), "\(recorded)")
            let replay = RecordingConsole()
            #expect(await f.session(replay).runScript(path: recording) == .ok, "\(replay.notes)")
            #expect(!console.notes.contains(f.secret))
            #expect(!console.out.contains(f.secret))
        }
    }

    /// One byte that is not UTF-8 fails its line with FILE:LINE; the lines before it ran, and
    /// a bad byte in a comment does not matter.
    @Test func invalidUTF8NamesTheLine() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            var bytes = Data("# caf".utf8) + Data([0xE9]) + Data("\nhealth\nset x caf".utf8)
            bytes += Data([0xE9]) + Data("\nhealth\n".utf8)
            let url = f.directory.appendingPathComponent("latin1.om")
            try bytes.write(to: url)
            let console = RecordingConsole()
            let session = f.session(console)
            #expect(await session.runScript(path: url.path) == .usage)
            #expect(
                console.notes.contains(
                    "latin1.om:3: this line is not valid UTF-8 (byte 0xE9 at column 10): save the script as UTF-8"),
                "\(console.notes)")
            // Found when the script is read: no line of it runs, with --continue-on-error neither.
            #expect(!console.out.contains("answers OK"), "a line ran before the bad one was found")
            #expect(console.notes.contains("latin1.om: 1 line cannot run; nothing was sent"), "\(console.notes)")

            let again = RecordingConsole()
            #expect(
                await f.session(again).runScript(path: url.path, options: ScriptOptions(continueOnError: true, restart: true))
                    == .usage)
            #expect(!again.out.contains("answers OK"), "\(again.notes)")
        }
    }

    /// Issue 21, item 7: `source` and `run` read a script only if it is a regular file of at
    /// most 16 MiB: a pipe or `/proc/self/pagemap` is refused at once, not read into memory.
    @Test func sourceRefusesAPipeAndAProcFileUnread() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let fifo = f.directory.appendingPathComponent("fifo.om").path
            #expect(mkfifo(fifo, 0o644) == 0)
            let console = RecordingConsole()
            let session = f.session(console)
            for (path, said) in [(fifo, "pipe"), ("/proc/self/pagemap", "not a regular file")] {
                console.clear()
                #expect(await session.execute("source \(path)").status != .ok)
                #expect(console.notes.contains(said), "\(path): \(console.notes)")
            }
        }
    }

    /// A script that sources itself stops at its first `source` of itself, at that line, naming
    /// the files in the order they ran (before, it ran 16 times over and the note had no line).
    @Test func aScriptThatSourcesItselfIsNamedWhereItStops() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let loop = try f.script("loop.om", "source loop.om\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("source '\(loop)'").status != .ok)
            #expect(
                console.notes.contains(
                    "\(loop):1: source: loop.om is running already (loop.om → loop.om): a script that sources itself would never end"
                ),
                "\(console.notes)")
        }
    }

    /// A sourced file the check refuses says that none of its own lines was sent: the lines
    /// before the `source` line were (before, "nothing was sent", which was not true of the run).
    @Test func aSourcedFileThatCannotRunSaysTheLinesBeforeItWereSent() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let outer = try f.script("outer.om", "health\nsource inner.om\n")
            try f.script("inner.om", "delete 3\n")
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: outer) != .ok)
            #expect(console.notes.contains("inner.om:1: delete: asks before deleting"), "\(console.notes)")
            #expect(
                console.notes.contains(
                    "inner.om: 1 line cannot run; none of its lines was sent, the lines before its source line were"),
                "\(console.notes)")
            #expect(!console.notes.contains("nothing was sent"), "\(console.notes)")
            // Sourced at the prompt, nothing came before it.
            let typed = RecordingConsole()
            #expect(
                await f.session(typed).execute("source '\(f.directory.appendingPathComponent("inner.om").path)'").status != .ok)
            #expect(typed.notes.contains("inner.om: 1 line cannot run; nothing was sent"), "\(typed.notes)")
        }
    }

    /// Two scripts that source each other: the run's own file counts, and the second is
    /// stopped at its line before the first runs again (its `health` is asked twice, not 17 times).
    @Test func twoScriptsThatSourceEachOtherStopBeforeEitherRunsAgain() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let first = try f.script("a.om", "health\nsource b.om\n")
            try f.script("b.om", "health\nsource ./a.om\n")
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: first) != .ok)
            #expect(
                console.notes.contains("b.om:2: source: ./a.om is running already (a.om → b.om → a.om)"), "\(console.notes)")
            #expect(console.transcript.components(separatedBy: "answers OK").count - 1 == 2, "\(console.transcript)")
        }
    }
}
