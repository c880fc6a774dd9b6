import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// `undo` and `redo` speak the reader's language: the plan of a stock change, the conflict
/// that refuses an undo, and the way round it (review of issue 40, finding 2).
@Suite("Undo in Korean")
struct UndoInKoreanTests {
    /// The English words undo and redo used to say under `--lang ko`.
    static let english = ["the inverse of", "again", "has changed since", "now, not", "nothing was sent", "all the same"]

    static func expectKorean(_ text: String, _ what: String) {
        #expect(text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(what) not Korean: \(text)")
        for word in english { #expect(!text.contains(word), "\(what) says '\(word)': \(text)") }
    }

    @Test func undoAndRedoOfAStockChangeSayTheirPlanInKorean() async throws {
        try await ScriptFixture.with { f in
            try await Language.$current.withValue(.ko) {
                let console = RecordingConsole()
                let session = UndoTests.session(f, console)
                let id = try await UndoTests.register(f, session, console, stock: 5)
                await UndoTests.ok(session, "stock \(id) +3", console)
                let undone = await UndoTests.ok(session, "undo", console)
                let redone = await UndoTests.ok(session, "redo", console)
                let undoLine = console.transcript.split(separator: "\n").first { $0.contains("재고 8 → 5") }
                let redoLine = console.transcript.split(separator: "\n").first { $0.contains("재고 5 → 8") }
                Self.expectKorean(String(try #require(undoLine, "\(console.transcript)")), "undo")
                Self.expectKorean(String(try #require(redoLine, "\(console.transcript)")), "redo")
                #expect(undoLine?.contains("-3") == true && undoLine?.contains("5 → 8") == true)
                #expect(undone.status == .ok && redone.status == .ok)
                #expect(try await f.product(id: id).stock == 8)
            }
        }
    }

    @Test func anUndoRefusedByAConflictSaysWhyAndHowToForceInKorean() async throws {
        try await ScriptFixture.with { f in
            try await Language.$current.withValue(.ko) {
                let console = RecordingConsole()
                let session = UndoTests.session(f, console)
                let id = try await UndoTests.register(f, session, console)
                await UndoTests.ok(session, "patch \(id) price=3200", console)
                // The price the patch set changed elsewhere (another field alone would not stop it).
                _ = try await f.client.edit(id: id, ProductChanges(price: 3000))
                let refused = await session.execute("undo")
                #expect(refused.status == .failed)
                let text = refused.failure.joined(separator: "\n")
                Self.expectKorean(text, "conflict")
                #expect(text.contains("₩3,000") && text.contains("₩3,200"), "\(text)")
                #expect(text.contains("'undo 2 --force'"), "\(text)")
                let dryRun = await UndoTests.ok(session, "undo 2 --dry-run", console)
                Self.expectKorean(
                    console.transcript.split(separator: "\n").last { $0.contains("--force") }.map(String.init) ?? "",
                    "dry run note")
                #expect(dryRun.status == .ok)
            }
        }
    }

    /// A field that changed since is named as a Korean seller calls it (before, `price 지금 값`),
    /// and the value the log has is called that: for a redo it is what the undo left, not what
    /// the change did (it was `변경 직후 값`, right after the change, the opposite for a redo).
    @Test func aFieldChangedSinceIsNamedInKorean() {
        let conflict = ReversalMessage.changedSince(
            name: "#4 Mug", number: 1, by: 3, differences: [.init(field: .price, now: "₩6,000", then: "₩5,500")])
        #expect(conflict.text(in: .ko) == "#4 Mug: 1번 변경 뒤에 3번 변경으로 바뀌었습니다(가격 지금 값 ₩6,000, 기록된 값 ₩5,500)")
        #expect(conflict.text(in: .en) == "#4 Mug: price is ₩6,000 now, not ₩5,500 (changed since change 1 by change 3)")
    }

    /// Every ``ReversalMessage`` reads Korean in Korean, keeping the English's numbers, with no
    /// particle right after a value the shell fills in.
    @Test(arguments: [
        ReversalMessage.stockBack(name: "#4 Mug", now: 8, amount: -3, before: 5, after: 8),
        .stockAgain(name: "#4 Mug", now: 5, amount: 3), .delete(name: "#4 Mug"), .registerAgain(name: "#4 Mug"),
        .stockRequest(id: 4, stock: 8, etag: "\"v2\""), .patchAfterRead(id: 4, json: "{\"price\":1001}"),
        .stockAfterRead(id: 4, stock: 8),
        .deleteRequest(id: 4),
        .registerRequest(json: "{}", photos: 2, bytes: "12 KB", thumbnail: true), .alreadyGone(id: 4),
        .noLongerExists(id: 4, undo: true), .deletedSince(ids: [4], by: 7, undo: true),
        .deletedSince(ids: [3, 4], by: 7, undo: false), .goneBy(ids: [4], by: 7), .goneBy(ids: [3, 4], by: 7),
        .deletedForGood(id: 4, by: 7, why: "x"),
        .notReversible(number: 3),
        .changedSince(name: "#4 Mug", number: 1, differences: [.init(field: .name, now: "\"A\"", then: "\"B\"")]),
        .changedWhileRead(id: 4, undo: false), .cannotBeRead(id: 4),
        .cannotReverse(undo: true, number: 3, label: "x", blockers: [.alreadyGone(id: 4)], more: 2),
        .conflicts(undo: true, number: 1, conflicts: [.cannotBeRead(id: 4)], more: 1, agent: false),
        .conflicts(undo: false, number: 1, conflicts: [.cannotBeRead(id: 4)], more: 1, agent: true),
        .dryRunNote(.cannotBeRead(id: 4)), .damagedLog(path: "/l", count: 2, line: 7, undo: false), .andMore(5),
        .changeFailed(number: 3, why: "x"), .logDoesNotKnow(problem: "x", undo: true), .stateColumn,
    ])
    func everyReversalMessageReadsKoreanInKorean(_ message: ReversalMessage) {
        let (english, korean) = (message.text(in: .en), message.text(in: .ko))
        #expect(korean != english, "\(english)")
        #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "not Korean: \(korean)")
        #expect(SpokenCatalogCheck.problems(message) == [], "\(korean)")
        let numbers = { (text: String) in text.split { !$0.isNumber }.map(String.init).sorted() }
        #expect(numbers(korean) == numbers(english), "\(english) / \(korean)")
        // A particle right after a number, `#4` or a quoted value (`#4을`, `3을`, `"A"가`).
        for particle in ["을", "를", "이", "가", "은", "는", "에", "의", "로"] {
            for end in Array("0123456789\"')") {
                #expect(!korean.contains("\(end)\(particle)"), "\(korean)")
            }
        }
    }
}
