import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketServer

/// A create killed (`kill -9`) after writing its image files and before writing its row leaves
/// the pair behind; the market removes such files when it opens its data directory, and never
/// a file a product row names.
@Suite("Orphan image files")
struct OrphanImageTests {
    /// Writes an image pair no row names, as a killed create leaves it; `age` backdates both files.
    static func orphanPair(in directory: URL, age: TimeInterval) throws -> [URL] {
        let folder = directory.appendingPathComponent("images/1/20240101", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stem = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let files = ["\(stem)_origin.jpg", "\(stem)_thumb.jpg"].map { folder.appendingPathComponent($0) }
        let bytes = try Fixtures.imageData("coffee-small.jpg")
        for file in files {
            try bytes.write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Date() - age], ofItemAtPath: file.path)
        }
        return files
    }

    @Test func orphanImagesAreRemovedWhenTheMarketOpensAndLiveOnesStay() async throws {
        let directory = try Fixtures.temporaryDirectory("openmarket-orphans")
        defer { try? FileManager.default.removeItem(at: directory) }
        let product = try await TestMarket.with(directory: directory) { market in
            try await market.createProduct(images: ["coffee-small.jpg", "tiny-animated.gif"])
        }
        let orphans = try Self.orphanPair(in: directory, age: 86_400)
        // Written a moment ago: a create in flight in a market serving this folder from another process.
        let fresh = try Self.orphanPair(in: directory, age: 0)
        let images = product.images ?? []
        let liveFiles = images.flatMap { [$0.url, $0.thumbnailURL] }.map {
            directory.appendingPathComponent("images/" + $0.components(separatedBy: "/images/")[1])
        }
        #expect(liveFiles.count == 4)
        #expect(liveFiles.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })

        try await TestMarket.with(directory: directory) { market in
            for orphan in orphans { #expect(!FileManager.default.fileExists(atPath: orphan.path), "\(orphan.lastPathComponent)") }
            for file in fresh { #expect(FileManager.default.fileExists(atPath: file.path), "a fresh file was removed") }
            for file in liveFiles { #expect(FileManager.default.fileExists(atPath: file.path), "a live image was removed") }
            for image in images {
                let path = "/images/" + image.url.components(separatedBy: "/images/")[1]
                let status = try await market.raw("GET", path).status
                #expect(status == 200)
            }
        }
    }
}
