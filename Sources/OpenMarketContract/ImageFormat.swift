import Foundation

/// The three image formats the Open Market accepts, recognised by their bytes, never by a file name.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case jpeg
    case png
    case gif

    /// The MIME type sent in a multipart part and served back by the market.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        }
    }

    /// The conventional file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .gif: "gif"
        }
    }

    /// A name for messages (`JPEG`, `PNG`, `GIF`).
    public var displayName: String { rawValue.uppercased() }

    /// Recognises the format from the file's first bytes (its "magic number").
    public init?<Bytes: Collection>(sniffing bytes: Bytes) where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(8))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else {
            return nil
        }
    }

    /// What a file that is not an accepted image starts with, typed (`.text`, `.otherFormat(.webp)`).
    public static func unrecognised<Bytes: Collection>(_ bytes: Bytes) -> UnrecognisedContent
    where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(16))
        if head.isEmpty { return .empty }
        if let other = knownOtherFormat(head) { return .otherFormat(other) }
        let printable = head.allSatisfy { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20...0x7E).contains($0) || $0 >= 0x80 }
        if printable, String(bytes: head, encoding: .utf8) != nil || head.allSatisfy({ $0 < 0x80 }) {
            return .text
        }
        return .bytes(head.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " "))
    }

    /// ``unrecognised(_:)`` in the reader's language (`the file starts with text`).
    public static func describeUnrecognised<Bytes: Collection>(_ bytes: Bytes) -> String
    where Bytes.Element == UInt8 {
        unrecognised(bytes).text
    }

    private static func knownOtherFormat(_ head: [UInt8]) -> UnrecognisedContent.OtherFormat? {
        if head.starts(with: Array("RIFF".utf8)), head.count >= 12, Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) {
            return .heic
        }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return .tiff
        }
        if head.starts(with: Array("BM".utf8)) { return .bmp }
        if head.starts(with: Array("%PDF".utf8)) { return .pdf }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zip }
        return nil
    }
}
