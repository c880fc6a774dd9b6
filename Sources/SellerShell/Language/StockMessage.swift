import OpenMarketContract

/// What `stock` says about an amount it cannot take: one too large for the contract's stock
/// (`ProductRules.maxStock`), or a change that would leave more than that. Each language is one
/// exhaustive `switch` (`StockMessage+English.swift`, `StockMessage+Korean.swift`).
public enum StockMessage: Spoken, Equatable {
    /// `+N`, `-N` or `=N` with N over `largest` (as typed, with its sign).
    case amountTooLarge(String, largest: Int)
    /// `+N` that would take the stock from `before` over `largest`.
    case wouldExceed(before: Int, adding: Int, largest: Int)

    /// A count with its thousands grouped (`9,007,199,254,740,991`), as the contract's rules say
    /// the limit.
    static func grouped(_ count: Int) -> String {
        count < 0 ? "-" + MoneyText.grouped(String(-count)) : MoneyText.grouped(String(count))
    }
}
