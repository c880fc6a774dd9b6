import OpenMarketContract

/// What an import's closing summary adds to its tallies: the rows the plan held back (a
/// conflict, a probable rename), which were not sent though the import succeeded, and the
/// products a `replace` row deleted to register again. Each language is one exhaustive
/// `switch` (`ImportSummaryMessage+English.swift`, `ImportSummaryMessage+Korean.swift`).
public enum ImportSummaryMessage: Spoken, Equatable {
    /// Cells changed both in the sheet and on the market, not sent (no `--prefer`).
    case conflictsNotSent(Int)
    /// Rows held back as probable renames, not registered.
    case heldBack(Int)
    /// Rows whose action is `replace`: registered again, the old product deleted.
    case replaced(Int)
}
