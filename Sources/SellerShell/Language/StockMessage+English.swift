/// The English catalogue of ``StockMessage``.
extension StockMessage {
    public var english: String {
        switch self {
        case .amountTooLarge(let text, let largest):
            "'\(text)' is too large: a stock amount is at most \(largest)"
        case .wouldExceed(let before, let adding, let largest):
            "\(before) in stock; adding \(adding) would go over the largest stock, \(largest)"
        }
    }
}
