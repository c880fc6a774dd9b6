import CatalogFiles
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
    case skippedNote
    case restartMade(count: Int, again: Int)
    case rowExists(row: Int, id: Int)
    case doneBefore(Int)
    /// Rows whose stock is left as it is: an earlier import ended while it moved the stock, and
    /// the product changed again since (``PendingMove``).
    case stockMoveUnknown(count: Int)
    /// `#5 stock 8 (the move was to 9)`.
    case stockMoveUnknownRow(id: Int, stock: Int, sent: Int)
    // MARK: The three-way merge (the sheet, the export's revision, the market now)
    /// Rows without a revision: compared with the market now, as before.
    case noRevision(count: Int)
    /// Rows of a sheet with a revision column without a revision of their own (an empty cell, or
    /// another product's): added, pasted or copied after the export, so compared with the market now.
    case emptyRevision(count: Int)
    /// `rows`: the rows the kept cells are in (the count beside it is of cells).
    case keptNote(rows: Int)
    /// `#12 price ₩3,500 → ₩3,200 on the market`: a change the market made since the export.
    case marketChanged(id: Int, changes: String)
    /// `rows`: the rows they are in, counted above with the rest (unchanged when not sent), as
    /// `keptNote` says; without it the plan's rows seemed to add up to more than the sheet's.
    case conflictNote(prefer: MergePreference?, rows: Int)
    /// `#14 price: sheet ₩3,000, market ₩3,200 (was ₩3,500)`.
    case conflictRow(id: Int, field: String, sheet: String, market: String, base: String)
    /// Stock moves by the sheet's difference: `stock 5 → 7 (+2, sales meanwhile kept)`.
    case stockMoves(from: Int, to: Int, by: String)
    /// The sheet's difference takes the market's stock below 0.
    case stockBelowZero(id: Int, by: String, market: Int)
    /// `merge 8`: how many rows an action names, in the plan.
    case actionCount(RowCommand, Int)
    case deleteByRowNote
    case replaceNote
    case renameNote
    /// A row that looks like one of your products renamed, with the fix.
    case probableRename(row: Int, name: String, id: Int, was: String)
    /// Rows of existing products whose photos are not the product's (compared by content).
    case photosDiffer(count: Int, rows: String)
    /// Photos that could not be compared (the market's could not be read).
    case photosUnknown(count: Int, rows: String)
    /// A row whose action needs a product of yours (update, delete, replace) names none.
    case actionNeedsProduct(RowCommand)
    /// A replaced row's note: the product it deleted.
    case replacedProduct(Int)
    /// A `replace` whose register failed: the product `id` is left as it was.
    case replaceNotRegistered(id: Int, why: String)
    /// A `replace` that registered `new` but could not delete `id`.
    case replacedNotDeleted(id: Int, new: Int, why: String)
    /// A `delete` row whose product (`what`: `#4` or its name) is gone already.
    case alreadyDeleted(String)
    /// A `replace` row whose product `was` is gone, replaced by `by`.
    case alreadyReplaced(was: Int, by: Int)
    /// `--prefer` was given something else.
    case preferIs(String)

    // MARK: The command line
    /// `import` or `export` without a file.
    case whichFile(command: String)
    case formatIs(String)
    case matchIs(String)
    case resumeOrRestart
    case planOrDryRun
    case pruneAllNeedsPrune
    case writeIDsNeedsRun
    case exportNeedsFormat(String)

    // MARK: Reading the file
    case readWithDelimiter(file: String, delimiter: String)
    case ignoringColumns(file: String, count: Int, names: String)
    /// The line above the problems, one a line.
    /// `skippable`: `--continue-on-error` would skip the rows (not a problem reading the file).
    case problemsInFile(count: Int, file: String, skippable: Bool)
    case vendorIDUnknownMatchID(file: String, variable: String)
    case notLoggedInNoCompare(String)
    case productsUnreadable(file: String, error: String)
    case noneOfTheIDsIsYours(count: Int, notListed: Int)

    // MARK: Going ahead
    case dryRunNothingSent
    case nothingToChange(String)
    /// Nothing sent, though the sheet asks for changes: each held back (conflicts, renames),
    /// which the next lines say.
    case nothingSent(String)
    case importCancelled
    case pruneNeedsYes(file: String, count: Int)
    /// Rows whose action deletes a product (`delete`, `replace`), off a terminal without `--yes`.
    case actionDeletesNeedYes(file: String, count: Int)
    /// The typed confirmation's question.
    case confirmImport(Int)
    case serverBusy(status: Int, wait: String)
    case noRequests

    // MARK: The journal, ids and report
    case importUnfinished(file: String, journal: String, done: Int)
    case nothingToResume(String)
    case registeredBefore(file: String, row: Int, id: Int)
    /// Rows the interrupted import registered whose products are gone since (an `undo`, a
    /// `delete`): a resume registers them again.
    case madeRowsGone(file: String, count: Int, rows: String)
    case rowChanged(file: String, row: Int)
    case journalNotWritten(file: String?, why: String?)
    case wroteIDs(file: String, made: Int, matched: Int)
    case idsNotWritten(file: String, why: String)
    case reportNotWritten(path: String, why: String?)

    // MARK: The summary
    /// `3 registered`, one count of the summary.
    case tally(RowStatus, Int)
    /// `cat.csv: 3 registered, 0 failed in 1.2 s, 2.5/s`; under a second, `in 40 ms` (it said
    /// `0.0 s`), which the summary gives without a rate.
    case importTook(file: String, tallies: String, milliseconds: Int, rate: String?)
    /// `cat.csv: 3 done before the interruption; nothing left to send`: a resumed import whose
    /// rows were all done (no time, no rate: nothing was timed).
    case importLeftNothing(file: String, tallies: String)
    case andMoreInReport(Int)
    case interruptedOnce
    case interruptedTwice
    case stoppedUnreachable
    /// `exported 3 products to cat.csv`, and the photos saved with them.
    case exported(count: Int, file: String, photos: Int?, folder: String?)
    case imagesFolderFailed(folder: String, why: String)
    /// An export that did not finish took away the photos it had saved.
    case exportPhotosRemoved(count: Int, folder: String)
    case photosOverTotal(saved: String, limit: String, stoppedAt: Int)
    /// Export's progress: the products whose photos are saved so far.
    case photosOf(done: Int, total: Int)
    /// The progress line while `export` reads the market's pages of products.
    case pagesRead(done: Int, total: Int)
    /// An import's progress: `0:18 left`, the time its rest takes at the pace so far.
    case timeLeft(String)
    /// A row skipped before anything was sent, as the summary names its action (`check`).
    case rowChecked
    case tooManyPhotosListed(id: Int, count: Int, limit: Int)
    case notAnImage(id: Int, photo: Int, what: String)
    case thumbnailNotSet(String)
    /// What needs the vendor id, heading the shell's sentence that asks for it.
    case checkingIDs
    case matchingByName

    // MARK: A dry run's requests
    case dryRegister(row: Int, endpoint: String, fields: String, photos: Int, names: String)
    case dryUpdate(row: Int, endpoint: String, changes: String)
    case dryPrune(id: Int, name: String, path: String)

    // MARK: A row's problems
    case currencyDisagrees(text: String, currency: String, given: String)
    case severalOfYoursNamed(count: Int, ids: String)
    case nameOfYoursNamedByRow(id: Int, row: Int)
    case nameOfYoursMadeBefore(id: Int, row: Int)
    case requiredForNew(rule: String)
    case noProductOfYours(Int)
    /// A `replace` row's product is gone and one of yours has its name with other values.
    case namesakeNotReplacement(was: Int, namesake: Int)
    case wonHasNoMinorUnit(text: String, amount: String)
    case photoIsWebAddress(String)
    case noFileMatches(String)
    case needsPhotos

    /// What happened to a row, as the summary counts it.
    public enum RowStatus: Sendable, Equatable, CaseIterable {
        case registered, updated, unchanged, deleted, failed, skipped, notRun, doneBefore
    }

    /// A heading of the import plan's lines (`register   3`).
    public enum PlanLabel: Sendable, Equatable, CaseIterable {
        case matched, register, update, unchanged, delete, photos, skipped
        case kept, conflicts, ignored, replace, renamed, actions
    }

}
