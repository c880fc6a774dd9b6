/// The Korean catalogue of ``ScreenMessage``: 합니다체, short; commands and names as they are.
extension ScreenMessage {
    public var korean: String {
        switch self {
        case .morePrompt: "── 더 보기: Enter · c: 멈추지 않고 끝까지 · q: 그만 보기 ──"
        case .explainedAbove(let topics): "\(topics.joined(separator: " · ")): 앞에서 설명했습니다"
        case .topicGroup(let group):
            switch group {
            case .methods: "메서드"
            case .statuses: "상태 코드"
            case .headers: "헤더"
            case .ideas: "개념"
            case .operations: "작업"
            }
        case .pagerNotStarted(let command, let reason):
            "페이저 '\(command)'을(를) 시작하지 못했습니다: \(reason). 페이저 없이 출력합니다"
        case .pagerNotFound(let command):
            "페이저 '\(command)'을(를) 찾지 못했습니다(PAGER를 정하거나, 쓰지 않으려면 PAGER=). 페이저 없이 출력합니다"
        case .explainLanguageTakes(let got): "--lang에는 en이나 ko를 씁니다(입력한 값: '\(got)')"
        case .historySearch(let found): found ? "기록 검색: " : "기록 검색(없음): "
        case .explanationsMissing(let searched):
            "설명 파일을 찾을 수 없습니다(찾아본 곳: \(searched.joined(separator: ", "))). "
                + "OPENMARKET_EXPLANATIONS_DIR에 en.json과 ko.json이 있는 폴더를 지정하세요"
        }
    }
}
