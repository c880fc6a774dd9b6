import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import SellerShell
import Testing

@testable import ShellScripting

#if canImport(Glibc)
import Glibc
#endif

/// `~` in every path typed for scripts, and where the journal goes when the script's folder
/// cannot hold it (issue 11, item 13).
@Suite("Script paths and where the journal is kept")
struct JournalPlacementTests {
    static let describe = "description='A product made by the journal placement tests'"

    // MARK: ~ from $HOME

    /// `run ~/…`, `--journal ~/…`, `source ~/…` and `record ~/…` read `$HOME` (the session's),
    /// not the account's home folder that Foundation's expansion reads.
    @Test func tildePathsExpandFromHome() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let home = f.directory.appendingPathComponent("home", isDirectory: true)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try "set shade blue\n".write(to: home.appendingPathComponent("child.om"), atomically: true, encoding: .utf8)
            try "source ~/child.om\nexpect $shade == blue\n".write(
                to: home.appendingPathComponent("lesson.om"), atomically: true, encoding: .utf8)
            let environment = ["HOME": home.path, "XDG_STATE_HOME": f.directory.appendingPathComponent("state").path]

            let console = RecordingConsole()
            let session = f.session(console, environment: environment)
            #expect(await session.runScript(path: "~/lesson.om") == .ok, "\(console.notes)")
            #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("lesson.om.journal").path))

            let kept = RecordingConsole()
            let options = ScriptOptions(journalPath: "~/kept.journal")
            #expect(await f.session(kept, environment: environment).runScript(path: "~/lesson.om", options: options) == .ok)
            #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("kept.journal").path), "\(kept.notes)")

            let recording = RecordingConsole()
            let recorder = f.session(recording, environment: environment)
            #expect(await recorder.execute("record ~/recorded.om").status == .ok, "\(recording.notes)")
            await recorder.stopRecording()
            #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("recorded.om").path))
        }
    }

    /// `openmarket ~/lesson.om` (the path quoted, so no shell expanded it) reads `$HOME`.
    @Test func theExecutablesScriptPathExpandsFromHome() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let home = TestHome(root: f.directory.appendingPathComponent("home", isDirectory: true))
            try FileManager.default.createDirectory(at: home.root, withIntermediateDirectories: true)
            try "set shade blue\nexpect $shade == blue\n".write(
                to: home.root.appendingPathComponent("lesson.om"), atomically: true, encoding: .utf8)
            let result = try await ChildProcess.run(
                BuiltProducts.path(of: "openmarket"), ["--server", f.market.baseURL.absoluteString, "~/lesson.om"],
                environment: home.environment(terminal: "dumb"))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: home.root.appendingPathComponent("lesson.om.journal").path))
        }
    }

    // MARK: A folder that cannot hold the journal

    /// The journal cannot be created beside the script (its name is taken by a folder, which
    /// stops root too): the run goes on with its journal in the state folder, says where once,
    /// and `--resume` finds it there.
    @Test func aScriptWhoseFolderCannotHoldItsJournalKeepsItInTheStateFolder() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let state = f.directory.appendingPathComponent("state", isDirectory: true)
            let environment = ["HOME": f.directory.path, "XDG_STATE_HOME": state.path]
            func text(_ check: String) -> String {
                "register name=Mug \(Self.describe) price=10 currency=KRW stock=2 image=coffee-small.jpg as mug\n\(check)\n"
            }
            let path = try f.script("lesson.om", text("expect ${mug.stock} == 3"))
            try FileManager.default.createDirectory(atPath: path + ".journal", withIntermediateDirectories: false)

            let console = RecordingConsole()
            #expect(await f.session(console, environment: environment).runScript(path: path) == .failed)
            let kept = JournalPlacement.stateFolder(environment).appendingPathComponent(JournalPlacement.fileName(for: path))
            #expect(kept.path.hasPrefix(state.path + "/openmarket/journals/"))
            #expect(console.notes.components(separatedBy: kept.path).count == 2, "said once: \(console.notes)")
            #expect(FileManager.default.fileExists(atPath: kept.path))
            #expect((try? String(contentsOf: kept, encoding: .utf8))?.contains(#""state":"done""#) == true)

            try f.script("lesson.om", text("expect ${mug.stock} == 2"))
            let resumed = RecordingConsole()
            let status = await f.session(resumed, environment: environment).runScript(
                path: path, options: ScriptOptions(resume: true))
            #expect(status == .ok, "\(resumed.notes)")
            #expect(resumed.notes.contains("1 line already done"))
            #expect(try await f.allProducts().count == 1)
        }
    }

    /// A really read-only folder (root writes anywhere, so this one runs only as another user).
    @Test(.enabled(if: geteuid() != 0, "root can write to a read-only folder"))
    func aScriptInAReadOnlyFolderRunsAnyway() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let folder = f.directory.appendingPathComponent("lessons", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent("lesson.om").path
            try "set shade blue\nexpect $shade == blue\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
            let environment = ["HOME": f.directory.path, "XDG_STATE_HOME": f.directory.appendingPathComponent("state").path]
            let console = RecordingConsole()
            #expect(await f.session(console, environment: environment).runScript(path: path) == .ok, "\(console.notes)")
            let kept = JournalPlacement.stateFolder(environment).appendingPathComponent(JournalPlacement.fileName(for: path))
            #expect(FileManager.default.fileExists(atPath: kept.path))
            #expect(console.notes.contains("keeping it in \(kept.path)"))
        }
    }

    /// Two scripts named alike in different folders get different journals; the name shows the
    /// script's path.
    @Test func journalNamesAreReadableAndDoNotCollide() {
        let first = JournalPlacement.fileName(for: "/srv/lessons/week1/catalog.om")
        let second = JournalPlacement.fileName(for: "/srv/lessons/week2/catalog.om")
        #expect(first != second)
        #expect(first.hasPrefix("srv-lessons-week1-catalog.om-") && first.hasSuffix(".journal"), "\(first)")
        #expect(JournalPlacement.fileName(for: "/a b/c.om").hasPrefix("a_b-c.om-"))
        #expect(JournalPlacement(script: "/x/c.om", given: "/y/j", environment: [:]).fallback == nil)
    }
}

extension ScriptFixture {
    /// A session on this market (or `market`) with the given environment (HOME, XDG folders).
    func session(
        _ console: RecordingConsole, market: RunningMarket? = nil, environment: [String: String], trace: Bool = false,
        dryRun: Bool = false
    ) -> ScriptSession {
        let market = market ?? self.market
        return ScriptSession(
            configuration: ShellConfiguration(
                serverURL: market.baseURL, credentials: market.demoCredentials, vendorName: "demo-shop", trace: trace,
                profiles: ProfileStore(directory: directory.appendingPathComponent("profiles")),
                transport: AsyncHTTPClientTransport.shared, timeout: .seconds(600)),
            console: console, dryRun: dryRun, environment: environment)
    }
}
