import Foundation

/// Where the files agent mode serves as resources are, found at run time beside the program (none
/// is compiled in, so there is no second copy to keep equal):
/// - the lessons: `$OPENMARKET_LESSONS`; else `scripts/examples/lessons` in the source tree the
///   program was built in (looked for from the executable's folder upwards); else
///   `PREFIX/share/openmarket/lessons` when installed (`PREFIX/bin/openmarket`, scripts/install);
/// - the contract in words: `docs/api.md` in that source tree, else `PREFIX/share/openmarket/api.md`.
///
/// A folder or file found nowhere is nil: no resources of that kind, not a failure.
struct ResourceFolders: Sendable, Equatable {
    /// The folder of the lessons (`01-methods.om`, `ko/01-methods.om`).
    var lessons: URL?
    /// The contract in words (docs/api.md).
    var contract: URL?

    /// How many folders up from the executable's a source tree is looked for
    /// (`.build/x86_64-unknown-linux-gnu/debug/openmarket` is three below it).
    static let levelsUp = 6

    /// The folders for this process: its environment and its executable.
    static var current: ResourceFolders {
        find(environment: ProcessInfo.processInfo.environment, executable: Bundle.main.executableURL)
    }

    /// The folders for a program at `executable` (its symbolic links resolved) with `environment`.
    static func find(environment: [String: String], executable: URL?) -> ResourceFolders {
        let folder = executable?.resolvingSymlinksInPath().deletingLastPathComponent()
        let tree = folder.flatMap(sourceTree(above:))
        let installed = folder?.deletingLastPathComponent().appendingPathComponent("share/openmarket", isDirectory: true)
        var lessons = [tree?.appendingPathComponent("scripts/examples/lessons", isDirectory: true)]
        if let named = environment["OPENMARKET_LESSONS"], !named.isEmpty {
            lessons = [URL(fileURLWithPath: named, isDirectory: true)]
        } else {
            lessons.append(installed?.appendingPathComponent("lessons", isDirectory: true))
        }
        let contract = [tree?.appendingPathComponent("docs/api.md"), installed?.appendingPathComponent("api.md")]
        return ResourceFolders(
            lessons: lessons.compactMap { $0 }.first(where: isFolder),
            contract: contract.compactMap { $0 }.first(where: isFile))
    }

    /// The nearest folder at or above `folder` that holds `scripts/examples/lessons` and
    /// `Package.swift` (this project's source tree), at most ``levelsUp`` levels up.
    static func sourceTree(above folder: URL) -> URL? {
        var candidate = folder
        for _ in 0...levelsUp {
            if isFolder(candidate.appendingPathComponent("scripts/examples/lessons", isDirectory: true)),
                isFile(candidate.appendingPathComponent("Package.swift"))
            {
                return candidate
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return nil }
            candidate = parent
        }
        return nil
    }

    static func isFolder(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
    }

    static func isFile(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && !folder.boolValue
    }
}
