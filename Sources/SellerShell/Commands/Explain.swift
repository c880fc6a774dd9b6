import Foundation
import OpenMarketContract

/// `explain 412`, `explain PATCH`, `explain If-Match`, `explain create`: what a status, a
/// method, a header or an operation of the API means, from the data files (Teaching/), in the
/// language of `LANG` (Korean for `ko_KR.UTF-8`) or `--lang en|ko`.
public struct Explain: ShellCommand {
    public static let commandNames = CommandNames("explain")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.explain,
        usage: "explain [TERM] [--lang en|ko]", examples: ["explain 412", "explain PATCH", "explain If-Match", "explain"],
        flags: options.map(\.flag), positional: [.word], effect: .none, recording: .never)

    static let options: [CommandOption<Explain>] = [
        .value(
            "--lang", \.language, placeholder: "en|ko", choices: ExplanationBook.languages,
            help: ShellHelp.explainLang,
            parse: { given throws(CommandFailure) in
                guard ExplanationBook.languages.contains(given) else {
                    throw .usage(ScreenMessage.explainLanguageTakes(got: given).text)
                }
                return given
            }, write: { Word($0) })
    ]

    public var term: String?
    public var language: String?

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        term = arguments.positional.first?.text
        try arguments.apply(Self.options, to: &self)
    }

    public var words: [Word] {
        [Word(Self.spec.name)] + (term.map { [Word($0, wasQuoted: true)] } ?? []) + Self.options.words(of: self)
    }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let book = try Self.book(language)
        guard let term else {
            return CommandOutcome([.prose(book.index(columns: context.console.columns))])
        }
        guard let text = book.lookup(term) else {
            let guesses = book.suggestions(for: term)
            let suggestion = guesses.isEmpty ? "" : "; " + book.label("suggest", guesses.joined(separator: ", "))
            throw CommandFailure.failed(book.label("unknown", term) + suggestion + " ('explain' lists them)")
        }
        return CommandOutcome([.prose(text)])
    }

    /// The book in `language`, else in the shell's (`Language.current`: `--lang`, else the
    /// locale); a one-line failure when the data files are missing.
    static func book(_ language: String?) throws(CommandFailure) -> ExplanationBook {
        let environment = ProcessInfo.processInfo.environment
        do {
            return try ExplanationBook.load(language ?? Language.current.rawValue, environment: environment)
        } catch {
            throw .failed(ScreenMessage.explanationsMissing(searched: error.searched).text)
        }
    }
}
