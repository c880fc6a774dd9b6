import OpenMarketContract

/// Why a tool call did nothing (bad arguments, an unknown or stale token, a refused delete): a
/// typed message, said in the session's language in the tool's error result. Never holds the
/// secret: it is made from the command's words and the market's answers, both masked.
public struct AgentFailure: Error, Sendable {
    public let message: any Spoken

    public init(_ message: any Spoken) { self.message = message }

    public var text: String { message.text }
}
