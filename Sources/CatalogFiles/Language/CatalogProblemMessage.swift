import OpenMarketContract

/// What is wrong with a catalog file, as a value: the words of a ``CatalogProblem``, rendered in
/// the reader's language when the problem is shown. Each language is one exhaustive `switch`
/// (`CatalogProblemMessage+English.swift`, `CatalogProblemMessage+Korean.swift`).
public enum CatalogProblemMessage: Spoken, Equatable {
    /// A sentence another catalogue already said (a contract rule, a file's own error).
    case said(String)

    // MARK: Rows
    case idOnTwoRows(id: Int, earlier: Int)
    case notAnID(String, max: Int)
    case noName
    case sameNameAsRow(Int)
    case cellsButColumns(cells: Int, columns: Int)

    // MARK: Cells of the sync columns, and formulas
    /// An `action` cell that names no action (the cell as written).
    case notAnAction(String)
    /// A `revision` cell changed, cut short, or not one export wrote.
    case revisionUnreadable
    /// A `revision` cell of a later format (`v2`).
    case revisionFromNewer(String)
    /// A formula kept as its text in a number column (the cell as written).
    case formulaCell(String)

    // MARK: Columns
    case unknownColumn(String, meant: String, columns: [String])
    case columnTwice(String, first: Int, second: Int)
    case sameColumn(String, String)

    // MARK: JSON values
    /// `line` for JSON Lines, else an element of the array.
    case notAJSONObject(line: Bool)
    case boolIsNoValue
    case objectForText
    case listForText
    case imagesAreTexts
    case notAJSONArray

    // MARK: The file as text
    case saveAsUTF8
    case jsonNotUTF8
    case readAsCP949
    case cellTooLarge(bound: String)
    case rowTooLarge(bound: String)
    case nulByte
    case unclosedQuote
    case emptyNoColumns(columns: String)
    case tooManyRows(String)
    case notACatalogName
    /// A spreadsheet program's own file (`.xlsx`, `.ods`), named by its extension.
    case spreadsheetFile(String)

    // MARK: Writing
    case emptyNoHeader
    case cannotWriteCP949
    case notAProductObject
    case csvWriterFailed(String)
    case csvRecordFailed(String)
    case writtenAfterFinish

    /// A cell as a message quotes it: at most 40 characters, the rest as `…`.
    static func shortened(_ text: String) -> String {
        text.unicodeScalars.count <= 40 ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(39))) + "…"
    }
}
