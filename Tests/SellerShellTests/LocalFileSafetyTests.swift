import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

#if canImport(Glibc)
import Glibc
#endif

/// The shell's own files from the security issue: `exchanges --har/--markdown` replace nothing
/// without `--force` (item 3); photos are read with a bound and only from regular files (item
/// 7); `list --format csv` neutralises formulas (item 8).
@Suite("Local files kept safe")
struct LocalFileSafetyTests {
    static let precious = Data("export PATH=/usr/bin\n".utf8)

    // MARK: exchanges --har / --markdown (item 3)

    @Test(arguments: ["--har", "--markdown"])
    func exchangesRefusesAnExistingFileLeavingItByteForByteAndNamingItAndForce(_ flag: String) async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("list") == .ok)
            let path = f.directory.appendingPathComponent(".bashrc").path
            try Self.precious.write(to: URL(fileURLWithPath: path))
            f.console.clear()
            #expect(await f.run("exchanges \(flag) '\(path)'") == .failed)
            #expect(f.console.notes.contains("\(path) exists already"), "\(f.console.notes)")
            #expect(f.console.notes.contains("--force"), "\(f.console.notes)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Self.precious)
        }
    }

    @Test(arguments: ["", " --force"])
    func exchangesToAFolderSaysItIsAFolderWithForceOrNot(_ force: String) async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("list") == .ok)
            let folder = f.directory.appendingPathComponent("notes").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            f.console.clear()
            #expect(await f.run("exchanges --har '\(folder)'\(force)") == .failed)
            #expect(f.console.notes.contains("\(folder) is a folder, not a regular file: name a file"), "\(f.console.notes)")
            #expect(!f.console.notes.contains("--force"), "\(f.console.notes)")
        }
    }

    @Test(arguments: ["--har", "--markdown"])
    func exchangesWithForceReplacesAnExistingFile(_ flag: String) async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("list") == .ok)
            let path = f.directory.appendingPathComponent("old.txt").path
            try Self.precious.write(to: URL(fileURLWithPath: path))
            #expect(await f.run("exchanges \(flag) '\(path)' --force") == .ok, "\(f.console.notes)")
            let written = try String(contentsOfFile: path, encoding: .utf8)
            #expect(written.contains("/api/products"), "\(written.prefix(200))")
        }
    }

    @Test(arguments: ["--har", "--markdown"])
    func exchangesDoesNotFollowASymlinkAtTheTargetWithoutForce(_ flag: String) async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("list") == .ok)
            let victim = f.directory.appendingPathComponent("victim").path
            try Self.precious.write(to: URL(fileURLWithPath: victim))
            let link = f.directory.appendingPathComponent("link.out").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
            #expect(await f.run("exchanges \(flag) '\(link)'") == .failed)
            #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Self.precious)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == victim)
        }
    }

    @Test func exchangesDeclaresForceAndWritesItBackInItsWords() throws {
        let spec = Exchanges.spec
        #expect(spec.flags.contains { $0.name == "--force" })
        #expect(spec.usage.contains("[--force]"))
        let command = try CommandRegistry.shell.parse([Word("exchanges"), Word("--har"), Word("a.har"), Word("--force")])
        #expect(command.words.map(\.text) == ["exchanges", "--har", "a.har", "--force"])
    }

    // MARK: Photos (item 7)

    func register(_ f: ShellFixture, image path: String) async -> CommandStatus {
        f.console.clear()
        return await f.run(
            "register name='Odd photo' description='A product for the shell tests' price=1 currency=KRW image='\(path)'")
    }

    @Test func aSparsePhotoOf1_5GBIsRefusedWithTheLimitWithoutBeingRead() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let path = f.directory.appendingPathComponent("huge.jpg").path
            let fd = open(path, O_CREAT | O_WRONLY, 0o644)
            #expect(fd >= 0)
            // A JPEG's first bytes, then 1.5 GB of holes.
            _ = [UInt8]([0xFF, 0xD8, 0xFF, 0xE0]).withUnsafeBytes { write(fd, $0.baseAddress, 4) }
            #expect(ftruncate(fd, 1_500_000_000) == 0)
            close(fd)
            // The process's reads, not a time: the register's may be on any thread, and the
            // other tests running beside it read far less than the photo's 1.5 GB.
            let before = try #require(BytesRead.byThisProcess())
            #expect(await register(f, image: path) == .failed)
            let after = try #require(BytesRead.byThisProcess())
            #expect(f.console.notes.contains("1431 MB is over 50 MB, the most read for a photo"), "\(f.console.notes)")
            #expect(after - before < 1_000_000_000, "\(after - before) bytes were read: the photo was")
        }
    }

    @Test func procSelfPagemapIsRefusedAsAPhotoBecauseItIsNotARegularFile() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await register(f, image: "/proc/self/pagemap") == .failed)
            #expect(f.console.notes.contains("is a /proc file, not a photo file"), "\(f.console.notes)")
        }
    }

    // MARK: list --format csv (item 8)

    @Test func listFormatCSVNeutralisesFormulas() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            try await f.register(name: "=HYPERLINK(\"http://127.0.0.1/\")")
            f.console.clear()
            #expect(await f.run("list --format csv --fields name,description") == .ok, "\(f.console.notes)")
            // As it reaches standard output: the console ends what it writes with the last LF.
            let lines = (f.console.out + "\n").components(separatedBy: "\r\n").dropLast()
            #expect(lines.count == 2, "\(lines)")
            #expect(lines.last == "\"'=HYPERLINK(\"\"http://127.0.0.1/\"\")\",A product for the shell tests", "\(lines)")
        }
    }
}
