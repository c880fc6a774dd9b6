import OpenMarketAPI
import OpenMarketContract

/// Which way `undo` and `redo` go through the change log.
public enum ChangeDirection: Sendable, Equatable {
    /// Take a change back.
    case undo
    /// Make an undone change again.
    case redo
}

/// The direction a ``UndoRedo`` command type has: ``UndoWay`` or ``RedoWay``.
public protocol ReversalWay: Sendable {
    static var direction: ChangeDirection { get }
}

public enum UndoWay: ReversalWay { public static var direction: ChangeDirection { .undo } }
public enum RedoWay: ReversalWay { public static var direction: ChangeDirection { .redo } }

/// `undo [N] [--force] [--yes] [--dry-run]`: takes back change N of the change log (`changes`
/// lists them), by default the latest not undone yet; a whole import at once.
public typealias Undo = UndoRedo<UndoWay>
/// `redo [N] [--force] [--yes] [--dry-run]`: makes an undone change again (by default the one
/// undone last), with the same checks as `undo`.
public typealias Redo = UndoRedo<RedoWay>

/// `undo` and `redo`: one command, its direction the type's (`Undo`, `Redo`), the same words,
/// flags and run the other way. See `ReversalRequest` for how it runs and `Reversal` for what
/// each direction does per kind of change.
public struct UndoRedo<Way: ReversalWay>: ShellCommand {
    public static var spec: CommandSpec { Way.direction == .undo ? ReversalSpecs.undo : ReversalSpecs.redo }
    public static var commandNames: CommandNames { CommandNames(Way.direction == .undo ? "undo" : "redo") }

    static var options: [CommandOption<Self>] {
        let undo = Way.direction == .undo
        return [
            .flag("--force", \.force, help: undo ? ShellHelp.undoForce : ShellHelp.redoForce),
            .flag("--yes", \.yes, help: undo ? ShellHelp.undoYes : ShellHelp.redoYes),
            .flag("--dry-run", \.dryRun, help: ShellHelp.undoDryRun),
        ]
    }

    /// The spec of this direction (built once, in `ReversalSpecs`).
    fileprivate static func makeSpec() -> CommandSpec {
        let flags = options.map(\.flag)
        return switch Way.direction {
        case .undo:
            CommandSpec(
                name: commandNames.name, summary: ShellHelp.undo,
                usage: "undo [N] [--force] [--yes] [--dry-run]",
                examples: ["undo", "undo 7", "undo 7 --dry-run", "undo 7 --force"], flags: flags,
                positional: [.word], effect: .changes, repeatsSafely: false, returnsProduct: true)
        case .redo:
            CommandSpec(
                name: commandNames.name, summary: ShellHelp.redo,
                usage: "redo [N] [--force] [--yes] [--dry-run]", examples: ["redo", "redo 7"], flags: flags,
                positional: [.word], effect: .changes, repeatsSafely: false, returnsProduct: true)
        }
    }

    /// The change's number in `changes`; nil: the latest this direction applies to (for undo
    /// the latest not undone, for redo the one undone last).
    public var number: Int?
    public var force = false
    public var yes = false
    public var dryRun = false

    public init(number: Int? = nil) { self.number = number }

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        number = try Self.changeNumber(arguments)
        try arguments.apply(Self.options, to: &self)
    }

    /// The optional `N`: a change number as `changes` shows it.
    static func changeNumber(_ arguments: Arguments) throws(CommandFailure) -> Int? {
        guard let word = arguments.positional.first else { return nil }
        guard let number = Int(word.text), number > 0 else {
            throw .usage(
                Message.notAChangeNumber(word: TextLayout.visible(String(word.text.prefix(40))), command: spec.name).text)
        }
        return number
    }

    public var words: [Word] {
        [Word(Self.spec.name)] + (number.map { [Word(String($0))] } ?? []) + Self.options.words(of: self)
    }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let request = ReversalRequest(direction: Way.direction, number: number, force: force, yes: yes, dryRun: dryRun)
        var outcome = try await request.run(in: context)
        // A replay runs without a terminal: what was confirmed here is confirmed there.
        var replay = self
        replay.yes = true
        outcome.replay = replay
        return outcome
    }
}

/// The two specs, built once: `spec` is read for every line a session parses.
private enum ReversalSpecs {
    static let undo = Undo.makeSpec()
    static let redo = Redo.makeSpec()
}
