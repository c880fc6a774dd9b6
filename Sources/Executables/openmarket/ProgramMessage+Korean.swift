/// The Korean catalogue of ``ProgramMessage`` (합니다체, as the shell's).
extension ProgramMessage {
    var korean: String {
        switch self {
        case .localOptionsNeedLocalMarket(let source):
            return "--local-port와 --reset-local은 로컬 마켓에 쓰는 옵션인데, \(source.korean) 다른 서버를 가리킵니다"
        case .profileNamesNoServer(let name):
            return "프로필 \"\(name)\"에 서버가 없습니다: --server URL로 서버를 알려 주세요"
        case .environmentCredentialsElsewhere(let home, let server):
            return "로그인하지 않았습니다: OPENMARKET_IDENTIFIER와 OPENMARKET_SECRET은 \(server)가 아니라 "
                + "OPENMARKET_SERVER(\(home))의 것입니다"
        case .notAnHTTPURL(let source, let given):
            return "\(source.korean) http://127.0.0.1:8080처럼 http(s) URL을 가리켜야 합니다(받은 값: '\(given)')"
        case .serverPortOutOfRange(let source, let port):
            return "\(source.korean) 없는 포트 \(port)을(를) 가리킵니다. 포트는 1에서 65535 사이입니다"
        case .localPortOutOfRange(let port):
            return "--local-port는 1에서 65535 사이여야 합니다(받은 값: \(port))"
        case .localMarketReset(let removed):
            return "로컬 마켓을 비웠습니다: 상품 \(removed)개를 지웠습니다. demo-shop은 그대로 있고, "
                + "neighbour-shop은 상품을 되찾습니다"
        case .cannotStartLocalMarket(let reason):
            return "로컬 마켓을 시작할 수 없습니다: \(reason)"
        case .unknownOption(let option):
            return "알 수 없는 옵션입니다: '\(option)' ('openmarket --help'에 옵션이 모두 나옵니다)"
        case .neitherCommandNorScript(let word, let guesses):
            let meant = guesses.map { "'\($0)'" }.joined(separator: " 또는 ")
            return "'\(word)'은(는) 명령도 스크립트 파일도 아닙니다"
                + (guesses.isEmpty ? "" : " (혹시 \(meant) 말인가요?)") + ". 'openmarket help'에 명령이 모두 나옵니다"
        case .scriptOptionsNeedScript:
            return "--continue-on-error, --dry-run, --resume, --restart, --step, --journal은 스크립트와 함께 씁니다: "
                + "openmarket run FILE … (--continue-on-error는 표준 입력으로 넘긴 스크립트에도 씁니다)"
        case .scriptAndCommands:
            return "스크립트와 -c 명령 중 하나만 주세요"
        case .commandAndCommands:
            return "명령과 -c 명령 중 하나만 주세요"
        case .testExcludesOptions:
            return "'test'는 스크립트마다 새 로컬 마켓(또는 --server URL)에서 실행합니다. -c, --record, "
                + "--local-port, --reset-local은 함께 쓸 수 없습니다"
        case .reportsNeedTest:
            return "--report-junit과 --report-tap은 'test'와 함께 씁니다: openmarket test FILE… --report-junit FILE"
        case .resumeOrRestart:
            return "--resume은 지난 실행을 이어 가고 --restart는 처음부터 다시 합니다: 하나만 고르세요"
        case .dryRunNotWithResume:
            return "--dry-run은 스크립트 전체를 확인하므로 --resume과 함께 쓸 수 없습니다"
        case .langTakes(let given):
            return "--lang에는 en이나 ko를 씁니다(받은 값: '\(given)')"
        case .variableWants(let given):
            return "--var에는 NAME=VALUE를 쓰고, 이름은 영문자, 숫자, _로 씁니다(받은 값: '\(given)')"
        case .cannotWrite(let path, let reason):
            return "\(path)에 쓸 수 없습니다: \(reason)"
        case .cannotMakeScratchFolder(let reason):
            return "작업 폴더를 만들 수 없습니다: \(reason)"
        case .cannotMakeTemporaryFolder(let path, let reason):
            return "임시 폴더 \(path)를 만들 수 없습니다: \(reason)"
        case .cannotStartTestMarket(let reason):
            return "로컬 마켓을 시작할 수 없습니다: \(reason)"
        case .exitStatus(let status):
            return "종료 상태 \(status)"
        case .agentExcludesOptions:
            return "mcp는 표준 입출력으로 도구를 제공합니다: -c, --record, --json, 스크립트 옵션, --report-*는 함께 쓸 수 없습니다"
        case .agentProgramMissing(let path):
            return "mcp: 에이전트 모드 프로그램이 없습니다: \(path) (openmarket 옆에 설치하세요: scripts/install)"
        case .cannotStartAgentProgram(let path, let reason):
            return "mcp: \(path)을(를) 시작할 수 없습니다: \(reason)"
        case .marketProgramMissing(let path):
            return "마켓 프로그램이 없습니다: \(path) (openmarket 옆에 설치하세요: scripts/install)"
        case .cannotStartMarketProgram(let path, let reason):
            return "\(path)을(를) 시작할 수 없습니다: \(reason)"
        case .marketSaidNothing(let seconds):
            return "openmarket-server가 \(seconds)초 안에 준비되었다고 알리지 않아 멈췄습니다"
        case .marketSaidNoReply(let path):
            return "\(path)이(가) 기대한 응답 대신 다른 것을 보내 멈췄습니다(이 버전의 프로그램인가요?)"
        case .marketEndedAtOnce(let how, let said, let log):
            let words = said.map { ": '\($0)'" } ?? ""
            return "openmarket-server가 준비되기 전에 끝났습니다(\(how))\(words)"
                + (log.map { " (쓴 내용 전부: \($0))" } ?? "")
        }
    }
}

extension ProgramMessage.ServerSource {
    /// The source with its subject particle (`--server가`, `프로필 "class"가`).
    var korean: String {
        switch self {
        case .option: "--server가"
        case .environment: "OPENMARKET_SERVER가"
        case .profile(let name): "프로필 \"\(name)\"이(가)"
        }
    }
}
