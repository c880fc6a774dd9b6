/// The Korean catalogue of ``StockMessage``: 합니다체, as the shell's own catalogue.
extension StockMessage {
    public var korean: String {
        switch self {
        case .amountTooLarge(let text, let largest):
            "너무 큰 수입니다(입력: '\(text)'). 재고는 최대 \(Self.grouped(largest))개입니다"
        case .wouldExceed(let before, let adding, let largest):
            "재고가 \(Self.grouped(before))개라서 \(Self.grouped(adding))개를 더하면 "
                + "최대 재고 \(Self.grouped(largest))개를 넘습니다"
        }
    }
}
