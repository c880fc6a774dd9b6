import OpenMarketContract
import SellerShell

/// `set NAME VALUE` (a variable), besides the shell's own `set output …` and `set trace …`,
/// which it hands to `SetOption`.
struct SetVariable: ShellCommand {
    static let commandNames = SetOption.commandNames
    static let spec = SetOption.spec.with(rawWords: true, recording: .asTyped)

    enum Action: Sendable {
        case option(SetOption)
        case variable(name: String, value: String)
    }

    var action: Action

    init(parsing arguments: Arguments) throws(CommandFailure) {
        let words = arguments.positional
        if let first = words.first, SetOption.settings[first.text] != nil {
            action = .option(try SetOption(parsing: arguments))
            return
        }
        guard words.count == 2 else { throw .usage(ScriptMessage.setNameValue.text) }
        if let problem = ScriptVariables.checkName(words[0].text) { throw .usage(problem) }
        action = .variable(name: words[0].text, value: words[1].text)
    }

    var words: [Word] {
        switch action {
        case .option(let option): option.words
        case .variable(let name, let value): [Word(Self.spec.name), Word(name), Word(value, wasQuoted: true)]
        }
    }

    nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        switch action {
        case .option(let option):
            return try await option.run(in: context)
        case .variable(let name, let value):
            // A variable holding the secret could go nowhere (every line using it is refused),
            // and a recording could not say it (it is written as `${env.OPENMARKET_SECRET}`,
            // which a script is refused): refused here, at the prompt as in a script.
            if context.records.secrets.occurs(in: value) { throw CommandFailure.usage(ScriptMessage.secretInVariable(name).text) }
            // Said in the outcome, set by the names layer (`BindingMiddleware`), as a product is
            // bound: no command writes the variables itself.
            _ = try context.runtime()
            var outcome = CommandOutcome()
            outcome.variablesSet = [name: value]
            return outcome
        }
    }
}
