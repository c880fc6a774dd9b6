import Foundation

/// What a product field accepts, in words for the questions `register` asks and for a field
/// that is required (`price (a number greater than 0)`), typed: said in the reader's language by
/// `FieldRule+English.swift` and `FieldRule+Korean.swift`.
public enum FieldRule: Spoken, Hashable, CustomStringConvertible {
    case characters(min: Int, max: Int)
    case numberAboveZero
    case numberUpToPrice
    case currencies
    case wholeNumberFromZero
    case photos(min: Int, max: Int)
    case imageID

    /// In the reader's language (`Language.current`).
    public var description: String { text }
}
