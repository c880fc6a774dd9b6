import OpenMarketContract

/// What an import's processing report (`--report FILE.csv|FILE.jsonl`) says of a row in its
/// `message` column, and what `--rows-from REPORT --failed` says when it refuses a report or
/// takes rows from one. A row's message is said in the sheet's language (``ImportReport``):
/// Korean for a sheet with Korean headers, else the reader's. Each language is one exhaustive
/// `switch` (`ReportMessage+English.swift`, `ReportMessage+Korean.swift`).
public enum ReportMessage: Spoken, Equatable {
    /// A row the import did not start: it was stopped (Ctrl-C, the market unreachable) first.
    case notRun
    /// A row whose request got no answer: whether the market made the change is not known.
    case outcomeUnknown(String)
    /// A row's change made, with the fields it changed (`price, stock`).
    case changedFields([ProductField])

    // MARK: --rows-from
    /// `--failed` without `--rows-from REPORT`.
    case failedNeedsRowsFrom
    /// `--rows-from` with `--prune`: a part of the sheet would delete the rest.
    case rowsFromWithPrune
    /// `--rows-from` with `--resume` or `--restart`: the journal already knows the rows.
    case rowsFromWithJournal
    /// The report cannot be read.
    case reportUnreadable(report: String, why: String)
    /// The file is no import report (its header is not the report's).
    case notAReport(report: String)
    /// The report was written for another sheet.
    case notThisSheet(report: String, sheet: String, file: String)
    /// The report names a row the sheet does not have.
    case rowNotInSheet(report: String, row: Int, file: String)
    /// The report says every row went through.
    case nothingFailed(report: String)
    /// The rows taken from the report, as row numbers (`3, 5, 9`).
    case retrying(count: Int, rows: String, report: String)
    /// The rows taken from the report without `--failed`: all it names.
    case takingRows(count: Int, rows: String, report: String)
}
