import CVipsLoader
import Foundation
import OpenMarketContract

/// An image decoded to 8-bit sRGB pixels, rows packed, for drawing (a terminal's photos).
public struct Pixels: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// 3 (RGB) or 4 (RGB and unassociated alpha).
    public var bands: Int
    /// `width × height × bands` bytes, top row first.
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bands: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bands = bands
        self.bytes = bytes
    }
}

extension MarketImages {
    /// The image decoded at the size it will be drawn: shrunk on load to fit inside `width` ×
    /// `height` (never enlarged), upright by its EXIF orientation, its colour profile applied,
    /// the first frame of an animation. Checked as `info(of:)` checks first (format by content,
    /// cut-short files, at most 250 megapixels), so an untrusted server's bytes are safe to pass.
    public static func pixels(of data: Data, fittingWidth width: Int, height: Int) throws -> Pixels {
        precondition(width > 0 && height > 0, "the box must have a size")
        let source = try inspect(data)
        return try data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else {
                throw ImageProcessingError.unreadable(format: source.info.format, damage: .empty)
            }
            var memory: UnsafeMutableRawPointer?
            var (outWidth, outHeight, bands): (Int32, Int32, Int32) = (0, 0, 0)
            let status = mi_pixels(
                base, bytes.count, Int32(width), Int32(height), source.hasColourProfile ? 1 : 0, &memory, &outWidth,
                &outHeight, &bands)
            guard status == 0, let memory else {
                mi_error_clear()
                throw ImageProcessingError.unreadable(format: source.info.format, damage: .damaged)
            }
            defer { mi_free(memory) }
            let count = Int(outWidth) * Int(outHeight) * Int(bands)
            let copy = [UInt8](UnsafeRawBufferPointer(start: memory, count: count))
            return Pixels(width: Int(outWidth), height: Int(outHeight), bands: Int(bands), bytes: copy)
        }
    }
}
