import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// `changes`: every change kept for this server and vendor, newest last, from any session —
/// what `undo` and `redo` take — with this session's marked `*`: the number `undo` takes, the
/// time, the command, and what it did (`#12 Mug: price ₩3,500 → ₩3,200`). The table fits the
/// terminal's width (the command and what it did cut with `…`) and pages at its height.
public struct Changes: ShellCommand {
    public static let spec = CommandSpec(
        name: "changes", summary: ChangesMessage.helpSummary,
        usage: "changes [--all] [--no-pager]", examples: ["changes"], flags: options.map(\.flag), effect: .reads,
        recording: .never)

    static let options: [CommandOption<Changes>] = [
        // Before, `changes` listed this session's and `--all` every session's: now it lists every
        // kept change, and `--all` is still understood.
        .flag("--all", \.all, help: ChangesMessage.helpAll),
        .flag("--no-pager", \.noPager, help: ChangesMessage.helpNoPager),
    ]

    /// The most a listing shows (the newest).
    static let shownAtMost = 200

    public var all = false
    public var noPager = false

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        try arguments.apply(Self.options, to: &self)
    }

    public var words: [Word] { [Word(Self.spec.name)] + Self.options.words(of: self) }

    public func run(in context: CommandContext) async throws -> CommandOutcome {
        guard let keeping = context.changes else { return .note(Message.noChangeLog.text) }
        guard let log = keeping.log else {
            return .note(Message.changesNeedLogin.text)
        }
        let units = ChangeHistory(try log.entries()).units
        guard !units.isEmpty else { return .note(Message.noChangesKept.text) }
        let shown = units.suffix(Self.shownAtMost)
        let marks = shown.contains { $0.session == keeping.session }
        let rows = shown.map { Self.row($0, thisSession: $0.session == keeping.session) }
        var text = Self.table(rows, columns: context.console.columns)
        if units.count > shown.count { text = Message.earlierNotShown(units.count - shown.count).text + "\n" + text }
        let raw = try MarketJSON.encoder.encode(shown.flatMap { $0.changes.map(\.entry) })
        guard !context.settings.outputJSON else { return CommandOutcome([.text(text, raw: raw)]) }
        return CommandOutcome(
            [.listed(text, paged: !noPager), .summary(ChangesMessage.undoHint(marksThisSession: marks).text)])
    }

    /// One unit's cells: this session's mark, its number, time, command, what it did, and
    /// whether it stands undone.
    static func row(_ unit: ChangeHistory.Unit, thisSession: Bool) -> [String] {
        let first = unit.changes[0].entry
        let time = first.date.map(Self.shortTime) ?? TextLayout.visible(first.time, limit: 40)
        let command = unit.batch?.label ?? first.command ?? ""
        let what =
            unit.batch == nil ? first.summary.text : Message.changeCount(count: unit.changes.count, tally: Self.tally(unit)).text
        let state =
            unit.undone
            ? Message.undone(partly: false).text
            : unit.changes.contains(where: \.undone) ? Message.undone(partly: true).text : ""
        return [
            thisSession ? "*" : "", String(unit.number), time, TextLayout.visible(command, limit: 200), what, state,
        ]
    }

    /// The table, as wide as `columns` at most (nil: as wide as it is): the command and what
    /// it did are cut with `…`, the wider first; the state column only when a change is undone.
    static func table(_ rows: [[String]], columns: Int?) -> String {
        let headers = ["", "#"] + Message.ChangeColumn.allCases.map { Message.changeColumn($0).text } + [""]
        let keep = rows.contains { !$0[5].isEmpty } ? 6 : 5
        var (head, body) = (Array(headers.prefix(keep)), rows.map { Array($0.prefix(keep)) })
        var widths = head.map { TerminalText.width($0) }
        for row in body { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], TerminalText.width(cell)) } }
        if let columns {
            var excess = widths.reduce(0, +) + 2 * (widths.count - 1) - columns
            // The command (3) and what it did (4) give way, the wider first, to 8 columns each.
            while excess > 0, max(widths[3], widths[4]) > 8 {
                widths[widths[3] > widths[4] ? 3 : 4] -= 1
                excess -= 1
            }
            for i in 3...4 {
                head[i] = TextLayout.truncate(head[i], to: widths[i])
                for r in body.indices { body[r][i] = TextLayout.truncate(body[r][i], to: widths[i]) }
            }
        }
        return TextLayout.table(head, body, rightAligned: [1])
    }

    /// `2026-11-28 23:12`: local time, to the minute.
    static func shortTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
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
