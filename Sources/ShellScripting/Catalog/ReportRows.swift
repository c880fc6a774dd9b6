import CSV
import CatalogFiles
import Foundation
import SellerShell

/// `import FILE --rows-from REPORT [--failed]`: the rows of FILE a processing report names
/// (``ImportReport``), or with `--failed` only those that did not go through: every row whose
/// last line's status is not `registered`, `updated`, `unchanged`, `done before` or `deleted`
/// (so `failed`, `skipped` for a problem found before sending, `not run` after an
/// interruption, `conflict` and `held` for a row the plan held back). The report
/// is data the shell wrote for programs as well as people: its columns `row`, `status` and
/// `file` are read by name, never its messages. A report of another sheet (its `file` column
/// names another file) is refused, as is one that names a row the sheet does not have.
struct ReportRows {
    /// The report as the seller typed it (for messages) and where it is.
    var shown: String
    var path: String

    /// The statuses of a row that went through.
    static let done: Set<String> = ["registered", "updated", "unchanged", "done before", "deleted"]

    /// One line of a report: the sheet's row (nil for a product `--prune` deleted), its status,
    /// the sheet it is of.
    struct Line: Sendable, Decodable {
        var row: Int?
        var status: String
        var file: String
    }

    /// Keeps the rows of `contents` the report asks for. `sheet` is the file's name as `import`
    /// was given it.
    func narrow(
        _ contents: CatalogContents, sheet: String, failedOnly: Bool
    ) throws(CommandFailure) -> (
        CatalogContents, rows: [Int]
    ) {
        let lines = try read()
        let name = (contents.path as NSString).lastPathComponent
        if let other = lines.first(where: { $0.file != name }) {
            throw .usage(ReportMessage.notThisSheet(report: shown, sheet: other.file, file: sheet).text)
        }
        // A row's last line is what became of it (a resumed import adds lines).
        var statuses: [Int: String] = [:]
        for line in lines { if let row = line.row { statuses[row] = line.status } }
        let wanted = Set(statuses.filter { !failedOnly || !Self.done.contains($0.value) }.keys)
        // A row past the sheet's last: the sheet is not the one reported on any more.
        let last = contents.rows.last?.number ?? 0
        if let beyond = wanted.filter({ $0 > last }).min() {
            throw .usage(ReportMessage.rowNotInSheet(report: shown, row: beyond, file: sheet).text)
        }
        var narrowed = contents
        narrowed.rows = contents.rows.filter { wanted.contains($0.number) }
        return (narrowed, narrowed.rows.map(\.number))
    }

    /// Every line of the report, CSV or JSON Lines (by its extension, as it was written).
    func read() throws(CommandFailure) -> [Line] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .failed(ReportMessage.reportUnreadable(report: shown, why: (error as NSError).localizedDescription).text)
        }
        switch ImportReport.Format(path: path) {
        case .csv: return try csvLines(text)
        case .jsonl: return try jsonLines(text)
        }
    }

    private func csvLines(_ text: String) throws(CommandFailure) -> [Line] {
        guard let reader = try? CSVReader(string: text, hasHeaderRow: true),
            let header = reader.headerRow, header == ImportReport.columns
        else { throw .usage(ReportMessage.notAReport(report: shown).text) }
        var lines: [Line] = []
        while let cells = reader.next() {
            guard cells.count == header.count else { throw .usage(ReportMessage.notAReport(report: shown).text) }
            lines.append(
                Line(
                    row: Int(cells[0]), status: cells[3],
                    file: CSVFormulaGuard.restored(cells[6])))
        }
        return lines
    }

    private func jsonLines(_ text: String) throws(CommandFailure) -> [Line] {
        var lines: [Line] = []
        for line in text.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            guard let decoded = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)) else {
                throw .usage(ReportMessage.notAReport(report: shown).text)
            }
            lines.append(decoded)
        }
        return lines
    }
}

extension ReportRows {
    /// The flags `--rows-from` and `--failed` go with.
    static func check(_ options: ImportOptions) throws(CommandFailure) {
        if options.failedOnly, options.rowsFrom == nil { throw .usage(ReportMessage.failedNeedsRowsFrom.text) }
        guard options.rowsFrom != nil else { return }
        if options.prune { throw .usage(ReportMessage.rowsFromWithPrune.text) }
        if options.resume { throw .usage(ReportMessage.rowsFromWithJournal.text) }
    }
}

extension CatalogImport {
    /// With `--rows-from REPORT`: the rows of `contents` the report names (with `--failed`,
    /// those that did not go through), said in a note; nil when there is none. The earlier
    /// run's journal, left open by its failures, is started afresh (`--restart`): the report,
    /// not the journal, says which rows to send.
    func rowsFromReport(_ contents: CatalogContents, file: String, options: inout ImportOptions) throws -> CatalogContents? {
        guard let typed = options.rowsFrom else { return contents }
        let report = ReportRows(shown: typed, path: try paths.readable(typed, in: context))
        let (narrowed, rows) = try report.narrow(contents, sheet: file, failedOnly: options.failedOnly)
        guard !rows.isEmpty else {
            context.console.note(ReportMessage.nothingFailed(report: typed).text)
            return nil
        }
        let listed = rows.prefix(20).map(String.init).joined(separator: ", ") + (rows.count > 20 ? ", …" : "")
        let said =
            options.failedOnly
            ? ReportMessage.retrying(count: rows.count, rows: listed, report: typed)
            : ReportMessage.takingRows(count: rows.count, rows: listed, report: typed)
        context.console.note(said.text)
        options.restart = true
        return narrowed
    }
}
