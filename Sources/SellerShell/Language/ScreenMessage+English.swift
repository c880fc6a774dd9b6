/// The English catalogue of ``ScreenMessage``.
extension ScreenMessage {
    public var english: String {
        switch self {
        case .morePrompt: "── more: Enter · c: the rest without stopping · q: stop ──"
        case .explainedAbove(let topics): "\(topics.joined(separator: " · ")): explained above"
        case .topicGroup(let group):
            switch group {
            case .methods: "methods"
            case .statuses: "statuses"
            case .headers: "headers"
            case .ideas: "ideas"
            case .operations: "operations"
            }
        case .pagerNotStarted(let command, let reason):
            "could not start the pager '\(command)': \(reason); printed without it"
        case .pagerNotFound(let command):
            "the pager '\(command)' was not found (set PAGER, or PAGER= for none); printed without it"
        case .explainLanguageTakes(let got): "--lang takes en or ko (got '\(got)')"
        case .historySearch(let found): found ? "history search: " : "history search (no match): "
        case .explanationsMissing(let searched):
            "the explanations could not be found (looked in \(searched.joined(separator: ", "))); "
                + "set OPENMARKET_EXPLANATIONS_DIR to the folder with en.json and ko.json"
        }
    }
}
