import Foundation

/// The Korean catalogue of ``FieldRule``: what a Korean form writes beside a field.
extension FieldRule {
    public var korean: String {
        switch self {
        case .characters(let min, let max): "\(min)자에서 \(max)자"
        case .numberAboveZero: "0보다 큰 숫자"
        case .numberUpToPrice: "0부터 가격까지의 숫자"
        case .currencies: "KRW 또는 USD"
        case .wholeNumberFromZero: "0 이상의 정수"
        case .photos(let min, let max): "JPEG, PNG, GIF 파일 \(min)개에서 \(max)개"
        case .imageID: "이 상품의 사진 가운데 하나의 id"
        }
    }
}
