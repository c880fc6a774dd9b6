import OpenMarketContract

/// The English catalogue of ``StockMessage``.
extension StockMessage {
    public var english: String {
        switch self {
        case .amountTooLarge(let text, let largest):
            "'\(text)' is too large: a stock amount is at most \(Self.grouped(largest))"
        case .wouldExceed(let before, let adding, let largest):
            "\(Self.grouped(before)) in stock; adding \(Self.grouped(adding)) would go over the largest stock, "
                + Self.grouped(largest)
        }
    }
}
