import Foundation
import OpenMarketContract

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A catalog's bytes a chunk at a time, so that reading never holds more of the file than the
/// row being read (`CatalogReader`): from an open file, counted against the catalog cap as it is
/// read (a file that grows is still bounded), or from memory. `bytesRead` says how much was
/// handed out: a test proves a bound by it.
public struct CatalogInput {
    /// The bytes read at a time from a file: 64 KiB.
    public static let chunkBytes = 64 * 1024

    private let nextChunk: () throws(LocalFileError) -> [UInt8]
    /// The bytes handed out so far.
    public private(set) var bytesRead = 0

    /// An input whose chunks `next` gives, an empty one at the end.
    public init(next: @escaping () throws(LocalFileError) -> [UInt8]) { nextChunk = next }

    /// The next chunk, nil at the end.
    public mutating func next() throws(LocalFileError) -> [UInt8]? {
        let chunk = try nextChunk()
        if chunk.isEmpty { return nil }
        bytesRead += chunk.count
        return chunk
    }

    /// `data` in chunks of `chunkBytes`.
    public static func bytes(_ data: Data) -> CatalogInput {
        var offset = data.startIndex
        return CatalogInput { () throws(LocalFileError) -> [UInt8] in
            let end = data.index(offset, offsetBy: chunkBytes, limitedBy: data.endIndex) ?? data.endIndex
            defer { offset = end }
            return [UInt8](data[offset..<end])
        }
    }

    /// The open file `descriptor` (which the caller closes) from its first byte, refused as
    /// `path` once it gives more than `limit` bytes. Read at offsets (`pread`), so that the
    /// same descriptor reads the file again from the start for another walk of its rows.
    static func file(_ descriptor: Int32, path: String, limit: Int, what: String) -> CatalogInput {
        var total = 0
        return CatalogInput { () throws(LocalFileError) -> [UInt8] in
            var chunk = [UInt8](repeating: 0, count: chunkBytes)
            while true {
                let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, off_t(total)) }
                if count < 0, errno == EINTR { continue }
                if count < 0 { throw LocalFileError(path: path, kind: .unreadable(String(cString: strerror(errno)))) }
                total += count
                if total > limit { throw LocalFileError(path: path, kind: .tooLarge(size: nil, limit: limit, what: what)) }
                chunk.removeSubrange(count...)
                return chunk
            }
        }
    }
}
