import ArgumentParser
import Testing

@testable import ProgramEntry

/// ArgumentParser's search for a completion-script request, skipped where the words hold none
/// (`CompletionCheck`), on a root command of the tests' own that asks for its configuration as
/// `openmarket`'s does.
@Suite(.serialized) struct CompletionCheckTests {
    private struct Probe: ProgramEntry {
        static let programName = "probe"
        static var configuration: CommandConfiguration {
            CompletionCheck.configuration(CommandConfiguration(commandName: "probe"), program: "probe")
        }

        @Flag var loud = false
        @Option var name: String?
    }

    /// Parses `words` as `ProgramEntry.parsedCommand` does: skipping the search unless the words
    /// may ask for a completion script.
    private func parse(_ words: [String]) -> Result<ParsableCommand, any Error> {
        Result {
            try CompletionCheck.skipped(unless: Probe.askForWhatProgramsRead(words[...])) {
                try Probe.parseAsRoot(words)
            }
        }
    }

    @Test func theRootNamesASuperCommandOnlyWhileASkippedParseRuns() throws {
        #expect(Probe.configuration._superCommandName == nil)
        let during = try CompletionCheck.skipped(unless: false) {
            #expect(Probe.configuration._superCommandName == "probe")
            return try Probe.parseAsRoot(["--loud"])
        }
        #expect((during as? Probe)?.loud == true)
        #expect(Probe.configuration._superCommandName == nil)
        _ = try? CompletionCheck.skipped(unless: true) {
            #expect(Probe.configuration._superCommandName == nil)
            return try Probe.parseAsRoot([])
        }
    }

    @Test func aCompletionScriptIsStillMadeWhenTheWordsAskForOne() throws {
        for words in [["--generate-completion-script", "bash"], ["--generate-completion-script=zsh"]] {
            guard case .failure(let error) = parse(words) else {
                Issue.record("\(words) parsed as a command")
                continue
            }
            #expect(Probe.exitCode(for: error) == .success)
            #expect(Probe.fullMessage(for: error).contains("probe"), "\(words)")
        }
    }

    /// The skip rests on ArgumentParser skipping its search for a command with a super command:
    /// were a release to stop doing so, the words below would make a completion script again
    /// and this test says that the start pays for the search once more.
    @Test func aSkippedParseDoesNotSearchForARequest() {
        let result = Result {
            try CompletionCheck.skipped(unless: false) { try Probe.parseAsRoot(["--generate-completion-script", "bash"]) }
        }
        guard case .failure(let error) = result else {
            Issue.record("parsed as a command")
            return
        }
        #expect(Probe.exitCode(for: error) == .validationFailure, "\(Probe.fullMessage(for: error))")
    }

    @Test func helpAndUsageErrorsNameTheProgramOnce() {
        for words in [["--help"], ["--nope"], ["--name"]] {
            // Help comes as a command whose run throws the request, as `ProgramEntry.run` finds it.
            let message: String
            switch parse(words) {
            case .success(var command):
                do {
                    try command.run()
                    message = "ran"
                } catch {
                    message = Probe.fullMessage(for: error)
                }
            case .failure(let error): message = Probe.fullMessage(for: error)
            }
            #expect(message.contains("probe"), "\(words): \(message)")
            #expect(!message.contains("probe probe"), "\(words): \(message)")
        }
    }
}
