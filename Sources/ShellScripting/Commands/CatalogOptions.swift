import CatalogFiles
import SellerShell
import TerminalText

/// The flags `import` and `export` share, declared once: the catalog's format and how many
/// requests are in flight at once.
extension CommandOption {
    /// `--jobs N`: requests in flight at once, 1 to 32; written back when it is not `standard`
    /// (the command's own default).
    static func jobs(_ keyPath: WritableKeyPath<Command, Int> & Sendable, standard: Int) -> Self {
        let range = 1...32
        return .value(
            "--jobs", keyPath, unless: standard, kind: .number, placeholder: "N", range: range,
            help: ScriptHelp.catalogJobs(range: range, standard: standard),
            parse: { text throws(CommandFailure) in try wholeNumber(text, for: "--jobs", in: range, shown: 20) },
            write: { Word(String($0)) })
    }

    /// `import --jobs N`: the most requests in flight at once, 1 to 32; not given (nil), the
    /// import finds its own number (`AdaptiveConcurrency`). Written back when given.
    static func jobsCap(_ keyPath: WritableKeyPath<Command, Int?> & Sendable) -> Self {
        let range = 1...32
        return .value(
            "--jobs", keyPath, kind: .number, placeholder: "N", range: range, help: ScriptHelp.importJobs(range: range),
            parse: { text throws(CommandFailure) in try wholeNumber(text, for: "--jobs", in: range, shown: 20) },
            write: { Word(String($0)) })
    }

    /// `--format csv|jsonl|json`, for a file whose extension does not say.
    static func catalogFormat(_ keyPath: WritableKeyPath<Command, CatalogFormat?> & Sendable) -> Self {
        .value(
            "--format", keyPath, placeholder: "csv|jsonl|json", choices: CatalogFormat.allCases.map(\.rawValue),
            help: ScriptHelp.catalogFormat,
            parse: { text throws(CommandFailure) in
                guard let format = CatalogFormat(rawValue: text.lowercased()) else {
                    throw .usage(CatalogMessage.formatIs(TerminalText.visible(String(text.prefix(20)))).text)
                }
                return format
            }, write: { Word($0.rawValue) })
    }
}
