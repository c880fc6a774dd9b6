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
}
