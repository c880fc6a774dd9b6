import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell

/// One thing an import will do, in the file's row order (deletes after every row).
enum ImportWork: Sendable {
    case register(row: Int, Register)
    /// `values` are the row's; what differs from the live product is worked out again right
    /// before sending, against the product as read then.
    case update(row: Int, id: Int, values: [ProductField: String])
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
    var updates: [(row: Int, id: Int, values: [ProductField: String], changes: String)] = []
    var unchanged: [(row: Int, id: Int)] = []
    var deletes: [Product] = []
    /// Rows skipped for their problems (`--continue-on-error`), with the problems.
    var invalid: [(row: Int, problems: [CatalogProblem])] = []
    /// Rows a resumed import found already done.
    var alreadyDone = 0

    /// What the plan sends, rows first in file order, then deletes.
    var work: [ImportWork] {
        var work: [(Int, ImportWork)] = registers.map { ($0.row, .register(row: $0.row, $0.command)) }
        work += updates.map { ($0.row, .update(row: $0.row, id: $0.id, values: $0.values)) }
        return work.sorted { $0.0 < $1.0 }.map(\.1) + deletes.map { .delete($0) }
    }

    /// How many requests change something: what the seller types to go ahead.
    var changeCount: Int { registers.count + updates.count + deletes.count }

    /// The plan as the seller reads it.
    func text(file: String) -> String {
        var lines = ["\(file): the plan"]
        lines.append("  register   \(registers.count)" + sample(registers.map { "row \($0.row) \(name($0.command))" }))
        lines.append("  update     \(updates.count)")
        for update in updates.prefix(Self.shown) { lines.append("    row \(update.row): #\(update.id) \(update.changes)") }
        if updates.count > Self.shown { lines.append("    … and \(updates.count - Self.shown) more") }
        lines.append("  unchanged  \(unchanged.count)")
        if !deletes.isEmpty {
            lines.append("  delete     \(deletes.count) (--prune: yours, not in the file)")
            for product in deletes.prefix(Self.shown) {
                lines.append("    #\(product.id) \(TextLayout.visible(product.name, limit: 60))")
            }
            if deletes.count > Self.shown { lines.append("    … and \(deletes.count - Self.shown) more") }
        }
        if !invalid.isEmpty { lines.append("  skipped    \(invalid.count) (rows with problems, --continue-on-error)") }
        if alreadyDone > 0 { lines.append("  (\(alreadyDone) row\(alreadyDone == 1 ? "" : "s") done before the interruption)") }
        return lines.joined(separator: "\n")
    }

    /// How many updates and deletes a plan lists one by one.
    static let shown = 10

    private func name(_ command: Register) -> String {
        TextLayout.visible(command.values[.name] ?? "?", limit: 40)
    }

    private func sample(_ items: [String]) -> String {
        guard !items.isEmpty else { return "" }
        let first = items.prefix(3).joined(separator: ", ")
        return " (\(first)\(items.count > 3 ? ", …" : ""))"
    }
}

extension ImportPlan {
    /// Sorts checked rows into the plan: updates whose values equal the live product are
    /// unchanged and send nothing.
    mutating func add(_ action: RowAction, row: Int, mine: [Int: Product]) {
        switch action {
        case .register(let command):
            registers.append((row, command))
        case .update(let id, let values):
            guard let live = mine[id] else { return }
            let changes = RowDifference.changes(values, from: live)
            if changes.isEmpty {
                unchanged.append((row, id))
            } else {
                updates.append((row, id, values, RowDifference.describe(changes, from: live)))
            }
        }
    }
}
