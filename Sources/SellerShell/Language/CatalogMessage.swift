/// Every sentence `import` and `export` say to a person, as a value: the catalog of the
/// ShellScripting module's catalog commands, kept in this module so it speaks through the same
/// ``Language`` as ``Message``. Each language is one exhaustive `switch`
/// (`CatalogMessage+English.swift`, `CatalogMessage+Korean.swift`); `CatalogMessageCatalogTests`
/// checks the Korean reads as Korean and keeps the English's facts.
///
/// What programs read (the CSV and JSON an export writes, the journal) is never a `CatalogMessage`.
public enum CatalogMessage: Sendable, Equatable {
    // MARK: The import plan
    /// `cat.csv: the plan`, the plan's first line.
    case planTitle(file: String)
    /// `… and 5 more`, under a list the plan shortens.
    case andMore(Int)
    /// `--prune` would delete most (or all) of your products without `--prune-all`.
    case pruneRefused(file: String, deleting: Int, yours: Int)
    /// Rows would register names you already have, without `--allow-duplicates`.
    case duplicatesRefused(file: String, count: Int, row: Int, yours: Int, more: Bool)

    /// The message in the language of this task.
    public var text: String { text(in: Language.current) }

    public func text(in language: Language) -> String {
        switch language {
        case .en: english
        case .ko: korean
        }
    }
}
