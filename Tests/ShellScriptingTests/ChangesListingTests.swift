import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// Issue 40, item 4: `changes` lists the kept changes of this server and vendor — what `undo`
/// would take — with this session's marked, each in the reader's language; a patch that would
/// change nothing sends nothing, says so and logs nothing. Against the bundled market.
@Suite("changes lists what undo takes; a patch that changes nothing")
struct ChangesListingTests {
    @Test func changesInANewSessionListsWhatUndoTakesAndMarksThisSessions() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let id = try await UndoTests.register(f, UndoTests.session(f, console), console, name: "Earlier mug")
            let later = RecordingConsole()
            let session = UndoTests.session(f, later)
            await UndoTests.ok(session, "changes", later)
            #expect(!later.notes.contains("no changes in this session"), "\(later.notes)")
            let row = try #require(later.out.split(separator: "\n").first { $0.contains("registered #\(id) Earlier mug") })
            #expect(!row.hasPrefix("*"), "another session's change is not marked: \(later.out)")
            await UndoTests.ok(session, "patch \(id) price=3200", later)
            later.clear()
            await UndoTests.ok(session, "changes", later)
            let patched = try #require(later.out.split(separator: "\n").first { $0.contains("price ₩3,500 → ₩3,200") })
            #expect(patched.hasPrefix("*"), "\(later.out)")
            #expect(later.notes.contains("* marks this session's"), "\(later.notes)")
            await UndoTests.ok(session, "undo", later)
            // Undoing a register deletes the product: off a terminal that needs --yes.
            await UndoTests.ok(session, "undo --yes", later)
            later.clear()
            await UndoTests.ok(session, "changes", later)
            #expect(later.out.split(separator: "\n").filter { $0.hasSuffix("undone") }.count == 2, "\(later.out)")
            await UndoTests.ok(session, "redo", later)
            later.clear()
            await UndoTests.ok(session, "changes", later)
            #expect(later.out.split(separator: "\n").filter { $0.hasSuffix("undone") }.count == 1, "\(later.out)")
        }
    }

    /// `changes --last N` lists the newest N, as `exchanges --last N` does (before, it was an
    /// unknown option); N is a count from 1.
    @Test func changesLastListsTheNewestN() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = UndoTests.session(f, console)
            let id = try await UndoTests.register(f, session, console, name: "Listed mug")
            await UndoTests.ok(session, "patch \(id) price=3200", console)
            await UndoTests.ok(session, "patch \(id) price=3100", console)
            console.clear()
            await UndoTests.ok(session, "changes --last 2", console)
            let rows = console.out.split(separator: "\n").filter { $0.contains("#\(id) Listed mug") }
            #expect(rows.count == 2, "\(console.out)")
            #expect(rows.last?.contains("₩3,200 → ₩3,100") == true && rows.first?.contains("₩3,500 → ₩3,200") == true)
            #expect(!console.out.contains("registered"), "\(console.out)")
            #expect(!console.out.contains("earlier not shown"), "\(console.out)")
            console.clear()
            #expect(await session.execute("changes --last 0").status == .usage)
            #expect(console.notes.contains("--last"), "\(console.notes)")
        }
    }

    @Test func aChangesSummaryIsInTheReadersLanguage() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = UndoTests.session(f, console)
            let id = try await UndoTests.register(f, session, console, name: "Korean mug")
            console.clear()
            let report = await Language.$current.withValue(.ko) { await session.execute("changes") }
            #expect(report.status == .ok, "\(console.notes)")
            #expect(console.out.contains("등록: #\(id) Korean mug"), "\(console.out)")
            #expect(!console.out.contains("registered"), "\(console.out)")
        }
    }

    @Test func aPatchThatChangesNothingSendsNothingAndLogsNothing() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = UndoTests.session(f, console)
            let id = try await UndoTests.register(f, session, console, name: "Same mug")
            console.clear()
            await UndoTests.ok(session, "patch \(id) price=3500 stock=10", console)
            #expect(
                console.notes.contains(
                    "#\(id) Same mug already has price ₩3,500, stock 10: nothing was sent, and no change was logged"),
                "\(console.transcript)")
            #expect(!console.transcript.contains("updated"), "\(console.transcript)")
            #expect(!session.shell.exchanges.exchanges.contains { $0.request.method == "PATCH" })
            console.clear()
            await UndoTests.ok(session, "changes", console)
            #expect(!console.out.contains("nothing changed"), "\(console.out)")
            #expect(console.out.split(separator: "\n").count == 3, "the header, its rule and the register: \(console.out)")
        }
    }

    /// `stock ID =N` at the stock the product has sends nothing and logs nothing, as a patch to
    /// its own values does (before, it sent the PATCH and logged a change from 10 to 10).
    @Test func aStockSetToTheStockItHasSendsNothingAndLogsNothing() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = UndoTests.session(f, console)
            let id = try await UndoTests.register(f, session, console, name: "Same mug")
            console.clear()
            await UndoTests.ok(session, "stock \(id) =10", console)
            #expect(
                console.notes.contains("#\(id) Same mug already has stock 10: nothing was sent, and no change was logged"),
                "\(console.transcript)")
            #expect(!session.shell.exchanges.exchanges.contains { $0.request.method == "PATCH" })
            console.clear()
            await UndoTests.ok(session, "changes", console)
            #expect(console.out.split(separator: "\n").count == 3, "the header, its rule and the register: \(console.out)")
            // The product as read is still the line's answer: `as NAME` and `last` name it.
            await UndoTests.ok(session, "stock \(id) =10 as same", console)
            await UndoTests.ok(session, "expect ${same.stock} == 10", console)
            await UndoTests.ok(session, "patch \(id) price=3500 as priced", console)
            await UndoTests.ok(session, "expect ${priced.id} == \(id)", console)
            console.clear()
            await UndoTests.ok(session, "stock \(id) =9", console)
            #expect(try await f.product(id: id).stock == 9, "\(console.transcript)")
        }
    }
}
