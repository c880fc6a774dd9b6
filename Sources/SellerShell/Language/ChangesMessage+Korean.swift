import OpenMarketContract

/// The Korean catalogue of ``ChangesMessage``: 합니다체, as the shell's own catalogue; field
/// names, commands and product text as they are.
extension ChangesMessage {
    public var korean: String {
        switch self {
        case .registered(let product): "등록: \(product)"
        case .deleted(let product): "삭제: \(product)"
        case .edited(let product, let changes): "\(product): \(changes)"
        case .nothingChanged(let product): "\(product): 바뀐 것 없음"
        case .command(let line): line
        case .aChange: "변경 1건"
        case .batch(let label, let count): "\(label), 변경 \(count)건"
        case .photo(let number): "\(number)번째 사진"
        case .noPhoto: "없음"
        case .image(let id): "사진 id \(id)"
        case .undoHint(let marks):
            "'undo'는 가장 최근 변경을, 'undo N'은 N번 변경을 되돌립니다" + (marks ? ". *는 이 세션에서 한 변경입니다" : "")
        case .patchChangesNothing(let product, let values):
            "\(product): 이미 \(values)입니다. 보낸 것도, 변경 기록에 남긴 것도 없습니다"
        case .helpSummary: "이 서버와 판매자의 변경 기록을 봅니다(이 세션의 변경은 * 표시). 되돌릴 변경을 고를 때 씁니다"
        case .helpLast: "최근 N개만 봅니다"
        case .helpAll: "붙이지 않을 때와 같습니다: 이 서버와 판매자의 변경 기록을 모두 봅니다"
        case .helpNoPager: "긴 표를 페이저 없이 그대로 출력합니다"
        }
    }
}
