import Foundation
import OpenMarketContract
import SellerShell

/// `source FILE`: runs a script file in this session (variables and login carry over), with
/// no journal of its own, stopping at its first failure. Paths are relative to the sourcing
/// script's folder when there is one.
struct Source: ShellCommand {
    static let spec = CommandSpec(
        name: "source", aliases: ["."], summary: "run a script file in this session (variables and login carry over)",
        usage: "source FILE [--step]",
        examples: ["source scripts/examples/demo-catalog.om", "source scripts/examples/lessons/01-methods.om --step"],
        flags: [.init("--step")], positional: [.path], tooManyWords: "source FILE [--step]", effect: .script,
        repeatsSafely: false, recording: .never, rawWords: true)

    var path: String
    /// Wait before each command (Enter sends, s skips, c continues, q stops).
    var step: Bool

    init(parsing arguments: Arguments) throws(CommandFailure) {
        var words = arguments.positional
        step = words.contains { $0.text == "--step" && !$0.wasQuoted }
        words.removeAll { $0.text == "--step" && !$0.wasQuoted }
        guard let word = words.first, words.count == 1 else { throw .usage("source FILE [--step]") }
        path = word.text
    }

    var words: [Word] { [Word(Self.spec.name), Word(path, wasQuoted: true)] + (step ? [Word("--step")] : []) }

    func run(in context: CommandContext) async throws -> CommandOutcome {
        let status = try await context.runtime().source(path, step: step, in: context)
        // Its lines reported their own failures.
        if status != .ok { throw CommandFailure.alreadyReported(status) }
        return CommandOutcome()
    }
}
