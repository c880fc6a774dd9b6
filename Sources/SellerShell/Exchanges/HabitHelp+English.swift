extension HabitHelp {
    public var english: String {
        switch self {
        case .exchangesLint:
            "Mark the HTTP habits a teacher would in the exchanges (a PATCH without If-Match, a POST sent again, a secret in a URL, …), each with the explain topic that teaches it."
        case .lint:
            "Mark the HTTP habits in what a script's lines will send, before it runs: each finding as FILE:LINE, the rule and the explain topic."
        case .lintUsage: "lint takes one or more script files: lint FILE.om…"
        case .recordAsTest:
            "Write each answer as expect lines (the status, the fields set), an id or date as a variable, so that openmarket test grades against it."
        }
    }
}
