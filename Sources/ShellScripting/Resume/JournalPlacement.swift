import Digests
import Foundation
import OpenMarketContract

/// Where a script's journal is kept: the path given with `--journal`, else beside the script
/// (`FILE.journal`), and when the script's folder cannot hold it (a shared, read-only lesson
/// folder), under `$XDG_STATE_HOME/openmarket/journals/`, named after the script's absolute
/// path: readable, with a short hash so that two scripts named alike do not share a journal.
struct JournalPlacement: Equatable {
    /// Where the journal is looked for and written first.
    var primary: String
    /// Where it goes when `primary` cannot be written; nil for a path given with `--journal`.
    var fallback: String?

    /// - Parameters:
    ///   - script: the script's path, `~` already expanded.
    ///   - given: `--journal PATH`, `~` already expanded.
    init(script: String, given: String?, environment: [String: String]) {
        if let given {
            primary = given
            fallback = nil
        } else {
            primary = script + ".journal"
            fallback = Self.stateFolder(environment).appendingPathComponent(Self.fileName(for: script)).path
        }
    }

    /// The folder of the journals that cannot be kept beside their scripts.
    static func stateFolder(_ environment: [String: String]) -> URL {
        XDGDirectories.stateHome(environment).appendingPathComponent("openmarket/journals", isDirectory: true)
    }

    /// `srv-lessons-catalog.om-1a2b3c4d5e6f.journal` for `/srv/lessons/catalog.om`.
    static func fileName(for script: String) -> String {
        let absolute = URL(fileURLWithPath: script).standardizedFileURL.path
        let safe = absolute.split(separator: "/").joined(separator: "-").map { character -> Character in
            character.isLetter || character.isNumber || "._-".contains(character) ? character : "_"
        }
        // The end of a long path names the script best; the hash tells the rest apart.
        let readable = String(safe.suffix(80))
        let digest = SHA256.hash(data: Data(absolute.utf8)).prefix(6).hexadecimal
        return "\(readable)-\(digest).journal"
    }
}
