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

/// Issue 37, items 6 and 7: the change log and the journal (one `JSONLinesLog`) on a really full
/// disk, and three shells undoing one change at once; and an entry naming a photo outside the
/// log's folder.
@Suite("The change log on a full disk and in a race", .serialized)
struct ChangeLogRaceAndFullDiskTests {
    /// A really full file system: a tmpfs of `size` mounted at `folder` for the body's time. The
    /// tests run as root, as CI runs them; mounting is required, never skipped.
    struct FullDisk {
        let folder: URL

        static func with<T>(
            at folder: URL, size: String = "256k", _ body: (FullDisk) async throws -> T
        ) async throws -> T {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let mount = try await ChildProcess.run(
                "/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", folder.path])
            try #require(
                mount.status == 0, "a small tmpfs is mounted for this test (run it as root, as CI does): \(mount.stderr)")
            let result: Result<T, any Error>
            do {
                result = .success(try await body(FullDisk(folder: folder)))
            } catch {
                result = .failure(error)
            }
            let unmount = try await ChildProcess.run("/bin/umount", [folder.path])
            #expect(unmount.status == 0, "\(unmount.stderr)")
            return try result.get()
        }

        /// Fills what is left with one file until the file system says `ENOSPC`: its path.
        func fill() throws -> String {
            let path = folder.appendingPathComponent("filler").path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            let block = [UInt8](repeating: 0x78, count: 512)
            var code: Int32 = 0
            while code == 0 {
                if block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) < 0 { code = errno }
            }
            #expect(code == ENOSPC)
            // What is left is less than one 512-byte block (tmpfs gives whole pages).
            var tail: UInt8 = 0x78
            while write(descriptor, &tail, 1) == 1 {}
            return path
        }
    }

    // MARK: Item 6: a full disk

    /// A patch whose entry the full disk cuts short leaves no fragment: the real error is said
    /// (`No space left on device`, not a stale `errno`), the file is as it was, and once there is
    /// room again the next change gets its own line, so `undo` takes back that change and not
    /// the one before it.
    @Test func aChangeCutShortByAFullDiskLeavesNothingAndUndoTakesBackTheRightChange() async throws {
        try await ScriptFixture.with { f in
            try await FullDisk.with(at: f.directory.appendingPathComponent(".local/state")) { disk in
                let console = RecordingConsole()
                let session = UndoTests.session(f, console)
                let id = try await UndoTests.register(f, session, console)
                // Entries of several kilobytes (a before and an after of 3,000 bytes each): one
                // cannot fit in what is left of the log's last page.
                let first = String(repeating: "가", count: 1000)
                let second = String(repeating: "나", count: 1000)
                await UndoTests.ok(session, "patch \(id) description='\(first)'", console)
                let log = try #require(try UndoTests.logFiles(f).first)
                let before = try Data(contentsOf: log)
                let filler = try disk.fill()

                _ = await session.execute("patch \(id) description='\(second)'")
                #expect(console.notes.contains("No space left on device"), "\(console.notes)")
                #expect(!console.notes.contains("No such file or directory"), "\(console.notes)")
                #expect(try Data(contentsOf: log) == before, "a fragment of the failed entry was left")

                try FileManager.default.removeItem(atPath: filler)
                await UndoTests.ok(session, "patch \(id) price=4100", console)
                await UndoTests.ok(session, "undo", console)
                let product = try await f.product(id: id)
                #expect(product.price == 3500, "undo took back another change than the price")
                #expect(product.description == second)
                let content = try #require(try JSONLinesLog(path: log.path).read())
                #expect(content.decode(ChangeEntry.self, content.lines, using: MarketJSON.decoder).damaged.isEmpty)
            }
        }
    }

    /// The journal shares the log: an entry the full disk cuts short is taken back with the real
    /// error, and the next one (once there is room) is read back.
    @Test func aJournalEntryCutShortByAFullDiskIsTakenBackAndTheNextIsRead() async throws {
        let root = try Fixtures.temporaryDirectory("openmarket-journal-full")
        defer { try? FileManager.default.removeItem(at: root) }
        try await FullDisk.with(at: root.appendingPathComponent("disk")) { disk in
            let path = disk.folder.appendingPathComponent("run.om.journal").path
            let journal = try JournalFile(path: path, fresh: true)
            var entry = JournalEntry(.done, number: 1, hash: "h1")
            entry.vars = ["note": String(repeating: "x", count: 3_000)]
            try journal.append(entry)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let filler = try disk.fill()
            var large = JournalEntry(.done, number: 2, hash: "h2")
            large.vars = ["note": String(repeating: "y", count: 6_000)]
            let failure = #expect(throws: JournalError.self) { try journal.append(large) }
            #expect(failure?.description.contains("No space left on device") == true, "\(String(describing: failure))")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

            try FileManager.default.removeItem(atPath: filler)
            try journal.append(JournalEntry(.done, number: 3, hash: "h3"))
            #expect(JournalFile.read(path)?.done.keys.sorted() == [1, 3])
        }
    }

    /// A journal a crash left ending in a fragment: the next entry starts on a line of its own,
    /// and the fragment is skipped, not glued to it.
    @Test func anEntryAfterAFragmentStartsOnItsOwnLine() throws {
        let root = try Fixtures.temporaryDirectory("openmarket-journal-fragment")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("run.om.journal").path
        let text = #"{"hash":"h1","line":1,"state":"done"}"# + "\n" + #"{"hash":"h2","line":2,"st"#
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let journal = try JournalFile(path: path, fresh: false)
        try journal.append(JournalEntry(.done, number: 3, hash: "h3"))
        #expect(JournalFile.read(path)?.done.keys.sorted() == [1, 3])
        let content = try #require(try JSONLinesLog(path: path).read())
        #expect(content.decode(JournalEntry.self, content.lines, using: MarketJSON.decoder).damaged == [2])
    }

    /// A fresh run reads of a finished journal only its last entry; of one whose last run did
    /// not finish (a `run` after the `finished`), all of it, as a resume does of any.
    @Test func aJournalIsReadWholeUnlessItsLastRunFinished() throws {
        let root = try Fixtures.temporaryDirectory("openmarket-journal-finished")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("run.om.journal").path
        let journal = try JournalFile(path: path, fresh: true)
        try journal.append([JournalEntry(.run), JournalEntry(.done, number: 1, hash: "h1"), JournalEntry(.finished)])
        let finished = try #require(JournalFile.read(path, whole: false))
        #expect(finished.finished && finished.touched.isEmpty, "nothing but the end is read")
        #expect(JournalFile.read(path)?.done.keys.sorted() == [1])

        try journal.append([JournalEntry(.run), JournalEntry(.started, number: 2, hash: "h2")])
        let unfinished = try #require(JournalFile.read(path, whole: false))
        #expect(!unfinished.finished)
        #expect(unfinished.touched == [1, 2] && unfinished.unsure.keys.sorted() == [2])
    }

    // MARK: Item 7: three shells, one undo

    /// Three `openmarket` processes undo the same delete at once: the product comes back once.
    /// (The log stays locked from an undo's check that the change is still to be undone until
    /// it has marked it; the others then find it undone.)
    @Test func threeShellsUndoingOneDeleteBringTheProductBackOnce() async throws {
        try await BinaryWorld.with { world in
            let photo = try world.copyFixture("coffee-small.jpg")
            let made = try await world.run(
                world.serverArguments + [
                    "-c",
                    "register name='Raced mug' description='A mug three shells undo at once' price=1000 currency=KRW "
                        + "stock=1 image='\(photo.path)'",
                ])
            #expect(made.status == 0, "\(made.stderr)")
            let id = try #require(try await world.allProducts().first { $0.name == "Raced mug" }?.id)
            let deleted = try await world.run(world.serverArguments + ["-c", "delete \(id) --yes"])
            #expect(deleted.status == 0, "\(deleted.stderr)")
            #expect(try await world.allProducts().filter { $0.name == "Raced mug" }.isEmpty)

            let shells = try (0..<3).map { _ in try world.start(world.serverArguments + ["-c", "undo 2 --yes"]) }
            var results: [ChildProcess.Result] = []
            for shell in shells { results.append(try await shell.waitForExit()) }
            let back = try await world.allProducts().filter { $0.name == "Raced mug" }
            #expect(back.count == 1, "\(back.count) products came back: \(results.map(\.stderr))")
            #expect(results.filter { $0.status == 0 }.count == 1, "\(results.map(\.stderr))")
            for refused in results where refused.status != 0 {
                #expect(refused.stderr.contains("undone"), "\(refused.stderr)")
            }
        }
    }

    // MARK: Low: a photo named outside the folder

    /// A log edited to name a private photo two folders up for a delete: `undo` refuses in one line
    /// and uploads nothing.
    @Test func undoNeverUploadsAPhotoAnEntryNamesOutsideTheFolder() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = UndoTests.session(f, console)
            let id = try await UndoTests.register(f, session, console, name: "Escaping mug")
            await UndoTests.ok(session, "delete \(id) --yes", console)
            try f.copyImage("chelsea.png", as: "private-photo.png")
            let log = try #require(try UndoTests.logFiles(f).first)
            var lines: [Data] = []
            for line in try Data(contentsOf: log).jsonLines {
                var entry = try MarketJSON.decoder.decode(ChangeEntry.self, from: line)
                if entry.photos != nil { entry.photos = ["../../../../../private-photo.png"] }
                lines.append(try MarketJSON.encoder.encode(entry) + Data("\n".utf8))
            }
            try lines.reduce(Data(), +).write(to: log)

            let report = await session.execute("undo --yes")
            #expect(report.status != .ok)
            let refusal = report.failure.joined(separator: "\n") + console.notes
            #expect(refusal.contains("outside the change log's photo folder"), "\(refusal)")
            #expect(try await f.allProducts().filter { $0.name == "Escaping mug" }.isEmpty)
        }
    }
}
