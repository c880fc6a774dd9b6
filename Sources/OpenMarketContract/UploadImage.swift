import Foundation

/// An image file ready to be sent in a create request, checked against the market's rules.
public struct UploadImage: Sendable, Hashable {
    /// The name sent as the part's `filename` (the last path component, never the full path).
    public let filename: String
    public let data: Data
    /// Found from the bytes, never from the file name.
    public let format: ImageFormat
    /// The local file it was read from, when it came from one (an exported curl command refers
    /// to it by path).
    public var sourcePath: String?
    /// The file's size before the shell shrank it to fit; nil when it is sent as it is on disk.
    public var shrunkFromBytes: Int?

    /// Fails when the bytes are not a JPEG, PNG or GIF, are empty, or are over the size limit.
    public init(filename: String, data: Data) throws(ImageProblem) {
        if data.isEmpty { throw ImageProblem(file: filename, kind: .empty) }
        guard let format = ImageFormat(sniffing: data) else {
            throw ImageProblem(file: filename, kind: .notAnImage(ImageFormat.describeUnrecognised(data)))
        }
        if data.count > UploadRules.maxImageBytes {
            throw ImageProblem(file: filename, kind: .tooLarge(bytes: data.count, format: format))
        }
        self.filename = filename
        self.data = data
        self.format = format
    }

    /// Reads and checks one local file.
    public static func load(path: String) throws(ImageProblem) -> UploadImage {
        let name = (path as NSString).lastPathComponent
        let data = try readFile(path: path, displayName: name)
        var image = try UploadImage(filename: name, data: data)
        image.sourcePath = path
        return image
    }

    /// Reads a file, turning each way it can fail into the matching problem.
    ///
    /// The file's type is checked before a byte is read: `/dev/zero` never ends, a FIFO (or
    /// `/dev/stdin` from a pipe) blocks until someone writes, and Foundation reports both as
    /// "You don't have permission". The file is opened non-blocking and checked again after
    /// opening, so it cannot be swapped for a FIFO in between.
    static func readFile(path: String, displayName: String) throws(ImageProblem) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw ImageProblem(file: displayName, kind: .missing) }
            throw ImageProblem(file: displayName, kind: .unreadable(String(cString: strerror(code))))
        }
        if let what = describeNonRegular(info.st_mode) {
            throw what == "a folder"
                ? ImageProblem(file: displayName, kind: .notAFile)
                : ImageProblem(file: displayName, kind: .notARegularFile(what))
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == EACCES { throw ImageProblem(file: displayName, kind: .unreadable("permission denied")) }
            throw ImageProblem(file: displayName, kind: .unreadable(String(cString: strerror(code))))
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        guard fstat(fd, &info) == 0 else {
            throw ImageProblem(file: displayName, kind: .unreadable(String(cString: strerror(errno))))
        }
        if let what = describeNonRegular(info.st_mode) { throw ImageProblem(file: displayName, kind: .notARegularFile(what)) }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw ImageProblem(file: displayName, kind: .unreadable(error.localizedDescription))
        }
    }

    /// What a file that is not a regular file is, in words; nil for a regular file.
    static func describeNonRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a pipe (FIFO)"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}

/// Why an image cannot be uploaded as it is.
public struct ImageProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case missing
        case notAFile
        /// A device, a pipe, a socket: the words say which (`a character device`).
        case notARegularFile(String)
        case unreadable(String)
        case empty
        /// The detail says what the file is instead (`the file starts with text`).
        case notAnImage(String)
        /// An accepted format over the limit: a caller may shrink it and try again.
        case tooLarge(bytes: Int, format: ImageFormat)
    }

    public var file: String
    public var kind: Kind

    public init(file: String, kind: Kind) {
        self.file = file
        self.kind = kind
    }

    public var rule: String {
        switch kind {
        case .missing: "no such file"
        case .notAFile: "is a folder, not a file"
        case .notARegularFile(let what): "is \(what), not a photo file"
        case .unreadable(let reason): "cannot be read (\(reason))"
        case .empty: "the file is empty"
        case .notAnImage(let what): "not a JPEG, PNG or GIF (\(what))"
        case .tooLarge(let bytes, _):
            "\(ByteCountText.format(bytes)) is over the \(ByteCountText.format(UploadRules.maxImageBytes)) limit per image"
        }
    }

    public var violation: RuleViolation { RuleViolation(file, rule) }
    public var description: String { violation.description }
}

/// The contract's limits on uploaded images (§5).
public enum UploadRules {
    /// 300 KiB per image.
    public static let maxImageBytes = 307_200
    public static let imageCount = 1...5
    /// The server refuses bodies over 2 MiB.
    public static let maxRequestBytes = 2 * 1024 * 1024

    /// Loads and checks every file, reporting every problem rather than stopping at the first.
    public static func loadImages(paths: [String]) -> (images: [UploadImage], problems: [ImageProblem]) {
        var images: [UploadImage] = []
        var problems: [ImageProblem] = []
        for path in paths {
            do throws(ImageProblem) {
                images.append(try UploadImage.load(path: path))
            } catch {
                problems.append(error)
            }
        }
        return (images, problems)
    }

    /// The count rule, which concerns the set of images rather than one file.
    public static func checkCount(_ count: Int) -> RuleViolation? {
        if count < imageCount.lowerBound { return RuleViolation("images", "at least 1 image is required") }
        if count > imageCount.upperBound { return RuleViolation("images", "at most 5 images (there are \(count))") }
        return nil
    }
}
