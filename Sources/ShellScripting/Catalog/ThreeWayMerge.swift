import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell

/// A row of one of your products merged with it cell by cell, three ways: the sheet (S), the
/// product when it was exported (B, the row's ``RowRevision``) and the product on the market
/// now (M). S = B: the market's value is kept (listed when M ≠ B); S ≠ B and M = B: S is sent;
/// both changed to different values: a conflict, sent only when the seller picks the sheet.
struct RowMerge: Sendable {
    /// A cell changed in the sheet and on the market since the export, to different values.
    struct Conflict: Sendable {
        var field: ProductField
        var sheet: ProductFieldValue
        var market: ProductFieldValue?
        /// What the export recorded, as the plan shows it (nil: only its digest is known).
        var base: ProductFieldValue?
        /// For stock: the sheet's difference, which would take the market's stock below 0.
        var stockBy: Int?
    }

    /// What is sent: the sheet's changes the market did not make, and conflicts the sheet wins.
    var send = ProductChanges()
    /// Cells the market changed since the export while the sheet did not: kept, not sent
    /// (`before` is the export's value, `after` the market's).
    var kept: [FieldChange] = []
    var conflicts: [Conflict] = []
    /// The stock moves by this much, applied to the stock as read right before sending (so
    /// sales made meanwhile are kept); nil when the stock is not a difference.
    var stockBy: Int?
    /// The row had no revision: its cells were compared with the market now.
    var blind = false

    /// Nothing is sent for the row.
    var sendsNothing: Bool { send.isEmpty && (stockBy ?? 0) == 0 }
}

enum ThreeWayMerge {
    /// Merges a row's typed fields (`sheet`) with `live`, the product as the market has it now.
    /// `revision` is what the product was at export; without it every cell that differs from
    /// the market is sent. `side` settles conflicts (`--prefer`, or the sheet's for a row whose
    /// action is `update` or `replace`: market-only cells and stock by difference still apply).
    /// `movedTo` is the sheet's stock an earlier import of this row moved the stock for
    /// (``StockMove``): the stock's base from then on, in place of the export's.
    static func merge(
        _ sheet: ProductChanges, revision: RowRevision?, live: Product, side: MergePreference?, movedTo: Int? = nil
    ) -> RowMerge {
        var merge = RowMerge()
        guard let revision else {
            merge.blind = true
            if let by = stockOnlyDifference(sheet, live: live) {
                guard by != 0 else { return merge }
                merge.stockBy = by
                merge.send.stock = sheet.stock
                return merge
            }
            merge.send = RowDifference.changes(sheet, from: live)
            return merge
        }
        for field in ProductField.editable {
            guard let value = field.value(in: sheet) else { continue }
            let market = field.value(of: live)
            if value.withoutCurrency == market?.withoutCurrency { continue }
            if field == .stock, let movedTo, let stock = sheet.stock {
                // Moved for this sheet already: only what the sheet changed since moves it again.
                merge.move(by: stock - movedTo, sheet: value, market: market, base: .count(movedTo), live: live, side: side)
                continue
            }
            guard let sheetAgrees = revision.agrees(field, with: value.plainText) else {
                // The revision says nothing of this cell: compared with the market now.
                field.copy(from: sheet, into: &merge.send)
                continue
            }
            if sheetAgrees {
                merge.kept.append(FieldChange(field, from: base(field, revision, live), to: market ?? value))
            } else if revision.agrees(field, with: market?.plainText) == true, field != .stock {
                field.copy(from: sheet, into: &merge.send)
            } else {
                merge.take(field, sheet: sheet, market: market, revision: revision, live: live, side: side)
            }
        }
        return merge
    }

    /// A stock-only row (an id or a name, and stock) without a revision: the stock moves by its
    /// difference with the market at plan time; nil for any other row.
    static func stockOnlyDifference(_ sheet: ProductChanges, live: Product) -> Int? {
        guard let stock = sheet.stock, sheet.name == nil || sheet.name.map(RowCheck.nameKey) == RowCheck.nameKey(live.name)
        else { return nil }
        let others = ProductField.editable.filter { $0 != .stock && $0 != .name && $0.value(in: sheet) != nil }
        return others.isEmpty ? stock - live.stock : nil
    }

    /// The export's value of `field` as the plan shows it (nil when only its digest is kept).
    static func base(_ field: ProductField, _ revision: RowRevision, _ live: Product) -> ProductFieldValue? {
        guard case .value(let text)? = revision.base(field) else { return nil }
        var changes = ProductChanges()
        guard field.parse(text, into: &changes) == nil else { return nil }
        return field.value(in: changes, on: live)
    }
}

extension RowMerge {
    /// A cell the sheet changed whose market value is not the export's: stock moves by the
    /// sheet's difference (a conflict only below 0); any other field is a conflict, which the
    /// sheet's side sends.
    fileprivate mutating func take(
        _ field: ProductField, sheet: ProductChanges, market: ProductFieldValue?, revision: RowRevision, live: Product,
        side: MergePreference?
    ) {
        let was = ThreeWayMerge.base(field, revision, live)
        guard let value = field.value(in: sheet, on: live) else { return }
        if field == .stock, case .count(let base)? = was, let stock = sheet.stock {
            move(by: stock - base, sheet: value, market: market, base: was, live: live, side: side)
            return
        }
        conflicts.append(Conflict(field: field, sheet: value, market: market, base: was))
        if side == .sheet { field.copy(from: sheet, into: &send) }
    }

    /// The stock moves by `by` from the market's (nothing for 0); below 0 is a conflict, which
    /// the sheet's side settles at 0 or the sheet's count, the larger.
    fileprivate mutating func move(
        by: Int, sheet value: ProductFieldValue, market: ProductFieldValue?, base: ProductFieldValue?, live: Product,
        side: MergePreference?
    ) {
        guard by != 0 else { return }
        guard live.stock + by < 0 else {
            stockBy = by
            send.stock = live.stock + by
            return
        }
        conflicts.append(Conflict(field: .stock, sheet: value, market: market, base: base, stockBy: by))
        if side == .sheet, case .count(let stock) = value { send.stock = max(0, stock) }
    }
}

extension RowMerge {
    /// Sends no stock, and lists no conflict of it: the row's stock is left as the market has it.
    mutating func leaveStock() {
        send.stock = nil
        stockBy = nil
        conflicts.removeAll { $0.field == .stock }
    }
}
