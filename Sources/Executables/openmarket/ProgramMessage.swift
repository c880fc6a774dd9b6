import OpenMarketContract

/// What the `openmarket` program itself says about its arguments and its start (before any shell
/// command runs), in the reader's language: its English and Korean catalogues are
/// `ProgramMessage+English.swift` and `ProgramMessage+Korean.swift`.
enum ProgramMessage: Spoken, Hashable {
    /// Where a server came from: `--server`, `OPENMARKET_SERVER` or a saved profile.
    enum ServerSource: Hashable {
        case option
        case environment
        case profile(String)
    }

    case localOptionsNeedLocalMarket(ServerSource)
    case profileNamesNoServer(String)
    case environmentCredentialsElsewhere(home: String, server: String)
    case notAnHTTPURL(ServerSource, given: String)
    case serverPortOutOfRange(ServerSource, port: Int)
    case localPortOutOfRange(Int)
    case localMarketReset(removed: Int)
    case cannotStartLocalMarket(String)
    case unknownOption(String)
    case neitherCommandNorScript(String, guesses: [String])
    case scriptOptionsNeedScript
    case scriptAndCommands
    case commandAndCommands
    case testExcludesOptions
    case reportsNeedTest
    case resumeOrRestart
    case dryRunNotWithResume
    case langTakes(String)
    case variableWants(String)
    case cannotWrite(path: String, reason: String)
    case cannotMakeScratchFolder(String)
    case cannotMakeTemporaryFolder(path: String, reason: String)
    case cannotStartTestMarket(String)
    /// `mcp` with options that do not go with a server of tools.
    case agentExcludesOptions
    /// `openmarket mcp` without `openmarket-mcp` beside the program (its path).
    case agentProgramMissing(String)
    /// `openmarket-mcp` (its path) could not be started, and why.
    case cannotStartAgentProgram(String, String)
    /// The local market's program (its path) is not beside this one: why it cannot start.
    case marketProgramMissing(String)
    /// The local market's program (its path) could not be started, and the system's reason.
    case cannotStartMarketProgram(String, String)
    /// The local market's program said nothing within so many seconds: stopped.
    case marketSaidNothing(seconds: Int)
    /// The local market's program (its path) answered something that is not its reply: stopped.
    case marketSaidNoReply(String)
    /// The local market's program ended before it said it was listening: its wait status, the
    /// first line it wrote on standard error, and the file that holds all it wrote (nil: it
    /// wrote nothing).
    case marketEndedAtOnce(String, said: String?, log: String?)
    /// A graded script that failed without saying why: its exit status, in a JUnit report.
    case exitStatus(Int32)
}
