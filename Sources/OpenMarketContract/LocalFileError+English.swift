import Foundation

/// The English catalogue of ``LocalFileError``.
extension LocalFileError {
    public var english: String {
        let name = path
        return switch kind {
        case .exists: "\(name) exists already: name a new file, or add --force to replace it (nothing was written)"
        case .missing: "\(name): no such file"
        case .notRegular(let what): "\(name) is \(Self.english(what)), not a regular file: name a file"
        case .tooLarge(let size, let limit, let what):
            "\(name) is \(size.map { ByteCountText.format($0) + ", " } ?? "")over \(ByteCountText.format(limit)), "
                + "the most read for \(what): pick a smaller file"
        case .unreadable(let why): "\(name) cannot be read (\(why))"
        case .permissionDenied: "\(name) cannot be read (permission denied)"
        case .unwritable(let why): "\(name) cannot be written (\(why)): check that its folder exists and is writable"
        }
    }

    /// What is at the path, in English (`a character device`).
    public static func english(_ kind: FileKind) -> String {
        switch kind {
        case .folder: "a folder"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .pipe: "a pipe (FIFO)"
        case .socket: "a socket"
        case .other: "not a regular file"
        case .systemFile(let root): "a \(root) file"
        }
    }
}
