import OpenMarketContract

/// The Korean catalogue of ``RegisterMessage``: statements in 합니다체 and requests in -세요,
/// as the shell's own catalogue. Each question names its field as it is typed (`name`), since
/// the finished command is written with it.
extension RegisterMessage {
    public var korean: String {
        switch self {
        case .question(.image): "\(Self.koreanLabel(.image))(\(Question.image.field)): "
        case .question(let question):
            "\(Self.koreanLabel(question))(\(question.field), \(RegisterMessage.rule(question).korean)): "
        case .rule(.discount): "\(ProductField.discount.accepts.korean), 없으면 그냥 Enter"
        case .rule(.stock): "\(ProductField.stock.accepts.korean), 0이면 그냥 Enter"
        case .rule(let question): question.productField.accepts.korean
        case .imageExplained: "  JPEG, PNG, GIF 파일의 경로를 입력하세요(*.jpg 같은 패턴 가능, Tab으로 완성)"
        case .answerNeeded: "  값을 입력해야 합니다. 입력하거나 Ctrl-C로 취소하세요"
        case .tryAgain(let problem): "  \(problem) — 다시 입력하세요(Ctrl-C로 취소)"
        }
    }

    /// What a Korean seller calls the field.
    static func koreanLabel(_ question: Question) -> String {
        switch question {
        case .name: "상품 이름"
        case .description: "상품 설명"
        case .price: "가격"
        case .currency: "통화"
        case .discount: "할인 금액"
        case .stock: "재고"
        case .image: "사진"
        }
    }
}
