import OpenMarketContract

/// Why an image could not be read or prepared. Each description is one line a seller can act on.
public enum ImageProcessingError: Error, Equatable, CustomStringConvertible {
    /// Not a JPEG, PNG or GIF by content; `description` says what it is instead ("the file starts with text").
    case unsupportedFormat(description: String)
    /// A JPEG, PNG or GIF whose bytes are cut short or damaged.
    case unreadable(format: ImageFormat, reason: String)
    /// More pixels than the processor will decode (frames of an animation count together).
    case tooLarge(width: Int, height: Int, frames: Int, maxPixels: Int)
    /// Even the smallest allowed version stayed over the limit.
    case cannotFit(format: ImageFormat, limit: Int, bestByteCount: Int)
    /// libvips itself did not start; no image can be processed in this process.
    case libraryUnavailable

    public var description: String {
        switch self {
        case .unsupportedFormat(let what):
            return "This is not a JPEG, PNG or GIF image: \(what)."
        case .unreadable(let format, let reason):
            return "This \(format.displayName) image cannot be read: \(reason)."
        case .tooLarge(let width, let height, let frames, let maxPixels):
            let frameText = frames > 1 ? " in each of \(frames) frames" : ""
            return "This image is too large to process: \(width)×\(height) pixels\(frameText)"
                + " (at most \(maxPixels / 1_000_000) megapixels in all)."
        case .cannotFit(let format, let limit, let best):
            let hint =
                switch format {
                case .jpeg: "crop it or pick a smaller photo"
                case .png: "save it as a JPEG instead"
                case .gif: "use fewer frames, or a still JPEG"
                }
            return "This \(format.displayName) image cannot be made smaller than \(ByteCountText.format(limit))"
                + " (the smallest try was \(ByteCountText.format(best))): \(hint)."
        case .libraryUnavailable:
            return "Images cannot be processed: the image library (libvips) failed to start."
        }
    }
}
