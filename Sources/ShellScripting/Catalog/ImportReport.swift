import CatalogFiles
import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization
import SystemPackage

/// `import FILE --report FILE.csv|FILE.jsonl`: the processing report, one line per row written
/// as the row finishes (rows sent nothing, unchanged or skipped for their problems, first; rows
/// never started, last). Each line is one `write(2)` to a file opened for appending, so a
/// `kill -9` leaves whole lines for every row the import had finished; nothing is held back to
/// write at the end.
///
/// A line is the sheet's own row number, the action, the product's id, the status, a stable
/// error code (``ReportCode``) and the message, then the sheet's file name (which
/// `--rows-from` checks). The column names, the action, the status and the code are the same in
/// every language (a program reads them); the message is in the sheet's language: Korean for a
/// sheet with a Korean header, else the reader's.
final class ImportReport: Sendable {
    enum Format: Sendable {
        case csv, jsonl

        /// `.jsonl` (or `.ndjson`) is JSON Lines; anything else is CSV.
        init(path: String) {
            let ext = (path as NSString).pathExtension.lowercased()
            self = ext == "jsonl" || ext == "ndjson" ? .jsonl : .csv
        }
    }

    /// The CSV header, and the JSON Lines keys, in this order.
    static let columns = ["row", "action", "id", "status", "code", "message", "file"]

    let format: Format
    /// The language of the message column.
    let language: Language
    /// The sheet's file name, on every line.
    let sheet: String
    let path: String
    /// The typed problems of the rows skipped before anything was sent, by row.
    let problems: [Int: [CatalogProblem]]
    /// What the sheet and the plan say of the rows beyond their results.
    let planned: Planned
    private let state: Mutex<Output>

    /// The open report (nil once closed) and the first write that failed.
    private struct Output {
        var descriptor: FileDescriptor?
        var failure: String?
    }

