import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import CatalogFiles

#if canImport(Glibc)
import Glibc
#endif

/// Catalog files from an unkind source (security issue item 8 and the low items): no formula a
/// spreadsheet would run, no row swallowed by an unclosed quote, no catalog without a row bound.
@Suite("Catalog files kept safe")
struct CatalogSafetyTests {
    /// A CSV written to memory, as `list --format csv` writes it.
    static func csv(_ rows: [[CatalogColumn: String]], columns: [CatalogColumn]) throws -> String {
        var data = Data()
        let writer = CatalogWriter(format: .csv, columns: columns, bom: false) { data.append($0) }
        for row in rows { try writer.write(row) }
        try writer.finish()
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: Formulas (item 8)

    @Test(arguments: ["=", "+", "-", "@", "\t", "\r"])
    func aTextCellStartingWithAFormulaCharacterIsWrittenWithAQuoteMarkFirst(_ first: String) throws {
        let cell = first + "HYPERLINK(\"http://127.0.0.1/x\",\"click\")"
        let text = try Self.csv([[.name: cell, .description: cell]], columns: [.name, .description])
        let record = text.components(separatedBy: "\r\n")[1]
        let quoted = "'" + cell.replacingOccurrences(of: "\"", with: "\"\"")
        #expect(record == "\"\(quoted)\",\"\(quoted)\"", "\(record.debugDescription)")
    }

    @Test func everyCellRoundTripsExactlyThroughCSVIncludingCellsStartingWithAQuoteMark() throws {
        let cells = [
            "=1+1", "'=1+1", "''=1+1", "'", "''", "'plain", "+82 10", "-minus", "@home", "\tTab", "\rCR", "plain", "a'b",
            "= spaced", "-", "",
        ]
        let columns: [CatalogColumn] = [.name, .description, .images, .vendor, .currency]
        let rows =
            cells.map { cell in Dictionary(uniqueKeysWithValues: columns.map { ($0, "x" + cell) }) }
            + cells.map { cell in Dictionary(uniqueKeysWithValues: columns.map { ($0, cell) }) }
        let text = try Self.csv(rows, columns: columns)
        let read = CatalogFixtures.read(text)
        #expect(read.problems.isEmpty, "\(read.problems)")
        let expected = rows.filter { $0.values.contains { !$0.isEmpty } }.map { $0.filter { !$0.value.isEmpty } }
        #expect(read.rows.map(\.values) == expected)
    }

    @Test func aPlainNumberInANumberColumnIsWrittenAsItIsAndAFormulaThereIsNeutralised() throws {
        let text = try Self.csv(
            [[.price: "-5", .discount: "+3", .stock: "-2"], [.price: "=1+1", .discount: "-1+2", .stock: "'7"]],
            columns: [.price, .discount, .stock])
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines[1] == "-5,+3,-2")
        #expect(lines[2] == "'=1+1,'-1+2,''7")
        #expect(
            CatalogFixtures.read(text).rows.map(\.values) == [
                [.price: "-5", .discount: "+3", .stock: "-2"], [.price: "=1+1", .discount: "-1+2", .stock: "'7"],
            ])
    }

    @Test func aCSVCellWrittenWithAQuoteMarkBeforeAFormulaImportsWithoutIt() {
        let read = CatalogFixtures.read("name,description\n'=1+1,''quoted\n")
        #expect(read.rows.first?.values == [.name: "=1+1", .description: "'quoted"])
    }

    @Test func jsonCatalogsAreNotChanged() throws {
        var data = Data()
        let writer = CatalogWriter(format: .jsonl, columns: [.name], bom: false) { data.append($0) }
        try writer.write([.name: "=1+1"])
        try writer.finish()
        #expect(String(decoding: data, as: UTF8.self) == "{\"name\": \"=1+1\"}\n")
    }

    // MARK: Unclosed quotes and row counts (low items)

    @Test func anUnclosedQuoteIsAProblemNamingTheRowWhereItOpened() {
        let read = CatalogFixtures.read(
            "name,description,price,currency\nMug,fine,100,KRW\nCup,\"never closed,100,KRW\nPot,kept,100,KRW\n")
        #expect(read.rows.isEmpty)
        #expect(read.problems.count == 1)
        #expect(read.problems.first?.description.hasPrefix("cat.csv:3: an unclosed quote") == true, "\(read.problems)")
    }

    @Test func quotesThatCloseAcrossLinesAreNoProblem() {
        let read = CatalogFixtures.read("name,description\r\n\"a \"\"b\"\"\",\"two\r\nlines\"\r\nc,\"d\"\r\n")
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.rows.map(\.number) == [2, 3])
        // The cell's CR LF is its line break, `\n` (issue 40).
        #expect(read.rows.first?.values == [.name: "a \"b\"", .description: "two\nlines"])
    }

    @Test func aCatalogOfMoreRowsThanTheLimitIsRefusedNamingTheLimit() {
        // What one Excel sheet holds under its header (issue 41: a million rows are checked).
        #expect(CatalogReader.maxRows == 1_048_575)
        #expect(CatalogReader.tooManyRows("cat.csv", limit: CatalogReader.maxRows).message.hasPrefix("more than 1,048,575 rows"))
        // A small limit here: the real one takes seconds to parse in a debug build.
        let limit = 50
        for (format, row) in [(CatalogFormat.csv, "Mug\n"), (.jsonl, "{\"name\":\"Mug\"}\n")] {
            let header = format == .csv ? "name\n" : ""
            let over = CatalogReader.read(
                Data((header + String(repeating: row, count: limit + 1)).utf8), name: "cat", format: format, maxRows: limit)
            #expect(
                over.problems.map(\.description) == [
                    "cat: more than 50 rows, the most one catalog may have: split it into smaller files"
                ])
            let at = CatalogReader.read(
                Data((header + String(repeating: row, count: limit)).utf8), name: "cat", format: format, maxRows: limit)
            #expect(at.problems.isEmpty && at.rows.count == limit, "\(format): \(at.problems)")
        }
        let array = "[" + Array(repeating: "{\"name\":\"Mug\"}", count: limit + 1).joined(separator: ",") + "]"
        #expect(CatalogReader.read(Data(array.utf8), name: "cat", format: .json, maxRows: limit).problems.count == 1)
    }
}
