import Foundation

/// One product row: the cells present (empty cells are absent), by column.
public struct CatalogRow: Sendable, Equatable {
    /// As a spreadsheet shows it: in a CSV the header is row 1 and the first product row 2
    /// (a record spanning lines is still one row); in JSON Lines the line number; in a JSON
    /// array the element number from 1.
    public var number: Int
    /// The non-empty cells, as written in the file (numbers in JSON by their decimal text).
    public var values: [CatalogColumn: String]

    /// A row numbered `number` with these cells.
    public init(number: Int, values: [CatalogColumn: String]) {
        self.number = number
        self.values = values
    }

    /// The cell of `column`, nil when it is empty or absent.
    public subscript(_ column: CatalogColumn) -> String? { values[column] }

    /// `images` split on ";" with spaces trimmed, empty parts dropped.
    public var imagePaths: [String] { CatalogRow.splitImages(values[.images] ?? "") }

    /// Whether `text` starts or ends with white space: only then does trimming it (through
    /// Foundation, a copy) change it. Read on scalars.
    public static func hasSpaceAround(_ text: String) -> Bool {
        text.unicodeScalars.first?.properties.isWhitespace == true
            || text.unicodeScalars.last?.properties.isWhitespace == true
    }

    /// `text` split on ";" with spaces trimmed, empty parts dropped.
    static func splitImages(_ text: String) -> [String] {
        text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// A whole catalog file as read: its columns, its rows and its problems.
public struct CatalogContents: Sendable {
    /// The file as given (used in problems).
    public var path: String
    /// How it was read.
    public var format: CatalogFormat
    /// The columns the file has, in its order (for JSON, in the order `export` writes them).
    public var columns: [CatalogColumn]
    /// The rows read without a problem, in file order; blank rows are skipped. Held in memory,
    /// or for a large file streamed from it at each walk (`CatalogRows`).
    public var rows: CatalogRows
    /// Problems with the file itself (unreadable, not UTF-8 nor CP949, an unknown column, a
    /// record with more cells than headers, a JSON line that is not an object, a value that is
    /// an object/array where text is expected). Empty when every row was read.
    public var problems: [CatalogProblem]
    /// E.g. "read as CP949 (Korean Excel's encoding)"; nil for UTF-8.
    public var encodingNote: String?
    /// Columns that are no product field (SKU, cost, memo), in the file's order: ignored.
    public var ignoredColumns: [String] = []
    /// An ignored column one letter from a Korean column's name (`판매자`: `판매가`), to that
    /// name: for the note to ask whether it was meant (``CatalogColumn/UnknownHeader``).
    public var near: [String: String] = [:]
    /// The character between cells when it is not a comma (`;` from a European Excel).
    public var delimiter: Character = ","
    /// Each column's header as the file writes it (`가격`, `Price`), for problems to name it so.
    public var headers: [CatalogColumn: String] = [:]

    /// The column as the file names it: its own header, else the column's name.
    public func header(of column: String) -> String {
        guard let known = CatalogColumn(rawValue: column), let written = headers[known] else { return column }
        return written
    }

    /// Contents with every part given.
    public init(
        path: String, format: CatalogFormat, columns: [CatalogColumn], rows: [CatalogRow], problems: [CatalogProblem],
        encodingNote: String?
    ) {
        self.path = path
        self.format = format
        self.columns = columns
        self.rows = CatalogRows(rows)
        self.problems = problems
        self.encodingNote = encodingNote
    }
}
