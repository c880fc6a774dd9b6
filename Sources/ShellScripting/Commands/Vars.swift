import Foundation
import OpenMarketContract
import SellerShell

/// `vars`: the session's variables and named products (`--json`: an object of them, a text
/// variable as its string and a named product as `{"id": …, "product": {…}}`).
struct Vars: ShellCommand {
    static let commandNames = CommandNames("vars")
    static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ScriptHelp.vars, usage: "vars",
        tooManyWords: ScriptHelp.varsTooManyWords,
        effect: .none, recording: .never, rawWords: true)

    /// Takes nothing: its words are raw (no flags sorted out), so what follows is refused here,
    /// never echoed (a word after it could be a secret).
    init(parsing arguments: Arguments) throws(CommandFailure) {
        guard arguments.positional.isEmpty else { throw .usage(ScriptHelp.varsTooManyWords.text) }
    }

    var words: [Word] { [Word(Self.spec.name)] }

    nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let values = try context.runtime().variables.values
        let rows = values.sorted { $0.key < $1.key }.map { name, value in
            switch value {
            case .text(let text): "\(name) = \(Expectation.show(text))"
            case .product(let binding):
                "\(name) = #\(binding.id)" + (binding.document.value(at: ["name"]).map { " \($0.text)" } ?? "")
            case .document(let document, let shown):
                "\(name) = \(shown) " + ScriptMessage.variableFields(document.keys.joined(separator: ", ")).text
            }
        }
        let text =
            rows.isEmpty ? ScriptMessage.noVariables.text : rows.joined(separator: "\n")
        return CommandOutcome([.text(text, raw: try Self.document(values))])
    }

    static func document(_ values: [String: VariableValue]) throws -> Data {
        let object = values.mapValues { value -> JSONValue in
            switch value {
            case .text(let text): .string(text)
            case .product(let binding): .object(["id": .number(Decimal(binding.id)), "product": binding.document])
            case .document(let document, _): document
            }
        }
        return try MarketJSON.encoder.encode(JSONValue.object(object))
    }
}
