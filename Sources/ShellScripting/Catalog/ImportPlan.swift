import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell

/// One thing an import will do, in the file's row order (deletes after every row).
enum ImportWork: Sendable {
    case register(row: Int, Register)
    /// `changes` are the row's fields, typed; what differs from the live product is worked out
    /// again right before sending, against the product as read then.
    /// `stockBy`: the stock moves by this difference, applied to the stock read right before
    /// sending (a three-way merge's stock, a stock-only sheet); nil sets it as `changes` says.
    /// `move`: what the journal keeps of the stock's move once it is made.
    case update(row: Int, id: Int, changes: ProductChanges, stockBy: Int? = nil, move: StockMove? = nil)
    /// `--prune`'s delete (no row).
    case delete(Product)
    /// A row whose action is `delete`.
    case remove(row: Int, Product)
    /// A row whose action is `replace`: registered again with the merged values, then the old
    /// product deleted (one batch).
    case replace(row: Int, Replacement)

    var row: Int? {
        switch self {
        case .register(let row, _), .update(let row, _, _, _, _), .remove(let row, _), .replace(let row, _): row
        case .delete: nil
        }
    }
}

/// What an import will do, shown before anything is sent: N to register, M to update (with the
/// fields that change), K unchanged, and with `--prune` D to delete.
struct ImportPlan: Sendable {
    var registers: [(row: Int, command: Register)] = []
    /// A plan only shown (`--plan`) that no product of yours can be renamed in keeps the first
    /// `keptRegisters` rows to register and counts the rest (a million rows' `register`s are
    /// never held to print a count and three names).
    var keptRegisters = Int.max
    var registersNotKept = 0
    /// Rows of your products that change: the row's typed fields, and what changes, in words.
    var updates: [(row: Int, id: Int, changes: ProductChanges, described: String)] = []
    var unchanged: [(row: Int, id: Int)] = []
    /// Rows the interrupted run a resumed import goes on with had done (registered, changed or
    /// replaced), whose product holds what it sent: done, not unchanged (the summary and the
    /// report say them apart).
    var doneBefore: [(row: Int, id: Int)] = []
    /// The rows that run had done (its journal's done rows and the creates found on the
    /// market), and those of them it registered.
    var doneRows: Set<Int> = []
    var registeredRows: Set<Int> = []
    var deletes: [Product] = []
    /// Rows skipped for their problems (`--continue-on-error`), with the problems.
    var invalid: [(row: Int, problems: [CatalogProblem])] = []
    /// Rows without an id matched to one of your products by name (updates or unchanged).
    var matched: [(row: Int, id: Int, name: String)] = []
    /// Rows to register whose name you already have, with your products of that name.
    var sameNameAsYours: [(row: Int, name: String, yours: [Int])] = []
    /// `--allow-duplicates`: those rows are registered anyway.
    var allowDuplicates = false
    /// How many products you had before the import (what `deletes` is a share of).
    var yoursBefore = 0
    /// `--prune-all`: pruning every product, or more than half, is allowed.
    var pruneAll = false
    /// `--restart`: rows the unfinished import had made (row → id), and those of them this plan
    /// registers again (their product exists).
    var madeBefore: [Int: Int] = [:]
    var registeredAgain: [(row: Int, id: Int)] = []
    /// New rows whose thumbnail is another photo than the first: row → that photo's index.
    var thumbnails: [Int: Int] = [:]
    /// Rows of products that exist whose photos differ from the product's: a product's photos
    /// cannot be changed after it is created, so they are ignored (and said so).
    /// The three-way merge, the rows' actions, renames and photos compared (`PlanSync`).
    var sync = PlanSync()

    /// `--prune` would delete every product of yours or more than half of them: a header-only
    /// file, or an export of one search, imported with `--prune`.
    var prunesMostOfYours: Bool { !deletes.isEmpty && deletes.count * 2 > yoursBefore }

