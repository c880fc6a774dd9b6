import Foundation

/// The storefront's words in one language, chosen from `Accept-Language` (English when the
/// browser asks for neither Korean nor English).
struct StorefrontText: Sendable {
    var lang: String
    var title: String
    var list: String
    var grid: String
    var soldOut: String
    var seller: String
    var previous: String
    var next: String
    var empty: String
    var live: String
    var allProducts: String
    var notFound: String
    var photos: String
    var stock: @Sendable (Int) -> String
    var page: @Sendable (Int, Int) -> String
    var discount: @Sendable (Int) -> String

    static let english = StorefrontText(
        lang: "en", title: "Open Market", list: "List", grid: "Grid", soldOut: "Sold out", seller: "Seller",
        previous: "Previous", next: "Next", empty: "No products yet.", live: "Live: this page updates as products change",
        allProducts: "All products", notFound: "This product does not exist (it may have been deleted).",
        photos: "Photos", stock: { "\($0) in stock" }, page: { "Page \($0) of \($1)" }, discount: { "\($0)% off" })

    static let korean = StorefrontText(
        lang: "ko", title: "오픈마켓", list: "목록", grid: "격자", soldOut: "품절", seller: "판매자", previous: "이전",
        next: "다음", empty: "아직 등록된 상품이 없습니다.", live: "실시간: 상품이 바뀌면 이 화면도 바로 바뀝니다",
        allProducts: "전체 상품", notFound: "없는 상품입니다(삭제되었을 수 있습니다).", photos: "사진",
        stock: { "재고 \($0)개" }, page: { "\($0) / \($1)쪽" }, discount: { "\($0)% 할인" })

    /// The language the browser prefers among Korean and English, by `q` weight (RFC 9110
    /// §12.5.4); English when it names neither.
    static func preferred(_ acceptLanguage: String?) -> StorefrontText {
        guard let acceptLanguage else { return .english }
        var best: (weight: Double, text: StorefrontText)?
        for item in acceptLanguage.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased() else { continue }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            let weight =
                parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            let text: StorefrontText? = primary == "ko" ? .korean : primary == "en" ? .english : nil
            if let text, weight > 0, weight > (best?.weight ?? -1) { best = (weight, text) }
        }
        return best?.text ?? .english
    }
}
