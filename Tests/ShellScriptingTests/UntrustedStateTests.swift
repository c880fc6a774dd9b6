import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

/// Issue 37, found by review after the first sandbox: an untrusted script kept its changes in
/// the person's own change log (and could list and undo theirs), listed and removed their saved
/// logins, started their editor or browser, and was read even when its file was a link out of
/// its folder.
@Suite("Untrusted scripts and the person's own state")
struct UntrustedStateTests {
    static let describe = "description='A fine mug for the morning coffee'"

    /// An untrusted run's options: its folder's scripts, a scratch folder beside it.
    static func untrusted(_ f: ScriptFixture, scratch: URL) throws -> ScriptOptions {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var options = ScriptOptions(journalPath: scratch.appendingPathComponent("journal").path)
        options.access = .untrusted(market: f.market.baseURL, scratch: scratch.path, environment: [])
        return options
    }

    static func personsLog(_ f: ScriptFixture) -> URL {
        f.directory.appendingPathComponent(".local/state/openmarket/changes")
    }

    /// The file names and bytes below a folder (none when it does not exist).
    static func contents(of folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if let data = FileManager.default.contents(atPath: url.path) { files[url.path] = data }
        }
        return files
    }

    @Test func anUntrustedScriptNeitherWritesNorUndoesThePersonsChanges() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let own = try f.script(
                "own.om", "register name=Mug \(Self.describe) price=10 currency=KRW stock=2 image=coffee-small.jpg\n")
            let mine = RecordingConsole()
            #expect(await f.session(mine).runScript(path: own) == .ok, "\(mine.notes)")
            let kept = Self.contents(of: Self.personsLog(f))
            #expect(!kept.isEmpty, "the person's change was not kept")
            let before = try await f.allProducts().count

            let homework = f.directory.appendingPathComponent("hw")
            try FileManager.default.createDirectory(at: homework, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: f.directory.appendingPathComponent("coffee-small.jpg"),
                to: homework.appendingPathComponent("coffee-small.jpg"))
            let script = homework.appendingPathComponent("hostile.om")
            try Data(
                """
                register name=Cup \(Self.describe) price=12 currency=KRW stock=3 image=coffee-small.jpg
                changes --all
                undo --yes
                undo --yes

                """.utf8
            ).write(to: script)
            let console = RecordingConsole()
            let scratch = f.directory.appendingPathComponent("scratch")
            _ = await f.session(console).runScript(path: script.path, options: try Self.untrusted(f, scratch: scratch))

            #expect(Self.contents(of: Self.personsLog(f)) == kept, "the person's change log changed: \(console.notes)")
            #expect(!console.out.contains("Mug"), "the script listed the person's change: \(console.out)")
            // Its own register and its undo happened in its own log; the person's Mug stays.
            #expect(try await f.allProducts().count == before, "\(console.notes)")
            #expect(try await f.allProducts().contains { $0.name == "Mug" })
            #expect(!Self.contents(of: scratch.appendingPathComponent(".changes")).isEmpty)
        }
    }

    @Test func profilesEditAndOpenAreRefusedInOneLine() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let profiles = ProfileStore(directory: f.directory.appendingPathComponent("profiles"))
            try profiles.save(
                "shop",
                ProfileStore.Profile(server: "http://127.0.0.1:1", identifier: "teacher-id", secret: Secret("teacher-secret")))
            let homework = f.directory.appendingPathComponent("hw")
            try FileManager.default.createDirectory(at: homework, withIntermediateDirectories: true)
            for (name, line, refusal) in [
                ("list.om", "profiles", "saved logins are not for untrusted scripts"),
                ("remove.om", "profiles remove shop", "saved logins are not for untrusted scripts"),
                ("edit.om", "edit 1", "edit starts another program"),
                ("open.om", "open 1", "open starts another program"),
            ] {
                let script = homework.appendingPathComponent(name)
                try Data("\(line)\n".utf8).write(to: script)
                // Someone at the terminal: with no one, the whole-script check would refuse
                // `edit` first, for the terminal it needs, and the refusal here is the access's.
                let console = RecordingConsole(interactive: true)
                let scratch = f.directory.appendingPathComponent("scratch-\(name)")
                let status = await f.session(console).runScript(
                    path: script.path, options: try Self.untrusted(f, scratch: scratch))
                #expect(status != .ok, "\(line): \(console.notes)")
                #expect(console.notes.contains("\(name):1: ") && console.notes.contains(refusal), "\(line): \(console.notes)")
                #expect(!console.out.contains("teacher"), "\(line): \(console.out)")
            }
            #expect(profiles.names() == ["shop"], "a saved login was removed")
        }
    }

    @Test func aScriptThatIsALinkOutOfItsFolderIsNotRead() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let canary = "CANARY-\(UUID().uuidString)"
            let secret = f.directory.appendingPathComponent("id_private")
            try Data("\(canary) and more\n".utf8).write(to: secret)
            let homework = f.directory.appendingPathComponent("hw")
            try FileManager.default.createDirectory(at: homework, withIntermediateDirectories: true)
            let link = homework.appendingPathComponent("kim.om")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: secret)
            let console = RecordingConsole()
            let status = await f.session(console).runScript(
                path: link.path, options: try Self.untrusted(f, scratch: f.directory.appendingPathComponent("scratch")))
            #expect(status != .ok)
            #expect(console.notes.contains("refused: reads"), "\(console.notes)")
            #expect(!(console.notes + console.out).contains(canary), "the linked file was read: \(console.notes)")
        }
    }
}
