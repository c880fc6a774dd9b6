/// What agent mode lets an assistant do without asking a person again, set once when
/// `openmarket mcp` starts (`--max-deletes`, `--plan-minutes`).
public struct AgentLimits: Sendable, Equatable {
    /// Products the session may delete with a token alone, when no person confirmed
    /// (a client without elicitation); past it, every delete is refused until a person
    /// confirms one (`--max-deletes N`).
    public var unconfirmedDeletes: Int
    /// How long a plan's token can be used.
    public var planLifetime: Duration
    /// Plans waiting for their token at once; past it the oldest is forgotten.
    public var plansKept: Int

    /// What `--max-deletes` takes.
    public static let deletesRange = 0...1000
    /// What `--plan-minutes` takes.
    public static let planMinutesRange = 1...1440

    public init(unconfirmedDeletes: Int = 3, planLifetime: Duration = .seconds(600), plansKept: Int = 64) {
        self.unconfirmedDeletes = unconfirmedDeletes
        self.planLifetime = planLifetime
        self.plansKept = plansKept
    }
}
