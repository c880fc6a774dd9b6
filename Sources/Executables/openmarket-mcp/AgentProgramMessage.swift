import OpenMarketContract

/// What `openmarket-mcp` itself says, beside agent mode's own messages (`ServerMessage`): its
/// English and Korean catalogues are `AgentProgramMessage+English.swift` and
/// `AgentProgramMessage+Korean.swift`.
enum AgentProgramMessage: Spoken, Hashable {
    /// Started by hand, without the shell's handoff.
    case startedAlone
    /// A failure that is not one of agent mode's messages, as one sentence.
    case failed(String)
}
