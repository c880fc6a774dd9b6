import OpenMarketContract

/// What `openmarket mcp` itself says: its instructions to the model, the token line of a plan,
/// the question to a person before a delete and why a delete was not made, its notes on
/// standard error, and what is wrong with its options. Each language is one exhaustive `switch`
/// (`ServerMessage+English.swift`, `ServerMessage+Korean.swift`).
public enum ServerMessage: Spoken, Equatable {
    /// Why a delete was not made after a person was asked (or could not be).
    public enum NotConfirmed: Sendable, Equatable {
        /// The person declined, or left the confirmation unticked.
        case declined
        /// The person dismissed the question.
        case cancelled
        /// The client cancelled the tool call before the person answered.
        case callCancelled
        /// The client closed before the person answered.
        case clientClosed
        /// The client could not ask (its answer was an error).
        case cannotAsk(String)
    }

    /// Why a `--folder` is refused.
    public enum FolderExposure: Sendable, Equatable {
        /// `/`: the whole disk.
        case root
        /// The home folder itself.
        case home
        /// It holds (or lies inside) the shell's own settings and state: saved logins, the
        /// change log, a local market's data (`path`).
        case settings(String)
        /// A hidden folder below home (`~/.ssh`, `~/.aws`), or one inside it (`path`: the
        /// hidden folder), where programs keep keys and settings.
        case hidden(String)
        /// A folder of the system (`/etc`, `/usr`, `/tmp` itself), or one inside it (`path`:
        /// that folder).
        case system(String)
    }

    // MARK: To the model

    /// The server's instructions: how its tools are used.
    case instructions
    /// The token line under a plan.
    case token(String)
    /// A tool this server does not have.
    case unknownTool(String)
    /// A tool call naming a file (`image`, `file`) to a server started without `--folder`.
    case noFolder(tool: String)

    // MARK: Deletes

    /// The question put to the person, after the plan's lines.
    case deleteQuestion(count: Int)
    /// The confirmation's box: its title and description.
    case confirmTitle
    case confirmDescription
    /// Not deleted: the person did not confirm.
    case notConfirmed(NotConfirmed)
    /// Not deleted: the session's deletes without a person's confirmation are used up.
    case deleteAllowanceUsed(allowed: Int, deleted: Int, asked: Int)

    // MARK: On standard error

    /// At the start: what is served, as whom, and the folders (`folder` nil: no files read).
    case serving(server: String, vendor: String?, folder: String?, scratch: String)
    /// At the start, without credentials: reads only.
    case notLoggedIn(server: String)
    /// The guard masked a secret in a message: a bug to report.
    case secretsMasked(count: Int)
    /// The client closed standard input: the server stops.
    case stopped
    /// The `openmarket mcp` that started this program ended without stopping it (killed): the
    /// server stops, since the login and the local market were that program's.
    case shellEnded

    // MARK: Options

    case unknownOption(String)
    case needsValue(String)
    case maxDeletesRange(given: String)
    case planMinutesRange(given: String)
    case folderMissing(String)
    /// `--folder` naming a folder that would show the model more than the person's files.
    case folderTooWide(String, FolderExposure)
    case unexpectedWord(String)
    /// Program options that do not go with `mcp`.
    case excludedOptions
    case cannotMakeScratchFolder(String)

    /// How `openmarket mcp` is called.
    public static let usage = "openmarket mcp [--max-deletes N] [--plan-minutes N] [--folder DIR]"
}
