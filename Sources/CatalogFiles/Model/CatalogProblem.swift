/// One problem in a catalog file, printed as `FILE:ROW:COLUMN: message`
/// (`FILE:ROW: message` without a column, `FILE: message` without a row).
public struct CatalogProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the seller named it.
    public var file: String
    /// The row as a spreadsheet shows it (see `CatalogRow.number`), when the problem has one.
    public var row: Int?
    /// The column (its name as `export` writes it, or the header as given when unknown).
    public var column: String?
    /// What is wrong and, where it helps, what to do, as a value.
    public var reason: CatalogProblemMessage
    /// `reason` in the reader's language.
    public var message: String { reason.text }
    /// What kind of problem it is, where a reader acts on the kind (never on the message's words).
    public var kind = Kind.other

    /// The kinds of problem a reader acts on.
    public enum Kind: Sendable, Equatable {
        /// One the seller fixes by reading the message.
        case other
        /// The id column names no product of this vendor on this market.
        case unknownID
    }

    /// A problem at `file`, optionally at a row and a column.
    public init(file: String, row: Int? = nil, column: String? = nil, _ reason: CatalogProblemMessage, kind: Kind = .other) {
        self.file = file
        self.kind = kind
        self.row = row
        self.column = column
        self.reason = reason
    }

    /// A problem whose words another catalogue already said (a contract rule, a file's error).
    public init(file: String, row: Int? = nil, column: String? = nil, _ said: String, kind: Kind = .other) {
        self.init(file: file, row: row, column: column, .said(said), kind: kind)
    }

    /// `FILE:ROW:COLUMN: message`, leaving out what the problem has not.
    public var description: String {
        var place = file
        if let row {
            place += ":\(row)"
            if let column { place += ":\(column)" }
        }
        return "\(place): \(message)"
    }
}
