import Foundation
import MarketImages
import OpenMarketContract

/// Product images on disk, under `<data>/images/`.
///
/// Every path is made here from the vendor id, the date and a random UUID; nothing a client
/// sends (its file names included) becomes part of a path. Serving accepts only paths of that
/// exact shape, so no request can read outside the folder.
struct ImageStorage: Sendable {
    let root: URL

    init(root: URL) throws {
        self.root = root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Writes the original and its thumbnail (longest side at most 200 px, same format).
    func store(_ data: Data, format: ImageFormat, vendorID: Int, date: Date) throws -> NewImage {
        let thumbnail = try MarketImages.thumbnail(of: data, maxSide: 200)
        let day = Self.dayFormatter(date)
        let stem = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let folder = "\(vendorID)/\(day)"
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(folder, isDirectory: true), withIntermediateDirectories: true)
        let origin = "\(folder)/\(stem)_origin.\(format.fileExtension)"
        let thumb = "\(folder)/\(stem)_thumb.\(thumbnail.info.format.fileExtension)"
        try data.write(to: root.appendingPathComponent(origin), options: .atomic)
        try thumbnail.data.write(to: root.appendingPathComponent(thumb), options: .atomic)
        return NewImage(path: origin, thumbnailPath: thumb)
    }

    func remove(_ paths: [String]) {
        for path in paths where Self.isGenerated(path) {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
        }
    }

    /// Removes the image files no row names, last written more than `grace` ago: what a create
    /// killed between writing its files and writing its row (`kill -9`, a power cut) leaves.
    ///
    /// The files are listed before `referenced` reads the rows, so a file whose row is written
    /// meanwhile is among those named; and a file written within `grace` is kept whatever the
    /// rows say, since a market in another process may be serving this folder and be between
    /// the two writes of a create (which takes seconds, never minutes). Folders are left, even
    /// empty: such a create may be about to write into one. Answers how many files went.
    @discardableResult
    func removeOrphans(grace: TimeInterval, referenced: () throws -> Set<String>) throws -> Int {
        let manager = FileManager.default
        let cutoff = Date() - grace
        var candidates: [String] = []
        for vendor in (try? manager.contentsOfDirectory(atPath: root.path)) ?? [] {
            for day in (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(vendor).path)) ?? [] {
                let folder = "\(vendor)/\(day)"
                for name in (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [] {
                    let path = "\(folder)/\(name)"
                    guard Self.isGenerated(path),
                        let modified = try? manager.attributesOfItem(atPath: root.appendingPathComponent(path).path)[
                            .modificationDate] as? Date,
                        modified < cutoff
                    else { continue }
                    candidates.append(path)
                }
            }
        }
        guard !candidates.isEmpty else { return 0 }
        let live = try referenced()
        let orphans = candidates.filter { !live.contains($0) }
        remove(orphans)
        return orphans.count
    }

    /// Removes the `{vendor}/{day}` folders left empty (after a reset), never a file.
    func removeEmptyFolders() {
        let manager = FileManager.default
        for vendor in (try? manager.contentsOfDirectory(atPath: root.path)) ?? [] {
            let vendorFolder = root.appendingPathComponent(vendor, isDirectory: true)
            for day in (try? manager.contentsOfDirectory(atPath: vendorFolder.path)) ?? [] {
                let dayFolder = vendorFolder.appendingPathComponent(day, isDirectory: true)
                if (try? manager.contentsOfDirectory(atPath: dayFolder.path))?.isEmpty == true {
                    try? manager.removeItem(at: dayFolder)
                }
            }
            if (try? manager.contentsOfDirectory(atPath: vendorFolder.path))?.isEmpty == true {
                try? manager.removeItem(at: vendorFolder)
            }
        }
    }

    /// The bytes and type of a stored image, or nil for anything that is not one.
    func read(_ path: String) -> (data: Data, contentType: String)? {
        guard Self.isGenerated(path), let data = try? Data(contentsOf: root.appendingPathComponent(path)) else {
            return nil
        }
        let type = ImageFormat(sniffing: data)?.mimeType ?? "application/octet-stream"
        return (data, type)
    }

    /// `{digits}/{8 digits}/{32 hex}_(origin|thumb).(jpg|png|gif)` and nothing else.
    static func isGenerated(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit),
            parts[1].count == 8, parts[1].allSatisfy(\.isASCIIDigit)
        else { return false }
        let name = parts[2]
        guard let underscore = name.firstIndex(of: "_"), let dot = name.lastIndex(of: ".") else { return false }
        let stem = name[..<underscore]
        let kind = name[name.index(after: underscore)..<dot]
        let ext = name[name.index(after: dot)...]
        return stem.count == 32 && stem.allSatisfy(\.isHexDigit) && stem.allSatisfy({ !$0.isUppercase })
            && (kind == "origin" || kind == "thumb") && ["jpg", "png", "gif"].contains(ext)
    }

    private static func dayFormatter(_ date: Date) -> String {
        String(MarketTimestamp.format(date).prefix(10).filter { $0 != "-" })
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
