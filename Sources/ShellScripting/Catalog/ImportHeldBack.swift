import Foundation
import SellerShell

extension ImportSummary {
    /// What the plan held back (conflicts not sent, probable renames not registered) and the
    /// rows whose action is `replace`, each registered in place of a product it deleted. The
    /// import still succeeds (exit 0), so its summary says them after the tallies.
    struct HeldBack {
        /// Cells changed on both sides and not sent (no `--prefer`).
        var conflicts = 0
        var renames = 0
        var replaceRows: Set<Int> = []

        init() {}

        init(_ plan: ImportPlan) {
            conflicts = plan.sync.prefer == nil ? plan.sync.conflicts.count : 0
            renames = plan.sync.renames.count
            replaceRows = Set(plan.sync.replaces.map(\.row))
        }

        /// `1 replaced (…)`, `2 conflicts not sent`, `1 held back (probable rename)`, each when any.
        func tallies(_ results: [RowResult]) -> [String] {
            let replaced = results.filter { $0.status == .registered && $0.row.map(replaceRows.contains) == true }.count
            let said: [(count: Int, message: ImportSummaryMessage)] = [
                (replaced, .replaced(replaced)), (conflicts, .conflictsNotSent(conflicts)), (renames, .heldBack(renames)),
            ]
            return said.filter { $0.count > 0 }.map(\.message.text)
        }
    }
}

extension ImportReport {
    /// The rows held back as probable renames, each a `held` result with the plan's words.
    static func heldRenames(_ plan: ImportPlan) -> [RowResult] {
        plan.sync.renames.map { rename in
            RowResult(row: rename.row, action: .register, status: .held, message: .byImport(renameText(rename)))
        }
    }

    /// The plan's line for a probable rename, with its fix.
    static func renameText(_ rename: (row: Int, name: String, id: Int, was: String)) -> String {
        CatalogMessage.probableRename(
            row: rename.row, name: TextLayout.visible(rename.name, limit: 40), id: rename.id,
            was: TextLayout.visible(rename.was, limit: 40)
        ).text
    }
}

extension CatalogImport {
    /// An import that sends nothing (every change held back, or none) still writes its
    /// `--report`, a line for each row, and says what it held back; the words said (none when
    /// nothing was held back).
    func reportUnsent(_ checked: CheckedCatalog, results: [RowResult], options: ImportOptions) throws -> [String] {
        let path = options.reportPath.map(paths.expandingTilde)
        if let report = try ImportReport.start(path, for: checked, append: options.resume) {
            report.record(results)
            try report.finish([])
        }
        let held = ImportSummary.HeldBack(checked.plan).tallies(results)
        return held.isEmpty ? [] : ["\(checked.file): " + held.joined(separator: ", ")]
    }
}
