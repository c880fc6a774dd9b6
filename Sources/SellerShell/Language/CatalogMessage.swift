import OpenMarketContract

/// Every sentence `import` and `export` say to a person, as a value: the catalog of the
/// ShellScripting module's catalog commands, kept in this module so it speaks through the same
/// ``Language`` as ``Message``. Each language is one exhaustive `switch`
/// (`CatalogMessage+English.swift`, `CatalogMessage+Korean.swift`); `CatalogMessageCatalogTests`
/// checks the Korean reads as Korean and keeps the English's facts.
///
/// What programs read (the CSV and JSON an export writes, the journal) is never a `CatalogMessage`.
public enum CatalogMessage: Spoken, Equatable {
    // MARK: The import plan
    /// `cat.csv: the plan`, the plan's first line.
    case planTitle(file: String)
    /// `… and 5 more`, under a list the plan shortens.
    case andMore(Int)
    /// `--prune` would delete most (or all) of your products without `--prune-all`.
    case pruneRefused(file: String, deleting: Int, yours: Int)
    /// Rows would register names you already have, without `--allow-duplicates`.
    case duplicatesRefused(file: String, count: Int, row: Int, yours: Int, more: Bool)

    case planLabel(PlanLabel)
    case matchedNote
    case matchedRow(row: Int, name: String, id: Int)
    case rowNamed(row: Int, name: String)
    case withNameYouHave(count: Int, allowed: Bool)
    case youHave(row: Int, name: String, yours: String)
    case rowLine(row: Int, text: String)
    case deleteNote
    case pruneShare(all: Bool, yours: Int, allowed: Bool)
    case photosIgnored(count: Int, rows: String)
    case skippedNote
    case restartMade(count: Int, again: Int)
    case rowExists(row: Int, id: Int)
    case doneBefore(Int)

    /// A heading of the import plan's lines (`register   3`).
    public enum PlanLabel: Sendable, Equatable, CaseIterable {
        case matched, register, update, unchanged, delete, photos, skipped
    }

}
