import OpenMarketAPI
import OpenMarketContract

/// `redo [N] [--force] [--yes] [--dry-run]`: makes an undone change again (by default the one
/// undone last), with the same checks as `undo`.
public struct Redo: ShellCommand {
    public static let spec = CommandSpec(
        name: "redo", summary: "make an undone change again (the one undone last, or N)",
        usage: "redo [N] [--force] [--yes] [--dry-run]", examples: ["redo", "redo 7"], flags: options.map(\.flag),
        positional: [.word], effect: .changes, repeatsSafely: false, returnsProduct: true)

    static let options: [CommandOption<Redo>] = [
        .flag("--force", \.force, help: "redo although the product has changed since it was undone"),
        .flag("--yes", \.yes, help: "delete, or redo a whole import, without asking first"),
        .flag("--dry-run", \.dryRun, help: "show what it would send, and send nothing"),
    ]

    public var number: Int?
    public var force = false
    public var yes = false
    public var dryRun = false

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        number = try Undo.changeNumber(arguments, command: Self.spec.name)
        try arguments.apply(Self.options, to: &self)
    }

    public var words: [Word] {
        [Word(Self.spec.name)] + (number.map { [Word(String($0))] } ?? []) + Self.options.words(of: self)
    }

    public func run(in context: CommandContext) async throws -> CommandOutcome {
        var outcome = try await ReversalRequest(direction: .redo, number: number, force: force, yes: yes, dryRun: dryRun)
            .run(in: context)
        var replay = self
        replay.yes = true
        outcome.replay = replay
        return outcome
    }
}
