import Foundation

/// A row's sync columns (`action`, `revision`) and the cells a spreadsheet can spoil (a formula
/// saved as its text).
extension CatalogRow {
    /// What the row's `action` cell asks; nil for an empty cell, one of spaces, or one that
    /// names no action (``cellProblems(file:)`` reports it).
    public var command: RowCommand? { values[.action].flatMap(RowCommand.init(cell:)) }

    /// What the product was at export time; nil for an empty `revision` cell or an unreadable
    /// one (``cellProblems(file:)`` reports it).
    public var revision: RowRevision? { values[.revision].flatMap(RowRevision.init(cell:)) }

    /// The row's cells that no import can use, each a problem at its row and column: an
    /// `action` that names no action, a `revision` cell changed, cut short or from a later
    /// version, and a formula kept as text in a number column (`=1000*3`, `'=1000*3`), which
    /// says to save the sheet as values.
    public func cellProblems(file: String) -> [CatalogProblem] {
        var problems: [CatalogProblem] = []
        // A cell of spaces is as empty: no action.
        if let cell = values[.action], RowCommand(cell: cell) == nil,
            !cell.unicodeScalars.allSatisfy(\.properties.isWhitespace)
        {
            problems.append(
                CatalogProblem(file: file, row: number, column: CatalogColumn.action.rawValue, .notAnAction(cell)))
        }
        if let cell = values[.revision] {
            switch RowRevision.read(cell) {
            case .revision: break
            case .newer(let version):
                problems.append(
                    CatalogProblem(
                        file: file, row: number, column: CatalogColumn.revision.rawValue, .revisionFromNewer(version)))
            case .unreadable:
                problems.append(
                    CatalogProblem(file: file, row: number, column: CatalogColumn.revision.rawValue, .revisionUnreadable))
            }
        }
        // An id that is a formula is already no id (`CatalogCheck`).
        for column in [CatalogColumn.price, .discount, .stock] {
            if let cell = values[column], Self.isFormula(cell) {
                problems.append(CatalogProblem(file: file, row: number, column: column.rawValue, .formulaCell(cell)))
            }
        }
        return problems
    }

    /// A spreadsheet formula kept as its text: after the `'`s a spreadsheet puts before text,
    /// `=` or `@` and anything, or `+`/`-` and an operator or a cell's name (`+A1*2`, `-3*2`);
    /// `-5` and `+3,500` are numbers, not formulas.
    static func isFormula(_ cell: String) -> Bool {
        let scalars = cell.trimmingCharacters(in: .whitespaces).unicodeScalars.drop { $0 == "'" }
        guard let first = scalars.first, scalars.count > 1 else { return false }
        switch first {
        case "=", "@": return true
        case "+", "-":
            return scalars.dropFirst().contains {
                "*/^()+-".unicodeScalars.contains($0) || ($0.isASCII && $0.properties.isAlphabetic)
            }
        default: return false
        }
    }
}
