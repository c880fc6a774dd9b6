/// The Korean catalogue of ``ImportSummaryMessage``: the summary's tallies (`등록 1`), as the
/// catalog's own.
extension ImportSummaryMessage {
    public var korean: String {
        switch self {
        case .conflictsNotSent(let count): "충돌 \(count)(보내지 않음)"
        case .heldBack(let count): "보류 \(count)(이름을 바꾼 것으로 보이는 행)"
        case .replaced(let count): "교체 \(count)(예전 상품은 삭제)"
        }
    }
}
