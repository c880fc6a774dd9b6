/// The English catalogue of ``JSONLinesLogError``.
extension JSONLinesLogError {
    public var english: String {
        switch kind {
        case .symbolicLink: "\(path) is a symbolic link: it is never followed (remove it, and a file is made there)"
        case .cannotOpen: "\(path) cannot be opened: \(reason)"
        case .busy: "\(path) is in use by another process: \(reason)"
        case .cannotRead: "\(path) cannot be read: \(reason)"
        case .cannotWrite: "\(path) cannot be written: \(reason)"
        }
    }
}

extension JSONLinesLogError.Detail {
    public var english: String {
        switch self {
        case .symbolicLink: "it is a symbolic link, which is never followed (remove it, and a file is made there)"
        case .notRegularFile: "not a regular file"
        }
    }
}
