import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// What an import holds back (a conflict, a probable rename) is in its report and its summary:
/// the report has a line for every row, with the sheet's action where the row names one, and
/// `--rows-from REPORT --failed` takes the held rows again (review of issue 41, findings 5, 8, 9).
@Suite("What an import holds back, in its report and summary")
struct ImportHeldBackTests {
    typealias Merge = CatalogMergeTests

    /// An export of Item 1 … Item 5, then: Item 1's price changed on both sides (a conflict),
    /// Item 2's in the sheet (`merge`), Item 3 `ignore`, Item 4's id emptied and its name
    /// changed (a probable rename), Item 5 `replace`. The sheet's path and the products' ids.
    static func sheet(_ f: ScriptFixture) async throws -> (String, [String: Int]) {
        let sheet = try await Merge.exportedCatalog(f, count: 5)
        let ids = try await Merge.byName(f).mapValues(\.id)
        _ = try await f.client.edit(id: ids["Item 1"]!, ProductChanges(price: 1201))
        var text = try String(contentsOfFile: sheet, encoding: .utf8)
        text = Merge.withActions(text, ["Item 2": "merge", "Item 3": "ignore", "Item 5": "replace"])
        try text.write(toFile: sheet, atomically: true, encoding: .utf8)
        let words = Merge.words
        try Merge.edit(
            sheet,
            [
                (",Item 1,\(words),1001,", ",Item 1,\(words),1301,"),
                (",Item 2,\(words),1002,", ",Item 2,\(words),1302,"),
                (
                    "\(ids["Item 4"]!),Item 4,\(words),1004,KRW,0,5,,",
                    ",Item 4 (renewed),\(words),1004,KRW,0,5,coffee-small.jpg,"
                ),
                (",Item 5,\(words),1005,KRW,0,5,,", ",Item 5,\(words),1005,KRW,0,5,coffee-small.jpg,"),
            ])
        return (sheet, ids)
    }

    @Test func theReportHasALineForEveryRowHeldBackAndRowsFromRetriesThem() async throws {
        try await ScriptFixture.with { f in
            let (sheet, ids) = try await Self.sheet(f)
            let report = f.directory.appendingPathComponent("r.csv").path
            let console = RecordingConsole()
            let status = await f.session(console).execute("import '\(sheet)' --yes --report '\(report)'").status
            #expect(status == .ok, "\(console.notes)")
            let lines = try ImportReportTests.csv(report).dropFirst()
            // Each row's line, by the name the sheet's row has (the export's order is the market's).
            let sheetLines = try String(contentsOfFile: sheet, encoding: .utf8).components(separatedBy: "\r\n")
            let rowOf = { (name: String) in (sheetLines.firstIndex { $0.contains(",\(name),") } ?? -1) + 1 }
            let byNumber = Dictionary(lines.map { (Int($0[0]) ?? 0, $0) }, uniquingKeysWith: { $1 })
            let byRow = { (name: String) in byNumber[rowOf(name)] }
            // Row 2 (Item 1): a conflict, with the plan's words; no action cell: the request's verb.
            #expect(Array(byRow("Item 1")?[1...4] ?? []) == ["update", "\(ids["Item 1"]!)", "conflict", "conflict"])
            #expect(
                byRow("Item 1")?[5].contains("price: sheet '₩1,301', market '₩1,201' (was '₩1,001')") == true,
                "\(byRow("Item 1") ?? [])")
            // The sheet's actions: merge, ignore, replace.
            #expect(Array(byRow("Item 2")?[1...3] ?? []) == ["merge", "\(ids["Item 2"]!)", "updated"], "\(lines)")
            #expect(Array(byRow("Item 3")?[1...3] ?? []) == ["ignore", "", "unchanged"], "\(lines)")
            #expect(byRow("Item 5")?[1] == "replace" && byRow("Item 5")?[3] == "registered", "\(lines)")
            // Row 5 (Item 4 renamed): held, with the fix.
            #expect(Array(byRow("Item 4 (renewed)")?[3...4] ?? []) == ["held", "probable_rename"], "\(lines)")
            #expect(
                byRow("Item 4 (renewed)")?[5].contains("looks like your #\(ids["Item 4"]!) Item 4 renamed") == true, "\(lines)")
            #expect(lines.count == 5, "\(lines)")
            // --failed takes the two rows held back again.
            let retry = RecordingConsole()
            let retried = await f.session(retry).execute("import '\(sheet)' --rows-from '\(report)' --failed --plan")
            #expect(retried.status == .ok, "\(retry.notes)")
            #expect(retry.notes.contains("retrying 2 rows that did not go through in"), "\(retry.notes)")
            let held = [rowOf("Item 1"), rowOf("Item 4 (renewed)")].sorted().map(String.init).joined(separator: ", ")
            #expect(retry.notes.contains("r.csv: \(held)"), "\(retry.notes)")
        }
    }

    @Test func theSummarySaysWhatWasHeldBackAndWhatWasReplaced() async throws {
        try await ScriptFixture.with { f in
            let (sheet, _) = try await Self.sheet(f)
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(sheet)' --yes").status == .ok, "\(console.notes)")
            #expect(console.out.contains("1 conflict not sent"), "\(console.out)")
            #expect(console.out.contains("1 held back (probable rename)"), "\(console.out)")
            #expect(console.out.contains("1 replaced (its old product deleted)"), "\(console.out)")
        }
    }

    /// A sheet whose only change is a conflict sends nothing, yet its report has the row's line
    /// and the import says what it held back.
    @Test func anImportThatSendsNothingStillReportsWhatItHeldBack() async throws {
        try await ScriptFixture.with { f in
            let sheet = try await Merge.exportedCatalog(f, count: 2)
            let id = try await Merge.byName(f)["Item 1"]!.id
            _ = try await f.client.edit(id: id, ProductChanges(price: 1201))
            try Merge.edit(sheet, [(",Item 1,\(Merge.words),1001,", ",Item 1,\(Merge.words),1301,")])
            let report = f.directory.appendingPathComponent("r.csv").path
            let console = RecordingConsole()
            let status = await f.session(console).execute("import '\(sheet)' --yes --report '\(report)'").status
            #expect(status == .ok, "\(console.notes)")
            #expect(console.notes.contains("1 conflict not sent"), "\(console.notes)")
            // The conflict is a change the sheet asks for: not "nothing to change".
            #expect(console.notes.contains("sheet.csv: nothing sent\n"), "\(console.notes)")
            #expect(!console.notes.contains("nothing to change"), "\(console.notes)")
            let lines = try ImportReportTests.csv(report).dropFirst()
            #expect(lines.count == 2, "\(lines)")
            #expect(lines.first.map { Array($0[0...4]) } == ["2", "update", "\(id)", "conflict", "conflict"], "\(lines)")
            #expect(try await f.product(id: id).price == 1201)
        }
    }

    @Test func summaryMessagesHaveBothCataloguesInTheirStyle() {
        let samples: [ImportSummaryMessage] = [
            .conflictsNotSent(1), .conflictsNotSent(2), .heldBack(1), .heldBack(3), .replaced(1), .replaced(2),
        ]
        let declared = try? SpokenCatalogCheck.declaredCases(in: "ImportSummaryMessage.swift")
        #expect(Set(samples.map(SpokenCatalogCheck.caseName)) == declared)
        for message in samples {
            #expect(SpokenCatalogCheck.problems(message).isEmpty, "\(SpokenCatalogCheck.problems(message))")
        }
    }
}
