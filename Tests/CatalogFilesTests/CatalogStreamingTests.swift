import Foundation
import Testing

@testable import CatalogFiles

/// A large catalog's rows are streamed from the file at each walk, never all held (issue 41:
/// a million rows checked in under 300 MB): streamed, a file reads as the same rows, problems,
/// columns and checks as held, and a file changed between two walks is told.
@Suite("Catalog rows streamed from the file")
struct CatalogStreamingTests {
    /// The fixtures (UTF-8 with BOM and CRLF, CP949, JSON Lines) and files made here: a JSON
    /// array, `;` between cells, problems at rows, a NUL that stops the reading.
    static func files() throws -> [String] {
        let folder = CatalogFixtures.scratch()
        let made: [(String, String)] = [
            ("array.json", #"[{"name":"Mug","price":3500,"images":["a.jpg","b.jpg"]}, {"name":"Cup","stock":2}]"#),
            ("semicolons.csv", "name;price;SKU\r\nMug;3500;x1\r\n\r\nCup;\"1,5\";x2\r\n"),
            ("problems.csv", "id,name,price\n1,Mug,3500\n1,Cup,3\nx,,4\n,Bowl,5\n,Bowl,6\n,Pot,7,extra\n"),
            ("nul.csv", "name,price\nMug,3500\nCup,3\u{0}5\n"),
            ("lines.jsonl", "{\"name\":\"Mug\"}\n\nnot json\n{\"name\":\"Cup\",\"cost\":1}\n"),
        ]
        for (name, text) in made {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return ["catalog.csv", "catalog-cp949.csv", "catalog.jsonl"].map(CatalogFixtures.path)
            + made.map { folder.appendingPathComponent($0.0).path }
    }

    @Test func aFileStreamedReadsAsTheSameRowsAndProblemsAsHeld() throws {
        for path in try Self.files() {
            let held = CatalogReader.read(path)
            let streamed = CatalogReader.read(path, holding: 0)
            #expect(!held.rows.isStreamed, "\(path)")
            #expect(streamed.rows.isStreamed || streamed.rows.isEmpty, "\(path)")
            #expect(Array(streamed.rows) == Array(held.rows), "\(path)")
            // A second walk reads the file again, to the same rows.
            #expect(Array(streamed.rows) == Array(held.rows), "\(path)")
            #expect(streamed.rows.count == held.rows.count && streamed.rows.withID == held.rows.withID, "\(path)")
            #expect(streamed.problems == held.problems, "\(path)")
            #expect(streamed.columns == held.columns && streamed.headers == held.headers, "\(path)")
            #expect(streamed.encodingNote == held.encodingNote && streamed.delimiter == held.delimiter, "\(path)")
            #expect(streamed.ignoredColumns == held.ignoredColumns, "\(path)")
            for newIDs in [false, true] {
                #expect(
                    CatalogCheck.problems(in: streamed, newIDs: newIDs)
                        == CatalogCheck.problems(
                            in: CatalogContents(
                                path: held.path, format: held.format, columns: held.columns, rows: Array(held.rows),
                                problems: held.problems, encodingNote: held.encodingNote), newIDs: newIDs),
                    "\(path)")
            }
            #expect(streamed.rows.first == held.rows.first && streamed.rows.last == held.rows.last, "\(path)")
            #expect(!streamed.rows.changedSinceRead, "\(path)")
        }
    }

    @Test func theFixturesStillReadAsTheirRows() throws {
        let csv = CatalogReader.read(CatalogFixtures.path("catalog.csv"), holding: 0)
        let cp949 = CatalogReader.read(CatalogFixtures.path("catalog-cp949.csv"), holding: 0)
        #expect(csv.problems.isEmpty && cp949.problems.isEmpty)
        #expect(csv.rows.count > 0 && Array(csv.rows).map(\.values) == Array(cp949.rows).map(\.values))
        #expect(cp949.encodingNote != nil)
    }

    @Test func aFileOfMoreRowsThanAreHeldIsStreamed() throws {
        let path = CatalogFixtures.scratch().appendingPathComponent("big.csv").path
        let rows = (1...(CatalogReader.holdRows + 1)).map { "Mug \($0),\($0)\r\n" }.joined()
        try Data(("name,price\r\n" + rows).utf8).write(to: URL(fileURLWithPath: path))
        let contents = CatalogReader.read(path)
        #expect(contents.rows.isStreamed)
        #expect(contents.rows.count == CatalogReader.holdRows + 1)
        #expect(
            contents.rows.last?.values == [.name: "Mug \(CatalogReader.holdRows + 1)", .price: "\(CatalogReader.holdRows + 1)"])
        #expect(contents.rows.reduce(0) { count, _ in count + 1 } == CatalogReader.holdRows + 1)
        #expect(!contents.rows.changedSinceRead)
    }

    @Test func aFileChangedBetweenTwoWalksIsTold() throws {
        let url = CatalogFixtures.scratch().appendingPathComponent("cat.csv")
        try Data("name,price\nMug,3500\nCup,3000\n".utf8).write(to: url)
        let contents = CatalogReader.read(url.path, holding: 0)
        #expect(Array(contents.rows).count == 2 && !contents.rows.changedSinceRead)
        // Saved again in place (the descriptor still reads it): a row more.
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("Bowl,2000\n".utf8))
        try handle.close()
        _ = Array(contents.rows)
        #expect(contents.rows.changedSinceRead)
    }

    @Test func aFileReplacedAfterItWasReadIsStillTheFileRead() throws {
        let folder = CatalogFixtures.scratch()
        let url = folder.appendingPathComponent("cat.csv")
        try Data("name,price\nMug,3500\n".utf8).write(to: url)
        let contents = CatalogReader.read(url.path, holding: 0)
        // A spreadsheet saves by writing another file and renaming it over the old one.
        try Data("name,price\nCup,1\nBowl,2\n".utf8).write(to: url, options: .atomic)
        #expect(Array(contents.rows).map(\.values) == [[.name: "Mug", .price: "3500"]])
        #expect(!contents.rows.changedSinceRead)
    }
}
