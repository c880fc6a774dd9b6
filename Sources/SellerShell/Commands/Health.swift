import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `health`: `GET /healthChecker`, with how long the answer took.
public struct Health: ShellCommand {
    public static let commandNames = CommandNames("health")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.health, usage: "health", effect: .reads)

    public init(parsing arguments: Arguments) throws(CommandFailure) {}

    public var words: [Word] { [Word(Self.spec.name)] }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let started = ContinuousClock.now
        let response = try await context.client.health()
        let ms = (ContinuousClock.now - started).milliseconds
        let text = Message.healthAnswers(
            server: context.client.baseURL.absoluteString, answer: response.value, milliseconds: Int(ms.rounded())
        ).text
        return CommandOutcome([.text(text, raw: response.body)])
    }
}
