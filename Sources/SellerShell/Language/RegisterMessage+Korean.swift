/// The Korean catalogue of ``RegisterMessage``: statements in 합니다체 and requests in -세요,
/// as the shell's own catalogue. Each question names its field as it is typed (`name`), since
/// the finished command is written with it.
extension RegisterMessage {
    public var korean: String {
        switch self {
        case .question(let question):
            "\(Self.koreanLabel(question))(\(question.field), \(RegisterMessage.rule(question).korean)): "
        case .rule(.name(let length)), .rule(.description(let length)): "\(length.lowerBound)~\(length.upperBound)자"
        case .rule(.price): "0보다 큰 수"
        case .rule(.currency(let choices)): choices.joined(separator: " 또는 ")
        case .rule(.discount): "0부터 가격까지의 수, 없으면 그냥 Enter"
        case .rule(.stock): "0 이상의 정수, 0이면 그냥 Enter"
        case .rule(.image): "JPEG, PNG, GIF 파일 경로. 글롭도 되고 TAB으로 완성됩니다"
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
