import Foundation
import OpenMarketContract

/// `history`: the lines typed so far.
public struct History: ShellCommand {
    public static let commandNames = CommandNames("history")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.history, usage: "history", effect: .none,
        recording: .never)

    public init(parsing arguments: Arguments) throws(CommandFailure) {}

    public var words: [Word] { [Word(Self.spec.name)] }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let entries = context.console.history()
        let width = String(entries.count).count
        let lines = entries.enumerated().map { index, entry in
            "\(String(index + 1).padding(toLength: width, withPad: " ", startingAt: 0))  \(entry)"
        }
        return CommandOutcome([.text(lines.joined(separator: "\n"), raw: try MarketJSON.encoder.encode(entries))])
    }
}
