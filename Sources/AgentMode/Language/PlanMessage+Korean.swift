import OpenMarketContract

/// The Korean catalogue of ``PlanMessage``.
extension PlanMessage {
    public var korean: String {
        switch self {
        case .heading(let command): "계획: \(command)"
        case .requestsHeading(let count): "보낼 요청 \(count)개:"
        case .productsHeading: "바뀌는 것:"
        case .edited(let name, let changes): "\(name): \(changes)"
        case .registered(let name): "\(name) 등록 (새 상품)"
        case .deleted(let name): "\(name) 삭제"
        case .written(let name): "\(name): 바뀜"
        case .andMore(let count): "… 그리고 \(count)개 더 (모두 계획의 JSON에 있습니다)"
        case .deletes(let count): "상품 \(count)개를 삭제합니다."
        case .nothingToApply: "보낼 변경이 없습니다: 적용할 것도, 토큰도 없습니다."
        case .howToApply(let tool, let minutes):
            "아무것도 보내지 않았습니다. 이 계획 그대로 적용하려면 같은 인자와 이 토큰으로 \(tool)을(를) 다시 호출하세요 "
                + "(한 번, \(minutes)분 동안 유효)."
        case .undoes(let number, let summary): "변경 \(number)번을 되돌립니다: \(summary)"
        case .redoes(let number, let summary): "변경 \(number)번을 다시 합니다: \(summary)"
        case .ifMatch(let etag): "If-Match: \(etag)"
        case .multipart(let parts): "multipart: " + parts.joined(separator: ", ")
        case .filePart(let name, let file, let contentType, let bytes, let sha256):
            "\(name) \(file.map { $0 + " " } ?? "")(\(contentType), \(bytes)바이트, sha256 \(sha256)…)"
        case .omitted(let count): "\(count)개 더 생략 (토큰은 모두 적용합니다)"
        case .unknownToken(let tool):
            "이 토큰의 계획이 없습니다(이미 썼거나 받은 적 없는 토큰): 토큰 없이 \(tool)을(를) 호출해 다시 계획하세요."
        case .expiredToken(let tool, let minutes):
            "이 계획은 \(minutes)분이 지났습니다: 토큰 없이 \(tool)을(를) 호출해 다시 계획하세요."
        case .otherArguments(let tool, let planned):
            "아무것도 보내지 않았습니다: 이 토큰은 다른 계획(\(planned))의 것입니다. 토큰은 그대로 유효합니다: 그 계획의 "
                + "인자와 토큰으로 \(tool)을(를) 다시 호출하거나, 토큰 없이 호출해 이 인자로 계획하세요."
        case .stale(let tool, let products):
            "아무것도 보내지 않았습니다: 계획 뒤에 마켓이 바뀌었습니다(\(products.joined(separator: "; "))). 토큰 없이 "
                + "\(tool)을(를) 호출해 다시 계획하세요."
        case .productChanged(let name, let changes):
            changes.isEmpty ? "상품 \(name)이(가) 계획 뒤에 바뀜" : "상품 \(name)이(가) 계획 뒤에 바뀜: \(changes)"
        case .otherRequests(let tool):
            "아무것도 보내지 않았습니다: 지금 계획하면 계획과 다른 요청을 보냅니다. 토큰 없이 \(tool)을(를) 호출해 다시 "
                + "계획하세요."
        case .cancelled: "아무것도 보내지 않았습니다: 호출이 취소되었습니다."
        case .noScratchFolder(let path): "계획하지 못했습니다: 계획의 임시 폴더 \(path)을(를) 만들 수 없습니다."
        case .photoBytesMissing(let part):
            "계획하지 못했습니다: 사진 파트 \(part)의 바이트를 찾지 못해 계획에 담을 수 없습니다."
        case .writeOutsideApply(let request):
            "에이전트 모드는 계획을 적용할 때만 변경을 보냅니다: \(request)은(는) 보내지 않았습니다"
        case .writeNotPlanned(let request): "\(request)은(는) 적용 중인 계획에 없습니다: 보내지 않았습니다"
        case .changedDuringApply(let id):
            "상품 #\(id)이(가) 계획과 적용 사이에 바뀌었습니다(412): 다시 계획하세요"
        case .changedBeforeSending(let request, let id):
            "상품 #\(id)이(가) 계획 뒤에 바뀌었습니다(쓰기 직전에 다시 읽음): \(request)은(는) 보내지 않았습니다. 다시 계획하세요"
        case .notSent(let request): "계획의 \(request)은(는) 보내지 않았습니다"
        }
    }
}