    /// What the plan sends, rows first in file order, then deletes; the stock moves it makes
    /// named with the market of `run`, the journal's run entry.
    func work(madeOn run: JournalEntry) -> [ImportWork] {
        var work: [(Int, ImportWork)] = registers.map { ($0.row, .register(row: $0.row, $0.command)) }
        work += updates.map { update in
            let row = update.row
            let move = sync.moving[row].map { planned in
                var move = planned
                (move.server, move.market) = (run.server, run.market)
                return move
            }
            return (row, .update(row: row, id: update.id, changes: update.changes, stockBy: sync.stockBy[row], move: move))
        }
        work += sync.work
        return work.sorted { $0.0 < $1.0 }.map(\.1) + deletes.map { .delete($0) }
    }

    /// How many requests change something: what the seller types to go ahead.
    var changeCount: Int { registers.count + registersNotKept + updates.count + deletes.count + sync.changeCount }

    /// The plan as the seller reads it: a section for each kind of row, those with rows listed
    /// one by one (the first few).
    func text(file: String) -> String {
        var lines = [CatalogMessage.planTitle(file: file).text]
        lines += matchedLines()
        lines += registerLines() + sync.renameLines(label(.renamed))
        lines.append(label(.update) + "\(updates.count)")
        lines += listed(updates.map { CatalogMessage.rowLine(row: $0.row, text: "#\($0.id) \($0.described)").text })
        // The rows' counts together (register, update, unchanged and, on a resume, the rows
        // done before the interruption, said at the end, add up to the sheet's rows), then the
        // cells kept and in conflict, which are in rows counted above.
        // A row whose product is gone already is unchanged (one done before an interruption is
        // said with those), its note listed under the count.
        let gone = sync.gone.filter { !doneRows.contains($0.row) }
        lines.append(label(.unchanged) + "\(unchanged.count + gone.filter { $0.id == nil }.count)")
        lines += listed(gone.map { CatalogMessage.rowLine(row: $0.row, text: $0.note).text })
        lines += sync.mergeLines(kept: label(.kept), conflicts: label(.conflicts))
        lines += sync.actionLines(replace: label(.replace), delete: label(.delete), ignored: label(.ignored))
        lines += deleteLines()
        lines += sync.photoLines(label(.photos)) + sync.countLines(label(.actions))
        if !invalid.isEmpty {
            lines.append(label(.skipped) + "\(invalid.count) " + CatalogMessage.skippedNote.text)
            lines += listed(
                invalid.map { skipped in
                    let why = skipped.problems.map { "\($0.column ?? "row"): \($0.message)" }.joined(separator: "; ")
                    return CatalogMessage.rowLine(row: skipped.row, text: TextLayout.visible(why, limit: 400)).text
                })
        }
        if !madeBefore.isEmpty {
            lines.append("  " + CatalogMessage.restartMade(count: madeBefore.count, again: registeredAgain.count).text)
            lines += listed(registeredAgain.map { CatalogMessage.rowExists(row: $0.row, id: $0.id).text })
        }
        if !doneBefore.isEmpty { lines.append("  " + CatalogMessage.doneBefore(doneBefore.count).text) }
        return lines.joined(separator: "\n")
    }

    /// `  register   `: a line's heading, padded to the counts' column by the columns it takes.
    func label(_ label: CatalogMessage.PlanLabel) -> String {
        "  " + TextLayout.pad(CatalogMessage.planLabel(label).text, to: 11)
    }

    private func listed(_ items: [String]) -> [String] { Self.listed(items) }

    /// The first `shown` of `items`, indented under their heading, and how many more there are.
    static func listed(_ items: [String]) -> [String] {
        var lines = items.prefix(Self.shown).map { "    " + $0 }
        if items.count > Self.shown { lines.append("    " + CatalogMessage.andMore(items.count - Self.shown).text) }
        return lines
    }

    /// The rows matched to your products by name (none: no section).
    private func matchedLines() -> [String] {
        guard !matched.isEmpty else { return [] }
        return [label(.matched) + "\(matched.count) " + CatalogMessage.matchedNote.text]
            + listed(
                matched.map {
                    CatalogMessage.matchedRow(row: $0.row, name: TextLayout.visible($0.name, limit: 40), id: $0.id).text
                })
    }

