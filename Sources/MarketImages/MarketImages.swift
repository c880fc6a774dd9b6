import Foundation
import OpenMarketContract

/// Image checks, thumbnails and "fit under N bytes" for the market's upload rules, over libvips.
///
/// Every function is synchronous, CPU-bound and safe to call from many tasks at once: libvips is
/// started once per process, its operation cache is off, and nothing is shared between calls. A large
/// photo keeps a core busy for a few hundred milliseconds, so a server may prefer to run these off
/// its event loops.
public enum MarketImages {
    /// The size libvips is asked for first when a photo must shrink: enough for a buyer to zoom into
    /// a product photo, and a 12 MP phone photo at this size and JPEG quality 85 is about 200 KB.
    static let firstFitSide = 1600
    /// Below this a product photo loses the detail buyers look for, so `fit` reports failure rather
    /// than shrink further; an image under 800 px may still shrink to half its size.
    static let smallestFitSide = 400
    /// A 300 KB PNG or GIF can declare tens of thousands of pixels a side, and decoding it would tie up
    /// the server for seconds; the largest phone cameras (200 MP) stay below this.
    static let maxPixels = 250_000_000

    /// Sniffs the format from the bytes, checks the file is not cut short, and reads the dimensions
    /// from the header without decoding pixels.
    public static func info(of data: Data) throws -> ImageInfo {
        try inspect(data).info
    }

    /// A thumbnail whose longest side is at most `maxSide`, in the same format as the input, never
    /// enlarged, turned upright by its EXIF orientation, metadata stripped. An animated GIF stays animated.
    public static func thumbnail(of data: Data, maxSide: Int = 200) throws -> EncodedImage {
        precondition(maxSide > 0, "maxSide must be positive")
        let source = try inspect(data)
        let format = source.info.format
        return try data.withUnsafeBytes { bytes in
            guard
                let image = Vips.thumbnail(
                    bytes, side: maxSide, allFrames: format == .gif,
                    convertToSRGB: source.hasColourProfile)
            else { throw damaged(format) }
            return try encode(image, as: thumbnailEncoding(format), format: format)
        }
    }

    /// The image as it should be uploaded under `limit` bytes.
    ///
    /// An accepted image already within the limit comes back unchanged (`wasChanged` false). Otherwise
    /// it is decoded once with shrink-on-load to fit 1600 px (a JPEG by its decoder at 1/2, 1/4 or
    /// 1/8 scale), turned upright, stripped of metadata, then
    /// encoded, at smaller sizes if need be, until it fits. Each format stays itself: a JPEG tries
    /// quality 85 then 75; a PNG tries lossless truecolour then a 256-colour palette; a GIF keeps
    /// every frame and only shrinks. Each smaller size is estimated from the last result; below
    /// 400 px (or half the original size, if smaller) it stops and throws ``ImageProcessingError/cannotFit(format:limit:bestByteCount:)``.
    public static func fit(_ data: Data, underBytes limit: Int) throws -> FitResult {
        let source = try inspect(data)
        let original = source.info
        if data.count <= limit {
            return FitResult(image: EncodedImage(data: data, info: original), original: original, wasChanged: false)
        }
        let format = original.format
        let firstSide = min(original.longestSide, firstFitSide)
        let floorSide = max(1, min(smallestFitSide, firstSide / 2))

        return try data.withUnsafeBytes { bytes in
            let decoded = try decodedInMemory(bytes, side: firstSide, source: source)
            var encodings = fitEncodings(format)
            var side = firstSide
            var best = Int.max
            while true {
                let attempt =
                    side == firstSide
                    ? try encodeFirstFitting(decoded, encodings, format: format, limit: limit)
                    : try encodeFirstFitting(
                        resized(decoded, side: side, format: format), encodings, format: format, limit: limit)
                let byteCounts: [Int]
                switch attempt {
                case .fits(let image): return FitResult(image: image, original: original, wasChanged: true)
                case .tooBig(let counts): byteCounts = counts
                }
                let smallest = byteCounts.min() ?? Int.max
                best = min(best, smallest)
                // Encoded size grows roughly with pixel count: scale the side by the square root of
                // the overshoot, with a margin, and by at least a fifth so the loop always ends.
                let scale = min((Double(limit) / Double(smallest)).squareRoot() * 0.95, 0.8)
                let next = Int(Double(side) * scale)
                guard next >= floorSide else {
                    throw ImageProcessingError.cannotFit(format: format, limit: limit, bestByteCount: best)
                }
                // An encoding predicted to stay over the limit at the next size is not tried again
                // (for a big PNG, the truecolour attempt alone costs hundreds of milliseconds).
                encodings = zip(encodings, byteCounts)
                    .filter { Double($1) * scale * scale <= Double(limit) * 1.1 || $1 == smallest }
                    .map(\.0)
                side = next
            }
        }
    }

    // MARK: - Internals

