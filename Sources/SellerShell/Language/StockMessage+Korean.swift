/// The Korean catalogue of ``StockMessage``: 합니다체, as the shell's own catalogue.
extension StockMessage {
    public var korean: String {
        switch self {
        case .amountTooLarge(let text, let largest):
            "'\(text)'은(는) 너무 큽니다. 재고 수량은 \(largest)까지 쓸 수 있습니다"
        case .wouldExceed(let before, let adding, let largest):
            "재고가 \(before)개라서 \(adding)개를 더하면 최대 재고 \(largest)개를 넘습니다"
        }
    }
}
