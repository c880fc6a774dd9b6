import Foundation
import OpenMarketContract
import Testing

@testable import CatalogFiles

@Suite struct CatalogWriterTests {
    static let trickyCells = [
        "say \"hi\"", "a, b", "line\rbreak", "line\nbreak", "line\r\nbreak", "머그컵 \"특가\", 1+1", "  leading spaces", "=1+1",
        "\"", ",\u{301}", "\"\u{301}x", "trailing\n",
    ]

    /// Writes every tricky cell as a name and a description (and images text) and reads it back.
    func roundTrip(_ format: CatalogFormat) throws {
        var data = Data()
        let writer = CatalogWriter(format: format, columns: [.name, .description, .price, .images], bom: true) { data.append($0) }
        let rows = Self.trickyCells.map { [CatalogColumn.name: $0, .description: "d " + $0, .price: "19.99", .images: $0] }
        for row in rows { try writer.write(row) }
        try writer.finish()
        let contents = CatalogReader.read(data, name: "out", format: format)
        #expect(contents.problems == [])
        // Every cell comes back as written, but for a CSV cell's CR LF: a line break, read as
        // `\n` (issue 40).
        let expected =
            format == .csv ? rows.map { $0.mapValues { $0.replacingOccurrences(of: "\r\n", with: "\n") } } : rows
        #expect(contents.rows.map(\.values) == expected)
    }

    @Test func csvRoundTripsTrickyCells() throws { try roundTrip(.csv) }
    @Test func jsonLinesRoundTripsTrickyCells() throws { try roundTrip(.jsonl) }
    @Test func jsonArrayRoundTripsTrickyCells() throws { try roundTrip(.json) }

    @Test func csvHasBOMCRLFAndHeader() throws {
        var data = Data()
        let writer = CatalogWriter(format: .csv, columns: [.name, .price], bom: true) { data.append($0) }
        try writer.write([.name: "a, b", .price: "3500"])
        try writer.write([.name: "c"])
        try writer.finish()
        #expect(data == Data([0xEF, 0xBB, 0xBF]) + Data("name,price\r\n\"a, b\",3500\r\nc,\r\n".utf8))
        var plain = Data()
        let noBOM = CatalogWriter(format: .csv, columns: [.id], bom: false) { plain.append($0) }
        try noBOM.finish()
        #expect(plain == Data("id\r\n".utf8))
    }

    @Test func jsonLinesWritesNumbersAsNumbersAndImagesAsAList() throws {
        var data = Data()
        let writer = CatalogWriter(format: .jsonl, columns: CatalogColumn.allCases, bom: false) { data.append($0) }
        try writer.write([.id: "12", .name: "Mug", .price: "19.99", .discount: "0.50", .stock: "3", .images: "a.jpg;b.jpg"])
        try writer.finish()
        #expect(
            String(decoding: data, as: UTF8.self)
                == "{\"id\": 12, \"name\": \"Mug\", \"price\": 19.99, \"discount\": \"0.50\", \"stock\": 3, \"images\": [\"a.jpg\", \"b.jpg\"]}\n"
        )
    }

    @Test func productRowUsesCells() throws {
        let product = Product(
            id: 7, vendorID: 2, vendorName: "가게", name: "Mug", description: "A fine mug.", thumbnail: "t.jpg", currency: .usd,
            price: Decimal(string: "19.99")!, discountedPrice: 1, stock: 5, createdAt: nil, issuedAt: nil)
        var data = Data()
        let writer = CatalogWriter(format: .csv, columns: CatalogColumn.allCases, bom: false) { data.append($0) }
        try writer.write(product, images: "photos/7-1.jpg")
        try writer.finish()
        #expect(
            String(decoding: data, as: UTF8.self).hasSuffix("\r\n7,Mug,A fine mug.,19.99,USD,1,5,photos/7-1.jpg,t.jpg,,,가게\r\n"))
    }

    @Test func fileIsWrittenAtomically() throws {
        let folder = CatalogFixtures.scratch()
        let path = folder.appendingPathComponent("out.csv").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let writer = try CatalogWriter(path: path, format: .csv, columns: [.name], replacing: true)
        try writer.write([.name: "Mug"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        try writer.finish()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("\u{FEFF}name\r\nMug\r\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.csv"])
    }
}
