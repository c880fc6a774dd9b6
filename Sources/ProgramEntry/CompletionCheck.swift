import ArgumentParser
import Synchronization

/// ArgumentParser's search for a completion-script request, made only where one may be.
///
/// On every parse ArgumentParser tries two commands of its own on the arguments, to find
/// `--generate-completion-script` (`checkForCompletionScriptRequest`). Being a process's first
/// use of their types, their mirrors and their conformances, it cost the shell's start 0.48 ms
/// to its prompt (`MEMORY=0 BEFORE=… scripts/bench-shell 40`, paired by turn, sooner without it
/// in 38 of 40; `docs/benchmarks.md`, "2026-12-03, evening").
///
/// ArgumentParser skips that search for a root command that names a super command
/// (`_superCommandName`, which a plugin's commands set), a name it reads nowhere else during a
/// parse: only where help, a usage block or the manual's dump is written, after the parse. So
/// while `ProgramEntry.parsedCommand` parses arguments that hold no such request
/// (`askForWhatProgramsRead`, the same search made on the words), a root command that asks
/// `configuration(_:program:)` names its own program as its super command, and names none
/// once the parse is over. `CompletionCheckTests` and the binary's tests guard it: a completion
/// script is still made, and help and usage errors name the program once.
public enum CompletionCheck {
    private static let skipping = Atomic<Bool>(false)

    /// The root command's `configuration` as it is given during a parse: for its
    /// `static var configuration`.
    public static func configuration(_ configuration: CommandConfiguration, program: String) -> CommandConfiguration {
        guard skipping.load(ordering: .relaxed) else { return configuration }
        var parsing = configuration
        parsing._superCommandName = program
        return parsing
    }

    /// Runs `parse` with the search skipped, unless `requested` (the words may hold a request).
    static func skipped(unless requested: Bool, _ parse: () throws -> ParsableCommand) throws -> ParsableCommand {
        guard !requested else { return try parse() }
        skipping.store(true, ordering: .relaxed)
        defer { skipping.store(false, ordering: .relaxed) }
        return try parse()
    }
}