    /// Opens (creates or empties) the report at `path`, and writes its CSV header. With `append`
    /// (`--resume`), a report already there is added to instead: the rows the interrupted run
    /// finished keep their lines, and a row's last line is what became of it.
    init(
        path: String, sheet: String, language: Language, problems: [Int: [CatalogProblem]], planned: Planned = Planned(),
        append: Bool
    ) throws(CommandFailure) {
        self.path = path
        self.planned = planned
        self.sheet = sheet
        self.language = language
        self.problems = problems
        format = Format(path: path)
        let descriptor: FileDescriptor
        let isEmpty: Bool
        do {
            descriptor = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .closeOnExec, append ? .append : .truncate],
                permissions: [.ownerReadWrite, .groupRead, .otherRead])
            isEmpty = try descriptor.seek(offset: 0, from: .end) == 0
        } catch {
            throw .failed(CatalogMessage.reportNotWritten(path: path, why: "\(error)").text)
        }
        state = Mutex(Output(descriptor: descriptor))
        if format == .csv, isEmpty { self.append(Self.csvLine(Self.columns)) }
    }

    /// The report for an import of `checked`, in its sheet's language; nil without `--report`.
    static func start(_ path: String?, for checked: CheckedCatalog, append: Bool) throws(CommandFailure) -> ImportReport? {
        guard let path else { return nil }
        var problems: [Int: [CatalogProblem]] = [:]
        for invalid in checked.plan.invalid { problems[invalid.row, default: []] += invalid.problems }
        let language = sheetLanguage(checked.contents.headers.values)
        let planned = Language.$current.withValue(language) { Planned(checked) }
        return try ImportReport(
            path: path, sheet: (checked.path as NSString).lastPathComponent, language: language, problems: problems,
            planned: planned, append: append)
    }

    /// Korean when a header of the sheet is written in Hangul (`가격`, `상품명`); else the
    /// reader's language.
    static func sheetLanguage(_ headers: some Sequence<String>) -> Language {
        let hangul = headers.contains { header in
            header.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x3131...0x318E).contains($0.value) }
        }
        return hangul ? .ko : Language.current
    }

    /// One line per result, each written whole as it is given.
    func record(_ results: [RowResult]) {
        for result in results { record(result) }
    }

    /// A row of a cell changed on both sides (not sent) is a `conflict`, whatever else it
    /// sent; its message is the plan's words for the conflict. The action is the sheet's
    /// where the row names one (`merge`, `replace`), else the request's (`update`).
    func record(_ result: RowResult) {
        let conflict = result.row.flatMap { planned.conflicts[$0] }
            .flatMap { [.updated, .unchanged, .doneBefore].contains(result.status) ? $0 : nil }
        let said = message(result)
        let cells = [
            result.row.map(String.init) ?? "", result.row.flatMap { planned.commands[$0] }?.rawValue ?? result.action.rawValue,
            result.id.map(String.init) ?? "", conflict == nil ? result.status.rawValue : "conflict",
            conflict == nil ? ReportCode.of(result, problems: result.row.flatMap { problems[$0] }) : "conflict",
            conflict.map { ([$0] + [said].filter { !$0.isEmpty }).joined(separator: "; ") } ?? said, sheet,
        ]
        append(format == .csv ? Self.csvLine(cells) : Self.jsonLine(cells))
    }

    /// Closes the report: `results` are every row's, and those never started get their line
    /// now. Throws when any line could not be written.
    func finish(_ results: [RowResult]) throws(CommandFailure) {
        record(results.filter { $0.status == .notRun })
        let failure = state.withLock { state -> String? in
            try? state.descriptor?.close()
            state.descriptor = nil
            return state.failure
        }
        if let failure { throw .failed(CatalogMessage.reportNotWritten(path: path, why: failure).text) }
    }

    /// The row's message in the report's language: a failure said from its typed error, a row
    /// skipped from its typed problems; a note the import made (a photo shrunk) as it was said.
    func message(_ result: RowResult) -> String {
        let language = language
        switch result.status {
        case .notRun: return ReportMessage.notRun.text(in: language)
        case .held: return result.row.flatMap { planned.renames[$0] } ?? result.message.text
        case .skipped:
            guard let problems = result.row.flatMap({ problems[$0] }), !problems.isEmpty else { return result.message.text }
            return problems.map { "\($0.column ?? "row"): \($0.reason.text(in: language))" }.joined(separator: "; ")
        case .updated:
            guard case .changed(let fields) = result.message, !fields.isEmpty else { return result.message.text }
            return ReportMessage.changedFields(fields).text(in: language)
        case .failed:
            guard let error = result.error else { return result.message.text }
            let said = Language.$current.withValue(language) { Self.said(error) }
            return result.outcomeUnknown ? ReportMessage.outcomeUnknown(said).text(in: language) : said
        default: return result.message.text
        }
    }

    /// An error in the language of the task (a command's own failure as it was said).
    private static func said(_ error: any Error) -> String {
        if let failure = error as? CommandFailure { return failure.message }
        if let error = error as? MarketError { return error.text }
        return String(describing: error)
    }

    /// Writes `line` with one `write(2)` (more only if the kernel takes part of it), keeping
    /// the first failure.
    private func append(_ line: String) {
        let bytes = Array(line.utf8)
        state.withLock { state in
            guard let descriptor = state.descriptor, state.failure == nil else { return }
            do {
                _ = try descriptor.writeAll(bytes)
            } catch {
                state.failure = "\(error)"
            }
        }
    }

    /// One CSV record (RFC 4180): a cell with a comma, a quote or a line break quoted, its quotes
    /// doubled; a cell a spreadsheet would run as a formula starts with `'` (`CSVFormulaGuard`).
    static func csvLine(_ cells: [String]) -> String {
        cells.map { CSVField.quoted(CSVFormulaGuard.neutralised($0)) }.joined(separator: ",") + "\r\n"
    }

    /// One JSON object on one line, its keys ``columns``; the row and the id are numbers.
    static func jsonLine(_ cells: [String]) -> String {
        let fields = zip(columns, cells).map { key, value -> String in
            if key == "row" || key == "id" { return "\"\(key)\":" + (value.isEmpty ? "null" : value) }
            return "\"\(key)\":" + jsonString(value)
        }
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    private static func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// The stable code of a row that did not go through, for a program (or a spreadsheet's filter)
/// to act on: the same in every language. `http_404` (the market's status), `invalid_price` (a
/// rule of the contract broken, named by its field), `cannot_connect`, `timed_out`,
/// `connection_lost`, `cancelled`, `not_logged_in`, `unexpected_response`, `not_run` (the
/// import stopped first), `failed` (the shell's own refusal), `probable_rename` (held back), and
/// `conflict` (``ImportReport/record(_:)``); empty for a row that went through.
enum ReportCode {
    static func of(_ result: RowResult, problems: [CatalogProblem]?) -> String {
        switch result.status {
        case .notRun: return "not_run"
        case .held: return "probable_rename"
        case .skipped:
            // The column as `export` names it, whatever the sheet's header (`가격` is `price`).
            let column = problems?.first?.column.map { CatalogColumn(header: $0)?.rawValue ?? $0 }
            return column.map { "invalid_\($0)" } ?? "invalid_row"
        case .failed:
            guard let error = result.error as? MarketError else { return "failed" }
            return of(error)
        default: return ""
        }
    }

    static func of(_ error: MarketError) -> String {
        switch error {
        case .invalidInput(let violations):
            let field = violations.first.map { violation in
                ProductField.allCases.first { $0.wireName == violation.subject }?.rawValue ?? violation.subject
            }
            return "invalid_" + (field ?? "input")
        case .missingCredentials: return "not_logged_in"
        case .cannotConnect: return "cannot_connect"
        case .timedOut: return "timed_out"
        case .connectionLost: return "connection_lost"
        case .serverRefused(let status, _): return "http_\(status)"
        case .preconditionFailed: return "http_412"
        case .unexpectedResponse: return "unexpected_response"
        case .cancelled: return "cancelled"
        }
    }
}

extension ImportReport {
    /// What the sheet and the plan say of rows beyond their results, in the report's language:
    /// each row's action as the sheet names it, the plan's words for a row's conflicts (not sent
    /// without `--prefer`) and for a probable rename.
    struct Planned: Sendable {
        var commands: [Int: RowCommand] = [:]
        var conflicts: [Int: String] = [:]
        var renames: [Int: String] = [:]

        init() {}

        /// Read from the checked sheet (its rows walked again only when it has an action column).
        init(_ checked: CheckedCatalog) {
            if checked.contents.columns.contains(.action) {
                for row in checked.contents.rows { if let command = row.command { commands[row.number] = command } }
            }
            let sync = checked.plan.sync
            if sync.prefer == nil {
                for entry in sync.conflicts {
                    let text = PlanSync.text(of: entry)
                    conflicts[entry.row] = conflicts[entry.row].map { $0 + "; " + text } ?? text
                }
            }
            for rename in sync.renames { renames[rename.row] = ImportReport.renameText(rename) }
        }
    }
}
