import Foundation
import HTTPHabits
import OpenMarketContract

/// The class board's words, typed: the page at `/class` in the language its browser's
/// `Accept-Language` asks for, and `openmarket-server class board`'s lines in the operator's.
/// Catalogues: `ClassBoardText+English.swift` and `ClassBoardText+Korean.swift`.
public enum ClassBoardText: Spoken, Hashable {
    case title
    case live
    case student
    case requests
    case methods
    case statuses
    case lastError
    case products
    case steps
    case habits
    case students(Int)
    case noStudents
    case noRequestsYet
    /// What the last error a student met means, by its status.
    case meaning(status: Int)
    /// The same in a few words, for the row (the full meaning is its tooltip).
    case shortMeaning(status: Int)
    /// A habit the linter found, by a short name.
    case habit(HabitRule)
    /// The steps' tooltip: the line above the steps still to do.
    case stepsToDo
    /// The kept assignment does not read (another version kept it): choose it again.
    case assignmentUnreadable
    /// The page a browser without the teacher's token is given.
    case needsToken
    case needsTokenHint
    /// `openmarket-server class board`: the line above the address, and the one below it.
    case boardAddress
    case boardAddressNote
}
