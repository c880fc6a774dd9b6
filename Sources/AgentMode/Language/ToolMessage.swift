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
        /// A list of rows, each an object.
        case rows
        /// An object.
        case object
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
    /// A write tool's description: its command's summary as a sentence, then ``twoSteps``.
    case writeDescription(summary: String)
    /// `changes`' `all`, which changes nothing (the list always holds every kept change).
    case changesAll
    /// `import`'s `failed`, which goes with `rows_from`.
    case importFailed
    /// `import`'s `rows`: the catalog's rows given in the call, at most `most`, with these fields.
    case importRows(most: Int, fields: [String])

    // MARK: Arguments refused

    /// A property the tool does not take; `known` lists the ones it does.
    case unknownProperty(String, tool: String, known: [String])
    /// A property given a value of the wrong kind.
    case wrongType(String, takes: Takes, given: Given)
    /// A required property left out.
    case missing(String, tool: String, takes: Takes)
    /// A list with fewer or more items than its schema's bounds allow (nil: no bound).
    case itemCount(String, least: Int?, most: Int?, given: Int)
    /// `import` given both a file and rows, or neither.
    case fileOrRows(tool: String, both: Bool)
    /// `rows` given where no scratch folder can hold them.
    case rowsNeedFolder
    /// A row without its product's id.
    case rowNeedsID(row: Int)
    /// A row's key that names no field `rows` takes.
    case rowUnknownField(String, row: Int, known: [String])
    /// The rows' catalog file could not be written.
    case rowsNotWritten(file: String)
    /// A number outside its schema's bounds (each nil when the schema has none).
    case outOfBounds(String, above: String?, least: String?, most: String?, given: String)
    /// A plan's command line for an import of `count` rows given in the call: `import rows (3 rows)`.
    case rowsCommand(tool: String, count: Int)

    // MARK: Results

    /// A result that holds only the first `shown` of `total` products.
    case productsCapped(shown: Int, total: Int)
    /// A result that holds only the first `shown` of `total` product changes.
    case changesCapped(shown: Int, total: Int)
    /// A result whose printed text was cut at `shown` of `total` bytes.
    case textCapped(shown: Int, total: Int)
    /// A result that holds only the first `shown` of `total` items of a list (`failure`,
    /// `notes`, `warnings`, `summary`, `documents`, `entries`), named by its key.
    case itemsCapped(list: String, shown: Int, total: Int)
    /// A document (a server's answer) of `bytes` left out of a result: larger than a result holds.
    case documentLeftOut(bytes: Int)
}
