import OpenMarketContract

/// What the change log says when it cannot be read or written, and why a change cannot be
/// taken back. Each language is one exhaustive `switch` (`ChangeLogMessage+English.swift`,
/// `ChangeLogMessage+Korean.swift`).
public enum ChangeLogMessage: Spoken, Equatable {
    /// The log's file could not be read or written (`detail`: what the file said).
    case logProblem(String)
    case folderCannotBeMade(folder: String, reason: String)
    case photoFolderCannotBeMade(path: String, reason: String)
    case photoFolderNotAFolder(String)
    case photoFolderCannotBeOpened(path: String, reason: String)
    case photoCannotBeSaved(path: String, reason: String)
    /// Changes made, but the log could not keep them.
    case cannotBeWritten
    /// The same, said after the command's own line (`problem`: why).
    case thisChangeCannotBeUndone(problem: String)
    /// A deleted product cannot be registered again: `why` says so.
    case cannotRegisterAgain(id: Int, why: String)
    case photosNotSaved
    case photosNoLongerKept(days: Int, bytes: String)
    case savedPhotoNotAnImage(id: Int, error: String)
    /// A change names a photo file outside the log's photo folder (`name`, shown visible).
    case photoOutsideFolder(change: Int, name: String)
    /// Photo `index` of product `id` could not be read before its delete (`reason`: why).
    case photoUnreadable(index: Int, id: Int, reason: String)
    /// Another shell undid or redid the change while this `undo`/`redo` read it.
    case changedByAnotherShell(number: Int, command: String)
}
