import Foundation
import Testing

@testable import CatalogFiles

/// Issue 37, item 8: a catalog is read a chunk at a time, and a cell over
/// `CatalogReader.maxCellBytes`, a row over `maxRowBytes` or a NUL byte stops the reading where it
/// is met, with its row and column, without the rest of the file being read. The inputs here
/// make their bytes as they are asked for, and count them: what was read is what was asked.
@Suite("Catalog cells and rows are bounded while reading")
struct CatalogBoundsTests {
    /// `head`, then `fill` repeated until `total` bytes in all, then `tail`, made a chunk at a
    /// time as the reader asks (a 240 MB file costs nothing until it is read).
    static func made(_ head: String, fill: UInt8, total: Int, tail: String = "") -> CatalogInput {
        var given = 0
        var tailGiven = false
        let start = Array(head.utf8)
        return CatalogInput { () -> [UInt8] in
            if given == 0 && !start.isEmpty {
                given = start.count
                return start
            }
            if given < total {
                let count = min(CatalogInput.chunkBytes, total - given)
                given += count
                return [UInt8](repeating: fill, count: count)
            }
            if tailGiven { return [] }
            tailGiven = true
            return Array(tail.utf8)
        }
    }

    /// The most a reader may ask for past a bound: the chunk the bound is met in, and one more.
    static let slack = 2 * CatalogInput.chunkBytes

    @Test func aCellOf240MBIsRefusedAtItsRowAndColumnAfterReadingLittleMoreThanTheBound() {
        var input = Self.made(
            "name,description,price,currency\r\nMug,", fill: UInt8(ascii: "a"), total: 240_000_000, tail: ",3500,KRW\r\n")
        let read = CatalogReader.read(&input, name: "cat.csv", format: .csv)
        #expect(read.problems.count == 1)
        #expect(
            read.problems.first?.description.hasPrefix("cat.csv:2:description: a cell of more than 64 KiB") == true,
            "\(read.problems)")
        #expect(read.rows.isEmpty)
        #expect(input.bytesRead <= CatalogReader.maxCellBytes + Self.slack, "read \(input.bytesRead) bytes")
    }

    @Test func aQuotedCellThatNeverEndsIsRefusedTheSameWay() {
        var input = Self.made("name,description\nMug,\"", fill: UInt8(ascii: "\n"), total: 240_000_000)
        let read = CatalogReader.read(&input, name: "cat.csv", format: .csv)
        #expect(read.problems.map(\.description).first?.hasPrefix("cat.csv:2:description: a cell of more than") == true)
        #expect(input.bytesRead <= CatalogReader.maxCellBytes + Self.slack, "read \(input.bytesRead) bytes")
    }

    @Test func jsonValuesOver240MBAreRefusedNamingTheirKey() {
        var lines = Self.made(
            "{\"name\": \"Mug\"}\n{\"name\": \"Cup\", \"description\": \"", fill: UInt8(ascii: "a"), total: 240_000_000)
        let line = CatalogReader.read(&lines, name: "c.jsonl", format: .jsonl)
        #expect(line.problems.first?.description.hasPrefix("c.jsonl:2:description: a cell of more than 64 KiB") == true)
        #expect(lines.bytesRead <= CatalogReader.maxCellBytes + Self.slack)
        var array = Self.made("[{\"name\": \"Mug\"}, {\"price\": 1", fill: UInt8(ascii: "0"), total: 240_000_000)
        let element = CatalogReader.read(&array, name: "c.json", format: .json)
        #expect(element.problems.first?.description.hasPrefix("c.json:2:price: a cell of more than 64 KiB") == true)
        #expect(array.bytesRead <= CatalogReader.maxCellBytes + Self.slack)
    }

    @Test func nulBytesAreRefusedAtTheirRowBeforeTheRestIsRead() {
        var nuls = Self.made("", fill: 0, total: 250_000_000)
        let read = CatalogReader.read(&nuls, name: "nuls.csv", format: .csv)
        #expect(read.problems.map(\.description).first?.hasPrefix("nuls.csv:1: a NUL byte (U+0000)") == true, "\(read.problems)")
        #expect(nuls.bytesRead <= Self.slack)
        let inRow = CatalogFixtures.read("name,description\nMug,fine\nCup,bad\u{0}text\nPot,kept\n")
        #expect(inRow.problems.map(\.description).first?.hasPrefix("cat.csv:3:description: a NUL byte") == true)
        #expect(inRow.rows.isEmpty, "no row of a file not read to its end")
        for format in [CatalogFormat.jsonl, .json] {
            let text =
                format == .jsonl
                ? "{\"name\": \"Mug\"}\n{\"name\": \"a\u{0}\"}\n" : "[{\"name\": \"Mug\"}, {\"name\": \"a\u{0}\"}]"
            let json = CatalogFixtures.read(text, format, name: "c")
            #expect(json.problems.map(\.description).first?.hasPrefix("c:2:name: a NUL byte") == true, "\(json.problems)")
        }
    }

    @Test func aCellAtTheBoundIsReadAndARowOverItsBoundIsNot() {
        let atBound = String(repeating: "a", count: CatalogReader.maxCellBytes)
        let read = CatalogFixtures.read("name,description\nMug,\(atBound)\n")
        #expect(read.problems.isEmpty, "\(read.problems.map(\.description))")
        #expect(read.rows.first?[.description]?.utf8.count == CatalogReader.maxCellBytes)
        // Many cells each within the bound: the row is not.
        let cell = String(repeating: "b", count: 60_000)
        let wide = CatalogFixtures.read("name,memo\nMug," + Array(repeating: cell, count: 20).joined(separator: ",") + "\n")
        #expect(wide.problems.map(\.description).first?.hasPrefix("cat.csv:2: a row of more than 1 MiB") == true)
    }

    @Test func aFileIsReadAPieceAtATimeToTheSameRows() throws {
        let path = CatalogFixtures.path("catalog.csv")
        let whole = CatalogReader.read(path)
        #expect(whole.problems.isEmpty)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        // Chunks of 1 to 7 bytes: every CRLF, quote and UTF-8 sequence is cut somewhere.
        for size in 1...7 {
            var offset = 0
            var input = CatalogInput { () -> [UInt8] in
                let end = min(offset + size, data.count)
                defer { offset = end }
                return [UInt8](data[offset..<end])
            }
            let pieces = CatalogReader.read(&input, name: path, format: .csv)
            #expect(pieces.rows == whole.rows, "chunks of \(size)")
            #expect(pieces.problems.isEmpty, "chunks of \(size): \(pieces.problems)")
        }
    }
}
