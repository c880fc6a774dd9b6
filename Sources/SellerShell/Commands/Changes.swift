import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// `changes`: every change kept for this server and vendor, newest last, from any session —
/// what `undo` and `redo` take — with this session's marked `*`: the number `undo` takes, the
/// time, the command, and what it did (`#12 Mug: price ₩3,500 → ₩3,200`). The table fits the
/// terminal's width (the command and what it did cut with `…`) and pages at its height.
public struct Changes: ShellCommand {
    public static let commandNames = CommandNames("changes")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ChangesMessage.helpSummary,
        usage: "changes [--last N] [--all] [--no-pager]", examples: ["changes", "changes --last 5"],
        flags: options.map(\.flag), effect: .reads,
        recording: .never)

    static let options: [CommandOption<Changes>] = [
        .last(\.last, help: ChangesMessage.helpLast),
        // Before, `changes` listed this session's and `--all` every session's: now it lists every
        // kept change, and `--all` is still understood.
        .flag("--all", \.all, help: ChangesMessage.helpAll),
        .flag("--no-pager", \.noPager, help: ChangesMessage.helpNoPager),
    ]

    /// The most a listing shows (the newest).
    static let shownAtMost = 200

    /// `--last N`: only the newest N (else up to `shownAtMost`).
    public var last: Int?
    public var all = false
    public var noPager = false

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        try arguments.apply(Self.options, to: &self)
    }

    public var words: [Word] { [Word(Self.spec.name)] + Self.options.words(of: self) }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        guard let keeping = context.changes else { return .note(Message.noChangeLog.text) }
        guard let log = keeping.log else {
            return .note(Message.changesNeedLogin.text)
        }
        let units = ChangeHistory(try log.entries()).units
        guard !units.isEmpty else { return .note(Message.noChangesKept.text) }
        let shown = units.suffix(last ?? Self.shownAtMost)
        let marks = shown.contains { $0.session == keeping.session }
        let rows = shown.map { Self.row($0, thisSession: $0.session == keeping.session) }
        var text = Self.table(rows, columns: context.console.columns)
        // Asked for the newest N, the seller knows there are earlier ones (as `exchanges` says).
        if units.count > shown.count, last == nil {
            text = Message.earlierNotShown(units.count - shown.count).text + "\n" + text
        }
        let raw = try MarketJSON.encoder.encode(shown.flatMap { $0.changes.map(\.entry) })
        guard !context.settings.outputJSON else { return CommandOutcome([.text(text, raw: raw)]) }
        let listed = try MarketJSON.encoder.encode(shown.map { Listing($0, thisSession: $0.session == keeping.session) })
        return CommandOutcome(
            [.listed(text, paged: !noPager, raw: listed), .summary(ChangesMessage.undoHint(marksThisSession: marks).text)])
    }

    /// One row of the table, typed: what a caller that reads the list (a tool result) takes,
    /// the number `undo` takes among it.
    struct Listing: Encodable {
        /// The number `undo N` and `redo N` take.
        var number: Int
        /// When it was made: ISO 8601, UTC.
        var time: String
        /// The command line (the session's secrets masked), or a batch's label.
        var command: String
        /// `created`, `edited`, `stock` or `deleted` when every change in it is of that kind,
        /// else `mixed`.
        var kind: String
        /// The products it changed, by id.
        var products: [Int]
        /// `done`, `undone` or `partly undone`.
        var state: String
        var thisSession: Bool

        init(_ unit: ChangeHistory.Unit, thisSession: Bool) {
            let first = unit.changes[0].entry
            number = unit.number
            time = first.time
            command = unit.batch?.label ?? first.command ?? ""
            let kinds = Set(unit.changes.compactMap { $0.entry.kind?.rawValue })
            kind = kinds.count == 1 ? kinds.first ?? "mixed" : "mixed"
            products = unit.changes.compactMap { ($0.entry.after ?? $0.entry.before)?.id }
            state = unit.undone ? "undone" : unit.changes.contains(where: \.undone) ? "partly undone" : "done"
            self.thisSession = thisSession
        }

        enum CodingKeys: String, CodingKey {
            case number, time, command, kind, products, state
            case thisSession = "this_session"
        }
    }

    /// One unit's line: its cells (this session's mark, its number, time, command, what it did,
    /// and whether it stands undone) and, for one change, what it did as typed, so that a narrow
    /// table shortens the product's name before the change itself.
    struct Row {
        var cells: [String]
        var what: ChangesMessage?
        /// The product's `#12` and a column of its name: as short as its name is cut.
        var shortestName = 1
    }

    static func row(_ unit: ChangeHistory.Unit, thisSession: Bool) -> Row {
        let first = unit.changes[0].entry
        let time = first.date.map(Self.shortTime) ?? TextLayout.visible(first.time, limit: 40)
        let command = unit.batch?.label ?? first.command ?? ""
        let summary = unit.batch == nil ? first.summary : nil
        let what = summary?.text ?? Message.changeCount(count: unit.changes.count, tally: Self.tally(unit)).text
        let state =
            unit.undone
            ? Message.undone(partly: false).text
            : unit.changes.contains(where: \.undone) ? Message.undone(partly: true).text : ""
        let id = (first.after ?? first.before)?.id ?? 0
        return Row(
            cells: [thisSession ? "*" : "", String(unit.number), time, TextLayout.visible(command, limit: 200), what, state],
            what: summary, shortestName: TerminalText.width("#\(id) ") + 2)
    }

    /// The narrowest the command column gets (`patch 12…`): the verb and the id.
    static let commandAtLeast = 10
    /// The narrowest the "what changed" column gets.
    static let whatAtLeast = 8

    static func table(_ rows: [[String]], columns: Int?) -> String {
        table(rows.map { Row(cells: $0) }, columns: columns)
    }

    /// The table, as wide as `columns` at most (nil: as wide as it is): the command and what it
    /// did give way, the wider first, until what it did is down to its before → after (its
    /// product's name cut); then the command alone (to `commandAtLeast`), then what it did (to
    /// `whatAtLeast`). The state column only when a change is undone.
    static func table(_ rows: [Row], columns: Int?) -> String {
        let headers =
            ["", "#"] + Message.ChangeColumn.allCases.map { Message.changeColumn($0).text } + [ReversalMessage.stateColumn.text]
        let keep = rows.contains { !$0.cells[5].isEmpty } ? 6 : 5
        var (head, body) = (Array(headers.prefix(keep)), rows.map { Array($0.cells.prefix(keep)) })
        var widths = head.map { TerminalText.width($0) }
        for row in body { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], TerminalText.width(cell)) } }
        if let columns {
            let need = rows.map(Self.essential).max() ?? 0
            var excess = widths.reduce(0, +) + 2 * (widths.count - 1) - columns
            while excess > 0 {
                if widths[4] > need, widths[3] > Self.commandAtLeast {
                    // Both have room to spare: the wider gives way.
                    widths[widths[3] >= widths[4] ? 3 : 4] -= 1
                } else if widths[3] > Self.commandAtLeast {
                    widths[3] -= 1
                } else if widths[4] > Self.whatAtLeast {
                    widths[4] -= 1
                } else {
                    break
                }
                excess -= 1
            }
            head[3] = TextLayout.truncate(head[3], to: widths[3])
            head[4] = TextLayout.truncate(head[4], to: widths[4])
            for r in body.indices {
                body[r][3] = TextLayout.truncate(body[r][3], to: widths[3])
                body[r][4] = fitted(rows[r], to: widths[4])
            }
        }
        return TextLayout.table(head, body, rightAligned: [1])
    }

    /// The columns what a change did needs to keep its before → after: all of it but the
    /// product's name, cut to its shortest. A unit of several changes keeps its count and tally
    /// whole (`3 changes (1 registered, 1 edited, 1 stock)`), the command giving way first: cut,
    /// it hid what the number `undo` asks for counts.
    static func essential(_ row: Row) -> Int {
        let full = TerminalText.width(row.cells[4])
        guard let what = row.what else { return full }
        guard let product = what.product else { return min(full, Self.whatAtLeast) }
        let name = TerminalText.width(product)
        return full - name + min(name, row.shortestName)
    }

    /// What a change did, in `width` columns: its product's name cut first (`#4 머…: name
    /// "A" → "B"`), then the whole with `…`.
    static func fitted(_ row: Row, to width: Int) -> String {
        let text = row.cells[4]
        let full = TerminalText.width(text)
        guard full > width, let message = row.what, let product = message.product else {
            return TextLayout.truncate(text, to: width)
        }
        let name = TerminalText.width(product)
        let room = max(width - (full - name), min(name, row.shortestName))
        let shorter = message.naming(TextLayout.truncate(product, to: room))
        return TextLayout.truncate(shorter.text, to: width)
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

extension ChangesMessage {
    /// The product a change names (`#12 Mug`), or nil when it names none.
    var product: String? {
        switch self {
        case .registered(let product), .deleted(let product), .edited(let product, _), .nothingChanged(let product):
            product
        default: nil
        }
    }

    /// The same message naming its product as `product`.
    func naming(_ product: String) -> ChangesMessage {
        switch self {
        case .registered: .registered(product)
        case .deleted: .deleted(product)
        case .edited(_, let changes): .edited(product, changes: changes)
        case .nothingChanged: .nothingChanged(product)
        default: self
        }
    }
}
