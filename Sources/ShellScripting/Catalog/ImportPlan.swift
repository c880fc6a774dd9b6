import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell

/// One thing an import will do, in the file's row order (deletes after every row).
enum ImportWork: Sendable {
    case register(row: Int, Register)
    /// `changes` are the row's fields, typed; what differs from the live product is worked out
    /// again right before sending, against the product as read then.
    case update(row: Int, id: Int, changes: ProductChanges)
    case delete(Product)

    var row: Int? {
        switch self {
        case .register(let row, _), .update(let row, _, _): row
        case .delete: nil
        }
    }
}

/// What an import will do, shown before anything is sent: N to register, M to update (with the
/// fields that change), K unchanged, and with `--prune` D to delete.
struct ImportPlan: Sendable {
    var registers: [(row: Int, command: Register)] = []
    /// Rows of your products that change: the row's typed fields, and what changes, in words.
    var updates: [(row: Int, id: Int, changes: ProductChanges, described: String)] = []
    var unchanged: [(row: Int, id: Int)] = []
    var deletes: [Product] = []
    /// Rows skipped for their problems (`--continue-on-error`), with the problems.
    var invalid: [(row: Int, problems: [CatalogProblem])] = []
    /// Rows a resumed import found already done.
    var alreadyDone = 0
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
    var photosIgnored: [Int] = []

    /// `--prune` would delete every product of yours or more than half of them: a header-only
    /// file, or an export of one search, imported with `--prune`.
    var prunesMostOfYours: Bool { !deletes.isEmpty && deletes.count * 2 > yoursBefore }

    /// What the plan sends, rows first in file order, then deletes.
    var work: [ImportWork] {
        var work: [(Int, ImportWork)] = registers.map { ($0.row, .register(row: $0.row, $0.command)) }
        work += updates.map { ($0.row, .update(row: $0.row, id: $0.id, changes: $0.changes)) }
        return work.sorted { $0.0 < $1.0 }.map(\.1) + deletes.map { .delete($0) }
    }

    /// How many requests change something: what the seller types to go ahead.
    var changeCount: Int { registers.count + updates.count + deletes.count }

    /// The plan as the seller reads it: a section for each kind of row, those with rows listed
    /// one by one (the first few).
    func text(file: String) -> String {
        var lines = [CatalogMessage.planTitle(file: file).text]
        lines += matchedLines()
        lines += registerLines()
        lines.append(label(.update) + "\(updates.count)")
        lines += listed(updates.map { CatalogMessage.rowLine(row: $0.row, text: "#\($0.id) \($0.described)").text })
        lines.append(label(.unchanged) + "\(unchanged.count)")
        lines += deleteLines()
        if !photosIgnored.isEmpty {
            let count = photosIgnored.count
            let rows = photosIgnored.prefix(5).map(String.init).joined(separator: ", ") + (count > 5 ? ", …" : "")
            lines.append(label(.photos) + CatalogMessage.photosIgnored(count: count, rows: rows).text)
        }
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
        if alreadyDone > 0 { lines.append("  " + CatalogMessage.doneBefore(alreadyDone).text) }
        return lines.joined(separator: "\n")
    }

    /// `  register   `: a line's heading, padded to the counts' column by the columns it takes.
    private func label(_ label: CatalogMessage.PlanLabel) -> String {
        "  " + TextLayout.pad(CatalogMessage.planLabel(label).text, to: 11)
    }

    /// The first `shown` of `items`, indented under their heading, and how many more there are.
    private func listed(_ items: [String]) -> [String] {
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
            label(.register) + "\(registers.count)"
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
        _ rows: [CatalogRow], checkedBy rowCheck: inout RowCheck, skipping: Set<Int>, mine: [Int: Product]
    ) -> [CatalogProblem] {
        var problems: [CatalogProblem] = []
        for row in rows {
            let (action, found) = rowCheck.check(row)
            problems += found
            guard let action, found.isEmpty, !skipping.contains(row.number) else { continue }
            add(action, row: row, mine: mine)
            if case .update(let id, _) = action { notePhotos(of: row, id: id, mine: mine) }
            if let id = rowCheck.matched[row.number] { matched.append((row.number, id, row[.name] ?? "")) }
            if let yours = rowCheck.sameNameAsYours[row.number] {
                sameNameAsYours.append((row.number, row[.name] ?? "", yours))
            }
        }
        let registering = Set(registers.map(\.row))
        thumbnails = rowCheck.thumbnails.filter { registering.contains($0.key) }
        return problems
    }

    /// `--prune`: your products the file does not name (by id, by what the interrupted run
    /// made, or with `--match name` by a row's name, a row skipped for a problem too) are
    /// deleted.
    mutating func prune(_ mine: [Int: Product], keeping contents: CatalogContents, made: [Int: Int], options: ImportOptions) {
        var kept = Set(contents.rows.compactMap { options.newIDs ? nil : $0[.id].flatMap { Int($0) } }).union(made.values)
        if options.match == .name, !options.newIDs {
            let named = Set(contents.rows.compactMap { $0[.id] == nil ? $0[.name].map(RowCheck.nameKey) : nil })
            kept.formUnion(mine.values.filter { named.contains(RowCheck.nameKey($0.name)) }.map(\.id))
        }
        deletes = mine.values.filter { !kept.contains($0.id) }.sorted { $0.id < $1.id }
        yoursBefore = mine.count
        pruneAll = options.pruneAll
    }

    /// Notes a row of an existing product whose `images` cell is not the product's own photos
    /// (their URLs, as `export` writes them).
    mutating func notePhotos(of row: CatalogRow, id: Int, mine: [Int: Product]) {
        guard let live = mine[id], !row.imagePaths.isEmpty else { return }
        let urls = (live.images ?? []).map(\.url)
        if row.imagePaths != urls { photosIgnored.append(row.number) }
    }

    /// Sorts checked rows into the plan: updates whose values equal the live product are
    /// unchanged and send nothing.
    mutating func add(_ action: RowAction, row: CatalogRow, mine: [Int: Product]) {
        let row = row.number
        switch action {
        case .register(let command):
            registers.append((row, command))
        case .update(let id, let fields):
            guard let live = mine[id] else { return }
            let changes = RowDifference.changes(fields, from: live)
            if changes.isEmpty {
                unchanged.append((row, id))
            } else {
                updates.append((row, id, fields, RowDifference.describe(changes, from: live)))
            }
        }
    }
}
