/// The Korean catalog of ``CatalogMessage``: 합니다체, short; command words, flags, column
/// names and numbers as they are.
extension CatalogMessage {
    public var korean: String {
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
        case .planLabel(let label): label.korean
        case .matchedNote: "(id 없는 행을 이름으로 찾음; --match id로 끕니다)"
        case .matchedRow(let row, let name, let id): "\(row)행 \(name) → 내 상품 #\(id) (이름으로 찾음)"
        case .rowNamed(let row, let name): "\(row)행 \(name)"
        case .withNameYouHave(let count, let allowed):
            "\(count)개는 이미 있는 이름입니다 "
                + (allowed ? "(--allow-duplicates: 새 상품으로 등록)" : "(--allow-duplicates 없이는 거절)")
        case .youHave(let row, let name, let yours): "\(row)행 \(name): 이미 있음 \(yours)"
        case .rowLine(let row, let text): "\(row)행: \(text)"
        case .deleteNote: "(--prune: 파일에 없는 내 상품)"
        case .pruneShare(let all, let yours, let allowed):
            "내 상품 " + (all ? "전부" : "\(yours)개 중 절반 넘게") + "입니다: "
                + (allowed ? "--prune-all로 허용" : "--prune-all 없이는 거절")
        case .photosIgnored(let count, let rows):
            "이미 있는 상품의 \(count)행이 다른 사진을 줍니다(\(rows)행). 사진은 등록한 뒤에 바꿀 수 없습니다(무시)"
        case .skippedNote: "(문제가 있는 행, --continue-on-error)"
        case .restartMade(let count, let again):
            "(--restart: 끝나지 않은 가져오기가 \(count)행을 만들었습니다. "
                + (again == 0 ? "다시 등록되는 것은 없습니다)" : "\(again)행은 이미 만든 것 옆에 새 상품으로 다시 등록됩니다:)")
        case .rowExists(let row, let id): "\(row)행: #\(id) 있음"
        case .doneBefore(let count): "(중단되기 전에 \(count)행을 마쳤습니다)"
        }
    }
}

extension CatalogMessage.PlanLabel {
    public var korean: String {
        switch self {
        case .matched: "이름 일치"
        case .register: "등록"
        case .update: "수정"
        case .unchanged: "변경 없음"
        case .delete: "삭제"
        case .photos: "사진"
        case .skipped: "건너뜀"
        }
    }
}
