import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// A full disk (issue 37): the market answers `507 Insufficient Storage` with one sentence, not a
/// bare `500 internal error`, whether the image store or SQLite ran out of room, and works again
/// once there is room. The disk is real: a tmpfs of a few megabytes mounted for the test (the
/// tests run as root, here and in CI), filled to the last block.
@Suite("A full disk", .serialized)
struct DiskFullTests {
    @Test func aCreateWhosePhotoCannotBeWrittenIsAnswered507AndWorksOnceThereIsRoom() async throws {
        try await TinyDisk.with { disk in
            try await TestMarket.with(directory: disk.folder.appendingPathComponent("market")) { market in
                let filler = try disk.fill()
                let full = try await market.rawCreate(
                    params: market.params(), images: [("mug.jpg", try Fixtures.imageData("coffee-small.jpg"))])
                #expect(full.status == 507, "\(full.status) \(full.text)")
                #expect(full.error?.message == MarketMessage.diskFull.english)
                #expect(try await market.client().products().value.totalCount == 0)
                try FileManager.default.removeItem(at: filler)
                try await market.createProduct()
            }
        }
    }

    @Test func aCreateSQLiteCannotStoreIsAnswered507() async throws {
        // The photos go to a folder with room, so that the row is what the disk refuses.
        let photos = try Fixtures.temporaryDirectory("disk-full-photos")
        defer { try? FileManager.default.removeItem(at: photos) }
        try await TinyDisk.with { disk in
            let data = disk.folder.appendingPathComponent("market")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: data.appendingPathComponent("images"), withDestinationURL: photos)
            try await TestMarket.with(directory: data) { market in
                _ = try disk.fill()
                let full = try await market.rawCreate(
                    params: market.params(), images: [("mug.jpg", try Fixtures.imageData("coffee-small.jpg"))])
                #expect(full.status == 507, "\(full.status) \(full.text)")
                #expect(full.error?.message == MarketMessage.diskFull.english)
            }
        }
    }
}

/// A tmpfs of `size` mounted on a fresh folder for the length of `body`, and unmounted after it
/// whatever happens (lazily, should the market still hold a file open).
struct TinyDisk {
    let folder: URL

    enum Failure: Error, CustomStringConvertible {
        case command(String, Int32)
        var description: String {
            switch self {
            case .command(let line, let status):
                "`\(line)` ended with status \(status); the disk-full tests mount a tmpfs and need root (as in CI)"
            }
        }
    }

    static func with(size: String = "8m", _ body: (TinyDisk) async throws -> Void) async throws {
        let folder = try Fixtures.temporaryDirectory("tiny-disk")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", folder.path])
        do {
            try await body(TinyDisk(folder: folder))
        } catch {
            try? await run("/bin/umount", ["-l", folder.path])
            throw error
        }
        try await run("/bin/umount", ["-l", folder.path])
    }

    /// Writes a file until the disk refuses another byte; answers the file, to remove for room.
    func fill() throws -> URL {
        let url = folder.appendingPathComponent("filler")
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0x55, count: 4096)
        while true {
            let written = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written > 0 { continue }
            guard written < 0, errno == ENOSPC else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            return url
        }
    }

    /// Through `ChildProcess`, which waits without holding a thread of the concurrency pool:
    /// `Process.waitUntilExit()` called here blocked one of its two threads on this machine, and
    /// once the whole suite stalled with the tmpfs still mounted.
    private static func run(_ program: String, _ arguments: [String]) async throws {
        let ran = try await ChildProcess.run(program, arguments, timeout: .seconds(60))
        guard ran.status == 0 else {
            throw Failure.command(([program] + arguments).joined(separator: " "), ran.status)
        }
    }
}
