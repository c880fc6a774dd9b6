import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization
import Testing

@testable import ShellScripting

/// An import that ends between sending a stock move and writing it down (killed, or its answer
/// lost) left no `moved` entry, so the next import of the same sheet moved the stock again
/// (5 → 7 → 9). The move is journaled as `moving` before it is sent, and the next import tells
/// from the product whether it was made.
@Suite("A stock move whose outcome was never written down")
struct PendingStockMoveTests {
    /// The market's answer to the first PATCH is lost after the market made the change
    /// (`reaches`), or the PATCH never reaches it: the import knows only that it was sent.
    static func losingFirstPatch(reaches: Bool) -> SpyTransport {
        let lost = Mutex(false)
        return SpyTransport { request, timeout in
            let losing =
                request.method == .patch
                && lost.withLock { done in
                    defer { done = true }
                    return !done
                }
            guard losing else { return try await SpyTransport.market(request, timeout) }
            if reaches { _ = try await SpyTransport.market(request, timeout) }
            throw TransportFailure.connectionLost(reason: "the test lost the answer")
        }
    }

    /// The one-product sheet, its stock changed from 5 to 7, imported through a transport that
    /// loses the stock move's answer: the import does not know the move happened.
    static func importLosingTheMove(_ f: ScriptFixture, reaches: Bool) async throws -> (sheet: String, id: Int) {
        let (sheet, id) = try await CatalogMergeTests.oneItemSheet(f, stock: 7)
        let console = RecordingConsole()
        let session = f.session(console, transport: losingFirstPatch(reaches: reaches))
        #expect(await session.execute("import '\(sheet)' --yes").status != .ok, "\(console.out) \(console.notes)")
        #expect(f.journal(sheet).contains("\"moving\""), "\(f.journal(sheet))")
        #expect(!f.journal(sheet).contains("\"moved\""), "\(f.journal(sheet))")
        #expect(try await f.product(id: id).stock == (reaches ? 7 : 5))
        return (sheet, id)
    }

    @Test func aMoveMadeButNotWrittenDownIsNotMadeAgain() async throws {
        try await ScriptFixture.with { f in
            let (sheet, id) = try await Self.importLosingTheMove(f, reaches: true)
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(sheet)' --resume --yes").status == .ok, "\(resumed.notes)")
            #expect(try await f.product(id: id).stock == 7, "\(resumed.out)")
            #expect(f.journal(sheet).contains("\"moved\""), "\(f.journal(sheet))")
            // The change log never kept that change (its answer was lost): kept now, with the
            // import, `undo` takes it back (before, `undo` took back the product's register).
            let undo = RecordingConsole()
            #expect(await f.session(undo).execute("undo --yes").status == .ok, "\(undo.notes) \(undo.out)")
            #expect(try await f.product(id: id).stock == 5, "\(undo.out)")
            #expect(await f.session(RecordingConsole()).execute("redo --yes").status == .ok)
            // Found made, it is written down: after a sale, the same sheet still moves nothing,
            // and the plan is sure of it.
            #expect(await f.session(RecordingConsole()).execute("stock \(id) -1").status == .ok)
            let again = RecordingConsole()
            #expect(await f.session(again).execute("import '\(sheet)' --yes").status == .ok, "\(again.notes)")
            #expect(try await f.product(id: id).stock == 6, "\(again.out)")
            #expect(!again.out.contains("stock left as it is"), "\(again.out)")
        }
    }

