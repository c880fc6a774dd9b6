import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell
import TerminalText

/// `export FILE`: a catalog file (CSV, JSON Lines or a JSON array, by its extension) of this
/// vendor's products, or the whole market's with `--all`; `--images DIR` downloads the photos
/// too. An existing file (or photo) is refused unless `--force`. See `CatalogExport`.
struct Export: ShellCommand {
    static let commandNames = CommandNames("export")
    static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ScriptHelp.export,
        usage: "export FILE [--format csv|jsonl|json] [--all] [--search TEXT] [--images DIR] [--jobs N] [--force]",
        examples: [
            "export catalog.csv", "export catalog.csv --images photos", "export everything.jsonl --all",
            "export mugs.csv --search mug",
        ],
        flags: options.map(\.flag), positional: [.path], tooManyWords: ScriptHelp.exportTooManyWords,
        effect: .reads, changesThisMachine: true, recording: .readOnly)

    static let options: [CommandOption<Export>] = [
        .catalogFormat(\.options.format),
        .flag("--all", \.options.all, help: ScriptHelp.exportAll),
        .text("--search", \.options.search, help: ScriptHelp.exportSearch),
        .text("--images", \.options.imagesFolder, placeholder: "DIR", help: ScriptHelp.exportImages),
        .jobs(\.options.jobs, standard: ExportOptions().jobs),
        .flag("--force", \.options.force, help: ScriptHelp.exportForce),
    ]

    var path: String
    var options: ExportOptions

    init(parsing arguments: Arguments) throws(CommandFailure) {
        guard let word = arguments.positional.first else { throw .usage(CatalogMessage.whichFile(command: Self.spec.name).text) }
        path = word.text
        options = ExportOptions()
        try arguments.apply(Self.options, to: &self)
    }

    var words: [Word] { [Word(Self.spec.name), Word(path, wasQuoted: true)] + Self.options.words(of: self) }

    nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let runtime = try context.runtime()
        let export = CatalogExport(context: context, paths: runtime.paths, progress: runtime.progress)
        return try await export.run(path, options: options)
    }
}
