import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell
import TerminalText

/// `import FILE`: a whole catalog from a spreadsheet (CSV, JSON Lines or a JSON array). Rows
/// without an id are registered, rows with one update that product (only what differs), and
/// nothing is sent until every row has been checked and the plan confirmed. See
/// `CatalogImport`.
struct Import: ShellCommand {
    static let commandNames = CommandNames("import")
    static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ScriptHelp.`import`,
        usage:
            "import FILE [--plan | --dry-run] [--yes] [--jobs N] [--prune [--prune-all]] [--new-ids] [--continue-on-error] "
            + "[--resume | --restart] [--report FILE.csv|FILE.jsonl] [--rows-from REPORT [--failed]] [--write-ids] [--match name|id] [--allow-duplicates] [--prefer sheet|market] [--photos-anywhere] [--format csv|jsonl|json] [--journal PATH] [--no-resize]",
        examples: [
            "import catalog.csv --plan", "import catalog.csv --write-ids", "import catalog.csv --resume",
            "import moved.csv --new-ids --yes", "import catalog.jsonl --prune --report what-happened.csv",
        ],
        flags: options.map(\.flag), positional: [.path], tooManyWords: ScriptHelp.importTooManyWords,
        effect: .script, repeatsSafely: false, recording: .comment("an import: its rows are recorded one by one above"))

    static let options: [CommandOption<Import>] = [
        .catalogFormat(\.options.format), .jobsCap(\.options.jobs),
        .flag("--plan", \.options.planOnly, help: ScriptHelp.importPlan),
        .flag("--dry-run", \.options.dryRun, help: ScriptHelp.importDryRun),
        .flag("--yes", \.options.yes, help: ScriptHelp.importYes),
        .flag("--prune", \.options.prune, help: ScriptHelp.importPrune),
        .flag(
            "--prune-all", \.options.pruneAll,
            help: ScriptHelp.importPruneAll),
        .flag("--new-ids", \.options.newIDs, help: ScriptHelp.importNewIds),
        .flag("--continue-on-error", \.options.continueOnError, help: ScriptHelp.importContinueOnError),
        .flag("--resume", \.options.resume, help: ScriptHelp.importResume),
        .flag("--restart", \.options.restart, help: ScriptHelp.importRestart),
        .text("--journal", \.options.journalPath, placeholder: "PATH", help: ScriptHelp.importJournal),
        .text("--report", \.options.reportPath, placeholder: "FILE.csv", help: ScriptHelp.importReport),
        .text("--rows-from", \.options.rowsFrom, placeholder: "REPORT", help: ScriptHelp.importRowsFrom),
        .flag("--failed", \.options.failedOnly, help: ScriptHelp.importFailed),
        .flag("--write-ids", \.options.writeIDs, help: ScriptHelp.importWriteIds),
        .flag("--no-resize", \.options.resize, setting: false, help: ScriptHelp.importNoResize),
        .value(
            "--match", \.options.match, unless: .name, placeholder: "name|id", choices: RowMatching.allCases.map(\.rawValue),
            help: ScriptHelp.importMatch,
            parse: { text throws(CommandFailure) in
                guard let matching = RowMatching(rawValue: text.lowercased()) else {
                    throw .usage(CatalogMessage.matchIs(TerminalText.visible(String(text.prefix(20)))).text)
                }
                return matching
            }, write: { Word($0.rawValue) }),
        .flag(
            "--allow-duplicates", \.options.allowDuplicates,
            help: ScriptHelp.importAllowDuplicates),
        .flag(
            "--photos-anywhere", \.options.photosAnywhere,
            help: ScriptHelp.importPhotosAnywhere),
        .value(
            "--prefer", \.options.prefer, placeholder: "sheet|market", choices: MergePreference.allCases.map(\.rawValue),
            help: ScriptHelp.importPrefer,
            parse: { text throws(CommandFailure) in
                guard let side = MergePreference(rawValue: text.lowercased()) else {
                    throw .usage(CatalogMessage.preferIs(TerminalText.visible(String(text.prefix(20)))).text)
                }
                return side
            }, write: { Word($0.rawValue) }),
    ]

    var path: String
    var options: ImportOptions

    init(path: String, options: ImportOptions) {
        self.path = path
        self.options = options
    }

    init(parsing arguments: Arguments) throws(CommandFailure) {
        guard let word = arguments.positional.first else { throw .usage(CatalogMessage.whichFile(command: Self.spec.name).text) }
        path = word.text
        options = ImportOptions()
        try arguments.apply(Self.options, to: &self)
        try Self.checkCombinations(options)
    }

    private static func checkCombinations(_ options: ImportOptions) throws(CommandFailure) {
        if options.resume, options.restart {
            throw .usage(CatalogMessage.resumeOrRestart.text)
        }
        if options.planOnly, options.dryRun {
            throw .usage(CatalogMessage.planOrDryRun.text)
        }
        if options.pruneAll, !options.prune {
            throw .usage(CatalogMessage.pruneAllNeedsPrune.text)
        }
        if options.writeIDs, options.dryRun || options.planOnly {
            throw .usage(CatalogMessage.writeIDsNeedsRun.text)
        }
        try ReportRows.check(options)
    }

    var words: [Word] { [Word(Self.spec.name), Word(path, wasQuoted: true)] + Self.options.words(of: self) }

    nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let runtime = try context.runtime()
        let catalogImport = CatalogImport(
            context: context, paths: runtime.paths, progress: runtime.progress, interrupts: runtime.interrupts,
            runtime: runtime)
        return try await catalogImport.run(path, options: options)
    }
}
