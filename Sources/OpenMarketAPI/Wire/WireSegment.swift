import Foundation

/// A piece of a request body as it went on the wire: bytes as sent, or a file's content left
/// out (a multipart upload's photos), so an exchange log can keep and show the body's framing
/// (boundaries, part headers, CRLFs) without holding every photo.
public enum WireSegment: Sendable, Hashable {
    case bytes(Data)
    /// `byteCount` bytes of `contentType`, the content of the body's `part`-th part (from 1).
    case file(byteCount: Int, contentType: String, part: Int)
}
