import OpenMarketAPI
import OpenMarketContract

/// `undo [N] [--force] [--yes] [--dry-run]`: takes back change N of the change log (`changes`
/// lists them), by default the latest not undone yet; a whole import at once. See `Reversal`
/// for what it does per kind.
public struct Undo: ShellCommand {
    public static let spec = CommandSpec(
        name: "undo", summary: "take back a change this shell made (the latest, or N from 'changes')",
        usage: "undo [N] [--force] [--yes] [--dry-run]",
        examples: ["undo", "undo 7", "undo 7 --dry-run", "undo 7 --force"], flags: options.map(\.flag),
        positional: [.word], effect: .changes, repeatsSafely: false, returnsProduct: true)

    static let options: [CommandOption<Undo>] = [
        .flag("--force", \.force, help: "undo although the product has changed since"),
        .flag("--yes", \.yes, help: "delete, or undo a whole import, without asking first"),
        .flag("--dry-run", \.dryRun, help: "show what it would send, and send nothing"),
    ]

    /// The change's number in `changes`; nil: the latest not undone.
    public var number: Int?
    public var force = false
    public var yes = false
    public var dryRun = false

    public init(number: Int? = nil) { self.number = number }

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        number = try Self.changeNumber(arguments, command: Self.spec.name)
        try arguments.apply(Self.options, to: &self)
    }

    /// The optional `N`: a change number as `changes` shows it.
    static func changeNumber(_ arguments: Arguments, command: String) throws(CommandFailure) -> Int? {
        guard let word = arguments.positional.first else { return nil }
        guard let number = Int(word.text), number > 0 else {
            throw .usage(
                Message.notAChangeNumber(word: TextLayout.visible(String(word.text.prefix(40))), command: command).text)
        }
        return number
    }

    public var words: [Word] {
        [Word(Self.spec.name)] + (number.map { [Word(String($0))] } ?? []) + Self.options.words(of: self)
    }

    public func run(in context: CommandContext) async throws -> CommandOutcome {
        var outcome = try await ReversalRequest(direction: .undo, number: number, force: force, yes: yes, dryRun: dryRun)
            .run(in: context)
        // A replay runs without a terminal: what was confirmed here is confirmed there.
        var replay = self
        replay.yes = true
        outcome.replay = replay
        return outcome
    }
}
