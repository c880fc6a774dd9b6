import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell

/// A stock an import moved by the sheet's difference: the row's `revision` cell as it read,
/// the sheet's stock the move was for, and the row's base it was made from.
///
/// A sheet's stock is a count (export said 7, the sheet says 9: +2, whatever was sold since),
/// so importing the same sheet again would move it again: the import remembers the moves it
/// made in its journal (`moved` entries), and a later import of a row with the same revision
/// takes the stock it moved to as the row's base. The same sheet imported twice moves the stock
/// once; a sheet changed since (9 → 12) moves it by the change (+3). Each move is kept, and
/// adds to the base what it changed it by: one undone takes back only its own part
/// (``base(for:id:in:)``).
struct StockMove: Sendable, Equatable {
    var revision: String
    var stock: Int
    /// The row's base the move was made from: the export's stock, or what the moves before it
    /// left. Nil in a journal written before it was kept.
    var from: Int?
    /// Whether the change that made it was undone since (read from the change log, not kept).
    var undone = false
    /// The moves of the product it was made over (their ``key``s): those undone then are left
    /// out of its base, so they are dropped once it is made (a `redo` of one later would count
    /// its part twice: this move made it again). Nil: every move before it is kept.
    var over: [String]?
    /// The market it was made on (as a journal's run names it): a move is kept across imports
    /// to any market, and counts only on its own.
    var server: String?
    var market: String?
    /// The change that made it, as the change log keeps it (``identity(of:)`` of the product
    /// after it): a move whose change was undone is no base any more.
    var made: String?
    /// The change log's batch of the import that made it: with the product's id, its change
    /// there (an identity may repeat: the same stock reached twice within a second).
    var batch: String?

    /// A product after a change, told from the same product after any other change.
    static func identity(of product: Product) -> String {
        "\(product.id):\(product.stock)@\(product.issuedAt?.text ?? "")"
    }

    /// The moves, each marked `undone` when `undo` took its change back in the change log's
    /// `history` (the same sheet imported again then moves the stock by that move's part again).
    static func standing(_ moves: [Int: [StockMove]], in history: ChangeHistory?) -> [Int: [StockMove]] {
        guard !moves.isEmpty, let history else { return moves }
        let undone = UndoneStockChanges(history)
        guard !undone.isEmpty else { return moves }
        var marked = moves
        for (id, list) in moves {
            marked[id] = list.map { move in
                var move = move
                if let batch = move.batch {
                    move.undone = undone.inBatches.contains("\(batch)#\(id)")
                } else {
                    move.undone = move.made.map(undone.identities.contains) ?? false
                }
                return move
            }
        }
        return marked
    }

    /// The row's stock base after the moves earlier imports made for `row` of product `id`
    /// under the row's revision; nil when none stands (the export's stock is the base). Each
    /// move adds what it changed the base by: with moves 5 → 8 → 10, undoing the second leaves
    /// 8, undoing the first leaves 7 (the export's 5 and the second's +2).
    static func base(for row: CatalogRow, id: Int, in moves: [Int: [StockMove]]) -> Int? {
        guard let revision = revisionText(of: row), let list = moves[id]?.filter({ $0.revision == revision }),
            let first = list.first
        else { return nil }
        guard list.contains(where: { !$0.undone }) else { return nil }
        // A move journaled before its base was kept was made from what the one before it left
        // (the first, from the export's stock).
        let start = first.from ?? exportStock(row.revision) ?? first.stock
        var base = start
        var previous = start
        for move in list {
            let from = move.from ?? previous
            if !move.undone { base += move.stock - from }
            previous = move.stock
        }
        return base
    }

    /// A move told from the others of its product: its batch, else its change.
    var key: String { batch ?? made ?? "\(revision)→\(stock)" }

    /// The export's stock in a row's revision (nil when it keeps none).
    static func exportStock(_ revision: RowRevision?) -> Int? {
        guard case .value(let text)? = revision?.base(.stock) else { return nil }
        return Int(text)
    }

    /// The row's revision cell as the journal keeps it (nil when it has none).
    static func revisionText(of row: CatalogRow) -> String? {
        row.values[.revision].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension StockMove {
    /// The move a `moved` or `moving` entry of the journal keeps; nil for an entry of neither.
    init?(_ entry: JournalEntry) {
        guard let revision = entry.revision, let stock = entry.stock else { return nil }
        self.init(
            revision: revision, stock: stock, from: entry.from, over: entry.kept, server: entry.server,
            market: entry.market, made: entry.made, batch: entry.batch)
    }
}

/// The stock changes `undo` took back, as a change log's history tells them: by the import's
/// batch and product (`BATCH#ID`), and, for a move journaled before its batch was kept, by the
/// product after the change (``StockMove/identity(of:)``).
///
/// Written as plain loops over the entries: the same work as chained `filter`s and `compactMap`s
/// over optional products crashed Swift 6.3.1's optimiser (an ownership error in its
/// CopyPropagation pass), so a release build failed.
struct UndoneStockChanges {
    var inBatches: Set<String> = []
    var identities: Set<String> = []
    var isEmpty: Bool { inBatches.isEmpty && identities.isEmpty }

    init(_ history: ChangeHistory) {
        for unit in history.units {
            for change in unit.changes where change.undone {
                add(change.entry)
            }
        }
    }

    private mutating func add(_ entry: ChangeEntry) {
        let after = entry.after
        let before = entry.before
        // Only a change of the stock: an import's row that changes other cells too is two
        // entries, and undoing the other one alone leaves the move standing.
        let changesStock = entry.kind == .stock || before?.stock != after?.stock
        if changesStock, let batch = entry.batch {
            let id = after?.id ?? before?.id ?? 0
            inBatches.insert("\(batch.id)#\(id)")
        }
        if entry.kind == .stock, let after {
            identities.insert(StockMove.identity(of: after))
        }
    }
}

/// What the journal of a catalog says its earlier imports did to stocks: the moves made, and
/// those sent whose outcome it never wrote down.
struct EarlierMoves: Sendable {
    var made: [Int: [StockMove]] = [:]
    var pending: [Int: PendingMove] = [:]
}

/// A stock move an import sent, or was about to, when it ended before it could journal the
/// move as made (a kill, a power cut, a request whose answer never came). The next import tells
/// from the product whether it was made: unchanged since it was read, it was not; at the stock
/// sent, it was; otherwise (changed again since, by a sale or an edit) it cannot be told, and
/// that row's stock is left as it is rather than moved a second time.
struct PendingMove: Sendable, Equatable {
    var move: StockMove
    /// The product as read before the move (``StockMove/identity(of:)``), and its stock then.
    var before: String
    var stockBefore: Int
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

extension JournalEntry {
    /// `moving`: an import's stock move for product `id` about to be sent.
    init(moving pending: PendingMove, id: Int) {
        self.init(moved: pending.move, id: id)
        state = .moving
        made = nil
        before = pending.before
        stockBefore = pending.stockBefore
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
        from = move.from
        batch = move.batch
        kept = move.over
        server = move.server
        market = move.market
        made = move.made
    }
}
