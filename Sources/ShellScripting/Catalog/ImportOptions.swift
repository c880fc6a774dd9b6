import CatalogFiles
import Foundation
import OpenMarketContract

/// How `import FILE` runs (its flags).
public struct ImportOptions: Sendable, Equatable {
    /// The file's format when its extension does not say (`--format`).
    public var format: CatalogFormat?
    /// The most requests in flight at once (`--jobs N`); nil lets the import find how many the
    /// market takes (`AdaptiveConcurrency`, up to its highest).
    public var jobs: Int?
    /// Pages read at once while checking the file against the market: `--jobs`, else 4.
    public var pageJobs: Int { jobs ?? 4 }
    /// Print the plan and stop (`--plan`).
    public var planOnly = false
    /// Check everything, print the plan and the requests, send nothing (`--dry-run`).
    public var dryRun = false
    /// Go ahead without the typed confirmation (`--yes`).
    public var yes = false
    /// Delete this vendor's products that are not in the file (`--prune`).
    public var prune = false
    /// Let `--prune` delete every product of yours, or more than half of them (`--prune-all`).
    public var pruneAll = false
    /// Register every row as a new product, ignoring the id column (`--new-ids`).
    public var newIDs = false
    /// Skip rows with problems instead of sending nothing (`--continue-on-error`).
    public var continueOnError = false
    public var resume = false
    public var restart = false
    public var journalPath: String?
    /// One line per row as it finishes: row, action, id, status, code, message, file
    /// (`--report FILE.csv|FILE.jsonl`).
    public var reportPath: String?
    /// Import only the rows a report of this file names (`--rows-from REPORT`), with
    /// `failedOnly` only those that did not go through (`--failed`).
    public var rowsFrom: String?
    public var failedOnly = false
    /// Write the new ids back into the file's id column (`--write-ids`).
    public var writeIDs = false
    /// Shrink photos over the upload limit, as `register` does (`--no-resize` turns it off).
    public var resize = true
    /// How a row without an id finds your product: by its name (the default), or not at all
    /// (`--match id`: only the id column names a product).
    public var match = RowMatching.name
    /// Register rows whose names you already have as new products (`--allow-duplicates`).
    public var allowDuplicates = false
    /// Photos may be read from outside the catalog's folder (`--photos-anywhere`); else a path
    /// that leaves it (`../x.jpg`, `/etc/…`, a link out) is refused.
    public var photosAnywhere = false
    /// Which side a conflict takes (a cell changed both in the sheet and on the market since the
    /// export): nil leaves conflicts unsent (`--prefer sheet|market`).
    public var prefer: MergePreference?

    public init() {}
}

/// The side a three-way merge's conflicts take (`--prefer sheet|market`).
public enum MergePreference: String, Sendable, CaseIterable {
    case sheet, market
}

/// How `import` finds the product a row is about (`--match name|id`).
public enum RowMatching: String, Sendable, CaseIterable {
    /// A row without an id whose name is one of your products' updates that product.
    case name
    /// Only the id column names a product; every row without one is new.
    case id
}

/// What happened to one row (or one pruned product), for the summary and `--report`.
struct RowResult: Sendable {
    enum Status: String, Sendable {
        case registered, updated, unchanged, deleted, failed, skipped
        case notRun = "not run"
        /// A row the interrupted run a resumed import goes on with had done (and the market
        /// still holds what it sent): not sent again.
        case doneBefore = "done before"
        /// A row the plan held back as a probable rename: not sent (the summary says it apart).
        case held

        /// The status as the summary says it (the raw value is what `--report` writes).
        var spoken: CatalogMessage.RowStatus? {
            switch self {
            case .held: nil
            case .registered: .registered
            case .updated: .updated
            case .unchanged: .unchanged
            case .deleted: .deleted
            case .failed: .failed
            case .skipped: .skipped
            case .notRun: .notRun
            case .doneBefore: .doneBefore
            }
        }
    }

    /// What the row asked for (`check`: a row skipped before anything was sent).
    enum Action: String, Sendable {
        case register, update, delete, check

        /// The action as the summary names it: a command by its name, a check in words.
        var spoken: String { self == .check ? CatalogMessage.rowChecked.text : rawValue }
    }

    /// What is said about the row, by whom: the row's command in its own words (which name it:
    /// `register: …`), or the import (a note, a problem found, the fields changed).
    enum Message: Sendable, Equatable {
        case none
        case byImport(String)
        case byCommand(String)
        /// An update's fields, named in the reader's language when said (`price stock`, `가격 재고`).
        case changed([ProductField])

        var text: String {
            switch self {
            case .none: ""
            case .byImport(let text), .byCommand(let text): text
            case .changed(let fields): fields.map(\.label).joined(separator: ", ")
            }
        }
    }

    /// The file's row; nil for a product deleted by `--prune`.
    var row: Int?
    var action: Action
    var id: Int?
    var status: Status
    var message = Message.none

    /// The message for the summary: a command's failure names the command already.
    var summaryText: String {
        switch message {
        case .byCommand(let text): text
        case .none, .byImport, .changed: "\(action.spoken): \(message.text)"
        }
    }
    /// The request may have reached the server although no answer came (a timeout, Ctrl-C).
    var outcomeUnknown = false
    /// The market could not be reached (refused, timed out): the import stops starting rows.
    var unreachable = false
    /// What the row's command threw, typed: `--report` says it in the sheet's language and
    /// gives its code.
    var error: (any Error)?
}
