/// The Korean catalogue of ``ServerProgramHelp`` (합니다체, as the shell's help).
extension ServerProgramHelp {
    var korean: String {
        switch self {
        case .rootAbstract: "함께 들어 있는 Open Market 서버입니다. SQLite 위의 Open Market API 2.0으로, 오프라인 작업과 수업에 씁니다."
        case .rootDiscussion: "종료 상태: 0 성공, 1 실패, 2 사용법 오류."
        case .dataOption: "데이터 폴더입니다(기본값: $XDG_DATA_HOME/openmarket/server)."
        case .serveAbstract: "마켓을 엽니다(기본 하위 명령)."
        case .host: "접속을 받을 주소입니다. 교실에서는 0.0.0.0을 씁니다(기본값: 127.0.0.1)."
        case .port: "접속을 받을 포트(1-65535)입니다(기본값: 8080)."
        case .imagesPublicURL: "응답의 이미지 URL 앞부분입니다. 예: http://10.0.0.5:8080"
        case .noListCache: "다음 쓰기까지 목록 페이지를 두지 않고 매번 새로 만듭니다(측정용)."
        case .vendorAbstract: "판매자를 추가하고 목록을 봅니다."
        case .vendorAddAbstract: "판매자를 추가하고 로그인 정보를 한 번만 보여 줍니다(폴더에 마켓이 없으면 만듭니다)."
        case .vendorName: "판매자의 표시 이름입니다. 마켓 안에서 겹치지 않아야 합니다."
        case .vendorListAbstract: "판매자 목록을 봅니다(secret은 보여 주지 않습니다)."
        case .classAbstract: "수업을 운영합니다. 명단을 받고, 안내문과 보드를 만들고, 과제를 채점합니다."
        case .classAddAbstract:
            "명단(CSV: 이름, 학번)에서 아직 등록되지 않은 학생마다 판매자를 만들고 안내문을 씁니다(폴더에 마켓이 없으면 만듭니다)."
        case .roster: "명단입니다. 줄마다 이름과 학번이 있는 CSV입니다(UTF-8 또는 Excel의 한국어 CSV)."
        case .classAddPublicURL: "학생들이 마켓에 접속하는 주소입니다. 예: http://10.0.0.5:8080 (기본값: http://127.0.0.1:8080)"
        case .classPublicURL: "학생들이 마켓에 접속하는 주소입니다. 예: http://10.0.0.5:8080"
        case .handout: "안내문을 쓸 곳입니다(기본값: 데이터 폴더의 handouts/, 있는 파일은 덮어쓰지 않습니다)."
        case .classListAbstract: "반 명단을 봅니다(secret은 보여 주지 않습니다)."
        case .resetSecretAbstract: "학생 한 명에게 새 secret을 주고 보여 줍니다(전의 것은 더는 쓸 수 없습니다)."
        case .student: "학생의 학번, 또는 같은 이름의 다른 학생이 없으면 이름입니다."
        case .boardAbstract: "교사용 수업 보드의 주소를 토큰과 함께 보여 줍니다(학생들에게는 알리지 마세요)."
        case .boardPort: "마켓의 포트입니다. serve에 준 것입니다(기본값: 8080)."
        case .boardAssignment: "보드에 단계를 보여 줄 과제입니다(docs/teaching.md의 \"Assignments\" 참고)."
        case .gradeAbstract: "마켓이 받은 요청으로 과제를 채점합니다."
        case .gradeAssignment: "과제 파일입니다(docs/teaching.md의 \"Assignments\" 참고)."
        case .since: "이 시각부터의 요청만 셉니다(2026-03-02, 2026-03-02T09:00, 또는 시차를 붙여서)."
        case .reportCSV: "성적표를 CSV로 여기에 씁니다."
        case .reportJUnit: "성적표를 JUnit XML로 여기에 씁니다."
        case .localAbstract: "셸의 로컬 마켓입니다(openmarket이 시작합니다)."
        case .openapiAbstract: "마켓 API의 OpenAPI 3.1 문서를 보여 줍니다(/openapi.json에서 주는 것과 같습니다)."
        case .resetAbstract: "판매자는 남기고 상품과 이미지를 모두 지웁니다(터미널에서는 먼저 묻습니다)."
        case .yes: "묻지 않습니다. 표준 입력이 터미널이 아닐 때 필요합니다."
        }
    }
}

/// The Korean catalogue of ``ServerProgramMessage``.
extension ServerProgramMessage {
    var korean: String {
        switch self {
        case .portRange(let port): "--port는 1에서 65535 사이여야 합니다(받은 값: \(port))"
        case .publicURLNotHTTP: "--public-url은 http://10.0.0.5:8080처럼 http(s) URL이어야 합니다"
        case .nameEmpty: "이름이 비어 있으면 안 됩니다"
        case .localNeedsSocket: "local은 openmarket이 시작하며, 알려 준 소켓이 열려 있어야 합니다"
        case .resetNeedsYes: "reset은 지우기 전에 묻습니다. 터미널 없이 지우려면 --yes를 주세요"
        case .resetQuestion(let path): "\(path)의 상품과 이미지를 모두 지울까요? 판매자는 남습니다."
        case .nothingRemoved: "아무것도 지우지 않았습니다"
        case .removed(let count, let path): "\(path)에서 상품 \(count)개를 지웠습니다. 판매자는 남습니다"
        case .vendorAdded(let id, let name): "판매자 \(id) '\(name)'을(를) 추가했습니다(secret은 지금 한 번만 보여 줍니다):"
        case .idColumn: "id"
        case .nameColumn: "이름"
        case .identifierColumn: "identifier"
        case .serving(let url, let data): "openmarket-server: \(url)에서 마켓을 열었습니다(데이터: \(data))"
        case .storefront(let url): "구매자가 보는 상점: \(url)/"
        case .demoVendorCreated:
            "데모 판매자 'demo-shop'을 만들었습니다(한 번만 보여 주며, demo-vendor.json에 모드 0600으로도 저장했습니다):"
        }
    }
}
