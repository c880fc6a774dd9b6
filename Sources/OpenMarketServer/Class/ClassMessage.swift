import OpenMarketContract

/// What `openmarket-server class …` says, and the handout's words, in the reader's language:
/// catalogues `ClassMessage+English.swift` and `ClassMessage+Korean.swift`.
public enum ClassMessage: Spoken, Hashable {
    // The roster file.
    case rosterNotText
    case rosterLineIncomplete(line: Int)
    case rosterNumberRepeated(number: String, line: Int)
    case rosterQuoteNotClosed(line: Int)
    case rosterEmpty
    /// The first line names columns, none of them one the roster reads (`Student,ID`).
    case rosterHeaderUnknown(cells: String, line: Int)
    /// A number Excel wrote in its short form (`2.026E+06`), its digits lost.
    case rosterNumberShortened(number: String, line: Int)
    case noSuchStudent(String)
    case ambiguousStudent(String)
    // Assignment files.
    case assignmentLineUnknown(line: Int)
    case assignmentStepName(line: Int, name: String)
    case assignmentStepRepeated(line: Int, name: String)
    case assignmentWordUnknown(line: Int, word: String)
    case assignmentStepEmpty(line: Int)
    /// Two conditions no one request can meet together (`if-match no-if-match`, `GET POST`).
    case assignmentStepImpossible(line: Int, first: String, second: String)
    case assignmentEmpty
    case cannotRead(path: String)
    // class add.
    case enrolled(added: Int, already: Int)
    /// A roster line whose number is enrolled under another name (the enrolled one is kept).
    case enrolledUnderAnotherName(number: String, roster: String, enrolled: String)
    case handoutWritten(path: String)
    case handoutNote
    case nobodyNew
    /// The handout gives the default address, `--public-url` not given.
    case handoutAddressDefault(market: String)
    case cannotWriteHandout(path: String)
    case handoutExists(path: String)
    // class reset-secret.
    case secretReset(name: String, number: String)
    case secretResetNote
    // class list.
    case listHeader
    case noStudents
    // class grade.
    case gradeLine(done: Int, total: Int)
    case missingSteps
    case gradeSummary(students: Int, complete: Int, steps: Int)
    case reportWritten(path: String)
    case cannotWriteReport(path: String)
    case notATime(String)
    // The handout.
    case handoutTitle
    case handoutMarket
    case handoutVendorID
    case handoutIdentifier
    case handoutSecret
    case handoutLogin
    case handoutLoginSteps
    case handoutKeepSecret
}