    /// The rows to register (a sample of their names), then those whose names you have.
    private func registerLines() -> [String] {
        var lines = [
            label(.register) + "\(registers.count + registersNotKept)"
                + sample(registers.map { CatalogMessage.rowNamed(row: $0.row, name: name($0.command)).text })
        ]
        guard !sameNameAsYours.isEmpty else { return lines }
        lines.append(
            "    " + CatalogMessage.withNameYouHave(count: sameNameAsYours.count, allowed: allowDuplicates).text)
        lines += listed(
            sameNameAsYours.map { duplicate in
                let yours = duplicate.yours.map { "#\($0)" }.joined(separator: ", ")
                let name = TextLayout.visible(duplicate.name, limit: 40)
                return CatalogMessage.youHave(row: duplicate.row, name: name, yours: yours).text
            })
        return lines
    }

    /// `--prune`'s deletes, and whether they are most of your products (none: no section).
    private func deleteLines() -> [String] {
        guard !deletes.isEmpty else { return [] }
        var lines = [label(.delete) + "\(deletes.count) " + CatalogMessage.deleteNote.text]
        if prunesMostOfYours {
            lines.append(
                "    " + CatalogMessage.pruneShare(all: deletes.count == yoursBefore, yours: yoursBefore, allowed: pruneAll).text)
        }
        return lines + listed(deletes.map { "#\($0.id) \(TextLayout.visible($0.name, limit: 60))" })
    }

    /// `--restart`: which of the rows the unfinished import made this plan registers again.
    mutating func noteRestart(madeBefore: [Int: Int]) {
        self.madeBefore = madeBefore
        let registering = Set(registers.map(\.row))
        registeredAgain = madeBefore.filter { registering.contains($0.key) }.map { (row: $0.key, id: $0.value) }
            .sorted { $0.row < $1.row }
    }

    /// Why the plan cannot go ahead as it is (--yes or not): a prune of most of your products
    /// without `--prune-all`, rows that would register names you have without
    /// `--allow-duplicates`. Empty when it can.
    func refusals(file: String) -> [String] {
        var refusals: [String] = []
        if prunesMostOfYours, !pruneAll {
            refusals.append(CatalogMessage.pruneRefused(file: file, deleting: deletes.count, yours: yoursBefore).text)
        }
        if let duplicates = duplicatesRefusal(file: file) { refusals.append(duplicates) }
        return refusals
    }

    private func duplicatesRefusal(file: String) -> String? {
        guard !sameNameAsYours.isEmpty, !allowDuplicates else { return nil }
        let count = sameNameAsYours.count
        let first = sameNameAsYours[0]
        return CatalogMessage.duplicatesRefused(
            file: file, count: count, row: first.row, yours: first.yours[0], more: count > 1
        ).text
    }

    /// How many updates and deletes a plan lists one by one.
    static let shown = 10

    private func name(_ command: Register) -> String {
        TextLayout.visible(command.fields.changes.name ?? "?", limit: 40)
    }

    private func sample(_ items: [String]) -> String {
        guard !items.isEmpty else { return "" }
        let first = items.prefix(3).joined(separator: ", ")
        return " (\(first)\(items.count > 3 ? ", …" : ""))"
    }
}

extension ImportPlan {
    /// Checks each row and sorts those with no problem into the plan (rows in `skipping` have
    /// problems found before); the problems found. New rows keep the thumbnail their check chose.
    mutating func add(
        _ rows: some Sequence<CatalogRow>, checkedBy rowCheck: inout RowCheck, skipping: Set<Int>, mine: [Int: Product]
    ) -> [CatalogProblem] {
        var problems: [CatalogProblem] = []
        for row in rows {
            let (action, found) = rowCheck.check(row)
            problems += found
            guard let action, found.isEmpty, !skipping.contains(row.number) else { continue }
            sync.count(row.command)
            add(action, row: row, mine: mine)
            if case .update(let id, _) = action { notePhotos(of: row, id: id, folder: rowCheck.folder, mine: mine) }
            if let id = rowCheck.matched[row.number] { matched.append((row.number, id, row[.name] ?? "")) }
            if let yours = rowCheck.sameNameAsYours[row.number] {
                sameNameAsYours.append((row.number, row[.name] ?? "", yours))
            }
        }
        let registering = Set(registers.map(\.row))
        thumbnails = rowCheck.thumbnails.filter { registering.contains($0.key) }
        findRenames(mine: mine, named: Set(rowCheck.rowOfID.keys).union(rowCheck.made.values))
        return problems
    }

