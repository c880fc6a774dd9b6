import Foundation

/// The lessons served as `openmarket://lessons/NAME`: every `.om` file in the lessons folder
/// (`01-methods`) and in its subfolders one level down (`ko/01-methods`), found again at every
/// call so a lesson added or corrected is served without a restart. Bounded: at most
/// ``maxLessons`` lessons, each read only when at most ``maxBytes`` long. Only names made of
/// letters, digits, `.`, `_` and `-` (not starting with `.`) are served, and a read names a
/// lesson of the listing, never a path.
enum LessonShelf {
    /// The largest lesson served (the lessons are 2–4 KiB).
    static let maxBytes = 256 * 1024
    /// The most lessons listed.
    static let maxLessons = 200

    struct Lesson: Sendable, Equatable {
        /// `01-methods`, `ko/01-methods`.
        var name: String
        var url: URL
        var bytes: Int
    }

    /// The lessons in `folder`, sorted by name; none when there is no folder.
    static func lessons(in folder: URL?) -> [Lesson] {
        guard let folder else { return [] }
        var found: [Lesson] = []
        for entry in entries(of: folder) {
            if entry.folder {
                found += entries(of: entry.url).filter { !$0.folder }.compactMap { lesson($0, under: entry.name) }
            } else if let lesson = lesson(entry, under: nil) {
                found.append(lesson)
            }
        }
        return Array(found.sorted { $0.name < $1.name }.prefix(maxLessons))
    }

    private struct Entry {
        var name: String
        var url: URL
        var folder: Bool
        var bytes: Int
    }

    /// The visible, safely named entries of a folder (none when it cannot be read).
    private static func entries(of folder: URL) -> [Entry] {
        let keys: [URLResourceKey] = [.isDirectoryKey, .fileSizeKey]
        let urls =
            (try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])) ?? []
        return urls.compactMap { url in
            let name = url.lastPathComponent
            guard safe(name), let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
            return Entry(name: name, url: url, folder: values.isDirectory ?? false, bytes: values.fileSize ?? 0)
        }
    }

    private static func lesson(_ entry: Entry, under folder: String?) -> Lesson? {
        guard entry.name.hasSuffix(".om") else { return nil }
        let name = String(entry.name.dropLast(3))
        guard !name.isEmpty else { return nil }
        return Lesson(name: folder.map { $0 + "/" + name } ?? name, url: entry.url, bytes: entry.bytes)
    }

    /// A name served as it is in a URI: ASCII letters, digits, `.`, `_`, `-`, not starting with `.`.
    static func safe(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "." else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
    }
}
