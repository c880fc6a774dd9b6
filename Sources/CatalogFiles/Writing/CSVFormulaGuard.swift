/// Cells a spreadsheet would run as a formula, neutralised as OWASP advises ("CSV Injection"):
/// a CSV cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is written with a
/// `'` before it, which Excel, LibreOffice and Google Sheets show as text and do not run.
///
/// So that every cell reads back exactly as it was, a cell that starts with `'` gets one more
/// `'` too, and reading a CSV drops one leading `'` from every cell: `=1+1` is written `'=1+1`,
/// `'quoted` is written `''quoted`, and both import as they were. The number columns (id, price,
/// discount, stock) keep a plain number as it is (`-5`, `+3`, `19.99`): a spreadsheet reads that
/// as a number, not a formula. JSON Lines and JSON files are not changed.
public enum CSVFormulaGuard {
    /// The first characters neutralised: OWASP's list, and `'` so that the escape round-trips.
    static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// The cell as a CSV writes it for `column` (nil: treated as text).
    public static func neutralised(_ cell: String, column: CatalogColumn? = nil) -> String {
        guard let first = cell.unicodeScalars.first, triggers.contains(first) else { return cell }
        if let column, column.isNumber, isPlainNumber(cell) { return cell }
        return "'" + cell
    }

    /// The cell as it was before `neutralised`: one leading `'` dropped.
    public static func restored(_ cell: String) -> String {
        cell.unicodeScalars.first == "'" ? String(cell.unicodeScalars.dropFirst()) : cell
    }

    /// `-5`, `+3`, `19.99`, `-.5`: a sign, digits and at most one point, nothing else.
    static func isPlainNumber(_ cell: String) -> Bool {
        var scalars = Substring(cell).unicodeScalars[...]
        if let first = scalars.first, first == "-" || first == "+" { scalars = scalars.dropFirst() }
        var digits = 0
        var points = 0
        for scalar in scalars {
            if ("0"..."9").contains(scalar) {
                digits += 1
            } else if scalar == "." {
                points += 1
            } else {
                return false
            }
        }
        return digits > 0 && points <= 1
    }
}

extension CatalogColumn {
    /// The columns whose cells are numbers: id, price, discount, stock.
    var isNumber: Bool {
        switch self {
        case .id, .price, .discount, .stock: true
        default: false
        }
    }
}
