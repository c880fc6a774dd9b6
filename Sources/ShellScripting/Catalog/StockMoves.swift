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

/// What the journal of a catalog says its earlier imports did to stocks: the moves made, and
/// those sent whose outcome it never wrote down.
struct EarlierMoves: Sendable {
    var made: [Int: StockMove] = [:]
    var pending: [Int: PendingMove] = [:]
}

/// A stock move an import sent, or was about to, when it ended before it could journal the
/// move as made (a kill, a power cut, a request whose answer never came). The next import tells
/// from the product whether it was made: unchanged since it was read, it was not; at the stock
/// sent, it was; otherwise (changed again since, by a sale or an edit) it cannot be told, and
/// that row's stock is left as it is rather than moved a second time.
struct PendingMove: Sendable, Equatable {
    var move: StockMove
    /// The product as read before the move (``StockMove/identity(of:)``).
    var before: String
    /// The stock the move sent.
    var sent: Int

    enum Finding: Equatable {
        case notMade
        /// Made: the move, with the change that made it.
        case made(StockMove)
        /// Whether it was made cannot be told: the product's stock now.
        case unknown(stock: Int)
    }

    /// What `live`, the product as the market has it now, says of this move. Without the time
    /// of its last change, a product found as it was read may have been moved and sold back.
    func finding(_ live: Product) -> Finding {
        if StockMove.identity(of: live) == before { return live.issuedAt == nil ? .unknown(stock: live.stock) : .notMade }
        guard live.stock == sent else { return .unknown(stock: live.stock) }
        var made = move
        made.made = StockMove.identity(of: live)
        return .made(made)
    }
}

extension PlanSync.EarlierMove {
    /// The stock the earlier move left, as a row's base; nil when none is known.
    var stock: Int? {
        guard case .known(let move) = self else { return nil }
        return move?.stock
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

extension JournalEntry {
    /// `moving`: an import's stock move for product `id` about to be sent.
    init(moving pending: PendingMove, id: Int) {
        self.init(moved: pending.move, id: id)
        state = .moving
        made = nil
        before = pending.before
        sent = pending.sent
    }

    /// `notMoved`: the stock move last sent for product `id` was not made.
    init(notMoved id: Int) {
        self.init(.notMoved)
        self.id = id
    }

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
