import OpenMarketContract

/// The Korean catalogue of ``ScriptHelp``: 합니다체, as the shell's messages; commands, flags,
/// field names and placeholders (`N`, `TEXT`) as they are typed.
extension ScriptHelp {
    public var korean: String {
        switch self {
        case .catalogJobs(let range, let standard):
            "동시에 보낼 요청 수입니다(\(range.lowerBound)부터 \(range.upperBound)까지, 기본 \(standard))"
        case .importJobs(let range):
            "동시에 보낼 요청 수의 상한입니다(\(range.lowerBound)부터 \(range.upperBound)까지, 주지 않으면 가져오면서 알맞은 수를 찾습니다)"
        case .catalogFormat: "확장자로 알 수 없을 때 파일 형식을 정합니다"
        case .expect: "마지막 결과를 확인합니다. 맞지 않으면 스크립트가 멈춥니다"
        case .export: "내 상품을 CSV, JSON Lines, JSON 파일로 내보냅니다(--images를 붙이면 사진도)"
        case .exportAll: "내 상품뿐 아니라 마켓의 모든 상품을 내보냅니다"
        case .exportSearch: "이름이나 설명에 TEXT가 들어간 상품만 내보냅니다"
        case .exportImages: "사진도 DIR에 내려받습니다"
        case .exportForce: "파일과 사진이 이미 있으면 덮어씁니다"
        case .`import`: "CSV, JSON Lines, JSON 파일로 카탈로그 전체를 등록하고 고칩니다"
        case .importPlan: "계획만 보여 주고 멈춥니다"
        case .importDryRun: "계획과 요청을 보여 주기만 하고 보내지 않습니다"
        case .importYes: "변경 수를 입력해 확인하는 단계 없이 진행합니다(터미널에서만 묻습니다. 터미널이 아니면 삭제하는 가져오기에만 필요합니다)"
        case .importPrune: "파일에 없는 내 상품을 삭제합니다"
        case .importPruneAll: "--prune과 함께 쓰면 내 상품을 모두, 또는 절반 넘게 지우는 것도 허락합니다"
        case .importNewIds: "id 열은 보지 않고 모든 행을 새 상품으로 등록합니다"
        case .importContinueOnError: "문제가 있는 행만 건너뛰고 나머지는 보냅니다(붙이지 않으면 아무것도 보내지 않습니다)"
        case .importResume: "이 파일을 지난번에 가져오다 멈춘 곳부터 이어 갑니다"
        case .importRestart: "이 파일의 지난 가져오기는 잊고 처음부터 다시 합니다"
        case .importJournal: "저널을 파일 옆이 아니라 PATH에 둡니다"
        case .importReport:
            "행이 끝날 때마다 무엇을 했는지 한 줄씩 씁니다(CSV, .jsonl이면 JSON Lines). 행, 작업, id, 상태, 코드, 메시지입니다"
        case .importRowsFrom: "이 파일의 보고서에 있는 행만 가져옵니다"
        case .importFailed: "--rows-from 옵션과 함께 쓰면 처리되지 않은 행만 가져옵니다"
        case .importWriteIds: "새 상품의 id를 파일의 id 열에 써 넣습니다"
        case .importNoResize: "사진을 그대로 보냅니다(붙이지 않으면 큰 사진은 줄여 보냅니다)"
        case .importMatch: "id가 없는 행이 내 상품을 찾는 방법입니다. name(기본)은 이름으로 찾고, id는 찾지 않고 새 상품으로 봅니다"
        case .importAllowDuplicates: "이미 있는 이름의 행도 새 상품으로 등록합니다(붙이지 않으면 거절합니다)"
        case .importPrefer: "시트와 마켓에서 모두 바뀐 칸(충돌)을 어느 쪽 값으로 할지 정합니다. sheet 또는 market입니다"
        case .importPhotosAnywhere: "카탈로그 폴더 밖에 있는 사진도 읽습니다(붙이지 않으면 그런 경로는 거절합니다)"
        case .record: "성공한 명령을 스크립트 파일에 씁니다"
        case .recordAll: "읽기만 하는 명령도 명령으로 씁니다(붙이지 않으면 주석으로 씁니다)"
        case .source: "스크립트 파일을 이 세션에서 실행합니다(변수와 로그인이 그대로 이어집니다)"
        case .sourceStep: "명령마다 기다립니다. Enter는 보내기, s는 건너뛰기, c는 끝까지 계속, q는 그만두기입니다"
        case .vars: "변수와 이름 붙인 상품을 봅니다"
        case .sourceTooManyWords: "사용법: source FILE [--step]"
        case .importTooManyWords: "import에는 파일 하나만 적습니다(이름에 빈칸이 있으면 따옴표로 감싸세요)"
        case .recordTooManyWords: "사용법: record FILE [--all] 또는 record stop"
        case .varsTooManyWords: "vars 뒤에는 아무것도 적지 않습니다"
        case .exportTooManyWords: "export에는 파일 하나만 적습니다(이름에 빈칸이 있으면 따옴표로 감싸세요)"
        case .expectTooManyWords:
            "expect에는 낱말 세 개를 적습니다. 빈칸이 있는 값은 따옴표로 감싸세요. " + ScriptMessage.expectUsage.korean
        }
    }
}
