import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

#if canImport(Glibc)
import Glibc
#endif

/// Issue 21, item 7, for the files a raw request reads (`name=@FILE`, `name@FILE`): a pipe,
/// `/proc/self/pagemap` (size 0, endless) and a sparse file are refused before they are read,
/// with one line naming the file; nothing is sent.
@Suite("Files a raw request reads are bounded")
struct RawFileBoundsTests {
    @Test func aPipeAProcFileAndAHugeFileAreRefusedUnread() async throws {
        let folder = try Fixtures.temporaryDirectory("raw-bounds")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let sparse = folder.appendingPathComponent("sparse.jpg").path
        #expect(FileManager.default.createFile(atPath: sparse, contents: nil))
        #expect(truncate(sparse, 1_500_000_000) == 0)
        let server = try MisbehavingServer.answering(status: 200, body: "{}")
        defer { server.stop() }
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(
                serverURL: server.baseURL,
                credentials: VendorCredentials(identifier: "0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77", secret: "raw-secret-1"),
                timeout: .seconds(60)),
            console: console)
        // The process's reads, not a time (a loaded machine stalls for seconds): the other
        // tests beside it read far less than the sparse file's 1.5 GB.
        let before = try #require(BytesRead.byThisProcess())
        for (line, said) in [
            ("PATCH /api/products/1 description=@\(fifo)", "pipe"),
            ("PATCH /api/products/1 description=@/proc/self/pagemap", "not a regular file"),
            ("POST /api/products images@/proc/self/pagemap", "not a regular file"),
            ("POST /api/products images@\(sparse)", "over 16"),
        ] {
            console.clear()
            #expect(await shell.execute(line).status != .ok, "\(line)")
            #expect(console.notes.contains(said), "\(line): \(console.notes)")
        }
        let after = try #require(BytesRead.byThisProcess())
        #expect(after - before < 1_000_000_000, "\(after - before) bytes were read: the sparse file was")
        #expect(server.received.isEmpty)
    }
}
