import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

/// Issue 43's tryout (F2): an untrusted script's photo outside its folder (an absolute path, a
/// file that does not exist, `..`, a link pointing out, named through a variable so the check
/// before the run does not see it) is refused by the access rule alone: not opened, and no
/// second line saying a photo is required.
@Suite("Untrusted scripts' photos outside their folder")
struct UntrustedPhotoAccessTests {
    @Test(arguments: ["/etc/hostname", "/etc/no-such-photo.jpg", "../x.jpg", "link-out.jpg"])
    func aPhotoOutsideIsRefusedWithTheAccessRuleAlone(_ typed: String) async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let homework = f.directory.appendingPathComponent("hw")
            try FileManager.default.createDirectory(at: homework, withIntermediateDirectories: true)
            try Data("not a photo\n".utf8).write(to: f.directory.appendingPathComponent("x.jpg"))
            try FileManager.default.createSymbolicLink(
                at: homework.appendingPathComponent("link-out.jpg"), withDestinationURL: URL(fileURLWithPath: "/etc/hostname"))
            let script = homework.appendingPathComponent("photo.om")
            try Data(
                """
                set photo \(typed)
                register name=Cup description='A cup for the access test' price=12 currency=KRW image=${photo}

                """.utf8
            ).write(to: script)
            let scratch = f.directory.appendingPathComponent("scratch")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            var options = ScriptOptions(journalPath: scratch.appendingPathComponent("journal").path)
            options.access = .untrusted(market: f.market.baseURL, scratch: scratch.path, environment: [])
            let console = RecordingConsole()
            let status = await f.session(console).runScript(path: script.path, options: options)
            #expect(status != .ok)
            let notes = console.notes
            #expect(notes.contains("refused: reads"), "\(notes)")
            for oracle in ["JPEG", "no such file", "at least 1 image", "1 problem", "2 problems"] {
                #expect(!notes.contains(oracle), "\(oracle) in \(notes)")
            }
        }
    }
}
