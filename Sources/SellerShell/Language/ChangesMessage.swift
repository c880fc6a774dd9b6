import OpenMarketContract

/// What `changes` says about the kept changes (each change's summary, typed until shown), and
/// what `patch` says when it would change nothing. Each language is one exhaustive `switch`
/// (`ChangesMessage+English.swift`, `ChangesMessage+Korean.swift`).
public enum ChangesMessage: Spoken, Equatable {
    /// `registered #12 Mug` (the product as `#12 Mug`).
    case registered(String)
    /// `deleted #12 Mug`.
    case deleted(String)
    /// `#12 Mug: price ₩3,500 → ₩3,200, stock 5 → 3` (the changes as `FieldChange.text`).
    case edited(String, changes: String)
    /// A change whose before and after are the same (an `edit` saved as it was).
    case nothingChanged(String)
    /// A change the log kept without its products: the command that made it.
    case command(String)
    /// A change the log kept with neither.
    case aChange
    /// `import catalog.csv, 100 changes`: an import's changes, as `undo` names them.
    case batch(label: String, count: Int)
    /// A field's value: the product's photo N (1-based), as shown in a change.
    case photo(Int)
    /// A field's value: no photo.
    case noPhoto
    /// A field's value: an image of the server, by its id (`thumbnail=35`).
    case image(Int)
    /// The line under the table: how `undo` takes them, and what the mark means.
    case undoHint(marksThisSession: Bool)
    /// `patch 6 price=26000` when it already is: nothing is sent, nothing is logged.
    case patchChangesNothing(product: String, values: String)
    /// `help changes`: what the command does.
    case helpSummary
    /// `help changes`: `--all`, kept for the scripts that say it.
    case helpLast
    case helpAll
    /// `help changes`: `--no-pager`.
    case helpNoPager
}
