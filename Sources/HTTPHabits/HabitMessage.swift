import OpenMarketContract

/// What the habit linter says, in the reader's language: catalogues `HabitMessage+English.swift`
/// and `HabitMessage+Korean.swift`. A finding's line is `WHERE: RULE: what was wrong and what to
/// do (explain TOPIC)`: the rule's name and the topic are words to type, the same in both.
public enum HabitMessage: Spoken, Hashable {
    /// One finding, headed by where it is (`lesson.om:12`, `#7`).
    case reported(location: String, finding: HabitFinding)
    /// What was wrong and what to do, without its place, rule or topic (the board's cell).
    case finding(HabitFinding)
    /// An exchange another names: `line 12`, `#12`, `record 12`.
    case source(HabitExchange.Source)
    /// Where a secret was.
    case place(HabitExchange.Place)
    /// Nothing to mark in `count` exchanges (or a script's `count` requests); `leftOut` more were
    /// not looked at: the shell's own (its bookkeeping, undo's reads) and what a dry run did not
    /// send, so that the count agrees with `exchanges`.
    case clean(count: Int, leftOut: Int = 0)
    /// `count` findings in `exchanges` exchanges, `leftOut` more not looked at (as `clean`).
    case summary(count: Int, exchanges: Int, leftOut: Int = 0)
    /// A script that sends no request: nothing was looked at.
    case noRequests
}

extension HabitMessage {
    /// The finding's line: where, the rule, what was wrong, the topic.
    static func line(_ location: String, _ finding: HabitFinding, sentence: String, explain: String) -> String {
        "\(location): \(finding.rule.rawValue): \(sentence) (\(explain) \(finding.topic))"
    }

    /// What the earlier exchange a finding names is called, in `language`.
    static func earlier(_ finding: HabitFinding, in language: Language) -> String {
        finding.earlier.map { HabitMessage.source($0.source).text(in: language) } ?? ""
    }

    /// The places a secret was, in `language`.
    static func places(_ finding: HabitFinding, in language: Language, separator: String) -> String {
        finding.places.map { HabitMessage.place($0).text(in: language) }.joined(separator: separator)
    }

    /// The command that teaches a topic, the same word in every language.
    static let explainCommand = "explain"
}