    /// `--prune`: your products the file does not name (by id, by what the interrupted run
    /// made, or with `--match name` by a row's name, a row skipped for a problem too) are
    /// deleted.
    mutating func prune(_ mine: [Int: Product], keeping contents: CatalogContents, made: [Int: Int], options: ImportOptions) {
        var kept = Set(contents.rows.compactMap { options.newIDs ? nil : $0[.id].flatMap { Int($0) } }).union(made.values)
        // A probable rename's product is the row's, held back with it.
        kept.formUnion(sync.renames.map(\.id))
        if options.match == .name, !options.newIDs {
            let named = Set(contents.rows.compactMap { $0[.id] == nil ? $0[.name].map(RowCheck.nameKey) : nil })
            kept.formUnion(mine.values.filter { named.contains(RowCheck.nameKey($0.name)) }.map(\.id))
        }
        deletes = mine.values.filter { !kept.contains($0.id) }.sorted { $0.id < $1.id }
        yoursBefore = mine.count
        pruneAll = options.pruneAll
    }

    /// Keeps a row of an existing product that gives photos, to be compared with the
    /// product's by content (`comparePhotos`): its paths resolved against the catalog's folder.
    mutating func notePhotos(of row: CatalogRow, id: Int, folder: String, mine: [Int: Product]) {
        guard mine[id] != nil, !row.imagePaths.isEmpty else { return }
        let paths = row.imagePaths.map { written in
            let path = PathExpansion.expandTilde(written)
            return path.hasPrefix("/") || RowCheck.isWebAddress(path) ? path : (folder as NSString).appendingPathComponent(path)
        }
        sync.photoRows.append(.init(row: row.number, id: id, written: row.imagePaths, paths: paths, revision: row.revision))
    }

    /// Sorts checked rows into the plan: a row of your product is merged with it three ways
    /// (its update sends what the merge says; nothing: unchanged); the rows' actions.
    mutating func add(_ action: RowAction, row: CatalogRow, mine: [Int: Product]) {
        let number = row.number
        switch action {
        case .register(let command):
            if registers.count < keptRegisters { registers.append((number, command)) } else { registersNotKept += 1 }
            if row.command == .new { sync.newRows.insert(number) }
            if let id = row.revision?.id { sync.revisionIDs[number] = id }
        case .update(let id, let fields):
            guard let live = mine[id] else { return }
            // A revision of another product (a row copied, an id typed over) is no base for this one.
            let revision = row.revision.flatMap { $0.id == nil || $0.id == id ? $0 : nil }
            // The action `update` is the sheet's side for this row's conflicts.
            let picked = row.command == .update
            let earlier = sync.earlierMove(for: row, live: live)
            var merged = ThreeWayMerge.merge(
                fields, revision: revision, live: live, side: picked ? .sheet : sync.prefer, movedTo: earlier.stock)
            if case .unknown = earlier { merged.leaveStock() }
            // A row done before the interruption and the same on the market now needs no
            // revision to be told apart: the plan's note of rows without one does not count it.
            if doneRows.contains(number), merged.sendsNothing { merged.blind = false }
            sync.note(merged, row: number, id: id, sidePicked: picked)
            sync.noteMove(merged, row: row, id: id, sheet: fields, from: earlier.stock ?? StockMove.exportStock(revision))
            if merged.sendsNothing {
                sendsNothing(row: number, id: id)
            } else {
                updates.append((number, id, merged.send, sync.describe(merged, live: live)))
            }
        case .remove(let id):
            if let live = mine[id] { sync.removes.append((number, live)) }
        case .replace(let id, let command):
            guard let live = mine[id] else { return }
            addReplace(command, row: row, live: live)
        case .gone(let id, let note):
            // Counted with the unchanged rows (one with the product that replaced it is among
            // them), its note listed under them.
            sync.gone.append((number, id, note))
            if let id { sendsNothing(row: number, id: id) }
        case .ignore:
            sync.ignored.append(number)
        }
    }

