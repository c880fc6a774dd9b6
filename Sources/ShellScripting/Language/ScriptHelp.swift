import OpenMarketContract

/// What `help` says of the scripting commands (`source`, `import`, `export`, `record`, `vars`,
/// `expect`) and of each of their flags, keyed as ``ShellHelp`` is: the case named after the
/// command is its summary, the case named after the command and the flag is the flag's help
/// (`importDryRun` for `import --dry-run`; `catalogJobs` and `catalogFormat` for the flags
/// `import` and `export` share). Each language is one exhaustive `switch`.
public enum ScriptHelp: Spoken, Equatable {
    /// `import --jobs`, `export --jobs`: in `range`, `standard` when not given.
    case catalogJobs(range: ClosedRange<Int>, standard: Int)
    /// `import --jobs`: in `range`; not given, the import finds its own number.
    case importJobs(range: ClosedRange<Int>)
    case catalogFormat
    case expect
    case export
    case exportAll
    case exportSearch
    case exportImages
    case exportForce
    case `import`
    case importPlan
    case importDryRun
    case importYes
    case importPrune
    case importPruneAll
    case importNewIds
    case importContinueOnError
    case importResume
    case importRestart
    case importJournal
    case importReport
    case importRowsFrom
    case importFailed
    case importWriteIds
    case importNoResize
    case importMatch
    case importAllowDuplicates
    case importPrefer
    case importPhotosAnywhere
    case record
    case recordAll
    case source
    case sourceStep
    case vars

    // What a command says when given more words than it takes (its spec's `tooManyWords`).
    case sourceTooManyWords
    case importTooManyWords
    case recordTooManyWords
    case varsTooManyWords
    case exportTooManyWords
    case expectTooManyWords
}
