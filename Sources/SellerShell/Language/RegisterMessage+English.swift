/// The English catalogue of ``RegisterMessage``.
extension RegisterMessage {
    public var english: String {
        switch self {
        case .question(let question): "\(question.field) (\(RegisterMessage.rule(question).english)): "
        case .rule(.name(let length)), .rule(.description(let length)):
            "\(length.lowerBound) to \(length.upperBound) characters"
        case .rule(.price): "a number greater than 0"
        case .rule(.currency(let choices)): choices.joined(separator: " or ")
        case .rule(.discount): "a number from 0 to the price; Enter for none"
        case .rule(.stock): "a whole number from 0; Enter for 0"
        case .rule(.image): "path to a JPEG, PNG or GIF; globs work; TAB completes"
        case .answerNeeded: "  an answer is needed — type one, or press Ctrl-C to cancel"
        case .tryAgain(let problem): "  \(problem) — try again (Ctrl-C cancels)"
        }
    }
}
