import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell

/// What an import plan knows beyond registers and updates: each row of your products merged
/// three ways (kept, conflicts, stock by difference), the rows' actions (delete, replace,
/// ignore, and how many rows name each), probable renames, and photos compared by content.
struct PlanSync: Sendable {
    /// `--prefer sheet|market`: the side conflicts take (nil: not sent).
    var prefer: MergePreference?
    /// `--new-ids`: every row is new, so no rename is looked for.
    var newIDs = false
    /// Cells the market changed since the export and the sheet did not: kept.
    var kept: [(row: Int, id: Int, change: FieldChange)] = []
    /// Cells changed on both sides, to different values.
    var conflicts: [(row: Int, id: Int, conflict: RowMerge.Conflict)] = []
    /// Rows of your products without a revision (compared with the market now).
    var blind = 0
    /// Whether the sheet has a revision column: its rows without a revision then have an empty
    /// cell or another product's (rows added, pasted or copied after the export), not a column
    /// never written.
    var revisionColumn = false
    /// Rows whose stock moves by a difference: row → the difference.
    var stockBy: [Int: Int] = [:]
    /// The stock moves earlier imports of this file made (from its journal), by product id.
    var moves: [Int: [StockMove]] = [:]
    /// The move each row whose stock moves makes (row → it), journaled once it is made.
    var moving: [Int: StockMove] = [:]
    /// Moves an earlier run sent and never wrote down (``PendingMove``), by product id; what
    /// their products said of them: made (the move, to journal), not made, or cannot be told
    /// (those rows' stock is left as it is, and once the import goes ahead the sheet's stock is
    /// their base: `movesSettled`).
    var pending: [Int: PendingMove] = [:]
    var movesFound: [Int: StockMove] = [:]
    /// The changes behind `movesFound`, for the change log, which the run that made them may
    /// have ended before writing.
    var changesFound: [ProductChange] = []
    var movesNotMade: Set<Int> = []
    var movesSettled: [Int: StockMove] = [:]
    var stockLeft: [(row: Int, id: Int, stock: Int, sent: Int)] = []
    /// How many checked rows name each action (a row without one is `merge`), and whether any
    /// row names one (only then does the plan count them).
    var actions: [RowCommand: Int] = [:]
    var actionColumn = false
    var ignored: [Int] = []
    /// Rows whose action is `delete`, with the product they delete.
    var removes: [(row: Int, product: Product)] = []
    /// Rows whose action is `replace`: the product registered again with the merged values, then deleted.
    var replaces: [(row: Int, replacement: Replacement, described: String)] = []
    /// Rows whose product is gone already (a sheet imported again after its delete or replace):
    /// nothing is sent; the note says why.
    var gone: [(row: Int, id: Int?, note: String)] = []
    /// New rows that look like one of your products renamed: held back, not registered.
    var renames: [(row: Int, name: String, id: Int, was: String)] = []
    /// Rows to register whose action is `new`: never taken for a rename.
    var newRows: Set<Int> = []
    /// The revision's id of each row to register (a rename's strongest clue).
    var revisionIDs: [Int: Int] = [:]
    /// Rows of existing products whose photos are to be compared with the product's.
    var photoRows: [PhotoRow] = []
    /// Rows whose photos are not the product's, and those that could not be compared.
    var photosDiffer: [Int] = []
    var photosUnknown: [Int] = []

    /// A row of an existing product that gives photos: its resolved paths, as written.
    struct PhotoRow: Sendable {
        var row: Int
        var id: Int
        var written: [String]
        var paths: [String]
        var revision: RowRevision?
    }

    /// What the rows' actions send, each at its row.
    var work: [(Int, ImportWork)] {
        removes.map { ($0.row, .remove(row: $0.row, $0.product)) }
            + replaces.map { ($0.row, .replace(row: $0.row, $0.replacement)) }
    }

    var changeCount: Int { removes.count + replaces.count }

    /// Counts a checked row's action.
    mutating func count(_ command: RowCommand?) {
        actions[command ?? .merge, default: 0] += 1
        if command != nil { actionColumn = true }
    }

    /// Notes what merging a row found; the words for its update. A row whose action picked the
    /// sheet's side (`update`, `replace`) sends its conflicts: they are in its line, not listed.
    mutating func note(_ merged: RowMerge, row: Int, id: Int, sidePicked: Bool = false) {
        if merged.blind { blind += 1 }
        kept += merged.kept.map { (row, id, $0) }
        if !sidePicked { conflicts += merged.conflicts.map { (row, id, $0) } }
        if let by = merged.stockBy, by != 0 { stockBy[row] = by }
    }

