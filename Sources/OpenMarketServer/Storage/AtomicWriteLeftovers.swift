import Foundation

/// What Foundation's atomic writes (`Data.write(to:options: .atomic)`, `FileManager.createFile`)
/// leave behind when the market dies between writing the temporary file and renaming it into
/// place (`kill -9`, a power cut): a `.dat.nosync…` file beside the file it was for, in the data
/// directory itself (`local-port`, `demo-vendor.json`, the remembered secrets) or in an image
/// folder (`images/{vendor}/{day}/`). Removed when the directory opens.
enum AtomicWriteLeftovers {
    static let prefix = ".dat.nosync"
    /// A temporary file this recent is kept: a market in another process may be serving the
    /// same folder and be between its write and its rename (which takes milliseconds).
    static let grace: TimeInterval = 60

    /// Removes the leftovers in `data` and its image folders; answers how many went. Only
    /// regular files named so are removed, and no symbolic link is followed: a link, whatever
    /// its name, and everything outside the directory stay as they are.
    @discardableResult
    static func remove(in data: URL, images: URL) -> Int {
        let cutoff = Date() - grace
        return folders(data: data, images: images).reduce(0) { removed, folder in
            removed + remove(in: folder, before: cutoff)
        }
    }

    /// The data directory and each real `images/{vendor}/{day}` folder under it.
    static func folders(data: URL, images: URL) -> [URL] {
        var folders = [data]
        for vendor in realFolders(in: images) { folders += realFolders(in: vendor) }
        return folders
    }

    private static func remove(in folder: URL, before cutoff: Date) -> Int {
        let manager = FileManager.default
        var removed = 0
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(prefix) {
            let path = folder.appendingPathComponent(name).path
            // attributesOfItem reads the entry itself (lstat): a link reports as a link.
            guard let attributes = try? manager.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let modified = attributes[.modificationDate] as? Date, modified < cutoff,
                (try? manager.removeItem(atPath: path)) != nil
            else { continue }
            removed += 1
        }
        return removed
    }

    /// The folders directly in `folder` that are folders themselves, not links to one.
    private static func realFolders(in folder: URL) -> [URL] {
        let manager = FileManager.default
        return ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).compactMap { name in
            let url = folder.appendingPathComponent(name, isDirectory: true)
            let type = (try? manager.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
            return type == .typeDirectory ? url : nil
        }
    }
}
