import Foundation
import MarketTestSupport
import OpenMarketAPI
import SellerShell
import Testing

@testable import ShellScripting

/// A read-only line's plain `done` is held back and written with the next entry that must reach
/// the disk (`JournalHandle`): what is left of the guarantee is pinned here.
@Suite("A journal holds back the entries of reads")
struct JournalHoldTests {
    static let describe = "description='A product made by the journal tests' price=10 currency=KRW image=coffee-small.jpg"

    /// Lines of the journal at `path` with `state`, read while the run is going on.
    static func entries(_ journal: String, state: String) -> [String] {
        journal.split(separator: "\n").map(String.init).filter { $0.contains(#""state":"\#(state)""#) }
    }

    /// A spy that keeps the journal of `script` as it is on disk when each request is sent;
    /// `awaiting` false: the transport under it never does what waits for a request to be out
    /// (`RequestNotes.whileAwaiting`), as a transport with no thread of its own would not.
    static func snapshotting(_ script: String, awaiting: Bool = true) -> (SpyTransport, Watched<[(HTTPRequestData, String)]>) {
        let seen = Watched<[(HTTPRequestData, String)]>([])
        let spy = SpyTransport { request, timeout in
            let journal = (try? String(contentsOfFile: script + ".journal", encoding: .utf8)) ?? ""
            seen.change { $0.append((request, journal)) }
            var request = request
            if !awaiting { request.notes.whileAwaiting = nil }
            return try await SpyTransport.market(request, timeout)
        }
        return (spy, seen)
    }

    @Test func aCreatesStartedAndEveryEntryBeforeItAreOnDiskBeforeItsRequestIsSent() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "create-after-reads.om",
                """
                register name=First \(Self.describe) as a
                show $a
                show $a
                register name=Second \(Self.describe) as b
                """)
            let (spy, seen) = Self.snapshotting(path)
            let console = RecordingConsole()
            #expect(await f.session(console, transport: spy).runScript(path: path) == .ok, "\(console.notes)")
            let creates = seen.value.filter { $0.0.method == .post }
            #expect(creates.count == 2)
            let journal = try #require(creates.last?.1)
            let lines = journal.split(separator: "\n").map(String.init)
            let done = lines.filter { $0.contains(#""state":"done""#) }.map {
                $0.contains(#""line":2"#) || $0.contains(#""line":3"#)
            }
            #expect(done == [false, true, true], "\(journal)")
            #expect(lines.last?.contains(#""state":"started""#) == true && lines.last?.contains(#""line":4"#) == true)
        }
    }

    @Test func readsWaitForAtMostTheBoundAndAllReachTheDiskWhenTheRunEnds() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let shows = JournalHandle.heldAtMost * 2 + 5
            // Product 1, the fixture's market being new: a `show $a` would bind `a` again, whose
            // `done` keeps the product and is written at once; `show 1` binds only `last`.
            let path = try f.script(
                "many-reads.om",
                "register name=Read \(Self.describe)\n" + String(repeating: "show 1\n", count: shows))
            let (spy, seen) = Self.snapshotting(path, awaiting: false)
            let console = RecordingConsole()
            #expect(await f.session(console, transport: spy).runScript(path: path) == .ok, "\(console.notes)")
            let reads = seen.value.filter { $0.0.method == .get && Int($0.0.url.lastPathComponent) != nil }
            #expect(reads.count == shows)
            // Held at all: some show's request went with reads done and not yet on disk.
            #expect(reads.enumerated().contains { Self.entries($0.element.1, state: "done").count - 1 < $0.offset })
            for (index, read) in reads.enumerated() {
                // Before the request of show number `index + 1`, `index` shows are done. A full
                // batch waits for a request to be out, which this transport never tells (it does
                // not call `whileAwaiting`): at most twice `heldAtMost`, less one, are not on disk.
                let onDisk = Self.entries(read.1, state: "done").count - 1
                #expect(onDisk >= index - (2 * JournalHandle.heldAtMost - 1), "show \(index + 1): \(onDisk) on disk")
            }
            #expect(Self.entries(f.journal(path), state: "done").count == shows + 1)
            #expect(f.journal(path).hasSuffix(#"{"state":"finished"}"# + "\n"))
        }
    }

    /// A full batch of reads' `done` entries is written while the next request is out (its
    /// `whileAwaiting`, which the HTTP client calls once the request is written), not between an
    /// answer and the next request; none is lost, and no more than a batch waits.
    @Test func aFullBatchOfReadsIsWrittenWhileTheNextRequestIsOut() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let shows = JournalHandle.heldAtMost * 3
            let path = try f.script(
                "batched-reads.om",
                "register name=Read \(Self.describe)\n" + String(repeating: "show 1\n", count: shows))
            // For each request: the journal when it is sent, and whether it grew while it was out.
            let seen = Watched<[(HTTPRequestData, String, Bool)]>([])
            let spy = SpyTransport { request, timeout in
                let journal = { (try? String(contentsOfFile: path + ".journal", encoding: .utf8)) ?? "" }
                let sent = journal()
                request.notes.whileAwaiting?()
                seen.change { $0.append((request, sent, journal() != sent)) }
                return try await SpyTransport.market(request, timeout)
            }
            let console = RecordingConsole()
            #expect(await f.session(console, transport: spy).runScript(path: path) == .ok, "\(console.notes)")
            let reads = seen.value.filter { $0.0.method == .get && Int($0.0.url.lastPathComponent) != nil }
            #expect(reads.count == shows)
            #expect(reads.filter(\.2).count >= 2, "batches written while a request was out")
            for (index, read) in reads.enumerated() {
                let onDisk = Self.entries(read.1, state: "done").count - 1
                #expect(onDisk >= index - JournalHandle.heldAtMost, "show \(index + 1): \(onDisk) on disk")
            }
            #expect(Self.entries(f.journal(path), state: "done").count == shows + 1)
            #expect(f.journal(path).hasSuffix(#"{"state":"finished"}"# + "\n"))
        }
    }

    @Test func aFailedReadWritesTheReadsHeldBeforeIt() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "failed-read.om",
                """
                register name=Once \(Self.describe) as a
                show $a
                show $a
                show 999
                """)
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path) != .ok)
            let lines = f.journal(path).split(separator: "\n").map(String.init)
            #expect(Self.entries(f.journal(path), state: "done").count == 3, "\(lines)")
            #expect(lines.last?.contains(#""state":"failed""#) == true && lines.last?.contains(#""line":4"#) == true)
        }
    }

    /// `export` reads the market but writes a file: its `done` is on disk before the next line's
    /// request, so a run killed after it is not resumed by exporting again (which would refuse
    /// the file it made).
    @Test func aReadThatWritesAFileIsDoneOnDiskBeforeTheNextLineIsSent() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "export-then-show.om",
                """
                register name=Exported \(Self.describe) as a
                export exported.csv
                show $a
                """)
            let (spy, seen) = Self.snapshotting(path)
            let console = RecordingConsole()
            #expect(await f.session(console, transport: spy).runScript(path: path) == .ok, "\(console.notes)")
            let show = try #require(seen.value.last { $0.0.method == .get && Int($0.0.url.lastPathComponent) != nil })
            #expect(Self.entries(show.1, state: "done").contains { $0.contains(#""line":2"#) }, "\(show.1)")
        }
    }

    /// Killed while its last reads' `done` entries were held: the journal ends with the create's
    /// `done`. A resume does not create again; it reads again and finishes.
    @Test func aRunKilledAfterReadsResumesByReadingAgainNotCreatingAgain() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "killed-reads.om",
                """
                register name=Kept \(Self.describe) as a
                show $a
                expect ${a.name} == Kept
                show $a
                """)
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path) == .ok, "\(console.notes)")
            let entries = f.journal(path).split(separator: "\n").map(String.init)
            let cut = try #require(entries.firstIndex { $0.contains(#""line":1"#) && $0.contains(#""state":"done""#) })
            try (entries[...cut].joined(separator: "\n") + "\n").write(
                toFile: path + ".journal", atomically: true, encoding: .utf8)
            let spy = SpyTransport()
            let resumed = RecordingConsole()
            #expect(
                await f.session(resumed, transport: spy).runScript(path: path, options: ScriptOptions(resume: true)) == .ok,
                "\(resumed.notes)")
            #expect(spy.requests.filter { $0.method == .post }.isEmpty)
            #expect(spy.requests.filter { $0.method == .get && Int($0.url.lastPathComponent) != nil }.count == 2)
            #expect(try await f.allProducts().count == 1)
            #expect(f.journal(path).hasSuffix(#"{"state":"finished"}"# + "\n"))
        }
    }
}
