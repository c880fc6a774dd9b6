import Foundation
import OpenMarketAPI
import OpenMarketContract

/// A command whose line parsed though its fields have problems, which it says with others that
/// only running finds (`register`: with its photos'); a script's check asks for them before the
/// run. Other commands refuse a line whose fields have problems when it is parsed.
public protocol HoldsFieldProblems: ShellCommand {
    /// The rules its fields break; empty when none.
    var fieldProblems: [RuleViolation] { get }
}

/// A command's `key=value` fields, parsed into typed values when its line is parsed
/// (``ParsedFields``, by each ``ProductField``'s own parse), and the warnings typed amounts get.
package enum FieldParsing {
    /// The fields of `arguments` that name a product field, in the order typed.
    package static func fields(
        of arguments: Arguments, except skipped: Set<ProductField> = []
    ) -> [(
        field: ProductField, text: String
    )] {
        arguments.fields.compactMap { pair in
            ProductField(rawValue: pair.key).flatMap { skipped.contains($0) ? nil : ($0, pair.value.text) }
        }
    }

    /// The failure a line's fields make when one does not parse or breaks a rule on its own
    /// (`price: 'abc' is not a number`), said as a refused request says them; nil when none.
    package static func failure(_ problems: [RuleViolation]) -> CommandFailure? {
        guard !problems.isEmpty else { return nil }
        guard problems.count > 1 else { return .failed(ShellSession.typed(problems[0])) }
        let lines = [Message.problemsNothingSent(count: problems.count).text] + problems.map { "  " + ShellSession.typed($0) }
        return .failed(lines.joined(separator: "\n"))
    }

    /// `the won has no minor unit; price ₩3,500.5 will be stored as sent`, for each KRW amount
    /// with a fraction: the contract allows decimals, so it is sent, but it is most likely a slip.
    /// - Parameter sent: whether the request has gone already (the words then say "was").
    package static func wonFractions(
        price: Decimal?, discount: Decimal?, currency: Currency?, sent: Bool = false
    ) -> [String] {
        guard currency == .krw else { return [] }
        return [("price", price), ("discount", discount)].compactMap { field, amount in
            guard let amount, TextLayout.hasFraction(amount) else { return nil }
            return Message.wonHasNoMinorUnit(field: field, amount: TextLayout.money(amount, .krw), sent: sent).text
        }
    }
}
