import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell

/// Names the product a command returned: `last`, the name the line gave (`… as mug`), and every
/// name already bound to that product; the names go back in the outcome (`boundNames`), so the
/// journal and the recording around this layer see them. A raw request's answer becomes
/// `response`, and what a command says it sets (`set NAME VALUE`: `variablesSet`) is set: the
/// one place a line changes the variables.
struct BindingMiddleware: CommandMiddleware {
    nonisolated(nonsending) func handle(
        _ invocation: Invocation, context: CommandContext, next: CommandHandler
    ) async throws -> CommandOutcome {
        var outcome = try await next(invocation, context)
        guard let variables = context.scope?.variables else { return outcome }
        for (name, value) in outcome.variablesSet { variables.set(name, .text(value)) }
        // A product registered again by `undo` takes the names of the one it stands for.
        for (old, product) in outcome.replacements { variables.rebind(from: old, to: product) }
        if let product = outcome.product {
            outcome.boundNames = variables.bind(product, as: invocation.bindAs)
        } else if let name = invocation.bindAs, outcome.answer == nil {
            outcome.output.append(.note(ScriptMessage.nothingNamed(name).text))
        }
        if let answer = outcome.answer { variables.set(Self.responseName, Self.document(answer)) }
        return outcome
    }

    /// The name a raw request's answer is read by.
    static let responseName = "response"

    /// A raw request's answer as `response`: `$response` is the status; `${response.status}`,
    /// `${response.reason}`, `${response.headers.allow}` (names in lower case) and
    /// `${response.body.id}` (a JSON body's fields, or the text) read the rest.
    static func document(_ answer: RawAnswer) -> VariableValue {
        var headers: [String: JSONValue] = [:]
        for field in answer.headers {
            let name = field.name.lowercased()
            if case .string(let earlier)? = headers[name] {
                headers[name] = .string(earlier + ", " + field.value)
            } else {
                headers[name] = .string(field.value)
            }
        }
        let body = JSONValue.parse(answer.body) ?? .string(String(decoding: answer.body, as: UTF8.self))
        return .document(
            .object([
                "status": .number(Decimal(answer.status)), "reason": .string(HTTPStatusPhrase.reason(answer.status)),
                "headers": .object(headers), "body": body,
            ]), shown: String(answer.status))
    }
}
