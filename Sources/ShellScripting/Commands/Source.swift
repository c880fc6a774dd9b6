import Foundation
import OpenMarketContract
import SellerShell

/// `source FILE`: runs a script file in this session (variables and login carry over), with
/// no journal of its own, stopping at its first failure. Paths are relative to the sourcing
/// script's folder when there is one.
struct Source: ShellCommand {
    static let commandNames = CommandNames("source", aliases: ["."])
    static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ScriptHelp.source,
        usage: "source FILE [--step]",
        examples: ["source scripts/examples/demo-catalog.om", "source scripts/examples/lessons/01-methods.om --step"],
        flags: options.map(\.flag), positional: [.path], tooManyWords: ScriptHelp.sourceTooManyWords, effect: .script,
        repeatsSafely: false, recording: .never, rawWords: true)

    /// Its words come as they are (a path may look like a field), so `--step` is one of them
    /// standing alone.
    static let options: [CommandOption<Source>] = [
        .flag("--step", \.step, help: ScriptHelp.sourceStep)
    ]

    var path: String
    /// Wait before each command (Enter sends, s skips, c continues, q stops).
    var step = false

    init(parsing arguments: Arguments) throws(CommandFailure) {
        path = ""
        let words = try arguments.takeOptions(Self.options, into: &self)
        guard let word = words.first, words.count == 1 else { throw .usage(ScriptMessage.sourceUsage.text) }
        path = word.text
    }

    var words: [Word] { [Word(Self.spec.name), Word(path, wasQuoted: true)] + Self.options.words(of: self) }

    nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let runtime = try context.runtime()
        // Where the context lets files be read (an untrusted script: only its own folder).
        let readable = try runtime.paths.readable(path, in: context)
        let status = try await runtime.source(path, at: readable, step: step, in: context)
        // Its lines reported their own failures.
        if status != .ok { throw CommandFailure.alreadyReported(status) }
        return CommandOutcome()
    }
}
