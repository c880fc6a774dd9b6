import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import SellerShell

/// Issue 37 (Low): the change log does not trust its folder. A symbolic link at the log's path is
/// refused, never written through; the photo folder is pruned only of the photos the log made,
/// and never through a symbolic link; a photo an entry names outside the folder is never read.
@Suite("The change log's folder")
struct ChangeLogFolderTests {
    static let product = Product(
        id: 1, vendorID: 1, name: "Mug", description: "A mug for the folder tests", thumbnail: nil, currency: .krw,
        price: 1000, stock: 1, createdAt: nil, issuedAt: nil)
    static let edit = ProductChange(.edited, before: product, after: product)

    static func mode(_ path: String) -> Int? {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? NSNumber)?.intValue
    }

    static func log(in folder: URL, limits: ChangeLogLimits = .standard) throws -> ChangeLog {
        let changes = folder.appendingPathComponent("changes", isDirectory: true)
        try FileManager.default.createDirectory(at: changes, withIntermediateDirectories: true)
        return ChangeLog(folder: changes, server: "http://127.0.0.1:1", vendor: "vendor", limits: limits)
    }

    @Test func aSymbolicLinkAtTheLogsPathIsRefusedAndItsTargetLeftAsItWas() throws {
        let folder = try Fixtures.temporaryDirectory("openmarket-change-log-link")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try Self.log(in: folder)
        let target = folder.appendingPathComponent("notes.txt").path
        let original = Data("my own notes\n".utf8)
        #expect(FileManager.default.createFile(atPath: target, contents: original, attributes: [.posixPermissions: 0o644]))
        try FileManager.default.createSymbolicLink(atPath: log.path, withDestinationPath: target)

        let refused = #expect(throws: CommandFailure.self) {
            try log.record([Self.edit], command: "patch 1", session: "s", batch: nil)
        }
        let message = refused?.message ?? ""
        #expect(message.contains("symbolic link") && !message.contains("\n") && message.contains(log.path), "\(message)")
        #expect(throws: CommandFailure.self) { try log.entries() }
        #expect(throws: CommandFailure.self) {
            try log.mark(.undo, number: 1, session: "s", result: nil, replaced: nil)
        }
        #expect(FileManager.default.contents(atPath: target) == original)
        #expect(Self.mode(target) == 0o644)
    }

    /// A `.photos` that is a link to another folder (`~/Pictures`) is never pruned through, and in
    /// the real folder only the photos the log made are pruned: a file put there by hand stays.
    @Test func onlyPhotosTheLogMadeArePrunedAndNeverThroughASymbolicLink() throws {
        let folder = try Fixtures.temporaryDirectory("openmarket-change-log-photos")
        defer { try? FileManager.default.removeItem(at: folder) }
        let limits = ChangeLogLimits(photoBytes: 1_000_000, photoAge: .seconds(3_600))
        let log = try Self.log(in: folder, limits: limits)
        let pictures = folder.appendingPathComponent("Pictures", isDirectory: true)
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let old = pictures.appendingPathComponent("holiday.jpg").path
        #expect(FileManager.default.createFile(atPath: old, contents: Data(repeating: 1, count: 100)))
        let fortyDaysAgo = Date(timeIntervalSinceNow: -40 * 86_400)
        try FileManager.default.setAttributes([.modificationDate: fortyDaysAgo], ofItemAtPath: old)
        try FileManager.default.createSymbolicLink(atPath: log.photoFolder, withDestinationPath: pictures.path)

        // A change with no photo prunes; a delete's photo would be written there: refused.
        try log.record([Self.edit], command: "patch 1", session: "s", batch: nil)
        let photo = SavedPhoto(filename: "mug.jpg", data: Data(repeating: 7, count: 100))
        let deleted = ProductChange(.deleted, before: Self.product, after: nil, photos: [photo])
        #expect(throws: CommandFailure.self) {
            try log.record([deleted], command: "delete 1 --yes", session: "s", batch: nil)
        }
        #expect(FileManager.default.fileExists(atPath: old))
        #expect(try FileManager.default.contentsOfDirectory(atPath: pictures.path) == ["holiday.jpg"])
        // The delete was not logged half: its entry went with its photo.
        #expect(try log.entries().map(\.number) == [1])

        // The real folder: the log's own old photo goes, a file it did not make stays.
        try FileManager.default.removeItem(atPath: log.photoFolder)
        try log.record([deleted], command: "delete 1 --yes", session: "s", batch: nil)
        let made = try #require(try log.entries().last?.photos?.first)
        let stranger = log.photoFolder + "/keep-me.jpg"
        #expect(FileManager.default.createFile(atPath: stranger, contents: Data(repeating: 2, count: 100)))
        for name in [made, "keep-me.jpg"] {
            try FileManager.default.setAttributes([.modificationDate: fortyDaysAgo], ofItemAtPath: log.photoFolder + "/" + name)
        }
        try log.record([Self.edit], command: "patch 1", session: "s", batch: nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: log.photoFolder) == ["keep-me.jpg"])
    }

    /// An entry naming a photo outside the folder (two folders up, or an absolute
    /// path) is refused in one line, and the file is never read.
    @Test func aPhotoNamedOutsideTheFolderIsRefusedInOneLine() throws {
        let folder = try Fixtures.temporaryDirectory("openmarket-change-log-escape")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try Self.log(in: folder)
        let secret = folder.appendingPathComponent("private-photo.jpg").path
        #expect(FileManager.default.createFile(atPath: secret, contents: Data(repeating: 9, count: 100)))
        try FileManager.default.createDirectory(atPath: log.photoFolder, withIntermediateDirectories: true)
        for name in ["../../private-photo.jpg", secret, "..", "a/../../../private-photo.jpg"] {
            var entry = ChangeEntry(
                event: .change, number: 4, time: "2026-01-01T00:00:00Z", session: "s", kind: .deleted, before: Self.product)
            entry.photos = [name]
            let refused = #expect(throws: CommandFailure.self, "\(name)") { _ = try log.photos(of: entry) }
            let message = refused?.message ?? ""
            #expect(message.contains("outside the change log's photo folder") && !message.contains("\n"), "\(message)")
        }
    }
}
