import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketServer

/// A `kill -9` between Foundation's atomic write of a file and its rename leaves a
/// `.dat.nosync…` temporary file beside it (issue 37); the next start removes such files from
/// the data directory and its image folders, and nothing else: no link is followed, and a file
/// written a moment ago (by a market in another process over the same folder) stays.
@Suite("Leftovers of atomic writes")
struct AtomicWriteLeftoverTests {
    @Test func aStartRemovesTheTemporaryFilesAKilledMarketLeftAndNothingElse() async throws {
        let data = try Fixtures.temporaryDirectory("leftovers-market")
        let outside = try Fixtures.temporaryDirectory("leftovers-outside")
        defer {
            try? FileManager.default.removeItem(at: data)
            try? FileManager.default.removeItem(at: outside)
        }
        // A market with a photo, so that an image folder exists, then stopped.
        let first = try await TestMarket.start(directory: data)
        let product = try await first.createProduct()
        await first.running.stop()
        let image = try #require(product.images?.first)
        let photo = try #require(URL(string: image.url)?.path.replacingOccurrences(of: "/images/", with: ""))
        let imageFolder = data.appendingPathComponent("images").appendingPathComponent(photo).deletingLastPathComponent()

        let manager = FileManager.default
        let old = Date() - 3600
        func plant(_ url: URL, modified: Date = old) throws {
            try Data("half a file".utf8).write(to: url)
            try manager.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
        }
        let leftovers = [
            data.appendingPathComponent(".dat.nosync1f2e3d4c"), imageFolder.appendingPathComponent(".dat.nosyncA1B2C3"),
        ]
        for url in leftovers { try plant(url) }
        let fresh = data.appendingPathComponent(".dat.nosync99")
        try plant(fresh, modified: Date())
        // A link named like a leftover, to a file outside; and an image folder that is a link.
        let target = outside.appendingPathComponent("notes.txt")
        try plant(target)
        let link = data.appendingPathComponent(".dat.nosynclink")
        try manager.createSymbolicLink(at: link, withDestinationURL: target)
        let outsideDay = outside.appendingPathComponent("20261128", isDirectory: true)
        try manager.createDirectory(at: outsideDay, withIntermediateDirectories: true)
        let outsideLeftover = outsideDay.appendingPathComponent(".dat.nosync77")
        try plant(outsideLeftover)
        try manager.createSymbolicLink(at: data.appendingPathComponent("images/999"), withDestinationURL: outside)

        let second = try await TestMarket.start(directory: data)
        await second.running.stop()
        for url in leftovers { #expect(!manager.fileExists(atPath: url.path), "\(url.path)") }
        #expect(manager.fileExists(atPath: fresh.path))
        #expect(manager.fileExists(atPath: target.path) && manager.fileExists(atPath: outsideLeftover.path))
        #expect((try? manager.destinationOfSymbolicLink(atPath: link.path)) == target.path)
        #expect(
            manager.fileExists(atPath: imageFolder.appendingPathComponent(String(photo.split(separator: "/").last ?? "")).path))
    }
}
