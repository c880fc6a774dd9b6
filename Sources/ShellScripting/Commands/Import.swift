import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell
import TerminalText

/// `import FILE`: a whole catalog from a spreadsheet (CSV, JSON Lines or a JSON array). Rows
/// without an id are registered, rows with one update that product (only what differs), and
/// nothing is sent until every row has been checked and the plan confirmed. See
/// `SellerShell.importCatalog`.
struct Import: ShellCommand {
    static let spec = CommandSpec(
        name: "import", summary: "register and update a whole catalog from a CSV, JSON Lines or JSON file",
        usage:
            "import FILE [--plan | --dry-run] [--yes] [--jobs N] [--prune] [--new-ids] [--continue-on-error] "
            + "[--resume | --restart] [--report FILE.csv] [--write-ids] [--format csv|jsonl|json] [--journal PATH] [--no-resize]",
        examples: [
            "import catalog.csv --plan", "import catalog.csv --write-ids", "import catalog.csv --resume",
            "import moved.csv --new-ids --yes", "import catalog.jsonl --prune --report what-happened.csv",
        ],
        flags: [
            .init("--format", value: .name), .init("--jobs", value: .number), .init("--plan"), .init("--dry-run"),
            .init("--yes"), .init("--prune"), .init("--new-ids"), .init("--continue-on-error"), .init("--resume"),
            .init("--restart"), .init("--journal", value: .text), .init("--report", value: .text), .init("--write-ids"),
            .init("--no-resize"),
        ],
        positional: [.path], tooManyWords: "import takes one file (quote a name with spaces)", effect: .script,
        repeatsSafely: false, recording: .comment("an import: its rows are recorded one by one above"))

    var path: String
    var options: ImportOptions

    init(path: String, options: ImportOptions) {
        self.path = path
        self.options = options
    }

    init(parsing arguments: Arguments) throws(CommandFailure) {
        guard let word = arguments.positional.first else { throw .usage("import FILE: which file?") }
        path = word.text
        var options = ImportOptions()
        options.format = try Self.format(arguments.value("--format"))
        if let jobs = arguments.value("--jobs") {
            guard let count = Int(jobs), (1...ImportOptions.maxJobs).contains(count) else {
                throw .usage(
                    "--jobs must be 1 to \(ImportOptions.maxJobs) (got '\(TerminalText.visible(String(jobs.prefix(20))))')")
            }
            options.jobs = count
        }
        options.planOnly = arguments.has("--plan")
        options.dryRun = arguments.has("--dry-run")
        options.yes = arguments.has("--yes")
        options.prune = arguments.has("--prune")
        options.newIDs = arguments.has("--new-ids")
        options.continueOnError = arguments.has("--continue-on-error")
        options.resume = arguments.has("--resume")
        options.restart = arguments.has("--restart")
        options.journalPath = arguments.value("--journal")
        options.reportPath = arguments.value("--report")
        options.writeIDs = arguments.has("--write-ids")
        options.resize = !arguments.has("--no-resize")
        try Self.checkCombinations(options)
        self.options = options
    }

    static func format(_ text: String?) throws(CommandFailure) -> CatalogFormat? {
        guard let text else { return nil }
        guard let format = CatalogFormat(rawValue: text.lowercased()) else {
            throw .usage("--format is csv, jsonl or json (got '\(TerminalText.visible(String(text.prefix(20))))')")
        }
        return format
    }

    private static func checkCombinations(_ options: ImportOptions) throws(CommandFailure) {
        if options.resume, options.restart {
            throw .usage("--resume continues the last import and --restart starts over: pick one")
        }
        if options.planOnly, options.dryRun {
            throw .usage("--plan prints the plan; --dry-run also lists the requests: pick one")
        }
        if options.writeIDs, options.dryRun || options.planOnly {
            throw .usage("--write-ids writes the ids of products made; a --plan or --dry-run makes none")
        }
    }

    var words: [Word] {
        var words = [Word(Self.spec.name), Word(path, wasQuoted: true)]
        func flag(_ on: Bool, _ name: String) { if on { words.append(Word(name)) } }
        if let format = options.format { words += [Word("--format"), Word(format.rawValue)] }
        if options.jobs != ImportOptions().jobs { words += [Word("--jobs"), Word(String(options.jobs))] }
        flag(options.planOnly, "--plan")
        flag(options.dryRun, "--dry-run")
        flag(options.yes, "--yes")
        flag(options.prune, "--prune")
        flag(options.newIDs, "--new-ids")
        flag(options.continueOnError, "--continue-on-error")
        flag(options.resume, "--resume")
        flag(options.restart, "--restart")
        if let journal = options.journalPath { words += [Word("--journal"), Word(journal, wasQuoted: true)] }
        if let report = options.reportPath { words += [Word("--report"), Word(report, wasQuoted: true)] }
        flag(options.writeIDs, "--write-ids")
        flag(!options.resize, "--no-resize")
        return words
    }

    func run(in context: CommandContext) async throws -> CommandOutcome {
        try await context.runtime().importCatalog(path, options: options, in: context)
    }
}
