import Foundation
import OpenMarketContract

/// JSON Lines and JSON array catalogs: each product an object whose keys are column names.
struct JSONCatalogParser {
    let name: String
    var rows: [CatalogRow] = []
    var problems: [CatalogProblem] = []
    private var seenColumns: Set<CatalogColumn> = []
    private var unknownKeys: Set<String> = []
    /// Keys that name no product field (sku, cost, memo), in the order first met: ignored.
    var ignored: [String] = []
    /// An ignored key to the Korean name it comes near (`CatalogContents.near`).
    var near: [String: String] = [:]
    private let decoder = JSONDecoder()

    init(name: String) { self.name = name }

    /// The rows read since the last call, handed over once (a stream reads them as they come).
    mutating func takeRows() -> [CatalogRow] {
        let taken = rows
        rows = []
        return taken
    }

    /// The columns met, in the order `export` writes them (JSON objects keep no key order here).
    var columns: [CatalogColumn] { CatalogColumn.allCases.filter(seenColumns.contains) }

    /// Rows read so far, against `maxRows`.
    private var count = 0
    /// Set once more than `maxRows` rows were met: the rest is not read.
    private(set) var full = false

    /// One object a line; blank lines skipped; the row number is the line number.
    static func parseLines(_ text: String, name: String, maxRows: Int = CatalogReader.maxRows) -> JSONCatalogParser {
        var parser = JSONCatalogParser(name: name)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            parser.read(String(line), number: index + 1, what: "line", maxRows: maxRows)
            if parser.full { break }
        }
        return parser
    }

    /// Reads one line of a JSON Lines file (`what` "line") or one element of a JSON array
    /// ("element"), numbered `number`; a blank line is skipped. More than `maxRows` is a problem
    /// and the rest is not read.
    mutating func read(_ text: String, number: Int, what: String, maxRows: Int = CatalogReader.maxRows) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || full { return }
        count += 1
        if count > maxRows {
            problems.append(CatalogReader.tooManyRows(name, limit: maxRows))
            full = true
            return
        }
        readElement(try? decoder.decode(JSONValue.self, from: Data(trimmed.utf8)), number: number, what: what)
    }

    private mutating func readElement(_ value: JSONValue?, number: Int, what: String) {
        guard case .object(let object)? = value else {
            problems.append(
                CatalogProblem(file: name, row: number, .notAJSONObject(line: what == "line")))
            return
        }
        var values: [CatalogColumn: String] = [:]
        var keys: [CatalogColumn: String] = [:]
        var ok = true
        for key in object.keys.sorted() {
            guard let column = CatalogColumn(header: key) else {
                if unknownKeys.insert(key).inserted {
                    switch CatalogColumn.unknown(key) {
                    case .slip(let meant):
                        problems.append(
                            CatalogProblem(
                                file: name, row: number, column: key,
                                .unknownColumn(key, meant: meant, columns: CatalogColumn.allNames)))
                    case .near(let column):
                        ignored.append(key)
                        near[key] = column
                    case .unrelated:
                        ignored.append(key)
                    }
                }
                continue
            }
            if let other = keys[column] {
                problems.append(
                    CatalogProblem(
                        file: name, row: number, column: column.rawValue, .sameColumn(other, key))
                )
                ok = false
                continue
            }
            keys[column] = key
            seenColumns.insert(column)
            switch cell(object[key] ?? .null, column: column, row: number) {
            case .success(let text?): values[column] = text
            case .success(nil): break
            case .failure(let problem):
                problems.append(problem)
                ok = false
            }
        }
        if ok, !values.isEmpty { rows.append(CatalogRow(number: number, values: values)) }
    }

    /// The cell text of one value: nil for null or "", a problem for what is not text.
    private func cell(_ value: JSONValue, column: CatalogColumn, row: Int) -> Result<String?, CatalogProblem> {
        func refuse(_ message: CatalogProblemMessage) -> Result<String?, CatalogProblem> {
            .failure(CatalogProblem(file: name, row: row, column: column.rawValue, message))
        }
        switch value {
        case .null: return .success(nil)
        case .string(let text): return .success(text.isEmpty ? nil : text)
        case .number(let number): return .success(number.description)
        case .bool: return refuse(.boolIsNoValue)
        case .object: return refuse(.objectForText)
        case .array(let items):
            guard column == .images else { return refuse(.listForText) }
            var paths: [String] = []
            for item in items {
                guard case .string(let path) = item else { return refuse(.imagesAreTexts) }
                paths.append(path)
            }
            let joined = paths.joined(separator: ";")
            return .success(joined.isEmpty ? nil : joined)
        }
    }
}
