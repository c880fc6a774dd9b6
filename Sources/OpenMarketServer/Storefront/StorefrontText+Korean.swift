import Foundation
import OpenMarketContract

/// The Korean catalogue of ``StorefrontText``, in the words a Korean shop's page uses.
extension StorefrontText {
    var korean: String {
        switch self {
        case .title: "오픈마켓"
        case .list: "목록"
        case .grid: "격자"
        case .soldOut: "품절"
        case .seller: "판매자"
        case .previous: "이전"
        case .next: "다음"
        case .empty: "아직 등록된 상품이 없습니다."
        case .live: "실시간: 상품이 바뀌면 이 화면도 바로 바뀝니다"
        case .allProducts: "전체 상품"
        case .notFound: "없는 상품입니다(삭제되었을 수 있습니다)."
        case .photos: "사진"
        case .stock(let count): "재고 \(count)개"
        case .page(let page, let pages): "\(page) / \(pages)쪽"
        case .discount(let percent): "\(percent)% 할인"
        }
    }
}
