/// The English catalogue of ``ReportMessage``.
extension ReportMessage {
    public var english: String {
        switch self {
        case .notRun: "not sent: the import stopped before this row"
        case .outcomeUnknown(let why):
            "no answer came (\(why)): the change may have been made; `import --resume` finds out"
        case .changedFields(let fields): "changed " + fields.map { $0.label(in: .en) }.joined(separator: ", ")
        case .failedNeedsRowsFrom: "--failed takes its rows from a report: add --rows-from REPORT"
        case .rowsFromWithPrune:
            "--rows-from sends only some rows, and --prune would delete the products of all the others: use one of them"
        case .rowsFromWithJournal:
            "--rows-from cannot be used with --resume or --restart: the journal already knows which rows are done"
        case .reportUnreadable(let report, let why): "--rows-from: cannot read \(report): \(why)"
        case .notAReport(let report):
            "--rows-from: \(report) is not an import report (its first line is not "
                + "'row,action,id,status,code,message,file'); write one with `import FILE --report REPORT`"
        case .notThisSheet(let report, let sheet, let file):
            "--rows-from: \(report) is the report of \(sheet), not of \(file): "
                + "use `import \(sheet) --rows-from \(report) --failed`, or the report of \(file)"
        case .rowNotInSheet(let report, let row, let file):
            "--rows-from: \(report) names row \(row), which \(file) does not have: "
                + "was the sheet sorted or cut since? Import it whole instead"
        case .nothingFailed(let report): "every row in \(report) went through: nothing to retry"
        case .retrying(let count, let rows, let report):
            count == 1
                ? "retrying row \(rows), which did not go through in \(report)"
                : "retrying \(count) rows that did not go through in \(report): \(rows)"
        case .takingRows(let count, let rows, let report):
            count == 1 ? "importing row \(rows), which \(report) names" : "importing the \(count) rows \(report) names: \(rows)"
        }
    }
}