    /// The move an earlier import made for `row` of product `live` (``StockMove``), told from
    /// the product when that import ended before it wrote the move down. `.unknown`: whether it
    /// was made cannot be told, and the row's stock is to be left as it is.
    mutating func earlierMove(for row: CatalogRow, live: Product) -> EarlierMove {
        let made = StockMove.base(for: row, id: live.id, in: moves)
        guard let sent = pending[live.id], sent.move.revision == StockMove.revisionText(of: row) else {
            return .known(made)
        }
        switch sent.finding(live) {
        case .notMade:
            movesNotMade.insert(live.id)
            return .known(made)
        case .made(let move):
            movesFound[live.id] = move
            var before = live
            before.stock = sent.stockBefore
            changesFound.append(ProductChange(.stock, before: before, after: live))
            moves[live.id, default: []].append(move)
            return .known(StockMove.base(for: row, id: live.id, in: moves))
        case .unknown(let stock):
            stockLeft.append((row.number, live.id, stock, sent.sent))
            var settled = sent.move
            settled.made = StockMove.identity(of: live)
            movesSettled[live.id] = settled
            return .unknown
        }
    }

    /// The row's stock base the earlier moves left (nil: the export's), or that it cannot be told.
    enum EarlierMove {
        case known(Int?)
        case unknown

        /// The row's base the earlier moves left; nil when none is known.
        var stock: Int? {
            guard case .known(let base) = self else { return nil }
            return base
        }
    }

    /// What a row's merge does to the stock, when it sends one and has a revision: moved by the
    /// sheet's difference, or set to the sheet's count (a conflict below 0 the sheet's side
    /// won). A later import takes the sheet's count as the row's base; `from` is the base
    /// this move is made from.
    mutating func noteMove(_ merged: RowMerge, row: CatalogRow, id: Int, sheet: ProductChanges, from: Int?) {
        guard merged.send.stock != nil, let stock = sheet.stock, let revision = StockMove.revisionText(of: row) else { return }
        var move = StockMove(revision: revision, stock: stock, from: from)
        move.over = moves[id]?.filter { $0.revision == revision && !$0.undone }.map(\.key)
        moving[row.number] = move
    }

    /// `price ₩3,500 → ₩3,000, stock 5 → 7 (+2 as the sheet changed it; …)`.
    func describe(_ merged: RowMerge, live: Product) -> String {
        var send = merged.send
        guard let by = merged.stockBy, by != 0 else { return RowDifference.describe(send, from: live) }
        send.stock = nil
        let stock = CatalogMessage.stockMoves(from: live.stock, to: live.stock + by, by: by > 0 ? "+\(by)" : "\(by)").text
        return ([RowDifference.describe(send, from: live)].filter { !$0.isEmpty } + [stock]).joined(separator: ", ")
    }
}

// MARK: The plan's lines

extension PlanSync {
    /// Kept cells and conflicts, each listed under its heading; then, when rows had no
    /// revision, the one line saying which side changed cannot be told; then the rows whose
    /// stock is left as it is (``PendingMove``).
    func mergeLines(kept keptLabel: String, conflicts conflictsLabel: String) -> [String] {
        var lines: [String] = []
        if !kept.isEmpty {
            lines.append(keptLabel + "\(kept.count) " + CatalogMessage.keptNote(rows: Set(kept.map(\.row)).count).text)
            lines += ImportPlan.listed(
                kept.map {
                    CatalogMessage.rowLine(
                        row: $0.row, text: CatalogMessage.marketChanged(id: $0.id, changes: $0.change.text).text
                    ).text
                })
        }
        if !conflicts.isEmpty {
            lines.append(
                conflictsLabel + "\(conflicts.count) "
                    + CatalogMessage.conflictNote(prefer: prefer, rows: Set(conflicts.map(\.row)).count).text)
            lines += ImportPlan.listed(conflicts.map { CatalogMessage.rowLine(row: $0.row, text: Self.text(of: $0)).text })
        }
        if blind > 0 {
            let note = revisionColumn ? CatalogMessage.emptyRevision(count: blind) : CatalogMessage.noRevision(count: blind)
            lines.append("  " + note.text)
        }
        if !stockLeft.isEmpty {
            lines.append("  " + CatalogMessage.stockMoveUnknown(count: stockLeft.count).text)
            lines += ImportPlan.listed(
                stockLeft.map {
                    CatalogMessage.rowLine(
                        row: $0.row, text: CatalogMessage.stockMoveUnknownRow(id: $0.id, stock: $0.stock, sent: $0.sent).text
                    ).text
                })
        }
        return lines
    }

