import Foundation
import OpenMarketContract
import TerminalText

/// `exchanges`: every HTTP exchange of the session, one numbered line each
/// (`#7 PATCH /api/products/3 → 202 Accepted · 14 ms · 1 KB`); `exchange N` shows one in full.
/// `--har FILE` writes them as HAR 1.2 (a browser's network panel opens it), `--markdown FILE`
/// as a lab notebook; secrets masked in both. An existing file is refused unless `--force`.
public struct Exchanges: ShellCommand {
    public static let commandNames = CommandNames("exchanges")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.exchanges,
        usage: "exchanges [--last N] [--har FILE] [--markdown FILE] [--force] [--lint]",
        examples: [
            "exchanges", "exchanges --last 5", "exchanges --har class.har", "exchanges --markdown notebook.md",
            "exchanges --lint",
        ],
        flags: options.map(\.flag), effect: .none, recording: .never)

    static let options: [CommandOption<Exchanges>] = [
        .last(\.last, help: ShellHelp.exchangesLast),
        file("--har", \.har, help: ShellHelp.exchangesHar),
        file("--markdown", \.markdown, help: ShellHelp.exchangesMarkdown),
        .flag("--force", \.force, help: ShellHelp.exchangesForce),
        .flag("--lint", \.lint, help: HabitHelp.exchangesLint),
    ]

    /// A file to write, which must be named.
    private static func file(
        _ name: String, _ keyPath: WritableKeyPath<Exchanges, String?> & Sendable, help: any Spoken
    ) -> CommandOption<Exchanges> {
        .value(
            name, keyPath, kind: .text, placeholder: "FILE", help: help,
            parse: { path throws(CommandFailure) in
                guard !path.isEmpty else { throw .usage(Message.takesAFileToWrite(flag: name).text) }
                return path
            }, write: { Word($0, wasQuoted: true) })
    }

    /// Only the newest this many; nil for every exchange kept.
    public var last: Int?
    public var har: String?
    public var markdown: String?
    /// Replace a file that exists already (`--force`); else it is refused.
    public var force = false
    /// `--lint`: the HTTP habits in the exchanges (`ExchangeHabits`), not the exchanges.
    public var lint = false

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        try arguments.apply(Self.options, to: &self)
    }

    public var words: [Word] { [Word(Self.spec.name)] + Self.options.words(of: self) }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        var kept = context.records.exchanges.exchanges
        if let last { kept = Array(kept.suffix(last)) }
        guard !kept.isEmpty else { return .note(Message.noExchangesYet.text) }
        if lint { return CommandOutcome([.text(ExchangeHabits.report(kept).joined(separator: "\n"))]) }
        if har != nil || markdown != nil { return try write(kept, in: context) }
        var lines = kept.map(ExchangeRendering.summary)
        if let oldest = kept.first?.number, oldest > 1, last == nil {
            lines.insert(
                Message.exchangesForgotten(
                    oldest: oldest, capacity: context.records.exchanges.capacity, budget: context.records.exchanges.byteBudget
                ).text,
                at: 0)
        }
        // Folded between words to the terminal's width, and paged at its height.
        return CommandOutcome([.prose(lines.joined(separator: "\n"))])
    }

    /// Writes the HAR file and the notebook asked for, each whole or not at all.
    private func write(_ kept: [Exchange], in context: CommandContext) throws -> CommandOutcome {
        var written: [String] = []
        let base = context.paths
        // Both checked before either is written, so a refusal writes neither.
        for path in [har, markdown].compactMap({ $0 }) { try Self.refuseExisting(path, base: base, replacing: force) }
        if let har {
            try Self.save(try HARFile.data(for: kept), to: har, base: base, replacing: force)
            written.append(Message.wroteHAR(count: kept.count, path: har).text)
        }
        if let markdown {
            let text = LabNotebook.text(for: kept, server: context.client.baseURL)
            try Self.save(Data(text.utf8), to: markdown, base: base, replacing: force)
            written.append(Message.wroteNotebook(count: kept.count, path: markdown).text)
        }
        return CommandOutcome(written.map { .note($0) })
    }

    /// Written to a temporary file and put in place (`LocalFile.write`), so a reader never sees
    /// half a file; an existing file (a symbolic link too) is refused unless `replacing`.
    static func save(_ data: Data, to path: String, base: LocalPaths, replacing: Bool) throws(CommandFailure) {
        // Where the context lets files be written (an untrusted script: its scratch folder).
        let target: String
        do { target = try base.writable(path, replacing: replacing) } catch { throw .failed(error.description) }
        do throws(LocalFileError) {
            try LocalFile.write(data, to: target, replacing: replacing)
        } catch {
            throw .failed(TerminalText.visible(error.message(shownAs: path)))
        }
    }

    private static func refuseExisting(_ path: String, base: LocalPaths, replacing: Bool) throws(CommandFailure) {
        let target: String
        do { target = try base.writable(path, replacing: replacing) } catch { throw .failed(error.description) }
        do throws(LocalFileError) {
            try LocalFile.refuseExisting(target, replacing: replacing)
        } catch {
            throw .failed(TerminalText.visible(error.message(shownAs: path)))
        }
    }
}