    /// A move found made is written down as soon as the plan finds it, whether or not the import
    /// goes on: stopped at its question, a `--restart` keeps the unfinished import's journal
    /// (for `--resume`) with the move found written after it.
    @Test func aMoveFoundMadeIsWrittenDownThoughTheRestartStopsAtItsQuestion() async throws {
        try await ScriptFixture.with { f in
            let (sheet, id) = try await Self.importLosingTheMove(f, reaches: true)
            // A price changed too: a change to ask about.
            try CatalogMergeTests.edit(
                sheet, [(CatalogMergeTests.item1(stock: 7), CatalogMergeTests.item1(stock: 7, price: 1500))])
            let unfinished = f.journal(sheet)
            let person = RecordingConsole(interactive: true, answers: ["no"])
            #expect(await f.session(person).execute("import '\(sheet)' --restart").status == .ok, "\(person.notes)")
            #expect(person.notes.contains("import cancelled; nothing was sent"), "\(person.notes)")
            let after = f.journal(sheet)
            #expect(after.hasPrefix(unfinished), "\(after)")
            #expect(after.dropFirst(unfinished.count).contains("\"moved\""), "\(after)")
            #expect(try await f.product(id: id).stock == 7)
            #expect(try await f.product(id: id).price == 1001)
        }
    }

    @Test func aMoveThatNeverReachedTheMarketIsMadeByTheNextImport() async throws {
        try await ScriptFixture.with { f in
            let (sheet, id) = try await Self.importLosingTheMove(f, reaches: false)
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(sheet)' --resume --yes").status == .ok, "\(resumed.notes)")
            #expect(try await f.product(id: id).stock == 7, "\(resumed.out)")
        }
    }

    /// A move the market refused is known not made: a sale afterwards leaves the next import
    /// free to move the stock (it is not left as it is for being unsure).
    @Test func aMoveTheMarketRefusedIsNotPending() async throws {
        try await ScriptFixture.with { f in
            let (sheet, id) = try await CatalogMergeTests.oneItemSheet(f, stock: 7)
            let refusing = SpyTransport { request, timeout in
                guard request.method == .patch else { return try await SpyTransport.market(request, timeout) }
                let body = Data(#"{"code": 400, "message": "refused by the test"}"#.utf8)
                return HTTPResponseData(status: 400, headers: ["Content-Type": "application/json"], body: body)
            }
            let console = RecordingConsole()
            #expect(await f.session(console, transport: refusing).execute("import '\(sheet)' --yes").status != .ok)
            #expect(await f.session(RecordingConsole()).execute("stock \(id) -1").status == .ok)
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(sheet)' --resume --yes").status == .ok, "\(resumed.notes)")
            #expect(try await f.product(id: id).stock == 6, "\(resumed.out)")
        }
    }

    @Test func aMoveWhoseProductChangedSinceLeavesTheStockAndSaysSo() async throws {
        try await ScriptFixture.with { f in
            let (sheet, id) = try await Self.importLosingTheMove(f, reaches: true)
            // A sale after the lost answer: 7 → 6, or 5 → 4 had the move not been made.
            #expect(await f.session(RecordingConsole()).execute("stock \(id) -1").status == .ok)
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).execute("import '\(sheet)' --resume --yes").status == .ok, "\(resumed.notes)")
            #expect(try await f.product(id: id).stock == 6, "\(resumed.out)")
            #expect(resumed.out.contains("stock left as it is in 1 row"), "\(resumed.out)")
            #expect(resumed.out.contains("#\(id) stock 6 (the change was to 7)"), "\(resumed.out)")
            // The import went ahead with that row listed: the sheet's stock counts as done, so
            // the same sheet moves nothing and says nothing, and a later change of it moves the
            // stock by that change.
            let again = RecordingConsole()
            #expect(await f.session(again).execute("import '\(sheet)' --yes").status == .ok, "\(again.notes)")
            #expect(!again.out.contains("stock left as it is"), "\(again.out)")
            #expect(try await f.product(id: id).stock == 6)
            try CatalogMergeTests.edit(sheet, [(CatalogMergeTests.item1(stock: 7), CatalogMergeTests.item1(stock: 9))])
            let changed = RecordingConsole()
            #expect(await f.session(changed).execute("import '\(sheet)' --yes").status == .ok, "\(changed.notes)")
            #expect(try await f.product(id: id).stock == 8, "\(changed.out)")
        }
    }
}
