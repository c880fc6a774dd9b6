import OpenMarketContract

/// `set output table|json`, `set trace on|off`: the session's settings.
public struct SetOption: ShellCommand {
    public static let spec = CommandSpec(
        name: "set", summary: "set output (table or json), trace (on or off), or a variable",
        usage: "set output table|json | set trace on|off | set NAME VALUE",
        examples: ["set output json", "set trace on", "set price 3500"],
        positional: [.setting(SetOption.settings), .word], effect: .session, recording: .asTyped)

    /// Each setting and the values it takes.
    public static let settings = ["output": ["table", "json"], "trace": ["on", "off"]]

    public enum Setting: Sendable, Equatable {
        case outputJSON(Bool), trace(Bool)
    }

    public var setting: Setting

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        switch (arguments.positional.first?.text, arguments.positional.dropFirst().first?.text) {
        case ("output", "json"): setting = .outputJSON(true)
        case ("output", "table"): setting = .outputJSON(false)
        case ("trace", "on"): setting = .trace(true)
        case ("trace", "off"): setting = .trace(false)
        default: throw .usage("set output table|json, or set trace on|off")
        }
    }

    public var words: [Word] {
        switch setting {
        case .outputJSON(let json): [Word(Self.spec.name), Word("output"), Word(json ? "json" : "table")]
        case .trace(let on): [Word(Self.spec.name), Word("trace"), Word(on ? "on" : "off")]
        }
    }

    public func run(in session: isolated SellerShell) async throws -> CommandOutcome {
        switch setting {
        case .outputJSON(let json): session.outputJSON = json
        case .trace(let on): session.tracer.isEnabled = on
        }
        return CommandOutcome()
    }
}