    /// A row of your product the plan sends nothing for: done before an interruption, or
    /// unchanged.
    private mutating func sendsNothing(row: Int, id: Int) {
        if doneRows.contains(row) { doneBefore.append((row, id)) } else { unchanged.append((row, id)) }
    }

    /// A `replace` row merged with its product as an update with the sheet's side is (market-only
    /// cells kept, stock moved by the sheet's difference); the plan lists what it takes from the sheet.
    private mutating func addReplace(_ command: Register, row: CatalogRow, live: Product) {
        let revision = row.revision.flatMap { $0.id == nil || $0.id == live.id ? $0 : nil }
        let earlier = sync.earlierMove(for: row, live: live)
        var merged = ThreeWayMerge.merge(
            command.fields.changes, revision: revision, live: live, side: .sheet, movedTo: earlier.stock)
        if case .unknown = earlier { merged.leaveStock() }
        sync.note(merged, row: row.number, id: live.id, sidePicked: true)
        var send = merged.send
        if merged.stockBy != nil { send.stock = nil }
        let replacement = Replacement(product: live, command: command, send: send, stockBy: merged.stockBy)
        sync.replaces.append((row.number, replacement, sync.describe(merged, live: live)))
    }

    /// Rows to register that look like one of your products renamed (no row names it, and it
    /// agrees with the row on every other field given, or the row's revision names it): held
    /// back, listed with the fix, never registered beside it. `named`: ids the file names.
    mutating func findRenames(mine: [Int: Product], named: Set<Int>) {
        guard !sync.newIDs, !registers.isEmpty else { return }
        var taken = named.union(updates.map(\.id)).union(unchanged.map(\.id)).union(doneBefore.map(\.id))
            .union(matched.map(\.id))
        taken.formUnion(sync.removes.map(\.product.id) + sync.replaces.map(\.replacement.product.id))
        let free = mine.values.filter { !taken.contains($0.id) }
        guard !free.isEmpty else { return }
        // Your free products by description and price: a new row gives both (`register` needs
        // them), so each row is compared with the few that share them, not with every product
        // (10,300 rows against 12,000 products took 545 s compared one by one).
        let byKey = Dictionary(grouping: free) { RenameKey(of: $0) }
        var held: Set<Int> = []
        var claimed = Set(sync.renames.map(\.id))
        for (row, command) in registers where command.fields.changes.name != nil && !sync.newRows.contains(row) {
            let changes = command.fields.changes
            let candidates = RenameKey(of: changes).map { byKey[$0] ?? [] } ?? free
            let agreeing = candidates.filter { Self.agrees(changes, with: $0) }
            let id = sync.revisionIDs[row].flatMap { mine[$0] != nil && !taken.contains($0) ? $0 : nil }
            guard let product = id.flatMap({ mine[$0] }) ?? (agreeing.count == 1 ? agreeing.first : nil),
                !claimed.contains(product.id)
            else { continue }
            sync.renames.append((row, changes.name ?? "", product.id, product.name))
            claimed.insert(product.id)
            held.insert(row)
        }
        registers.removeAll { held.contains($0.row) }
    }

    /// Whether a new row's fields other than its name are the product's (an amount by its number).
    static func agrees(_ changes: ProductChanges, with product: Product) -> Bool {
        let given = ProductField.editable.filter { $0 != .name && $0.value(in: changes) != nil }
        return !given.isEmpty && RowDifference.changes(changes, from: product).name != nil
            && given.allSatisfy { $0.value(in: changes)?.withoutCurrency == $0.value(of: product)?.withoutCurrency }
    }
}

/// A product's description and price as `ImportPlan.agrees` compares them (an amount by its
/// number): what a probable rename must share with the row, as a dictionary key.
private struct RenameKey: Hashable {
    var description: ProductFieldValue?
    var price: ProductFieldValue?

    init(of product: Product) {
        description = ProductField.description.value(of: product)?.withoutCurrency
        price = ProductField.price.value(of: product)?.withoutCurrency
    }

    /// Nil for a row that does not give both (compared with every product then).
    init?(of changes: ProductChanges) {
        guard let description = ProductField.description.value(in: changes)?.withoutCurrency,
            let price = ProductField.price.value(in: changes)?.withoutCurrency
        else { return nil }
        self.description = description
        self.price = price
    }
}
