extension HabitHelp {
    public var korean: String {
        switch self {
        case .exchangesLint:
            "주고받은 요청에서 교사가 지적할 HTTP 습관(If-Match 없는 PATCH, 다시 보낸 POST, URL에 든 secret 등)을 찾아, 배울 explain 주제와 함께 보여 줍니다"
        case .lint:
            "스크립트를 실행하기 전에 보낼 요청에서 HTTP 습관을 찾습니다(파일:줄, 규칙, explain 주제)"
        case .lintUsage: "lint 명령에는 스크립트 파일을 하나 이상 주세요: lint FILE.om…"
        case .recordAsTest:
            "응답마다 expect 줄(상태 코드, 설정한 필드)을 쓰고 id와 날짜는 변수로 바꿔서, openmarket test가 이 기록으로 채점하게 합니다"
        }
    }
}
