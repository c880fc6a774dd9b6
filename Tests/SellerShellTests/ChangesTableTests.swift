import Foundation
import OpenMarketContract
import TerminalText
import Testing

@testable import SellerShell

/// The `changes` table at 80 columns (review of issue 40, finding 10): the command gives way
/// first, and what changed keeps its before → after, the product's name cut before it; the
/// undone state's column has a heading.
@Suite("The changes table")
struct ChangesTableTests {
    static let change = "name \"머그컵\" → \"새 머그컵\""

    static func rows() -> [Changes.Row] {
        let product = "#4 머그컵 하나 개정판 한정 수량 특별 세트"
        let what = ChangesMessage.edited(product, changes: change)
        return [
            Changes.Row(
                cells: [
                    "*", "3", "2026-11-28 23:12", "patch 4 name='머그컵 하나 개정판' description='새 설명'",
                    what.text(in: .ko), "되돌림",
                ], what: what, shortestName: 5),
            Changes.Row(cells: ["*", "4", "2026-11-28 23:13", "stock 4 +3", "#4 머그컵: stock 5 → 8", ""]),
        ]
    }

    @Test func atEightyColumnsTheCommandGivesWayAndWhatChangedKeepsBeforeAndAfter() throws {
        let table = Language.$current.withValue(.ko) { Changes.table(Self.rows(), columns: 80) }
        let lines = table.split(separator: "\n").map(String.init)
        for line in lines { #expect(TerminalText.width(line) <= 80, "\(line)") }
        let row = try #require(lines.first { $0.contains("2026-11-28 23:12") })
        #expect(row.contains(Self.change), "\(table)")
        #expect(row.contains("#4 "), "\(table)")
        #expect(row.contains("patch 4"), "\(table)")
        #expect(lines.contains { $0.contains("#4 머그컵: stock 5 → 8") }, "\(table)")
    }

    /// An import's row keeps its count and tally whole at 100 columns, its long command giving
    /// way (it was `3 changes (1 registered, 1 edited, 1…`, the command whole).
    @Test func aBatchKeepsItsTallyAndTheCommandGivesWay() throws {
        let tally = "3 changes (1 registered, 1 edited, 1 stock)"
        let rows = [
            Changes.Row(
                cells: [
                    "*", "7", "2026-12-02 08:12", "import /tmp/trial-1/a-sheet-kept-for-months/catalog-edited.csv",
                    tally, "partly undone",
                ])
        ]
        let table = Language.$current.withValue(.en) { Changes.table(rows, columns: 100) }
        let lines = table.split(separator: "\n").map(String.init)
        for line in lines { #expect(TerminalText.width(line) <= 100, "\(line)") }
        let row = try #require(lines.first { $0.contains("2026-12-02 08:12") })
        #expect(row.contains(tally), "\(table)")
        #expect(row.contains("import /tmp/"), "\(table)")
    }

    @Test func theStateColumnHasAHeadingInTheReadersLanguage() {
        let korean = Language.$current.withValue(.ko) { Changes.table(Self.rows(), columns: nil) }
        let english = Language.$current.withValue(.en) { Changes.table(Self.rows(), columns: nil) }
        #expect(korean.split(separator: "\n").first?.hasSuffix("상태") == true, "\(korean)")
        #expect(english.split(separator: "\n").first?.hasSuffix("state") == true, "\(english)")
    }
}
