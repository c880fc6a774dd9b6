import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// Issue 41 item 6: `import FILE --report FILE.csv|FILE.jsonl` writes one line per row with the
/// sheet's row number, action, id, status, a stable code and the message in the sheet's
/// language; `import FILE --rows-from REPORT --failed` sends again only the rows that did not go
/// through, and refuses a report of another sheet.
@Suite("An import's processing report")
struct ImportReportTests {
    static let header = "id,name,description,price,currency,stock,images"
    static let koreanHeader = "상품번호,상품명,설명,가격,통화,재고,사진"

    /// A sheet whose row 2 goes through, row 3 is skipped (a name too short), and row 4 changes
    /// the price of `victim`, which the market no longer has when the row is sent (404). Fixed,
    /// row 3 has a longer name and row 4 registers the product again.
    static func sheet(_ header: String, victim: Int, fixed: Bool = false) -> String {
        [
            header, ",Good one,A product that goes through,1000,KRW,5,coffee-small.jpg",
            fixed
                ? ",Fixed name,A product whose name is fixed,1000,KRW,5,coffee-small.jpg"
                : ",No,A product with a short name,1000,KRW,5,coffee-small.jpg",
            fixed
                ? ",Gone item,A product deleted meanwhile,2000,KRW,5,coffee-small.jpg"
                : "\(victim),Gone item,A product deleted meanwhile,2000,KRW,5,",
        ].joined(separator: "\n") + "\n"
    }

    /// Registers the product row 4 updates, and answers its id.
    static func victim(_ f: ScriptFixture) async throws -> Int {
        try f.copyImage("coffee-small.jpg")
        let seed = try f.script(
            "seed.csv",
            "name,description,price,currency,stock,images\nGone item,A product deleted meanwhile,1500,KRW,5,coffee-small.jpg\n")
        #expect(await f.session(RecordingConsole()).execute("import '\(seed)' --yes").status == .ok)
        return try #require(try await f.allProducts().first?.id)
    }

    /// A transport to the test market that deletes `id` (as a colleague would) just before the
    /// import reads it to update it: the market then answers 404 for real.
    static func deleting(_ id: Int, _ f: ScriptFixture) -> SpyTransport {
        let client = f.client
        return SpyTransport { request, timeout in
            if request.method == .get, request.url.path == "/api/products/\(id)" { _ = try? await client.delete(id: id) }
            return try await SpyTransport.market(request, timeout)
        }
    }

    /// Imports `sheet` (with the victim deleted on the way) with `--continue-on-error --report`.
    static func importing(
        _ f: ScriptFixture, _ header: String, name: String = "sheet.csv", report: String, language: Language = .en
    ) async throws -> (String, RecordingConsole, CommandStatus) {
        let victim = try await victim(f)
        let path = try f.script(name, sheet(header, victim: victim))
        let console = RecordingConsole()
        let session = f.session(console, transport: deleting(victim, f))
        let outcome = await Language.$current.withValue(language) {
            await session.execute(
                "import '\(path)' --yes --continue-on-error --report '\(f.directory.appendingPathComponent(report).path)'")
        }
        return (path, console, outcome.status)
    }

    /// The report's lines as cells, the header first.
    static func csv(_ path: String) throws -> [[String]] { records(try String(contentsOfFile: path, encoding: .utf8)) }

