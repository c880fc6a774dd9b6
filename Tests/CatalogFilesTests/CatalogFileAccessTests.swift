import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import CatalogFiles

#if canImport(Glibc)
import Glibc
#endif

/// Catalog files on disk (security issue items 3 and 7): no file replaced unasked, no read
/// without bound, nothing read that is not a regular file.
@Suite("Catalog files on disk")
struct CatalogFileAccessTests {
    // MARK: Bounded reads (item 7)

    @Test func aSparseFileOf1_5GBIsRefusedWithTheLimitWithoutBeingRead() throws {
        let folder = CatalogFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge.csv").path
        let fd = open(path, O_CREAT | O_WRONLY, 0o644)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 1_500_000_000) == 0)
        close(fd)
        let before = try #require(BytesRead.byThisThread())
        let read = CatalogReader.read(path)
        let after = try #require(BytesRead.byThisThread())
        #expect(read.problems.first?.message.contains("over 256 MB, the most read for a catalog") == true, "\(read.problems)")
        // The kernel's count of the bytes this thread's reads returned (the reader is
        // synchronous, so its reads are this thread's), not a time: a read of the file would
        // add at least its 256 MB limit.
        #expect(after - before < 1_000_000, "\(after - before) bytes were read")
    }

    @Test func procSelfPagemapIsRefusedAsNotARegularFile() {
        let read = CatalogReader.read("/proc/self/pagemap", format: .csv)
        #expect(read.problems.map(\.description) == ["/proc/self/pagemap: is a /proc file, not a regular file: name a file"])
    }

    @Test func aFIFOIsRefusedWithoutBlocking() async throws {
        let folder = CatalogFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pipe.csv").path
        #expect(mkfifo(path, 0o644) == 0)
        guard case .success(let read)? = await finished(within: .seconds(30), { CatalogReader.read(path) }) else {
            // Lets a reader that blocked go (a writer opens and closes the pipe), then fails.
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            Issue.record("reading a FIFO blocked")
            return
        }
        #expect(read.problems.map(\.message) == ["is a pipe (FIFO), not a regular file: name a file"])
    }

    // MARK: Existing files (item 3)

    @Test func aCatalogWriterRefusesAnExistingFileAndLeavesItAsItWas() throws {
        let folder = CatalogFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.csv").path
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        let writer = try CatalogWriter(path: path, format: .csv, columns: [.name])
        try writer.write([.name: "Mug"])
        #expect(throws: CatalogProblem.self) { try writer.finish() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("precious".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.csv"])
    }
}
