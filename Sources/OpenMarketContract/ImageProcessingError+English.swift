/// The English catalogue of ``ImageProcessingError``.
extension ImageProcessingError {
    public var english: String {
        switch self {
        case .unsupportedFormat(let what):
            return "This is not a JPEG, PNG or GIF image: \(what)."
        case .unreadable(let format, let damage):
            let reason =
                switch damage {
                case .cutShort: "the file ends too early (it may have been cut off while copying or downloading)"
                case .damaged: "its data is damaged"
                case .empty: "it is empty"
                }
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
