import Foundation

/// The English catalogue of ``FieldRule``.
extension FieldRule {
    public var english: String {
        switch self {
        case .characters(let min, let max): "\(min) to \(max) characters"
        case .numberAboveZero: "a number greater than 0"
        case .numberUpToPrice: "a number from 0 to the price"
        case .currencies: "KRW or USD"
        case .wholeNumberFromZero: "a whole number from 0"
        case .photos(let min, let max): "\(min) to \(max) JPEG, PNG or GIF files"
        case .imageID: "the id of one of the product's images"
        }
    }
}
