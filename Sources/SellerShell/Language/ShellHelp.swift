import OpenMarketContract

/// What `help` says of each command of the shell and of each of its flags, keyed by the command's
/// name and the flag's: a command's summary is the case named after it (`list`), a flag's help the
/// case named after its command and itself (`listPerPage` for `list --per-page`; a raw request's
/// `requestNoAuth`, `requestGet`). A spec points at its case (`summary: ShellHelp.list`,
/// `help: ShellHelp.listPerPage`), so rewording the English or renaming the flag keeps the
/// Korean, and a flag without its own case has no help at all. Each language is one exhaustive
/// `switch` (`ShellHelp+English.swift`, `ShellHelp+Korean.swift`); `KoreanHelpTests` checks
/// that every command and flag has its own case and that its Korean reads as Korean.
public enum ShellHelp: Spoken, Equatable {
    case clear
    case connect
    case delete
    case deleteYes
    case edit
    case exchange
    case exchangeWire
    case exchangeAs
    case exchanges
    case exchangesLast
    case exchangesHar
    case exchangesMarkdown
    case exchangesForce
    case exit
    case explain
    case explainLang
    case health
    case help
    case history
    case list
    case listSearch
    case listFormat
    case listFields
    case listSort
    case listSoldOut
    case listLowStock
    case listCurrency
    case listNoPager
    case listGrid
    case listPerPage
    case listMine
    case listAll
    case login
    case loginSave
    case loginVendorId
    case logout
    case open
    case patch
    case patchIfMatch
    case patchYes
    case profiles
    case requestNoAuth
    case requestCheckStatus
    case requestOffline
    case register
    case registerNoResize
    case registerPorcelain
    case search
    case set
    case show
    case showPhotos
    case stock
    case stockYes
    case undoForce
    case redoForce
    case undoYes
    case redoYes
    case undoDryRun
    case undo
    case redo
    case use
    case whoami

    // What `help` says under a command's usage (its spec's `notes`).
    case setNotes
    case showNotes
    case requestGet
    case requestHead
    case requestPost
    case requestPut
    case requestPatch
    case requestDelete
    case requestOptions
}
