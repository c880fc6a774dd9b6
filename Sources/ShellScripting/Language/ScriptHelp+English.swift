import OpenMarketContract

/// The English catalogue of ``ScriptHelp``: what `help` says of each command and flag.
extension ScriptHelp {
    public var english: String {
        switch self {
        case .catalogJobs(let range, let standard):
            "requests in flight at once, \(range.lowerBound) to \(range.upperBound) (default \(standard))"
        case .importJobs(let range):
            "the most requests in flight at once, \(range.lowerBound) to \(range.upperBound) (default: found as the import goes)"
        case .catalogFormat: "the file's format, when its extension does not say"
        case .expect: "check the last results; a script stops when it is false"
        case .export: "write your products to a CSV, JSON Lines or JSON file (photos too with --images)"
        case .exportAll: "the whole market's products, not only yours"
        case .exportSearch: "only products whose name or description holds TEXT"
        case .exportImages: "download the photos into DIR too"
        case .exportForce: "replace the file (and photos) when they exist already"
        case .`import`: "register and update a whole catalog from a CSV, JSON Lines or JSON file"
        case .importPlan: "print the plan and stop"
        case .importDryRun: "print the plan and the requests; send nothing"
        case .importYes:
            "go ahead without typing the number of changes (asked only in a terminal; without one, an import that deletes needs it)"
        case .importPrune: "delete your products that are not in the file"
        case .importPruneAll: "with --prune: allow deleting every product of yours, or more than half of them"
        case .importNewIds: "register every row as a new product, ignoring the id column"
        case .importContinueOnError: "skip rows with problems instead of sending nothing"
        case .importResume: "continue the last import of this file where it stopped"
        case .importRestart: "start over, forgetting the last import of this file"
        case .importJournal: "keep the journal here, not beside the file"
        case .importReport:
            "write one line per row as it finishes (CSV, or JSON Lines for .jsonl): row, action, id, status, code, message"
        case .importRowsFrom: "import only the rows a report of this file names"
        case .importFailed: "with --rows-from: only the rows that did not go through"
        case .importWriteIds: "write the new products' ids into the file's id column"
        case .importNoResize: "send photos as they are (else larger ones are shrunk)"
        case .importMatch: "how a row without an id finds your product: by its name (default), or id (never: it is new)"
        case .importAllowDuplicates: "register rows whose names you already have as new products (else they are refused)"
        case .importPrefer: "which side a conflict takes (a cell changed in the sheet and on the market): sheet or market"
        case .importPhotosAnywhere: "read photos from outside the catalog's folder too (else such paths are refused)"
        case .record: "write the commands that succeed to a script file"
        case .recordAll: "write commands that only read as commands too (else as comments)"
        case .source: "run a script file in this session (variables and login carry over)"
        case .sourceStep: "wait before each command: Enter sends, s skips, c continues, q stops"
        case .vars: "list variables and named products"
        case .sourceTooManyWords: "source FILE [--step]"
        case .importTooManyWords: "import takes one file (quote a name with spaces)"
        case .recordTooManyWords: "record FILE [--all], or record stop"
        case .varsTooManyWords: "vars takes no arguments"
        case .exportTooManyWords: "export takes one file (quote a name with spaces)"
        case .expectTooManyWords:
            "expect takes three words; quote a value with spaces. " + ScriptMessage.expectUsage.english
        }
    }
}
