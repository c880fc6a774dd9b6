/// Why an image could not be read or prepared. Each is one line a seller can act on, in the
/// reader's language (the catalogues below): typed until it is written, so the shell's photo
/// problems and the bundled market's answers say it in Korean too. In OpenMarketContract (the
/// image library throws it) so that a rule about a photo (`Rule.damaged`) can hold it.
public enum ImageProcessingError: Error, Hashable, Spoken, CustomStringConvertible {
    /// Not a JPEG, PNG or GIF by content; `description` says what it is instead ("the file starts with text").
    case unsupportedFormat(description: String)
    /// A JPEG, PNG or GIF whose bytes are cut short or damaged.
    case unreadable(format: ImageFormat, damage: Damage)
    /// More pixels than the processor will decode (frames of an animation count together).
    case tooLarge(width: Int, height: Int, frames: Int, maxPixels: Int)
    /// Even the smallest allowed version stayed over the limit.
    case cannotFit(format: ImageFormat, limit: Int, bestByteCount: Int)
    /// libvips itself did not start; no image can be processed in this process.
    case libraryUnavailable

    /// What is wrong with an image's bytes.
    public enum Damage: Sendable, Hashable {
        /// The file ends before the image does.
        case cutShort
        /// Its data does not decode.
        case damaged
        /// It holds no pixels.
        case empty
    }

    /// The sentence without its full stop, as a rule about a photo quotes it.
    public var clause: String {
        let sentence = text
        return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }

    /// In the reader's language (`Language.current`).
    public var description: String { text }

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

    /// 합니다체, as the shell's other catalogues.
    public var korean: String {
        switch self {
        case .unsupportedFormat(let what):
            return "JPEG, PNG, GIF 이미지가 아닙니다: \(what)."
        case .unreadable(let format, let damage):
            let reason =
                switch damage {
                case .cutShort: "파일이 중간에 끝납니다(복사하거나 내려받다가 잘렸을 수 있습니다)"
                case .damaged: "데이터가 손상되었습니다"
                case .empty: "비어 있습니다"
                }
            return "이 \(format.displayName) 이미지를 읽을 수 없습니다. \(reason)."
        case .tooLarge(let width, let height, let frames, let maxPixels):
            let frameText = frames > 1 ? "(프레임 \(frames)개 각각)" : ""
            return "이미지가 너무 커서 처리할 수 없습니다: \(width)×\(height) 픽셀\(frameText)"
                + "(모두 합쳐 최대 \(maxPixels / 1_000_000)메가픽셀)."
        case .cannotFit(let format, let limit, let best):
            let hint =
                switch format {
                case .jpeg: "사진을 자르거나 더 작은 사진을 고르세요"
                case .png: "JPEG로 저장하세요"
                case .gif: "프레임을 줄이거나 정지 JPEG를 쓰세요"
                }
            return "이 \(format.displayName) 이미지를 \(ByteCountText.format(limit)) 아래로 줄일 수 없습니다"
                + "(가장 작게 만든 것이 \(ByteCountText.format(best))). \(hint)."
        case .libraryUnavailable:
            return "이미지를 처리할 수 없습니다. 이미지 라이브러리(libvips)가 시작되지 않았습니다."
        }
    }
}