    /// `#14 price: sheet ₩3,000, market ₩3,200 (was ₩3,500)`, or stock going below 0.
    static func text(of entry: (row: Int, id: Int, conflict: RowMerge.Conflict)) -> String {
        let conflict = entry.conflict
        if let by = conflict.stockBy, case .count(let market)? = conflict.market {
            return CatalogMessage.stockBelowZero(id: entry.id, by: by > 0 ? "+\(by)" : "\(by)", market: market).text
        }
        let shown = { (value: ProductFieldValue?) in value.map(Self.shown) ?? "…" }
        return CatalogMessage.conflictRow(
            id: entry.id, field: conflict.field.label, sheet: shown(conflict.sheet), market: shown(conflict.market),
            base: shown(conflict.base)
        ).text
    }

    /// A cell's value as the plan shows it: an amount as money, text cut to a plan's line.
    static func shown(_ value: ProductFieldValue) -> String {
        switch value {
        case .amount(let amount, let currency?): TextLayout.money(amount, currency)
        case .text(let text): TextLayout.visible(text, limit: 30)
        default: value.plainText
        }
    }

    /// Rows replaced, deleted by their action, and ignored.
    func actionLines(replace: String, delete: String, ignored ignoredLabel: String) -> [String] {
        var lines: [String] = []
        let named = { (product: Product) in "#\(product.id) \(TextLayout.visible(product.name, limit: 40))" }
        if !replaces.isEmpty {
            lines.append(replace + "\(replaces.count) " + CatalogMessage.replaceNote.text)
            lines += ImportPlan.listed(
                replaces.map { replace in
                    let text = [named(replace.replacement.product), replace.described].filter { !$0.isEmpty }
                    return CatalogMessage.rowLine(row: replace.row, text: text.joined(separator: ": ")).text
                })
        }
        if !removes.isEmpty {
            lines.append(delete + "\(removes.count) " + CatalogMessage.deleteByRowNote.text)
            lines += ImportPlan.listed(removes.map { CatalogMessage.rowLine(row: $0.row, text: named($0.product)).text })
        }
        if !ignored.isEmpty { lines.append(ignoredLabel + "\(ignored.count)") }
        return lines
    }

    /// The rows held back as probable renames, each with its fix.
    func renameLines(_ label: String) -> [String] {
        guard !renames.isEmpty else { return [] }
        return [label + "\(renames.count) " + CatalogMessage.renameNote.text]
            + ImportPlan.listed(
                renames.map {
                    CatalogMessage.probableRename(
                        row: $0.row, name: TextLayout.visible($0.name, limit: 40), id: $0.id,
                        was: TextLayout.visible($0.was, limit: 40)
                    ).text
                })
    }

    /// The first rows of a list as a line names them (`2, 3, 4, 5, 6, …`).
    static func rows(_ rows: [Int]) -> String {
        rows.prefix(5).map(String.init).joined(separator: ", ") + (rows.count > 5 ? ", …" : "")
    }

    /// Photos that differ from their product's, said once, and those that could not be compared.
    func photoLines(_ label: String) -> [String] {
        let rows = Self.rows
        var lines: [String] = []
        if !photosDiffer.isEmpty {
            lines.append(label + CatalogMessage.photosDiffer(count: photosDiffer.count, rows: rows(photosDiffer)).text)
        }
        if !photosUnknown.isEmpty {
            lines.append(label + CatalogMessage.photosUnknown(count: photosUnknown.count, rows: rows(photosUnknown)).text)
        }
        return lines
    }

    /// `by action  merge 8, update 1, delete 1`, when the sheet names actions.
    func countLines(_ label: String) -> [String] {
        guard actionColumn else { return [] }
        let counts = RowCommand.allCases.compactMap { command in
            actions[command].map { CatalogMessage.actionCount(command, $0).text }
        }
        return [label + counts.joined(separator: ", ")]
    }
}

/// A `replace` row: the product it replaces, the `register` that makes it again, and what the
/// merge takes from the sheet; every other field is the product's own, read right before sending.
struct Replacement: Sendable {
    var product: Product
    var command: Register
    /// The sheet's values the merge sends (conflicts go to the sheet: the row's action chose it).
    var send: ProductChanges
    /// The stock moves by this much from the stock read right before sending (sales kept).
    var stockBy: Int?

    /// The `register` with the merged values over `current` (the product as read right before
    /// sending); nil when the stock would go below 0.
    func register(over current: Product) -> Register? {
        var changes = ProductChanges()
        for field in ProductField.editable { field.copy(from: current, on: current, into: &changes) }
        for field in ProductField.editable where field.value(in: send) != nil { field.copy(from: send, into: &changes) }
        if let stockBy {
            guard current.stock + stockBy >= 0 else { return nil }
            changes.stock = current.stock + stockBy
        }
        var command = self.command
        command.fields = ParsedFields(ParsedFields.texts(of: changes, ProductField.editable))
        return command
    }
}
