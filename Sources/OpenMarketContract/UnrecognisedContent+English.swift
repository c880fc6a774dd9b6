import Foundation

/// The English catalogue of ``UnrecognisedContent``.
extension UnrecognisedContent {
    public var english: String {
        switch self {
        case .empty: "the file is empty"
        case .otherFormat(let format): "the file is \(Self.english(format))"
        case .text: "the file starts with text"
        case .bytes(let hex): "the file starts with bytes \(hex)"
        }
    }

    private static func english(_ format: OtherFormat) -> String {
        switch format {
        case .webp: "a WebP image"
        case .heic: "a HEIC/MP4 file"
        case .tiff: "a TIFF image"
        case .bmp: "a BMP image"
        case .pdf: "a PDF document"
        case .zip: "a ZIP archive"
        }
    }
}