    /// RFC 4180 records: cells split at commas outside quotes, a quoted cell's `""` one quote,
    /// records ended by CR LF.
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let following = scalars.next()
                    if following == "\"" {
                        cell.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                        pending = following
                    }
                } else {
                    cell.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                cells.append(cell)
                cell = ""
            } else if scalar == "\n" {
                cells.append(cell)
                records.append(cells)
                (cells, cell) = ([], "")
            } else if scalar != "\r" {
                cell.unicodeScalars.append(scalar)
            }
        }
        return records
    }

    /// A report line by its row number (row, action, id, status, code, message, file).
    static func line(_ lines: [[String]], row: Int) -> [String]? { lines.last { $0.first == String(row) } }

    static func isHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }

    @Test func eachRowHasItsRowNumberActionIDStatusCodeAndMessage() async throws {
        try await ScriptFixture.with { f in
            let (_, console, status) = try await Self.importing(f, Self.header, report: "report.csv")
            #expect(status == .failed, "\(console.notes)")
            let lines = try Self.csv(f.directory.appendingPathComponent("report.csv").path)
            #expect(lines.first == ["row", "action", "id", "status", "code", "message", "file"])
            #expect(lines.count == 4, "\(lines)")
            let good = try #require(Self.line(lines, row: 2))
            let made = try await f.allProducts()
            #expect(good[1] == "register" && good[3] == "registered" && good[4] == "" && good[6] == "sheet.csv")
            #expect(made.map(\.id) == [Int(good[2])].compactMap { $0 }, "\(good) \(made.map(\.name))")
            let skipped = try #require(Self.line(lines, row: 3))
            #expect(skipped[1] == "check" && skipped[3] == "skipped" && skipped[4] == "invalid_name", "\(skipped)")
            #expect(skipped[5].hasPrefix("name: ") && !Self.isHangul(skipped[5]), "\(skipped)")
            let refused = try #require(Self.line(lines, row: 4))
            #expect(refused[1] == "update" && refused[3] == "failed" && refused[4] == "http_404", "\(refused)")
            #expect(refused[5].contains("404") && !Self.isHangul(refused[5]), "\(refused)")
        }
    }

    @Test func aKoreanSheetsReportSpeaksKoreanToAnEnglishReader() async throws {
        try await ScriptFixture.with { f in
            let (_, console, status) = try await Self.importing(f, Self.koreanHeader, name: "시트.csv", report: "report.csv")
            #expect(status == .failed)
            let lines = try Self.csv(f.directory.appendingPathComponent("report.csv").path)
            // Columns, actions, statuses and codes are the same in every language.
            #expect(lines.first == ["row", "action", "id", "status", "code", "message", "file"])
            let skipped = try #require(Self.line(lines, row: 3))
            #expect(skipped[4] == "invalid_name" && Self.isHangul(skipped[5]), "\(skipped)")
            let refused = try #require(Self.line(lines, row: 4))
            #expect(refused[4] == "http_404" && Self.isHangul(refused[5]), "\(refused)")
            #expect(refused[6] == "시트.csv")
            // The screen stays in the reader's language.
            #expect(console.notes.contains("404") && !console.notes.contains("서버"), "\(console.notes)")
        }
    }

    /// An updated row's fields are named in the sheet's language (before, a Korean sheet's
    /// report said `바꾼 항목: price`).
    @Test func anUpdatedRowsFieldsAreNamedInTheSheetsLanguage() async throws {
        try await ScriptFixture.with { f in
            let id = try await Self.victim(f)
            let path = try f.script("시트.csv", "\(Self.koreanHeader)\n\(id),Gone item,A product deleted meanwhile,1800,KRW,7,\n")
            let report = f.directory.appendingPathComponent("report.csv").path
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes --report '\(report)'").status == .ok)
            let updated = try #require(Self.line(try Self.csv(report), row: 2))
            #expect(updated[3] == "updated" && updated[5] == "바꾼 항목: 가격, 재고", "\(updated)")
            #expect(ReportMessage.changedFields([.price, .stock]).text(in: .en) == "changed price, stock")
        }
    }

    @Test func anEnglishSheetsReportSpeaksTheReadersLanguage() async throws {
        try await ScriptFixture.with { f in
            _ = try await Self.importing(f, Self.header, report: "report.csv", language: .ko)
            let lines = try Self.csv(f.directory.appendingPathComponent("report.csv").path)
            let skipped = try #require(Self.line(lines, row: 3))
            #expect(skipped[4] == "invalid_name" && Self.isHangul(skipped[5]), "\(skipped)")
            let refused = try #require(Self.line(lines, row: 4))
            #expect(refused[4] == "http_404" && Self.isHangul(refused[5]), "\(refused)")
        }
    }

    @Test func rowsFromAReportRetriesOnlyTheRowsThatFailed() async throws {
        try await ScriptFixture.with { f in
            let (path, _, _) = try await Self.importing(f, Self.header, report: "report.csv")
            let report = f.directory.appendingPathComponent("report.csv").path
            #expect(try await f.allProducts().map(\.name) == ["Good one"])
            // The seller fixes rows 3 and 4 and changes row 2 (which went through: not sent again).
            try f.script(
                "sheet.csv", Self.sheet(Self.header, victim: 0, fixed: true).replacingOccurrences(of: "Good one", with: "Changed")
            )
            let again = f.directory.appendingPathComponent("again.csv").path
            let console = RecordingConsole()
            let outcome = await f.session(console).execute(
                "import '\(path)' --rows-from '\(report)' --failed --yes --report '\(again)'")
            #expect(outcome.status == .ok, "\(console.notes)")
            #expect(console.notes.contains("retrying 2 rows") && console.notes.contains("3, 4"), "\(console.notes)")
            #expect(try await f.allProducts().map(\.name).sorted() == ["Fixed name", "Gone item", "Good one"])
            let lines = try Self.csv(again)
            #expect(
                lines.dropFirst().map { [$0[0], $0[3]] }.sorted { $0[0] < $1[0] } == [["3", "registered"], ["4", "registered"]])
            // Now every row went through: nothing is sent.
            let none = RecordingConsole()
            #expect(await f.session(none).execute("import '\(path)' --rows-from '\(again)' --failed --yes").status == .ok)
            #expect(none.notes.contains("nothing to retry"), "\(none.notes)")
        }
    }

    @Test func aJSONLinesReportHasTheSameLinesAndFeedsRowsFrom() async throws {
        try await ScriptFixture.with { f in
            let (path, _, _) = try await Self.importing(f, Self.koreanHeader, report: "report.jsonl")
            let report = f.directory.appendingPathComponent("report.jsonl").path
            let objects = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map { line in
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            }
            #expect(objects.count == 3)
            let refused = try #require(objects.first { $0["row"] as? Int == 4 })
            #expect(refused["code"] as? String == "http_404" && refused["status"] as? String == "failed")
            #expect(Self.isHangul(refused["message"] as? String ?? ""), "\(refused)")
            #expect(objects.contains { $0["row"] as? Int == 2 && $0["id"] as? Int != nil })
            try f.script("sheet.csv", Self.sheet(Self.koreanHeader, victim: 0, fixed: true))
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --rows-from '\(report)' --failed --yes").status == .ok)
            #expect(try await f.allProducts().count == 3, "\(console.notes)")
        }
    }

    @Test func aReportOfAnotherSheetIsRefusedWithWhatToDo() async throws {
        try await ScriptFixture.with { f in
            let (path, _, _) = try await Self.importing(f, Self.header, report: "report.csv")
            let report = f.directory.appendingPathComponent("report.csv").path
            let other = try f.script("other.csv", Self.sheet(Self.header, victim: 0, fixed: true))
            let before = try await f.allProducts().count
            let console = RecordingConsole()
            let outcome = await f.session(console).execute("import '\(other)' --rows-from '\(report)' --failed --yes")
            #expect(outcome.status == .usage)
            #expect(console.notes.contains("report of sheet.csv, not of"), "\(console.notes)")
            #expect(console.notes.contains("--rows-from \(report) --failed"), "\(console.notes)")
            #expect(try await f.allProducts().count == before)
            let korean = RecordingConsole()
            _ = await Language.$current.withValue(.ko) {
                await f.session(korean).execute("import '\(other)' --rows-from '\(report)' --failed --yes")
            }
            #expect(korean.notes.contains("sheet.csv 파일의 보고서"), "\(korean.notes)")
            // Not a report at all, and --failed alone.
            let notReport = RecordingConsole()
            #expect(await f.session(notReport).execute("import '\(path)' --rows-from '\(other)' --failed").status == .usage)
            #expect(notReport.notes.contains("not an import report"), "\(notReport.notes)")
            let alone = RecordingConsole()
            #expect(await f.session(alone).execute("import '\(path)' --failed").status == .usage)
            #expect(alone.notes.contains("--rows-from REPORT"), "\(alone.notes)")
        }
    }

    @Test func reportMessagesHaveBothCataloguesInTheirStyle() {
        let samples: [ReportMessage] = [
            .notRun, .outcomeUnknown("timed out"), .changedFields([.price, .stock]), .failedNeedsRowsFrom, .rowsFromWithPrune,
            .rowsFromWithJournal, .reportUnreadable(report: "r.csv", why: "No such file"), .notAReport(report: "r.csv"),
            .notThisSheet(report: "r.csv", sheet: "a.csv", file: "b.csv"),
            .rowNotInSheet(report: "r.csv", row: 40, file: "a.csv"),
            .nothingFailed(report: "r.csv"), .retrying(count: 2, rows: "3, 4", report: "r.csv"),
            .retrying(count: 1, rows: "3", report: "r.csv"), .takingRows(count: 2, rows: "3, 4", report: "r.csv"),
        ]
        let declared = try? SpokenCatalogCheck.declaredCases(in: "ReportMessage.swift")
        #expect(Set(samples.map(SpokenCatalogCheck.caseName)) == declared)
        for message in samples {
            #expect(SpokenCatalogCheck.problems(message).isEmpty, "\(SpokenCatalogCheck.problems(message))")
        }
    }
}
