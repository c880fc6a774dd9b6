import ArgumentParser
import Synchronization

/// ArgumentParser's check for a completion-script request, skipped in a parse whose arguments
/// cannot hold one.
///
/// Before every parse of a root command ArgumentParser tries two commands of its own
/// (`--generate-completion-script` with a shell and without one). Their first parse in a process
/// looks up about 150 protocol conformances, each a scan of every conformance record of the
/// binary (9,158 in `openmarket`): 10.4 M of the shell's 35 M instructions at start, counted with
/// callgrind (`docs/benchmarks.md`, "Start-up"). ArgumentParser has no switch for it, but it skips
/// the check for a command whose configuration names a super command (`_superCommandName`,
/// which it reads nowhere else in a parse: only help and the manual's dump name it). So while a
/// program's first parse runs on arguments that ask for nothing programs read
/// (`askForWhatProgramsRead`), its root command's configuration names one; before and after the
/// parse (help, usage errors, the completion scripts) it names none. Written by hand for want
/// of that switch; `CompletionCheckTests` fail if ArgumentParser stops honouring the name.
public enum CompletionCheck {
    /// Whether the parse running now is one whose arguments ask for no completion script.
    static let skipping = Atomic<Bool>(false)

    /// `base` as ArgumentParser should see it now: naming a super command while a parse that
    /// needs no completion check runs, else as it is.
    public static func configuration(_ base: CommandConfiguration) -> CommandConfiguration {
        guard skipping.load(ordering: .relaxed) else { return base }
        var skipped = base
        skipped._superCommandName = base.commandName ?? ""
        return skipped
    }

    /// Runs `parse` with the check skipped when `arguments` ask for nothing programs read; the
    /// configuration is itself again when it returns or throws.
    static func parse<T>(
        _ arguments: [String], asking askForWhatProgramsRead: (ArraySlice<String>) -> Bool, _ parse: () throws -> T
    ) rethrows -> T {
        skipping.store(!askForWhatProgramsRead(arguments[...]), ordering: .relaxed)
        defer { skipping.store(false, ordering: .relaxed) }
        return try parse()
    }
}
