import OpenMarketContract

/// What agent mode's tools say: the descriptions in their schemas that no command spec holds
/// (the two steps of a change, the token, the positional words' names), a tool call's arguments
/// refused before the command sees them, and the notes a capped result gets. Each language is
/// one exhaustive `switch` (`ToolMessage+English.swift`, `ToolMessage+Korean.swift`); a schema
/// takes the English words (`.english`), a failure is said in the session's language.
public enum ToolMessage: Spoken, Equatable {
    /// What a JSON argument takes, as a failure names it.
    public enum Takes: Sendable, Equatable {
        case boolean
        case wholeNumber
        case number
        case text
        /// One of these words.
        case choice([String])
        /// A list of product ids.
        case productIDs
        /// A list of file paths.
        case paths
    }

    /// What a JSON argument was instead.
    public enum Given: Sendable, Equatable {
        case null, boolean, number, text, list, object
        /// A number with a fraction, or too large to be exact, where a whole number belongs.
        case fraction
    }

    // MARK: Descriptions in the schemas

    /// Added to every write tool's description: nothing is sent on the first call.
    case twoSteps
    /// The `token` property of a write tool.
    case token
    /// The `id` property: one product.
    case productID
    /// The `ids` property: one or more products.
    case productIDs
    /// `stock`'s `change`: `+N`, `-N` or `=N`.
    case stockChange
    /// `import`'s `file`.
    case catalogFile
    /// `list`'s and `search`'s `page`.
    case page
    /// `search`'s `text`.
    case searchText
    /// `explain`'s `topic`.
    case explainTopic
    /// `undo`'s or `redo`'s `number` (`undo` is true for undo).
    case changeNumber(undo: Bool)
    /// One item of `register`'s `image`.
    case photoPath

    // MARK: Arguments refused

    /// A property the tool does not take; `known` lists the ones it does.
    case unknownProperty(String, tool: String, known: [String])
    /// A property given a value of the wrong kind.
    case wrongType(String, takes: Takes, given: Given)
    /// A required property left out.
    case missing(String, tool: String, takes: Takes)

    // MARK: Results

    /// A result that holds only the first `shown` of `total` products.
    case productsCapped(shown: Int, total: Int)
    /// A result that holds only the first `shown` of `total` product changes.
    case changesCapped(shown: Int, total: Int)
    /// A result whose printed text was cut at `shown` of `total` bytes.
    case textCapped(shown: Int, total: Int)
}
