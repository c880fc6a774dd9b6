import ArgumentParser
import Testing

@testable import ProgramEntry

/// ArgumentParser's completion-script check, skipped in a parse whose arguments ask for no
/// script (`CompletionCheck`): the skip is live, and help and usage are untouched by it.
@Suite(.serialized) struct CompletionCheckTests {
    struct Tool: ParsableCommand {
        static var configuration: CommandConfiguration {
            CompletionCheck.configuration(CommandConfiguration(commandName: "tool"))
        }

        @Flag var verbose = false
    }

    static let request = ["--generate-completion-script", "bash"]

    /// Arguments that ask for a script get it; told they ask for none, ArgumentParser does not
    /// look for one, so the same words are an unknown option. The second half fails if a
    /// release of ArgumentParser stops honouring a super command's name, which the skip rests on.
    @Test func theCheckRunsOnlyForArgumentsThatAskForAScript() throws {
        let answered = #expect(throws: (any Error).self) {
            try CompletionCheck.parse(Self.request, asking: { _ in true }) { try Tool.parseAsRoot(Self.request) }
        }
        let script = try #require(answered)
        #expect(Tool.exitCode(for: script) == .success)
        #expect(Tool.fullMessage(for: script).contains("-F _tool tool"), "\(Tool.fullMessage(for: script))")
        let skipped = #expect(throws: (any Error).self) {
            try CompletionCheck.parse(Self.request, asking: { _ in false }) { try Tool.parseAsRoot(Self.request) }
        }
        let refused = try #require(skipped)
        #expect(Tool.exitCode(for: refused) == .validationFailure)
        #expect(Tool.fullMessage(for: refused).contains("--generate-completion-script"), "\(Tool.fullMessage(for: refused))")
    }

    /// After a parse, returned or thrown, the configuration names no super command again: help
    /// and usage errors say `tool`, not `tool tool`.
    @Test func helpAndUsageAfterTheParseNameTheProgramOnce() throws {
        let parsed = try CompletionCheck.parse(["--verbose"], asking: { _ in false }) { try Tool.parseAsRoot(["--verbose"]) }
        #expect((parsed as? Tool)?.verbose == true)
        #expect(Tool.configuration._superCommandName == nil)
        let failed = #expect(throws: (any Error).self) {
            try CompletionCheck.parse(["--bogus"], asking: { _ in false }) { try Tool.parseAsRoot(["--bogus"]) }
        }
        #expect(Tool.configuration._superCommandName == nil)
        let usage = Tool.fullMessage(for: try #require(failed))
        #expect(usage.contains("Usage: tool") && !usage.contains("tool tool"), "\(usage)")
        #expect(Tool.helpMessage().contains("USAGE: tool [--verbose]"), "\(Tool.helpMessage())")
    }
}
