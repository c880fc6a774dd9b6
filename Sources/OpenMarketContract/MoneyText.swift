import Foundation

/// Money as sellers and buyers read it: `₩3,500`, `$19.99`, `JPY 100.00`.
///
/// The one money format of the project: the shell's tables, lines and messages
/// (`TextLayout.money`) and the storefront's pages both call it, so one price never reads two
/// ways (the storefront once rounded a won fraction to two decimals where the shell kept it).
public enum MoneyText {
    /// - Returns: the amount with its currency's sign and decimals, thousands grouped: KRW as
    ///   `₩3,500` (a fraction, which the won does not have, is kept as it is rather than
    ///   hidden: `₩3,500.125`), USD as `$19.99`, any other currency as `JPY 100.00`; a negative
    ///   amount as `-$3,500.00`.
    public static func format(_ amount: Decimal, _ currency: Currency) -> String {
        let (digits, symbol) = style(currency)
        // Most prices are whole numbers: printed from an Int, without `Decimal`'s rounding and
        // its digit-by-digit `description` (a third of a `show`'s detail view). An exponent of
        // zero or more is a whole number; the bound keeps it exact in an Int64 (checked on the
        // Double: comparing two Decimals cost as much as the rest).
        let number = NSDecimalNumber(decimal: amount)
        if amount.exponent >= 0, abs(number.doubleValue) < 1e15 {
            let whole = number.int64Value
            let body = grouped(String(whole.magnitude)) + (digits > 0 ? "." + String(repeating: "0", count: digits) : "")
            return (whole < 0 ? "-" : "") + symbol + body
        }
        return format(amount, digits: digits, symbol: symbol, keepingFraction: currency == .krw)
    }

    /// How many decimals an amount in `currency` shows, and what stands before it.
    private static func style(_ currency: Currency) -> (digits: Int, symbol: String) {
        switch currency {
        case .krw: (0, "₩")
        case .usd: (2, "$")
        default: (2, currency.rawValue + " ")
        }
    }

    /// `format` for any amount: rounded to `digits` decimals with `Decimal`'s own (banker's)
    /// rounding, unless `keepingFraction` and the amount has more, which are then shown as they are.
    public static func format(_ amount: Decimal, digits: Int, symbol: String, keepingFraction: Bool) -> String {
        let negative = amount < 0
        let magnitude = negative ? -amount : amount
        var rounded = Decimal()
        var value = magnitude
        NSDecimalRound(&rounded, &value, digits, .bankers)
        let shown = (keepingFraction && rounded != magnitude) ? magnitude : rounded
        let text = shown.description
        var parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        var fraction = parts.count > 1 ? parts[1] : ""
        if digits > 0 { while fraction.utf8.count < digits { fraction += "0" } }
        let body = grouped(parts.removeFirst()) + (fraction.isEmpty ? "" : "." + fraction)
        return (negative ? "-" : "") + symbol + body
    }

    /// A run of ASCII digits with a comma before each group of three from the right:
    /// `23144` → `23,144`.
    public static func grouped(_ digits: String) -> String {
        // On bytes: the digits are ASCII, and reversing `Character`s twice cost more than the rest.
        let bytes = Array(digits.utf8)
        var grouped: [UInt8] = []
        grouped.reserveCapacity(bytes.count + bytes.count / 3)
        for (index, byte) in bytes.enumerated() {
            if index > 0, (bytes.count - index) % 3 == 0 { grouped.append(UInt8(ascii: ",")) }
            grouped.append(byte)
        }
        return String(decoding: grouped, as: UTF8.self)
    }
}
