import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell

/// A stock an import moved by the sheet's difference: the row's `revision` cell as it read,
/// and the sheet's stock the move was for.
///
/// A sheet's stock is a count (export said 7, the sheet says 9: +2, whatever was sold since),
/// so importing the same sheet again would move it again: the import remembers the moves it
/// made in its journal (`moved` entries), and a later import of a row with the same revision
/// takes the stock it moved to as the row's base. The same sheet imported twice moves the stock
/// once; a sheet changed since (9 → 12) moves it by the change (+3).
struct StockMove: Sendable, Equatable {
    var revision: String
    var stock: Int
    /// The market it was made on (as a journal's run names it): a move is kept across imports
    /// to any market, and counts only on its own.
    var server: String?
    var market: String?
    /// The change that made it, as the change log keeps it (``identity(of:)`` of the product
    /// after it): a move whose change was undone is no base any more.
    var made: String?

    /// A product after a change, told from the same product after any other change.
    static func identity(of product: Product) -> String {
        "\(product.id):\(product.stock)@\(product.issuedAt?.text ?? "")"
    }

    /// The moves whose change still stands in `log`: one that `undo` took back is no base
    /// (the same sheet imported again moves the stock again).
    static func standing(_ moves: [Int: StockMove], in log: ChangeLog?) -> [Int: StockMove] {
        guard !moves.isEmpty, let log, let entries = try? log.entries() else { return moves }
        let changes = ChangeHistory(entries).units.flatMap { $0.changes }
        let undone = Set(changes.filter { $0.undone && $0.entry.kind == .stock }.compactMap { $0.entry.after.map(identity(of:)) })
        guard !undone.isEmpty else { return moves }
        return moves.filter { _, move in move.made.map { !undone.contains($0) } ?? true }
    }

    /// The move an earlier import made for `row` of product `id`, when the row's revision is
    /// the one it was made under.
    static func earlier(for row: CatalogRow, id: Int, in moves: [Int: StockMove]) -> StockMove? {
        guard let move = moves[id], let revision = revisionText(of: row), move.revision == revision else { return nil }
        return move
    }

    /// The row's revision cell as the journal keeps it (nil when it has none).
    static func revisionText(of row: CatalogRow) -> String? {
        row.values[.revision].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension JournalEntry {
    /// `moved`: an import's stock move for product `id`.
    init(moved move: StockMove, id: Int) {
        self.init(.moved)
        self.id = id
        revision = move.revision
        stock = move.stock
        server = move.server
        market = move.market
        made = move.made
    }
}
