import Foundation
import OpenMarketContract

/// What an image is, as a seller would describe it: format, size on screen and size on disk.
public struct ImageInfo: Sendable, Equatable, CustomStringConvertible {
    public let format: ImageFormat
    /// Width as displayed, that is after any EXIF rotation.
    public let width: Int
    /// Height as displayed (after EXIF rotation); for an animated GIF, the height of one frame.
    public let height: Int
    public let byteCount: Int

    public init(format: ImageFormat, width: Int, height: Int, byteCount: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.byteCount = byteCount
    }

    public var longestSide: Int { max(width, height) }

    /// `JPEG 4032×3024, 3.0 MB`
    public var description: String {
        "\(format.displayName) \(width)×\(height), \(ByteCountText.format(byteCount))"
    }
}

/// Encoded bytes together with what they hold, so callers need not sniff them again.
public struct EncodedImage: Sendable {
    public let data: Data
    public let info: ImageInfo

    public init(data: Data, info: ImageInfo) {
        self.data = data
        self.info = info
    }
}

/// The outcome of ``MarketImages/fit(_:underBytes:)``.
public struct FitResult: Sendable, CustomStringConvertible {
    /// The bytes to upload: the original ones when `wasChanged` is false.
    public let image: EncodedImage
    public let original: ImageInfo
    public let wasChanged: Bool

    /// `3.0 MB 4032×3024 → 195 KB 1600×1200`, or `23 KB 400×267 (unchanged)`.
    public var description: String {
        let before = "\(ByteCountText.format(original.byteCount)) \(original.width)×\(original.height)"
        guard wasChanged else { return "\(before) (unchanged)" }
        let after = image.info
        return "\(before) → \(ByteCountText.format(after.byteCount)) \(after.width)×\(after.height)"
    }
}
