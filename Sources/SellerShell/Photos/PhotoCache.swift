import Digests
import Foundation
import OpenMarketContract

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Photos kept on disk by address, so drawing a page again sends only revalidations: each entry
/// is the image's bytes (`KEY.photo`) and the `ETag` it came with (`KEY.etag`), `KEY` being the
/// SHA-256 of its absolute URL. Only images that came with an `ETag` are kept (without one there
/// is nothing to revalidate with).
///
/// Bounded in size: after photos are stored, the least recently used entries (by modification
/// time, touched on each use) are removed until the whole is at most `maxBytes` (64 MiB by
/// default: several hundred pages of thumbnails). Each image is already bounded by the download
/// (`ResponseLimits.productPhoto`). A file that cannot be read or written is a miss, never an error.
///
/// Private to its user: what a seller looked at is nobody else's business, so the folder is
/// 0700 and its files 0600 (`folderMode`, `fileMode`); a folder made earlier with another mode
/// is set right when the cache is used.
public struct PhotoCache: Sendable {
    public static let defaultMaxBytes = 64 * 1024 * 1024
    /// The cache folder's mode: its owner's alone.
    public static let folderMode: mode_t = 0o700
    /// Each kept file's mode.
    public static let fileMode: mode_t = 0o600

    public let directory: URL
    public let maxBytes: Int

    public init(directory: URL, maxBytes: Int = PhotoCache.defaultMaxBytes) {
        self.directory = directory
        self.maxBytes = maxBytes
    }

    /// `$XDG_CACHE_HOME/openmarket/photos` (else `~/.cache/openmarket/photos`).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PhotoCache {
        PhotoCache(
            directory: XDGDirectories.cacheHome(environment).appendingPathComponent("openmarket/photos", isDirectory: true))
    }

    /// A kept photo and its tag.
    public struct Entry: Sendable, Equatable {
        public var data: Data
        public var etag: String

        public init(data: Data, etag: String) {
            self.data = data
            self.etag = etag
        }
    }

    /// The photo kept for `url`, touched as used; nil when none is kept.
    public func entry(for url: URL) -> Entry? {
        let (photo, tag) = files(for: url)
        makePrivate()
        guard let data = try? Data(contentsOf: photo), let etag = try? String(contentsOf: tag, encoding: .utf8),
            !etag.isEmpty
        else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: photo.path)
        return Entry(data: data, etag: etag)
    }

    /// Keeps `data` for `url` (replacing what was kept), written to a temporary file and renamed
    /// so a reader never sees half a photo.
    public func store(_ data: Data, etag: String, for url: URL) {
        guard data.count <= maxBytes else { return }
        let (photo, tag) = files(for: url)
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: Int(Self.folderMode)])
            makePrivate()
            try Data(etag.utf8).write(to: tag, options: .atomic)
            chmod(tag.path, Self.fileMode)
            try data.write(to: photo, options: .atomic)
            chmod(photo.path, Self.fileMode)
        } catch {
            try? FileManager.default.removeItem(at: photo)
        }
    }

    /// Removes the least recently used entries until the photos kept weigh at most `maxBytes`.
    public func trim() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard
            let names = try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else { return }
        var photos: [(url: URL, size: Int, used: Date)] = []
        for url in names where url.pathExtension == "photo" {
            let values = try? url.resourceValues(forKeys: Set(keys))
            photos.append((url, values?.fileSize ?? 0, values?.contentModificationDate ?? .distantPast))
        }
        var total = photos.reduce(0) { $0 + $1.size }
        for photo in photos.sorted(by: { $0.used < $1.used }) where total > maxBytes {
            try? FileManager.default.removeItem(at: photo.url)
            try? FileManager.default.removeItem(at: photo.url.deletingPathExtension().appendingPathExtension("etag"))
            total -= photo.size
        }
    }

    /// What the photos kept weigh, in bytes.
    public var byteCount: Int {
        let names =
            (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        return names.filter { $0.pathExtension == "photo" }.reduce(0) {
            $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
    }

    /// Sets the folder to `folderMode` when it is a folder with another mode (made by an
    /// earlier version as 0755); a symbolic link or anything else is left as it is.
    func makePrivate() {
        var info = stat()
        guard lstat(directory.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
            info.st_mode & 0o777 != Self.folderMode
        else { return }
        chmod(directory.path, Self.folderMode)
    }

    private func files(for url: URL) -> (photo: URL, etag: URL) {
        let key = SHA256.hash(data: Data(url.absoluteString.utf8)).hexadecimal
        return (directory.appendingPathComponent(key + ".photo"), directory.appendingPathComponent(key + ".etag"))
    }
}
