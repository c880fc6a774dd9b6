import Foundation

/// The words after `openmarket mcp`: `--max-deletes N`, `--plan-minutes N`, `--folder DIR`
/// (each also as `--name=value`). Anything else is a usage error in one line.
public struct AgentServerOptions: Sendable, Equatable {
    /// `--max-deletes N`: products deleted without a person's confirmation in a session.
    public var maxDeletes: Int?
    /// `--plan-minutes N`: how long a plan's token is good.
    public var planMinutes: Int?
    /// `--folder DIR`: the only folder files are read from (photos, catalogs); nil: no files
    /// are read.
    public var folder: String?

    public init(maxDeletes: Int? = nil, planMinutes: Int? = nil, folder: String? = nil) {
        self.maxDeletes = maxDeletes
        self.planMinutes = planMinutes
        self.folder = folder
    }

    /// Reads `words` (those after `mcp`).
    public static func parse(_ words: [String]) throws(AgentFailure) -> AgentServerOptions {
        var options = AgentServerOptions()
        var index = 0
        while index < words.count {
            var word = words[index]
            var value: String?
            let scalars = word.unicodeScalars
            if word.hasPrefix("--"), let equals = scalars.firstIndex(of: "=") {
                value = String(scalars[scalars.index(after: equals)...])
                word = String(scalars[..<equals])
            }
            func next() throws(AgentFailure) -> String {
                if let value { return value }
                index += 1
                guard index < words.count else { throw AgentFailure(ServerMessage.needsValue(word)) }
                return words[index]
            }
            switch word {
            case "--max-deletes":
                let text = try next()
                guard let number = Int(text), AgentLimits.deletesRange.contains(number) else {
                    throw AgentFailure(ServerMessage.maxDeletesRange(given: text))
                }
                options.maxDeletes = number
            case "--plan-minutes":
                let text = try next()
                guard let number = Int(text), AgentLimits.planMinutesRange.contains(number) else {
                    throw AgentFailure(ServerMessage.planMinutesRange(given: text))
                }
                options.planMinutes = number
            case "--folder":
                let text = try next()
                guard !text.isEmpty else { throw AgentFailure(ServerMessage.needsValue(word)) }
                options.folder = text
            default:
                if word.hasPrefix("-") { throw AgentFailure(ServerMessage.unknownOption(word)) }
                throw AgentFailure(ServerMessage.unexpectedWord(word))
            }
            index += 1
        }
        return options
    }

    /// The limits these options set, the others as `AgentLimits` has them.
    public var limits: AgentLimits {
        var limits = AgentLimits()
        if let maxDeletes { limits.unconfirmedDeletes = maxDeletes }
        if let planMinutes { limits.planLifetime = .seconds(planMinutes * 60) }
        return limits
    }
}
