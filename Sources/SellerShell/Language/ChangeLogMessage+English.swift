import OpenMarketContract

/// The English catalogue of ``ChangeLogMessage``.
extension ChangeLogMessage {
    public var english: String {
        switch self {
        case .logProblem(let detail): "the change log \(detail)"
        case .folderCannotBeMade(let folder, let reason): "the change log's folder \(folder) cannot be made: \(reason)"
        case .photoFolderCannotBeMade(let path, let reason): "the change log's photo folder \(path) cannot be made: \(reason)"
        case .photoFolderNotAFolder(let path):
            "the change log's photo folder \(path) is a symbolic link or not a folder: it is not used (remove it)"
        case .photoFolderCannotBeOpened(let path, let reason):
            "the change log's photo folder \(path) cannot be opened: \(reason)"
        case .photoCannotBeSaved(let path, let reason): "a photo cannot be saved in \(path): \(reason)"
        case .cannotBeWritten: "the change log cannot be written; these changes cannot be undone"
        case .thisChangeCannotBeUndone(let problem): "\(problem); this change cannot be undone"
        case .cannotRegisterAgain(let id, let why):
            "#\(id) cannot be registered again: \(why); the market takes no product without a photo"
        case .photosNotSaved: "its photos were not saved"
        case .photosNoLongerKept(let days, let bytes):
            "its photos are no longer kept (the change log keeps them for \(days) days, \(bytes) in all)"
        case .savedPhotoNotAnImage(let id, let error): "a saved photo of #\(id) is no longer an image the market takes: \(error)"
        case .photoOutsideFolder(let change, let name):
            "change \(change) names a photo outside the change log's photo folder (\(name)): it is not read; "
                + "the log was edited or damaged"
        case .photoUnreadable(let index, let id, let reason): "photo \(index) of #\(id) could not be read (\(reason))"
        case .changedByAnotherShell(let number, let command):
            "change \(number) was undone or redone by another shell while this \(command) read it; "
                + "nothing was sent ('changes' shows where it stands)"
        }
    }
}
