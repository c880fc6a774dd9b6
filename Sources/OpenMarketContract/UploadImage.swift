import Foundation

/// An image file ready to be sent in a create request, checked against the market's rules.
public struct UploadImage: Sendable, Hashable {
    /// The name sent as the part's `filename` (the last path component, never the full path).
    public let filename: String
    public let data: Data
    /// Found from the bytes, never from the file name.
    public let format: ImageFormat

    /// Fails when the bytes are not a JPEG, PNG or GIF, are empty, or are over the size limit.
    public init(filename: String, data: Data) throws(ImageProblem) {
        if data.isEmpty { throw ImageProblem(file: filename, kind: .empty) }
        guard let format = ImageFormat(sniffing: data) else {
            throw ImageProblem(file: filename, kind: .notAnImage(ImageFormat.unrecognised(data)))
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
        return try UploadImage(filename: name, data: data)
    }

    /// Reads a file, turning each way it can fail into the matching problem.
    ///
    /// Through `LocalFile.read`: the file's type is checked before a byte is read (`/dev/zero`
    /// and `/proc/self/pagemap` never end, a FIFO blocks until someone writes), and at most
    /// `LocalFile.maxPhotoSourceBytes` are read (a photo over the upload limit is shrunk, so
    /// the source may be far larger than 300 KiB, but not without bound).
    static func readFile(path: String, displayName: String) throws(ImageProblem) -> Data {
        do {
            return try LocalFile.read(path, limit: LocalFile.maxPhotoSourceBytes, what: "a photo")
        } catch {
            switch error.kind {
            case .missing: throw ImageProblem(file: displayName, kind: .missing)
            case .notRegular(.folder): throw ImageProblem(file: displayName, kind: .notAFile)
            case .notRegular(let what): throw ImageProblem(file: displayName, kind: .notARegularFile(what))
            case .tooLarge(let size, let limit, _):
                throw ImageProblem(file: displayName, kind: .overReadLimit(bytes: size, limit: limit))
            case .unreadable(let why), .unwritable(let why): throw ImageProblem(file: displayName, kind: .unreadable(why))
            case .exists: throw ImageProblem(file: displayName, kind: .unreadable("exists"))
            case .permissionDenied: throw ImageProblem(file: displayName, kind: .permissionDenied)
            }
        }
    }
}

/// Why an image cannot be uploaded as it is.
public struct ImageProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case missing
        case notAFile
        /// A device, a pipe, a socket: which.
        case notARegularFile(LocalFileError.FileKind)
        case unreadable(String)
        case permissionDenied
        case empty
        /// The detail says what the file is instead (`the file starts with text`).
        case notAnImage(UnrecognisedContent)
        /// An accepted format over the limit: a caller may shrink it and try again.
        case tooLarge(bytes: Int, format: ImageFormat)
        /// Over `limit`, the most read from a photo source (`LocalFile.maxPhotoSourceBytes`);
        /// `bytes` when the file said its size. Not read, so not shrunk either.
        case overReadLimit(bytes: Int?, limit: Int)
    }

    public var file: String
    public var kind: Kind

    public init(file: String, kind: Kind) {
        self.file = file
        self.kind = kind
    }

    /// The rule the file breaks, typed (said in the reader's language).
    public var rule: Rule { .image(kind) }

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
        if count < imageCount.lowerBound { return RuleViolation("images", .imageRequired(min: imageCount.lowerBound)) }
        if count > imageCount.upperBound {
            return RuleViolation("images", .tooManyImages(max: imageCount.upperBound, count: count))
        }
        return nil
    }
}
