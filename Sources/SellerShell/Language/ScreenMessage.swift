import OpenMarketContract

/// What the shell says about the screen itself: the pause of a page taller than the terminal,
/// an explanation already given, the `explain` index's groups, the pager that could not start.
/// Each language is one exhaustive `switch` (`ScreenMessage+English.swift`,
/// `ScreenMessage+Korean.swift`).
public enum ScreenMessage: Spoken, Equatable {
    /// The pause when the screen is full: Enter, `c` or `q`.
    case morePrompt
    /// The explanations of these topics (a method, an operation, a header, a status) were given
    /// earlier in this run: `↳ GET · identifier · 200: see above`.
    case explainedAbove([String])
    /// A group of the `explain` index.
    case topicGroup(TopicGroup)
    /// `$PAGER` could not be started (why), or was not found; the text is printed without it.
    case pagerNotStarted(command: String, reason: String)
    case pagerNotFound(command: String)
    /// `explain --lang fr`: the languages explanations are written in.
    case explainLanguageTakes(got: String)
    /// The explanations' data files are in none of the folders searched.
    case explanationsMissing(searched: [String])
    /// What Ctrl-R shows before the text searched for, below the line, while an entry holds it
    /// or once none does (libedit's own search shows `bck:` and `bck?`).
    case historySearch(found: Bool)

    /// The groups of the `explain` index.
    public enum TopicGroup: Sendable, Equatable {
        case methods, statuses, headers, ideas, operations
    }
}
