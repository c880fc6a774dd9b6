import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `changes [--all]`: the changes this session made on this server and vendor, newest last (with
/// `--all`: every change the log keeps, from any session): the number `undo` takes, the time,
/// the command, and what it did (`#12 Mug: price ₩3,500 → ₩3,200`).
public struct Changes: ShellCommand {
    public static let spec = CommandSpec(
        name: "changes", summary: "list the changes this shell made, to undo one ('changes --all': every session's)",
        usage: "changes [--all]", examples: ["changes", "changes --all"], flags: options.map(\.flag), effect: .reads,
        recording: .never)

    static let options: [CommandOption<Changes>] = [
        .flag("--all", \.all, help: "every change kept for this server and vendor, not only this session's")
    ]

    /// The most a listing shows (the newest).
    static let shownAtMost = 200

    public var all = false

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        try arguments.apply(Self.options, to: &self)
    }

    public var words: [Word] { [Word(Self.spec.name)] + Self.options.words(of: self) }

    public func run(in context: CommandContext) async throws -> CommandOutcome {
        guard let keeping = context.changes else { return .note("this session keeps no change log") }
        guard let log = keeping.log else {
            return .note("not logged in: changes are kept per server and vendor; log in to see them")
        }
        let history = ChangeHistory(try log.entries())
        let units = all ? history.units : history.units.filter { $0.session == keeping.session }
        guard !units.isEmpty else {
            let kept = history.units.count
            return .note(
                all || kept == 0
                    ? "no changes kept for this server and vendor"
                    : "no changes in this session; 'changes --all' lists the \(kept) kept for this server and vendor")
        }
        let shown = units.suffix(Self.shownAtMost)
        let rows = shown.map { unit -> [String] in
            let first = unit.changes[0].entry
            let time = first.date.map { TextLayout.localTime(MarketTimestamp(date: $0)) } ?? first.time
            let command = unit.batch?.label ?? first.command ?? ""
            let what = unit.batch == nil ? first.summary : "\(unit.changes.count) changes (\(Self.tally(unit)))"
            let state = unit.undone ? "undone" : unit.changes.contains(where: \.undone) ? "partly undone" : ""
            return [
                String(unit.number), time, TextLayout.truncate(TextLayout.visible(command, limit: 200), to: 40), what, state,
            ]
        }
        var text = TextLayout.table(["#", "time", "command", "what changed", ""], rows, rightAligned: [0])
        if units.count > shown.count { text = "(\(units.count - shown.count) earlier not shown)\n" + text }
        let raw = try MarketJSON.encoder.encode(shown.flatMap { $0.changes.map(\.entry) })
        return CommandOutcome([.text(text, raw: raw), .summary("'undo' takes back the latest; 'undo N' change N")])
    }

    /// `98 registered, 2 edited`.
    static func tally(_ unit: ChangeHistory.Unit) -> String {
        let words: [(ProductChange.Kind, String)] = [
            (.created, "registered"), (.edited, "edited"), (.stock, "stock"), (.deleted, "deleted"),
        ]
        return words.compactMap { kind, word in
            let count = unit.changes.filter { $0.entry.kind == kind }.count
            return count == 0 ? nil : "\(count) \(word)"
        }
        .joined(separator: ", ")
    }
}
