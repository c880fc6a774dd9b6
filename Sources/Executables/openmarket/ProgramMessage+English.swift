/// The English catalogue of ``ProgramMessage``.
extension ProgramMessage {
    var english: String {
        switch self {
        case .localOptionsNeedLocalMarket(let source):
            return "--local-port and --reset-local are for the local market; \(source.english) names another server"
        case .profileNamesNoServer(let name):
            return "profile \"\(name)\" names no server: give one with --server URL"
        case .environmentCredentialsElsewhere(let home, let server):
            return "not logged in: OPENMARKET_IDENTIFIER and OPENMARKET_SECRET belong to OPENMARKET_SERVER "
                + "(\(home)), not to \(server)"
        case .notAnHTTPURL(let source, let given):
            return "\(source.english) must name an http(s) URL such as http://127.0.0.1:8080 (got '\(given)')"
        case .serverPortOutOfRange(let source, let port):
            return "\(source.english) names port \(port), which does not exist: a port is from 1 to 65535"
        case .localPortOutOfRange(let port):
            return "--local-port must be from 1 to 65535 (got \(port))"
        case .localMarketReset(let removed):
            return "reset the local market: removed \(removed) product\(removed == 1 ? "" : "s"); demo-shop stays, "
                + "and neighbour-shop gets its products back"
        case .cannotStartLocalMarket(let reason):
            return "cannot start the local market: \(reason)"
        case .unknownOption(let option):
            return "unknown option '\(option)' ('openmarket --help' lists them)"
        case .neitherCommandNorScript(let word, let guesses):
            let meant = guesses.map { "'\($0)'" }.joined(separator: " or ")
            return "'\(word)' is neither a command nor a script file"
                + (guesses.isEmpty ? "" : " (did you mean \(meant)?)") + "; 'openmarket help' lists the commands"
        case .scriptOptionsNeedScript:
            return "--continue-on-error, --dry-run, --resume, --restart, --step and --journal go with a script: "
                + "openmarket run FILE … (--continue-on-error also with a script piped to standard input)"
        case .scriptAndCommands:
            return "give either a script or -c commands, not both"
        case .commandAndCommands:
            return "give either a command or -c commands, not both"
        case .testExcludesOptions:
            return "'test' runs each script on a fresh local market (or --server URL); -c, --record, "
                + "--local-port and --reset-local do not go with it"
        case .reportsNeedTest:
            return "--report-junit and --report-tap go with 'test': openmarket test FILE… --report-junit FILE"
        case .resumeOrRestart:
            return "--resume continues the last run and --restart starts over: pick one"
        case .dryRunNotWithResume:
            return "--dry-run checks a whole script; it cannot be combined with --resume"
        case .langTakes(let given):
            return "--lang takes en or ko (got '\(given)')"
        case .variableWants(let given):
            return "--var wants NAME=VALUE with a name of letters, digits and _ (got '\(given)')"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .cannotMakeScratchFolder(let reason):
            return "cannot make a scratch folder: \(reason)"
        case .cannotMakeTemporaryFolder(let path, let reason):
            return "cannot make a temporary folder \(path): \(reason)"
        case .cannotStartTestMarket(let reason):
            return "cannot start a local market: \(reason)"
        case .exitStatus(let status):
            return "exit status \(status)"
        case .agentExcludesOptions:
            return "mcp serves tools over standard input and output: -c, --record, --json, script options and "
                + "--report-* do not go with it"
        case .agentProgramMissing(let path):
            return "mcp: agent mode's program is missing: \(path) (install it beside openmarket: scripts/install)"
        case .cannotStartAgentProgram(let path, let reason):
            return "mcp: cannot start \(path): \(reason)"
        case .marketProgramMissing(let path):
            return "its program is missing: \(path) (install it beside openmarket: scripts/install)"
        case .cannotStartMarketProgram(let path, let reason):
            return "cannot start \(path): \(reason)"
        case .marketSaidNothing(let seconds):
            return "openmarket-server did not say it was listening within \(seconds) s, and was stopped"
        case .marketSaidNoReply(let path):
            return "\(path) answered something other than where it listens, and was stopped (is it this version's?)"
        case .marketEndedAtOnce(let how, let said, let log):
            let words = said.map { ": '\($0)'" } ?? ""
            return "openmarket-server ended before it was listening (\(how))\(words)"
                + (log.map { " (all it wrote: \($0))" } ?? "")
        }
    }
}

extension ProgramMessage.ServerSource {
    var english: String {
        switch self {
        case .option: "--server"
        case .environment: "OPENMARKET_SERVER"
        case .profile(let name): "profile \"\(name)\""
        }
    }
}
