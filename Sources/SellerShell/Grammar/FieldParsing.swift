import Foundation
import OpenMarketAPI
import OpenMarketContract

/// Turns `key=value` text into typed fields, naming each field that does not parse.
package enum FieldParsing {
    package static func decimal(_ text: String, _ field: String, _ problems: inout [RuleViolation]) -> Decimal? {
        let cleaned = text.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "_", with: "")
        guard !cleaned.isEmpty, cleaned.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }),
            let value = Decimal(string: cleaned, locale: Locale(identifier: "en_US_POSIX"))
        else {
            problems.append(RuleViolation(field, "'\(text)' is not a number"))
            return nil
        }
        // Decimal rounds past 38 significant digits without a word: refuse rather than send another number.
        if let problem = ProductRules.checkNumberText(cleaned, field) {
            problems.append(problem)
            return nil
        }
        return value
    }

    package static func integer(_ text: String, _ field: String, _ problems: inout [RuleViolation]) -> Int? {
        guard let value = Int(text.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "_", with: "")) else {
            problems.append(RuleViolation(field, "'\(text)' is not a whole number"))
            return nil
        }
        return value
    }

    package static func currency(_ text: String) -> Currency { Currency(rawValue: text.uppercased()) }

    package static func draft(_ values: [ProductField: String], problems: inout [RuleViolation]) -> ProductDraft? {
        let price = values[.price].flatMap { decimal($0, "price", &problems) }
        let discount = values[.discount].map { decimal($0, "discount", &problems) } ?? 0
        let stock = values[.stock].map { integer($0, "stock", &problems) } ?? 0
        guard let name = values[.name], let description = values[.description], let price, let currency = values[.currency],
            let discount, let stock
        else { return nil }
        return ProductDraft(
            name: name, description: description, price: price, currency: self.currency(currency), discountedPrice: discount,
            stock: stock)
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
            let stored = sent ? "was stored as sent" : "will be stored as sent"
            return "the won has no minor unit; \(field) \(TextLayout.money(amount, .krw)) \(stored)"
        }
    }

    package static func changes(_ values: [ProductField: String], problems: inout [RuleViolation]) -> ProductChanges {
        var changes = ProductChanges()
        changes.name = values[.name]
        changes.description = values[.description]
        changes.price = values[.price].flatMap { decimal($0, "price", &problems) }
        changes.currency = values[.currency].map(currency)
        changes.discountedPrice = values[.discount].flatMap { decimal($0, "discount", &problems) }
        changes.stock = values[.stock].flatMap { integer($0, "stock", &problems) }
        changes.thumbnailID = values[.thumbnail].flatMap { integer($0, "thumbnail", &problems) }
        return changes
    }
}
