import OpenMarketContract

/// The Korean catalogue of ``ListMessage``: 합니다체, as the shell's own catalogue.
extension ListMessage {
    public var korean: String {
        switch self {
        case .count(let count): "상품 \(count)개"
        case .onePage(let summary): "이 페이지만 썼습니다(\(summary)). 모든 페이지는 --all로 씁니다"
        case .usageNotes(let fields):
            "필터와 --sort는 가져온 상품(한 페이지, --all/--mine이면 모든 페이지)에 적용됩니다.\n"
                + "--grid는 터미널에서 상품을 사진이 있는 카드로 터미널 너비에 맞춰 그립니다(터미널이 아니면 표로 보여 줍니다).\n"
                + "필드: \(fields.joined(separator: ", "))"
        case .noneYours(let all, let vendor):
            "마켓의 상품 \(all)개 가운데 내 상품(판매자 #\(vendor))은 없습니다. 'register' 명령으로 등록합니다"
        case .minePage(let page, let pages, let mine, let next):
            "\(page)/\(pages)쪽, 내 상품 \(mine)개" + (next.map { " — 다음 쪽은 'list --mine \($0)'" } ?? "")
        case .minePastTheEnd(let page, let pages): "\(page)쪽은 없습니다. 내 상품은 \(pages)쪽까지입니다"
        case .noneMatch: "조건에 맞는 상품이 없습니다"
        case .kept(let shown, let fetched, let what): "상품 \(fetched)개 중 \(shown)개 (\(what))"
        case .gridHasNoFormat:
            "--grid는 카드로 그리므로 형식이나 열이 없습니다: --format과 --fields를 빼거나 --grid를 빼세요"
        case .notAPage(let word): "쪽은 1 이상의 정수여야 합니다(입력: '\(word)')"
        }
    }
}
