import Foundation
import OpenMarketAPI

/// Where a file part of a request came from, as only the shell knows it: the local file, and
/// what it weighed before the shell shrank it to fit (nil when sent as it is on disk). Kept beside
/// the exchange (`Exchange.Request.sources`), never on the library's wire types: an export refers
/// to the file by this path and says when the file on disk is not what was sent.
public struct PhotoSource: Sendable, Hashable {
    public var path: String
    public var shrunkFromBytes: Int?

    public init(path: String, shrunkFromBytes: Int? = nil) {
        self.path = path
        self.shrunkFromBytes = shrunkFromBytes
    }

    /// Where a request's sources are noted (`RequestNotes.photoSources`).
    enum Key: RequestNoteKey { typealias Value = [PhotoSource] }

    /// `sources` matched to the file parts of `parts`, by position among the file parts: each
    /// part's index in `parts` to its source. When the counts differ, the request is not the one
    /// the sources were read for, and no part gets one.
    public static func matched(_ sources: [PhotoSource], to parts: [MultipartBody.Part]) -> [Int: PhotoSource] {
        let files = parts.indices.filter { parts[$0].filename != nil }
        guard files.count == sources.count else { return [:] }
        return Dictionary(uniqueKeysWithValues: zip(files, sources))
    }
}
