/// The Korean catalogue of ``ProgramHelp`` (합니다체, as the shell's help).
extension ProgramHelp {
    var korean: String {
        switch self {
        case .abstract: "Open Market API로 상품을 파는 판매자를 위한 셸입니다."
        case .discussion:
            """
            --server(와 OPENMARKET_SERVER)가 없으면 셸 옆에서 로컬 마켓이 \
            $XDG_DATA_HOME/openmarket/local에 시작되고, 그 마켓의 데모 판매자로 로그인합니다.
            로그인 정보는 OPENMARKET_IDENTIFIER와 OPENMARKET_SECRET, --profile, 또는 'login'으로 줍니다. \
            판매자 id(list --mine, import, export에 필요합니다)는 프로필, OPENMARKET_VENDOR_ID, \
            'login --vendor-id N'에서 가져오고, 없으면 터미널에서 한 번 묻습니다.
            스크립트: 'openmarket run FILE'('openmarket FILE'이나 '#!/usr/bin/env openmarket'으로 시작하는 파일도 \
            됩니다)은 셸 명령을 적은 파일을 실행하고, 그 옆에 실행 기록(FILE.journal, 안 되면 \
            $XDG_STATE_HOME/openmarket/journals 아래)을 남깁니다. 그래서 멈춘 실행을 '--resume'으로 \
            이미 한 일을 되풀이하지 않고 이어 갈 수 있습니다. 터미널이 아닌 표준 입력은 스크립트로 읽습니다.
            명령: 'openmarket list --mine', 'openmarket show 12 --json'처럼 첫 단어가 명령 이름이면 그 명령을 실행합니다.
            채점: 'openmarket test FILE…'은 스크립트마다 새 로컬 마켓(또는 --server URL)에서 'expect' 검사와 함께 \
            실행하고, 파일마다 한 줄과 요약을 보여 줍니다. --report-junit FILE과 --report-tap FILE은 보고서를 씁니다. \
            채점하는 스크립트와 'run --untrusted FILE'은 자기 폴더만 읽고, 작업 폴더에만 쓰고, 자기 마켓하고만 \
            통신합니다(docs/scripts.md 참고: --env NAME, --read DIR, --time-limit SECONDS. --allow-force를 주면 \
            직접 쓴 스크립트의 --force가 파일을 바꿀 수 있습니다).
            에이전트 모드: 'openmarket mcp [--max-deletes N] [--plan-minutes N] [--folder DIR]'은 이 명령들을 \
            표준 입출력의 MCP로 AI 어시스턴트에게 제공합니다. 모든 변경은 먼저 계획하고 한 번 쓰는 토큰으로 적용하며, \
            한 일은 undo로 되돌릴 수 있고, secret은 어떤 메시지에도 나가지 않습니다(docs/agents.md 참고).
            종료 상태: 0 모두 성공, 1 명령 실패, 2 사용법 오류, 3 서버에 연결할 수 없음, 130 중단. \
            'exit N'은 N으로 끝냅니다.
            """
        case .server: "마켓의 URL입니다. 예: http://127.0.0.1:8080 (기본값: OPENMARKET_SERVER, 없으면 로컬 마켓)"
        case .profile: "저장한 프로필로 로그인합니다('login --save NAME' 참고)."
        case .json: "서버의 JSON만 명령마다 문서 하나씩 표준 출력에 씁니다."
        case .trace: "HTTP 요청과 응답을 모두 표준 오류에 보여 줍니다(secret은 가립니다)."
        case .explain: "HTTP 요청과 응답마다 메서드, 중요한 헤더, 상태 코드를 설명합니다('set explain on'과 같습니다)."
        case .noColor: "색 없는 프롬프트를 씁니다(NO_COLOR로도 됩니다)."
        case .commands: "이 명령을 실행하고 끝냅니다. 여러 번 주면 차례대로 실행합니다."
        case .record: "성공한 명령을 FILE에 기록해, 다른 곳에서 다시 실행할 수 있는 스크립트로 만듭니다."
        case .script:
            "실행하고 끝낼 명령('openmarket list --mine', 'openmarket show 12 --json') 또는 스크립트('run FILE', 그냥 FILE)입니다."
        case .continueOnError: "첫 실패에서 멈추지 않고 스크립트를 끝까지 실행한 뒤, 실패한 줄을 마지막에 보여 줍니다."
        case .dryRun: "아무것도 보내지 않습니다. 줄마다 이 컴퓨터에서 확인하고, 보낼 요청을 보여 줍니다."
        case .resume: "스크립트의 지난 실행을 실행 기록에서 이어 갑니다. 이미 끝낸 줄은 건너뜁니다."
        case .restart: "실행 기록에 끝나지 않은 실행이 있어도 스크립트를 처음부터 실행합니다."
        case .step:
            "스크립트를 한 단계씩 실행합니다. 명령과 주석을 보여 주고 기다립니다(Enter 보내기, s 건너뛰기, c 계속, q 멈추기)."
        case .journal: "스크립트의 실행 기록을 스크립트 옆(FILE.journal)이 아니라 이 경로에 둡니다."
        case .variables: "스크립트 변수를 정합니다. 여러 번 줄 수 있습니다."
        case .localPort: "로컬 마켓을 이 포트(1-65535)에서 시작해, 이미지 URL이 바뀌지 않게 합니다."
        case .reportJUnit: "'test'와 함께: 결과를 JUnit XML로 FILE에 씁니다."
        case .reportTAP: "'test'와 함께: 결과를 TAP으로 FILE에 씁니다."
        case .lang: "영어(en)나 한국어(ko)로 말합니다. 기본값은 LANG의 언어입니다."
        case .resetLocal: "시작하기 전에 로컬 마켓의 카탈로그(상품과 이미지, 데모 판매자는 남습니다)를 비웁니다."
        }
    }
}
