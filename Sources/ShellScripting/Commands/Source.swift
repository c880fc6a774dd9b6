import Foundation
import OpenMarketContract
import SellerShell

/// `source FILE`: runs a script file in this session (variables and login carry over), with
/// no journal of its own, stopping at its first failure. Paths are relative to the sourcing
/// script's folder when there is one.
struct Source: ShellCommand {
    static let spec = CommandSpec(
        name: "source", aliases: ["."], summary: "run a script file in this session (variables and login carry over)",
        usage: "source FILE", examples: ["source scripts/examples/demo-catalog.om"], positional: [.path],
        tooManyWords: "source FILE", effect: .script, repeatsSafely: false, recording: .never, rawWords: true)

    var path: String

    init(parsing arguments: Arguments) throws(CommandFailure) {
        guard let word = arguments.positional.first else { throw .usage("source FILE") }
        path = word.text
    }

    var words: [Word] { [Word(Self.spec.name), Word(path, wasQuoted: true)] }

    func run(in session: isolated SellerShell) async throws -> CommandOutcome {
        let status = await session.source(path)
        // Its lines reported their own failures.
        if status != .ok { throw CommandFailure(status: status, message: "") }
        return CommandOutcome()
    }
}
