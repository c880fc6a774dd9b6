import OpenMarketContract
import TerminalText

/// What an untrusted script (`openmarket test`, `openmarket run --untrusted`) is refused, and
/// `--force` in a script without `--allow-force`: one line, `refused: …`, naming what was asked
/// and the rule (see ``AccessPolicy``). Each language is one exhaustive `switch`
/// (`AccessMessage+English.swift`, `AccessMessage+Korean.swift`).
public enum AccessMessage: Spoken, Equatable {
    /// The environment's identifier or secret (`name`), when this session uses no server's
    /// (it started with `--profile`, or `--server` naming another server).
    case environmentCredentialsUnused(String)
    /// The environment's identifier or secret (`name`), asked for on a server after `connect`.
    case environmentCredentialsElsewhere(String, home: String, server: String)
    /// A file read outside the script's folder (after its links are resolved): the path with
    /// its `..` taken out, and where its links lead when that is elsewhere (`resolved`).
    case readOutside(String, resolved: String? = nil)
    /// A file written outside the run's scratch folder.
    case writeOutside(String)
    /// Agent mode (`openmarket mcp`): a file read outside `--folder` (after `~`, `..` and its
    /// links are resolved), or any file when the server was started without `--folder`.
    case agentReadOutside(String)
    case agentReadsNoFiles(String)
    /// Agent mode: a file written outside the server's scratch folder.
    case agentWriteOutside(String)
    /// Agent mode: a request to another market than the server's.
    case agentOtherMarket(String)
    /// `--force` in an untrusted script.
    case forceUntrusted
    /// `--force` in a person's own script without `--allow-force`.
    case forceInScript
    /// `connect`, `use`, `login --server` or a request to another market.
    case otherMarket(String)
    /// `use NAME`: the teacher's saved logins.
    case profiles
    /// `${env.NAME}` not passed with `--env`.
    case environment(String)
    /// A catalog's photo outside the catalog's folder.
    case photoOutsideCatalog(String)
    /// A photo pattern that looks at too many files.
    case globTooWide(pattern: String, limit: Int)
    /// `edit` or `open`: another program started on the person's machine.
    case startsProgram(String)
    /// `run --untrusted FILE`: where what the script writes goes.
    case scratchFolder(String)

    /// A path as it may be shown: control characters made visible.
    static func shown(_ path: String) -> String { TerminalText.visible(path) }
}
