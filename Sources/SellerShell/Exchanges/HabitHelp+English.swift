extension HabitHelp {
    public var english: String {
        switch self {
        case .exchangesLint:
            "mark the HTTP habits a teacher would in the exchanges (a PATCH without If-Match, a POST sent again, a secret in a URL, …), each with the explain topic that teaches it"
        case .lint:
            "mark the HTTP habits in what a script will send, before it runs (FILE:LINE, rule, explain topic)"
        case .lintUsage: "lint takes one or more script files: lint FILE.om…"
        case .recordAsTest:
            "write each answer as expect lines (the status, the fields set), an id or date as a variable, so that openmarket test grades against it"
        }
    }
}
