import Foundation
import HTTPHabits
import OpenMarketContract

/// One student's line on the class board: what the market saw them do, counted from the
/// activity record (`ClassActivity`), never a secret or a body.
struct ClassBoardRow: Sendable, Equatable {
    /// The last error a student met: its status and the request that met it.
    struct LastError: Sendable, Equatable {
        var status: Int
        var method: String
        var route: String
    }

    var vendorID: Int
    /// The student's name as the roster (or `vendor add`) gave it: shown escaped.
    var name: String
    var requests = 0
    /// The methods sent, each once.
    var methods: Set<String> = []
    var success = 0
    var clientErrors = 0
    var serverErrors = 0
    var lastError: LastError?
    /// Products the student registered (creates the market answered with 2xx).
    var productsRegistered = 0
    /// The steps of the current assignment done, and how many it has; nil when there is none.
    var steps: (done: [String], total: Int)? = nil
    /// The labels (or ids) of the assignment's steps not done yet, in the assignment's order.
    var stepsMissing: [String] = []
    /// The linter's findings on what the student sent, as topics (`If-Match`, `retried POST`).
    var habits: [String] = []

    static func == (a: ClassBoardRow, b: ClassBoardRow) -> Bool {
        a.vendorID == b.vendorID && a.name == b.name && a.requests == b.requests && a.methods == b.methods
            && a.success == b.success && a.clientErrors == b.clientErrors && a.serverErrors == b.serverErrors
            && a.lastError == b.lastError && a.productsRegistered == b.productsRegistered
            && a.steps?.done == b.steps?.done && a.steps?.total == b.steps?.total && a.habits == b.habits
            && a.stepsMissing == b.stepsMissing
    }

    /// Counts one exchange the market answered for this student.
    mutating func count(method: String, route: String, status: Int) {
        requests += 1
        methods.insert(method)
        switch status {
        case 200..<300: success += 1
        case 400..<500: clientErrors += 1
        case 500..<600: serverErrors += 1
        default: break
        }
        if status >= 400 { lastError = LastError(status: status, method: method, route: route) }
        if method == "POST", route == "/api/products", (200..<300).contains(status) { productsRegistered += 1 }
    }

    /// Each rule found, once, in the order first found.
    var habitRules: [String] {
        var seen: [String] = []
        for rule in habits where !seen.contains(rule) { seen.append(rule) }
        return seen
    }

    /// How many findings, then each rule found (`2 · secret-in-request read-with-body`): the
    /// machine-readable value the cell keeps in `data-value`.
    var habitList: String {
        habits.isEmpty ? "" : "\(habits.count) · " + habitRules.joined(separator: " ")
    }

    /// How many findings, then each rule's short name in `language`, for the projector.
    func habitWords(in language: Language) -> String {
        guard !habits.isEmpty else { return "" }
        let words = habitRules.map { rule in
            HabitRule(rawValue: rule).map { ClassBoardText.habit($0).text(in: language) } ?? rule
        }
        return "\(habits.count) · " + words.joined(separator: ", ")
    }

    /// The methods in the order the lessons teach them, then any other alphabetically.
    var methodList: String {
        let order = ["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE", "OPTIONS"]
        let known = order.filter(methods.contains)
        return (known + methods.subtracting(order).sorted()).joined(separator: " ")
    }

    /// The methods as the projector shows them: the long names shortened (`DELETE` as `DEL`).
    var methodShortList: String {
        let short = ["DELETE": "DEL", "OPTIONS": "OPT"]
        return methodList.split(separator: " ").map { short[String($0)] ?? String($0) }.joined(separator: " ")
    }

    /// The row as the page's script reads it (`event: row`), its words in `language`. The script
    /// puts each value in its cell as text, never as markup.
    func wire(in language: Language) -> Wire {
        let meaning = lastError.map { ClassBoardText.meaning(status: $0.status).text(in: language) }
        return Wire(
            id: vendorID, name: name, requests: String(requests), methods: methodShortList, methodsValue: methodList,
            statuses: "\(success) / \(clientErrors) / \(serverErrors)",
            error: lastError.map { "\($0.status) \($0.method)" } ?? "",
            errorTitle: lastError.map { "\($0.status) \($0.method) \($0.route)\n\(meaning ?? "")" } ?? "",
            meaning: lastError.map { ClassBoardText.shortMeaning(status: $0.status).text(in: language) }
                ?? (requests == 0 ? ClassBoardText.noRequestsYet.text(in: language) : ""),
            products: String(productsRegistered),
            steps: steps.map { "\($0.done.count)/\($0.total)" } ?? "",
            stepsValue: steps.map { ([String("\($0.done.count)/\($0.total)")] + $0.done).joined(separator: " ") } ?? "",
            stepNames: stepsTitle(in: language),
            habits: habitWords(in: language), habitsValue: habitList, habitsTitle: habitRules.joined(separator: "\n"),
            quiet: requests == 0, failing: lastError != nil)
    }

    /// The steps' tooltip: the steps still to do, by their labels.
    private func stepsTitle(in language: Language) -> String {
        guard steps != nil, !stepsMissing.isEmpty else { return "" }
        return ClassBoardText.stepsToDo.text(in: language) + "\n" + stepsMissing.joined(separator: "\n")
    }

    /// A row's cells, as text.
    struct Wire: Codable, Sendable, Equatable {
        var id: Int
        var name: String
        var requests: String
        /// The methods, short (`GET POST PATCH DEL`); `methodsValue` has them in full.
        var methods: String
        var methodsValue: String
        var statuses: String
        /// The last error's status and method (`412 PATCH`); `errorTitle` adds its route and
        /// what it means in full, for the tooltip.
        var error: String
        var errorTitle: String
        /// What the last error means, in a few words.
        var meaning: String
        var products: String
        /// `3/5`; `stepsValue` adds the ids of the steps done (`3/5 photos if-match met-412`);
        /// `stepNames` is the tooltip: the steps still to do.
        var steps: String
        var stepsValue: String
        var stepNames: String
        /// The habits' count and short names in the reader's language; `habitsValue` keeps the
        /// linter's rule ids (`2 · secret-in-request read-with-body`).
        var habits: String
        var habitsValue: String
        var habitsTitle: String
        /// No request yet (the row is dimmed).
        var quiet: Bool
        /// Has met an error (its error cell is marked).
        var failing: Bool
    }
}
