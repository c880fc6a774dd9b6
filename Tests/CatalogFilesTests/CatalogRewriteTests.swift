import Foundation
import Testing

@testable import CatalogFiles

@Suite struct CatalogRewriteTests {
    /// `text` written into a fresh folder as `name` with `mode`.
    func file(_ name: String, _ data: Data, mode: Int = 0o640) throws -> (folder: URL, path: String) {
        let folder = CatalogFixtures.scratch()
        let path = folder.appendingPathComponent(name).path
        try data.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return (folder, path)
    }

    func expectKeptModeAndNoTemporaryFile(_ folder: URL, _ path: String) throws {
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [(path as NSString).lastPathComponent])
    }

    @Test func csvWithAnIDColumnGetsTheIDs() throws {
        let (folder, path) = try file("c.csv", Data("name,ID,price\r\nMug,,3\r\n\r\n\"Cup\nbig\",,4\r\nBowl,7,5\r\n".utf8))
        try CatalogRewrite.writeIDs([2: 101, 4: 102], into: path, format: .csv)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path))
                == Data([0xEF, 0xBB, 0xBF]) + Data("name,ID,price\r\nMug,101,3\r\n\r\n\"Cup\nbig\",102,4\r\nBowl,7,5\r\n".utf8))
        try expectKeptModeAndNoTemporaryFile(folder, path)
    }

    @Test func csvWithoutAnIDColumnGetsOneFirst() throws {
        let (folder, path) = try file("c.csv", Data("name,price\nMug,3\nCup,4\n".utf8))
        try CatalogRewrite.writeIDs([3: 9], into: path, format: .csv)
        let contents = CatalogReader.read(path)
        #expect(contents.columns == [.id, .name, .price])
        #expect(contents.rows.map { $0[.id] } == [nil, "9"])
        try expectKeptModeAndNoTemporaryFile(folder, path)
    }

    @Test func aSemicolonSeparatedFileKeepsItsSemicolons() throws {
        let (folder, path) = try file("c.csv", Data("name;price;description\r\nMug;3;\"big; red\"\r\n".utf8))
        try CatalogRewrite.writeIDs([2: 12], into: path, format: .csv)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path))
                == Data([0xEF, 0xBB, 0xBF]) + Data("id;name;price;description\r\n12;Mug;3;\"big; red\"\r\n".utf8))
        try expectKeptModeAndNoTemporaryFile(folder, path)
    }

    @Test func cp949FileStaysCP949() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: CatalogFixtures.path("catalog-cp949.csv")))
        let (folder, path) = try file("k.csv", original)
        try CatalogRewrite.writeIDs([2: 1, 13: 12], into: path, format: .csv)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(!data.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(String(validating: [UInt8](data), as: UTF8.self) == nil, "not UTF-8")
        let before = CatalogReader.read(CatalogFixtures.path("catalog.csv"))
        let after = CatalogReader.read(path)
        #expect(after.encodingNote == "read as CP949 (Korean Excel's encoding)")
        #expect(after.rows.map { $0.values.filter { $0.key != .id } } == before.rows.map(\.values))
        #expect(after.rows.map { $0[.id] } == ["1"] + Array(repeating: nil, count: 10) + ["12"])
        try expectKeptModeAndNoTemporaryFile(folder, path)
    }

    @Test func jsonLinesGetsIDsOnTheirLinesOnly() throws {
        let text = "{\"name\": \"Mug\",  \"price\": 19.99}\n\n{\"name\": \"Cup\", \"price\": 3}\n"
        let (folder, path) = try file("c.jsonl", Data(text.utf8))
        try CatalogRewrite.writeIDs([3: 44], into: path, format: .jsonl)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == "{\"name\": \"Mug\",  \"price\": 19.99}\n\n{\"id\": 44, \"name\": \"Cup\", \"price\": 3}\n")
        try expectKeptModeAndNoTemporaryFile(folder, path)
    }

    /// A JSON Lines file saved on Windows keeps its `\r\n` and gets the id on its line (before,
    /// the whole file was one line and `--write-ids` refused it as not a product object).
    @Test func jsonLinesWithWindowsLineEndsGetsIDsOnTheirLines() throws {
        let text = "{\"name\": \"Mug\", \"price\": 2}\r\n{\"name\": \"Cup\", \"price\": 3}\r\n"
        let (folder, path) = try file("c.jsonl", Data(text.utf8))
        try CatalogRewrite.writeIDs([2: 44], into: path, format: .jsonl)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == "{\"name\": \"Mug\", \"price\": 2}\r\n{\"id\": 44, \"name\": \"Cup\", \"price\": 3}\r\n")
        try expectKeptModeAndNoTemporaryFile(folder, path)
    }

    @Test func jsonArrayGetsIDs() throws {
        let (folder, path) = try file("c.json", Data("[{\"name\": \"Mug\", \"price\": 19.99}, {\"name\": \"Cup\"}]".utf8))
        try CatalogRewrite.writeIDs([2: 5], into: path, format: .json)
        #expect(CatalogReader.read(path).rows.map(\.values) == [[.name: "Mug", .price: "19.99"], [.id: "5", .name: "Cup"]])
        try expectKeptModeAndNoTemporaryFile(folder, path)
    }
}
