import OpenMarketContract

/// The English catalogue of ``RegisterMessage``.
extension RegisterMessage {
    public var english: String {
        switch self {
        case .question(.image): "\(Question.image.field): "
        case .question(let question): "\(question.field) (\(RegisterMessage.rule(question).english)): "
        case .rule(.discount): "\(ProductField.discount.accepts.english); Enter for none"
        case .rule(.stock): "\(ProductField.stock.accepts.english); Enter for 0"
        case .rule(let question): question.productField.accepts.english
        case .imageExplained: "  the photo: a JPEG, PNG or GIF file's path; globs work (*.jpg); TAB completes"
        case .answerNeeded: "  an answer is needed — type one, or press Ctrl-C to cancel"
        case .tryAgain(let problem): "  \(problem) — try again (Ctrl-C cancels)"
        }
    }
}
