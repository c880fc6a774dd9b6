import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell
import TerminalText

/// `export FILE`: a catalog file (CSV, JSON Lines or a JSON array, by its extension) of this
/// vendor's products, or the whole market's with `--all`; `--images DIR` downloads the photos
/// too. An existing file (or photo) is refused unless `--force`. See `SellerShell.exportCatalog`.
struct Export: ShellCommand {
    static let spec = CommandSpec(
        name: "export", summary: "write your products to a CSV, JSON Lines or JSON file (photos too with --images)",
        usage: "export FILE [--format csv|jsonl|json] [--all] [--search TEXT] [--images DIR] [--jobs N] [--force]",
        examples: [
            "export catalog.csv", "export catalog.csv --images photos", "export everything.jsonl --all",
            "export mugs.csv --search mug",
        ],
        flags: [
            .init("--format", value: .name), .init("--all"), .init("--search", value: .text), .init("--images", value: .text),
            .init("--jobs", value: .number), .init("--force"),
        ],
        positional: [.path], tooManyWords: "export takes one file (quote a name with spaces)", effect: .reads,
        recording: .readOnly)

    var path: String
    var options: ExportOptions

    init(parsing arguments: Arguments) throws(CommandFailure) {
        guard let word = arguments.positional.first else { throw .usage("export FILE: which file?") }
        path = word.text
        var options = ExportOptions()
        options.format = try Import.format(arguments.value("--format"))
        options.all = arguments.has("--all")
        options.search = arguments.value("--search")
        options.imagesFolder = arguments.value("--images")
        options.force = arguments.has("--force")
        if let jobs = arguments.value("--jobs") {
            guard let count = Int(jobs), (1...ImportOptions.maxJobs).contains(count) else {
                throw .usage(
                    "--jobs must be 1 to \(ImportOptions.maxJobs) (got '\(TerminalText.visible(String(jobs.prefix(20))))')")
            }
            options.jobs = count
        }
        self.options = options
    }

    var words: [Word] {
        var words = [Word(Self.spec.name), Word(path, wasQuoted: true)]
        if let format = options.format { words += [Word("--format"), Word(format.rawValue)] }
        if options.all { words.append(Word("--all")) }
        if let search = options.search { words += [Word("--search"), Word(search, wasQuoted: true)] }
        if let folder = options.imagesFolder { words += [Word("--images"), Word(folder, wasQuoted: true)] }
        if options.jobs != ExportOptions().jobs { words += [Word("--jobs"), Word(String(options.jobs))] }
        if options.force { words.append(Word("--force")) }
        return words
    }

    func run(in context: CommandContext) async throws -> CommandOutcome {
        try await context.runtime().exportCatalog(path, options: options, in: context)
    }
}
