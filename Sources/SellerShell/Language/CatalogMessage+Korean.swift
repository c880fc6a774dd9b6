/// The Korean catalog of ``CatalogMessage``: 합니다체, short; command words, flags, column
/// names and numbers as they are.
extension CatalogMessage {
    var korean: String {
        switch self {
        case .planTitle(let file): "\(file): 가져오기 계획"
        case .andMore(let count): "… 외 \(count)개"
        case .pruneRefused(let file, let deleting, let yours):
            "\(file): --prune으로 삭제될 상품: "
                + (deleting == yours ? "내 상품 \(yours)개 전부" : "내 상품 \(yours)개 중 \(deleting)개")
                + " (파일에 있는 상품 \(yours - deleting)개); 아무것도 보내지 않았습니다: 그대로 진행하려면 --prune-all을 붙이십시오"
        case .duplicatesRefused(let file, let count, let row, let yours, let more):
            "\(file): 이미 있는 상품명으로 새로 등록될 행: \(count)개 (\(row)행: 내 #\(yours)\(more ? ", …" : "")); "
                + "아무것도 보내지 않았습니다: 그래도 등록하려면 --allow-duplicates를 붙이고, "
                + "수정하려면 id를 적거나 --match id를 빼십시오"
        }
    }
}
