import OpenMarketContract

/// What reading a large catalog again can find, as a value (a large file's rows are read from
/// it at each walk, `CatalogRows`). Each language is one exhaustive `switch`
/// (`CatalogReadingMessage+English.swift`, `CatalogReadingMessage+Korean.swift`).
public enum CatalogReadingMessage: Spoken, Equatable, CaseIterable {
    /// The file was changed (saved again, cut, grown) between two readings of its rows.
    case changedWhileRead
}
