import Foundation
import MarketTestSupport
import SellerShell
import Testing

/// The photo cache's bounds: the least recently used photos go first, and the whole stays
/// within its size.
@Suite("The photo cache")
struct PhotoCacheTests {
    static func cache(maxBytes: Int) throws -> PhotoCache {
        PhotoCache(directory: try Fixtures.temporaryDirectory("photo-cache"), maxBytes: maxBytes)
    }

    static func url(_ n: Int) -> URL { URL(string: "http://127.0.0.1:1/images/\(n).jpg")! }

    @Test func aPhotoIsKeptWithItsTagByAddress() throws {
        let cache = try Self.cache(maxBytes: 1000)
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        #expect(cache.entry(for: Self.url(1)) == nil)
        cache.store(Data([1, 2, 3]), etag: "\"a-3\"", for: Self.url(1))
        #expect(cache.entry(for: Self.url(1)) == PhotoCache.Entry(data: Data([1, 2, 3]), etag: "\"a-3\""))
        #expect(cache.entry(for: Self.url(2)) == nil)
        // Replaced by a newer copy.
        cache.store(Data([4]), etag: "\"b-1\"", for: Self.url(1))
        #expect(cache.entry(for: Self.url(1))?.etag == "\"b-1\"")
    }

    @Test func trimmingKeepsTheMostRecentlyUsedWithinTheBound() throws {
        let cache = try Self.cache(maxBytes: 2500)
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let old = Date(timeIntervalSinceNow: -3600)
        for n in 1...5 {
            cache.store(Data(repeating: UInt8(n), count: 1000), etag: "\"\(n)\"", for: Self.url(n))
            // Each stored earlier than the next, by its modification time.
            let photo = try #require(
                FileManager.default.contentsOfDirectory(at: cache.directory, includingPropertiesForKeys: nil)
                    .first { $0.pathExtension == "photo" && (try? Data(contentsOf: $0))?.first == UInt8(n) })
            try FileManager.default.setAttributes(
                [.modificationDate: old.addingTimeInterval(Double(n))], ofItemAtPath: photo.path)
        }
        // Photo 1 is used now: the most recent.
        #expect(cache.entry(for: Self.url(1)) != nil)
        #expect(cache.byteCount == 5000)
        cache.trim()
        #expect(cache.byteCount <= 2500)
        #expect(cache.entry(for: Self.url(1)) != nil)
        #expect(cache.entry(for: Self.url(5)) != nil)
        #expect(cache.entry(for: Self.url(2)) == nil && cache.entry(for: Self.url(3)) == nil)
        // No tag is left without its photo.
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
        #expect(names.filter { $0.hasSuffix(".etag") }.count == names.filter { $0.hasSuffix(".photo") }.count)
    }

    @Test func aPhotoLargerThanTheWholeCacheIsNotKept() throws {
        let cache = try Self.cache(maxBytes: 100)
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        cache.store(Data(repeating: 7, count: 101), etag: "\"x\"", for: Self.url(1))
        #expect(cache.entry(for: Self.url(1)) == nil)
        #expect(cache.byteCount == 0)
    }

    static func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func theFolderIsTheOwnersAloneAndItsFilesToo() throws {
        let parent = try Fixtures.temporaryDirectory("photo-cache-mode")
        defer { try? FileManager.default.removeItem(at: parent) }
        let cache = PhotoCache(directory: parent.appendingPathComponent("photos", isDirectory: true))
        cache.store(Data([1, 2, 3]), etag: "\"a\"", for: Self.url(1))
        #expect(try Self.mode(cache.directory) == 0o700)
        let names = try FileManager.default.contentsOfDirectory(at: cache.directory, includingPropertiesForKeys: nil)
        #expect(names.count == 2)
        for name in names { #expect(try Self.mode(name) == 0o600, "\(name.lastPathComponent)") }
    }

    @Test func aFolderMadeOpenEarlierIsMadePrivateOnUse() throws {
        let cache = try Self.cache(maxBytes: 1000)
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cache.directory.path)
        #expect(cache.entry(for: Self.url(1)) == nil)
        #expect(try Self.mode(cache.directory) == 0o700)
    }

    @Test func theStandardCacheIsUnderXDGCacheHome() {
        let cache = PhotoCache.standard(environment: ["XDG_CACHE_HOME": "/tmp/xdg-cache"])
        #expect(cache.directory.path == "/tmp/xdg-cache/openmarket/photos")
        #expect(cache.maxBytes == PhotoCache.defaultMaxBytes)
    }
}
