/// The habits a teacher marks in a student's HTTP, each with the `explain` topic that teaches it.
public enum HabitRule: String, Sendable, Hashable, CaseIterable, Codable {
    /// A PATCH or DELETE without `If-Match` of a product that may have changed since it was last
    /// seen: seen, then time passed, or a change of it whose answer never came.
    case unconditionalWrite = "unconditional-write"
    /// The same POST sent again after one that got no answer (or a 5xx): it may make two.
    case retriedPost = "retried-post"
    /// A secret in the URL (path or query) or a header, where logs and proxies keep it.
    case secretInRequest = "secret-in-request"
    /// A GET or HEAD with a body, which has no meaning there (RFC 9110 §9.3.1).
    case readWithBody = "read-with-body"
    /// A multipart part without a `Content-Type`.
    case untypedPart = "untyped-part"
    /// The same thing read again and again without `If-None-Match` though its answer had an ETag.
    case pollingWithoutCondition = "polling-without-if-none-match"
    /// The method a 405 refused, sent to that route again (the answer's `Allow` said which it takes).
    case methodRefusedAgain = "method-refused-again"
    /// The same request sent again unchanged after a 4xx said what was wrong with it.
    case refusedRequestAgain = "refused-request-again"

    /// What `explain` takes to teach it.
    public func topic(status: Int?) -> String {
        switch self {
        case .unconditionalWrite: "If-Match"
        case .retriedPost: "idempotent"
        case .secretInRequest: "secret"
        case .readWithBody: "GET"
        case .untypedPart: "multipart"
        case .pollingWithoutCondition: "If-None-Match"
        case .methodRefusedAgain: "405"
        case .refusedRequestAgain: status.map(String.init) ?? "400"
        }
    }
}

/// One habit found: the rule, the exchange it names (and the one before it that makes it one,
/// when there is one), and what it was about.
public struct HabitFinding: Sendable, Hashable {
    public var rule: HabitRule
    public var exchange: HabitExchange
    /// The earlier exchange it refers to: the read a write did not check, the POST sent again,
    /// the refusal.
    public var earlier: HabitExchange?
    /// Where a secret was (`secretInRequest`).
    public var places: [HabitExchange.Place]

    public init(rule: HabitRule, exchange: HabitExchange, earlier: HabitExchange? = nil, places: [HabitExchange.Place] = []) {
        self.rule = rule
        self.exchange = exchange
        self.earlier = earlier
        self.places = places
    }

    /// The `explain` topic that teaches it.
    public var topic: String { rule.topic(status: earlier?.answer.status) }

    /// What it says, in the reader's words.
    public var message: HabitMessage { HabitMessage.finding(self) }
}
