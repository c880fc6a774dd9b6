import AgentMode
import Foundation
import OpenMarketContract
import SellerShell
import TerminalText

#if canImport(Glibc)
import Glibc
#endif

/// `openmarket-mcp`: agent mode's program, which `openmarket mcp` starts beside itself (see
/// docs/agents.md). A program of its own so that the shell does not link the MCP SDK and what it
/// brings (docs/benchmarks.md, "Agent mode's own program"). The shell keeps what only it does
/// (its options, the login, the local market it starts) and hands the session's settings over an
/// inherited descriptor (`AgentHandoff`); this program checks the words after `mcp`, then serves
/// (`AgentService.swift`). Started any other way it refuses in one line.
@main
enum AgentProgram {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let (descriptor, language, words) = AgentHandoff.invocation(arguments) else {
            let language = Language.from(environment: ProcessInfo.processInfo.environment)
            complain(AgentProgramMessage.startedAlone.text(in: language), prefixed: false)
            exit(usageStatus)
        }
        let status = await Language.$current.withValue(language) {
            await AgentService.run(words, handoff: descriptor)
        }
        exit(status)
    }

    /// The documented status for a usage error, as the shell's.
    static let usageStatus: Int32 = 2

    /// One line on standard error, `openmarket: ` in front unless `prefixed` is false: the
    /// person typed `openmarket mcp`.
    static func complain(_ text: String, prefixed: Bool = true) {
        let line = (prefixed ? "openmarket: " : "") + text
        StandardStreams.write(line.hasSuffix("\n") ? line : line + "\n", to: STDERR_FILENO)
    }
}
