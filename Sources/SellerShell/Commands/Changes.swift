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
        guard let keeping = context.changes else { return .note(Message.noChangeLog.text) }
        guard let log = keeping.log else {
            return .note(Message.changesNeedLogin.text)
        }
        let history = ChangeHistory(try log.entries())
        let units = all ? history.units : history.units.filter { $0.session == keeping.session }
        guard !units.isEmpty else {
            let kept = history.units.count
            return .note(
                all || kept == 0 ? Message.noChangesKept.text : Message.noChangesThisSession(kept: kept).text)
        }
        let shown = units.suffix(Self.shownAtMost)
        let rows = shown.map { unit -> [String] in
            let first = unit.changes[0].entry
            let time = first.date.map { TextLayout.localTime(MarketTimestamp(date: $0)) } ?? first.time
            let command = unit.batch?.label ?? first.command ?? ""
            let what =
                unit.batch == nil ? first.summary : Message.changeCount(count: unit.changes.count, tally: Self.tally(unit)).text
            let state =
                unit.undone
                ? Message.undone(partly: false).text
                : unit.changes.contains(where: \.undone) ? Message.undone(partly: true).text : ""
            return [
                String(unit.number), time, TextLayout.truncate(TextLayout.visible(command, limit: 200), to: 40), what, state,
            ]
        }
        let headers = ["#"] + Message.ChangeColumn.allCases.map { Message.changeColumn($0).text } + [""]
        var text = TextLayout.table(headers, rows, rightAligned: [0])
        if units.count > shown.count { text = Message.earlierNotShown(units.count - shown.count).text + "\n" + text }
        let raw = try MarketJSON.encoder.encode(shown.flatMap { $0.changes.map(\.entry) })
        return CommandOutcome([.text(text, raw: raw), .summary(Message.undoHint.text)])
    }

    /// `98 registered, 2 edited`.
    static func tally(_ unit: ChangeHistory.Unit) -> String {
        let words: [(ProductChange.Kind, Message.ChangeTally)] = [
            (.created, .registered), (.edited, .edited), (.stock, .stock), (.deleted, .deleted),
        ]
        return words.compactMap { kind, word in
            let count = unit.changes.filter { $0.entry.kind == kind }.count
            return count == 0 ? nil : Message.changeTally(count: count, kind: word).text
        }
        .joined(separator: ", ")
    }
}
