import OpenMarketContract

/// The Korean catalogue of ``ToolMessage``: 합니다체, as the shell's own catalogue.
extension ToolMessage {
    public var korean: String {
        switch self {
        case .twoSteps:
            "변경은 두 단계입니다. 토큰 없이 부르면 아무것도 보내지 않고 계획(보낼 요청과 상품마다 변경 전 → 후)과 "
                + "한 번만 쓰는 토큰을 답합니다. 같은 인자에 그 토큰을 넣어 다시 부르면, 상품이 계획 때와 같을 때만 "
                + "바로 그 변경을 합니다."
        case .token: "첫 호출이 답한 한 번만 쓰는 토큰입니다. 빼면 계획을 답합니다."
        case .productID: "상품 번호입니다."
        case .productIDs: "상품 번호 목록입니다(같은 번호는 한 번으로 셉니다)."
        case .stockChange: "+N은 재고에 N을 더하고, -N은 N을 빼고, =N은 N으로 정합니다."
        case .catalogFile:
            "카탈로그 파일(CSV, JSON Lines, JSON 배열)입니다. 서버가 읽는 폴더(--folder) 기준이거나 그 안의 절대 경로입니다. "
                + "대신 rows를 줄 수도 있습니다."
        case .page: "페이지 번호입니다(1부터)."
        case .searchText: "상품 이름과 설명에서 찾을 글자입니다."
        case .explainTopic: "설명할 것입니다: 상태 코드(412), 메서드(PATCH), 헤더(If-Match), 용어. 빼면 목록을 보여 줍니다."
        case .changeNumber(let undo):
            "\(undo ? "되돌릴" : "다시 할") 변경의 번호(`changes`에 나오는 번호)입니다. 빼면 가장 최근 변경입니다."
        case .photoPath: "사진(JPEG, PNG, GIF) 경로입니다. 서버가 읽는 폴더(--folder) 기준이거나 그 안의 절대 경로입니다. 글롭은 쓰지 않습니다."
        case .writeDescription(let summary):
            (summary.hasSuffix(".") ? summary : summary + ".") + " " + ToolMessage.twoSteps.korean
        case .changesAll: "예전 호출을 위해 받지만 아무것도 바꾸지 않습니다. 목록에는 늘 남아 있는 변경이 모두 있습니다."
        case .importFailed: "rows_from과 함께: 그 보고서가 실패했다고 하는 행만 가져옵니다."
        case .importRows(let most, let fields):
            "file 대신 카탈로그의 행 자체입니다. 최대 \(most)개, 각각 상품 번호(id)와 바꿀 필드"
                + "(\(fields.joined(separator: ", ")))를 담은 객체입니다. 한 번의 가져오기로, 되돌릴 변경 하나로 적용됩니다. "
                + "한 줄에 한 행인 파일로 가져오므로, 그 파일의 N번째 줄에 대한 문제는 rows[N-1]의 문제입니다."
        case .unknownProperty(let name, let tool, let known):
            "'\(name)'은(는) \(tool)의 인자가 아닙니다. 받는 인자: \(known.isEmpty ? "없음" : known.joined(separator: ", "))"
        case .wrongType(let name, let takes, let given): "\(name)에는 \(takes.korean)이(가) 와야 합니다(받은 값: \(given.korean))"
        case .missing(let name, let tool, let takes): "\(tool)에는 \(name)이(가) 필요합니다: \(takes.korean)"
        case .itemCount(let name, let least, let most, let given):
            "\(name)에는 " + Self.bounds(least, most, english: false) + "이 와야 합니다(받은 개수: \(given))"
        case .fileOrRows(let tool, let both):
            "\(tool)에는 file과 rows 중 " + (both ? "하나만 주세요(둘 다 받았습니다)" : "하나가 필요합니다")
        case .rowsNeedFolder: "여기서는 rows를 받을 수 없습니다(서버에 작업 폴더가 없습니다). file을 주세요"
        case .rowNeedsID(let row): "rows[\(row)]에 id(상품 번호)가 필요합니다"
        case .rowUnknownField(let name, let row, let known):
            "rows[\(row)]: '\(name)'은(는) rows가 받는 필드가 아닙니다. 받는 필드: \(known.joined(separator: ", "))"
        case .rowsNotWritten(let file): "행을 \(file)에 쓰지 못했습니다"
        case .outOfBounds(let name, let above, let least, let most, let given):
            "\(name)에는 "
                + [above.map { "\($0)보다 큰" }, least.map { "\($0) 이상" }, most.map { "\($0) 이하" }]
                .compactMap { $0 }.joined(separator: ", ") + " 수가 와야 합니다(받은 값: \(given))"
        case .rowsCommand(let tool, let count): "\(tool) rows (행 \(count)개)"
        case .productsCapped(let shown, let total):
            "상품 \(total)개 중 처음 \(shown)개만 결과에 담았습니다. 더 적게 요청하세요(페이지, per_page, 검색)"
        case .changesCapped(let shown, let total):
            "상품 변경 \(total)건 중 처음 \(shown)건만 결과에 담았습니다. 전부는 `changes`로 보세요"
        case .textCapped(let shown, let total):
            "출력 글자는 \(total)바이트 중 \(shown)바이트에서 잘랐습니다. 더 적게 요청하세요(페이지, per_page, 검색)"
        case .itemsCapped(let list, let shown, let total):
            "\(list)의 항목 \(total)개 중 처음 \(shown)개만 결과에 담았습니다"
        case .documentLeftOut(let bytes): "\(bytes)바이트 문서는 결과에서 뺐습니다(출력 글자에는 잘려서 있습니다)"
        }
    }
}

extension ToolMessage.Takes {
    var korean: String {
        switch self {
        case .boolean: "true 또는 false"
        case .wholeNumber: "정수"
        case .number: "숫자"
        case .text: "글자"
        case .choice(let words): words.joined(separator: ", ") + " 중 하나"
        case .productIDs: "상품 번호 목록"
        case .paths: "파일 경로 목록"
        case .rows: "행(객체) 목록"
        case .object: "객체"
        }
    }
}

extension ToolMessage.Given {
    var korean: String {
        switch self {
        case .null: "null"
        case .boolean: "true 또는 false"
        case .number: "숫자"
        case .text: "글자"
        case .list: "목록"
        case .object: "객체"
        case .fraction: "소수이거나 2^53을 넘는 수"
        }
    }
}
