/// The Korean catalogue of ``AgentProgramMessage`` (합니다체, as the shell's).
extension AgentProgramMessage {
    var korean: String {
        switch self {
        case .startedAlone:
            "openmarket-mcp: 셸이 로그인한 뒤 세션을 넘기며 시작하는 프로그램입니다: 대신 'openmarket mcp'를 실행하세요"
        case .failed(let reason): "mcp: \(reason)"
        }
    }
}
