import Foundation

/// What a file that is not an accepted image starts with, so a refusal can tell the seller what
/// they actually picked (`the file starts with text`): typed, said in the reader's language by
/// `UnrecognisedContent+English.swift` and `UnrecognisedContent+Korean.swift`.
public enum UnrecognisedContent: Spoken, Hashable {
    case empty
    case otherFormat(OtherFormat)
    case text
    /// The first bytes in hexadecimal (`00 01 02 03`).
    case bytes(String)

    /// Formats a seller may pick by mistake, known by their first bytes.
    public enum OtherFormat: Sendable, Hashable {
        case webp, heic, tiff, bmp, pdf, zip
    }
}
