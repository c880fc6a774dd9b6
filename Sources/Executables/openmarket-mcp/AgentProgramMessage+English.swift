/// The English catalogue of ``AgentProgramMessage``.
extension AgentProgramMessage {
    var english: String {
        switch self {
        case .startedAlone:
            "openmarket-mcp: started by the shell, which logs in and hands it the session: run 'openmarket mcp' instead"
        case .failed(let reason): "mcp: \(reason)"
        }
    }
}