    struct Inspection {
        let info: ImageInfo
        /// Animation frames; 1 for JPEG and PNG.
        let frames: Int
        let hasColourProfile: Bool
    }

    static func inspect(_ data: Data) throws -> Inspection {
        guard let format = ImageFormat(sniffing: data) else {
            throw ImageProcessingError.unsupportedFormat(description: ImageFormat.describeUnrecognised(data))
        }
        try Vips.start()
        return try data.withUnsafeBytes { bytes in
            switch ContainerCheck.check(bytes, as: format) {
            case .complete: break
            case .truncated:
                throw ImageProcessingError.unreadable(format: format, damage: .cutShort)
            case .malformed: throw damaged(format)
            }
            guard let header = Vips.header(bytes) else { throw damaged(format) }
            let frames = format == .gif ? max(header.pageCount, 1) : 1
            let (storedWidth, storedHeight) = (header.width, header.pageHeight)
            // In floating point: crafted dimensions must not overflow into a crash.
            guard Double(storedWidth) * Double(storedHeight) * Double(frames) <= Double(maxPixels) else {
                throw ImageProcessingError.tooLarge(
                    width: storedWidth, height: storedHeight, frames: frames, maxPixels: maxPixels)
            }
            let (width, height) = header.orientationSwapsSides ? (storedHeight, storedWidth) : (storedWidth, storedHeight)
            return Inspection(
                info: ImageInfo(format: format, width: width, height: height, byteCount: data.count),
                frames: frames,
                hasColourProfile: header.hasColourProfile
            )
        }
    }

    /// Decodes once at the first size; the streaming pipeline behind it is released on return. A
    /// JPEG is decoded at the smallest of 1/2, 1/4 and 1/8 scale that still covers `side`
    /// (`jpegShrink`): a 12 MP phone photo fitted to 1600 px is decoded at 2016 × 1512, a third of
    /// its pixels, and resampled from there.
    private static func decodedInMemory(_ bytes: UnsafeRawBufferPointer, side: Int, source: Inspection) throws -> VipsImageHandle
    {
        let format = source.info.format
        let shrink = format == .jpeg ? jpegShrink(longestSide: source.info.longestSide, side: side) : 1
        let pipeline =
            shrink > 1
            ? Vips.jpegThumbnail(bytes, shrink: shrink, side: side, convertToSRGB: source.hasColourProfile)
            : Vips.thumbnail(bytes, side: side, allFrames: format == .gif, convertToSRGB: source.hasColourProfile)
        guard let pipeline, let rendered = Vips.renderedInMemory(pipeline) else { throw damaged(format) }
        return rendered
    }

    /// The largest JPEG decoder scale-down (1, 2, 4 or 8) that leaves the longest side at least
    /// `side`: what the decoder does then is never undone by enlarging.
    static func jpegShrink(longestSide: Int, side: Int) -> Int {
        [8, 4, 2].first { longestSide >= side * $0 } ?? 1
    }

    private enum Attempt {
        case fits(EncodedImage)
        /// The size of every encoding tried, in order.
        case tooBig([Int])
    }

    /// Best-looking first: each format stays itself, lossless or high quality before smaller.
    private static func fitEncodings(_ format: ImageFormat) -> [Encoding] {
        switch format {
        case .jpeg: [.jpeg(quality: 85), .jpeg(quality: 75)]
        case .png: [.png(palette: false), .png(palette: true)]
        case .gif: [.gif]
        }
    }

    private static func encodeFirstFitting(
        _ image: borrowing VipsImageHandle, _ encodings: [Encoding], format: ImageFormat, limit: Int
    ) throws -> Attempt {
        var byteCounts: [Int] = []
        for encoding in encodings {
            let encoded = try encode(image, as: encoding, format: format)
            if encoded.data.count <= limit { return .fits(encoded) }
            byteCounts.append(encoded.data.count)
        }
        return .tooBig(byteCounts)
    }

    private static func resized(_ image: borrowing VipsImageHandle, side: Int, format: ImageFormat) throws -> VipsImageHandle {
        guard let resized = Vips.thumbnail(of: image, side: side) else { throw damaged(format) }
        return resized
    }

    private static func thumbnailEncoding(_ format: ImageFormat) -> Encoding {
        switch format {
        case .jpeg: .jpeg(quality: 80)
        case .png: .png(palette: false)
        case .gif: .gif
        }
    }

    /// Encoding is where a lazily decoded image actually reads its pixels, so a damaged file that
    /// passed the header read usually fails here.
    private static func encode(
        _ image: borrowing VipsImageHandle, as encoding: Encoding, format: ImageFormat
    ) throws -> EncodedImage {
        guard let data = Vips.encode(image, as: encoding) else { throw damaged(format) }
        let info = ImageInfo(format: format, width: image.width, height: image.pageHeight, byteCount: data.count)
        return EncodedImage(data: data, info: info)
    }

    private static func damaged(_ format: ImageFormat) -> ImageProcessingError {
        .unreadable(format: format, damage: .damaged)
    }
}
