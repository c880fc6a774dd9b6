import OpenMarketContract

/// `set output table|json|jsonl|csv|ids|count`, `set trace on|off`, `set explain on|off`: the session's settings.
public struct SetOption: ShellCommand {
    public static let spec = CommandSpec(
        name: "set", summary: "set output (table, json, jsonl, csv or ids), trace or explain (on or off), or a variable",
        usage:
            "set output table|json|jsonl|csv|ids|count | set trace on|off | set explain on|off | set NAME VALUE\n"
            + "  jsonl, csv and ids are how 'list' writes; other commands then print as with table (json with jsonl)",
        examples: ["set output json", "set output ids", "set trace on", "set explain on", "set price 3500"],
        positional: [.setting(SetOption.settings), .word], effect: .session, recording: .asTyped)

    /// Each setting and the values it takes.
    public static let settings = [
        "output": ListFormat.allCases.map(\.rawValue), "trace": ["on", "off"], "explain": ["on", "off"],
    ]

    public enum Setting: Sendable, Equatable {
        /// `set output FORMAT`.
        case output(ListFormat)
        case trace(Bool)
        /// `set explain on`: a few lines after each exchange on what it means.
        case explain(Bool)
    }

    public var setting: Setting

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        switch (arguments.positional.first?.text, arguments.positional.dropFirst().first?.text) {
        case ("output", let value?) where ListFormat(rawValue: value) != nil: setting = .output(ListFormat(rawValue: value)!)
        case ("trace", "on"): setting = .trace(true)
        case ("trace", "off"): setting = .trace(false)
        case ("explain", "on"): setting = .explain(true)
        case ("explain", "off"): setting = .explain(false)
        default: throw .usage("set output table|json|jsonl|csv|ids|count, set trace on|off, or set explain on|off")
        }
    }

    public var words: [Word] {
        switch setting {
        case .output(let format): [Word(Self.spec.name), Word("output"), Word(format.rawValue)]
        case .trace(let on): [Word(Self.spec.name), Word("trace"), Word(on ? "on" : "off")]
        case .explain(let on): [Word(Self.spec.name), Word("explain"), Word(on ? "on" : "off")]
        }
    }

    public func run(in context: CommandContext) async throws -> CommandOutcome {
        switch setting {
        case .output(let format):
            // `json` and `table` are what they always were; the others are list formats, and
            // with jsonl the other commands print the server's documents as with json.
            await context.session.setOutput(
                json: format == .json || format == .jsonl, list: format == .json || format == .table ? nil : format)
        case .trace(let on): context.session.tracer.isEnabled = on
        case .explain(let on):
            // Said now rather than after the next exchange, when the files are missing.
            if on { _ = try Explain.book(nil) }
            context.session.exchanges.explains = on
        }
        return CommandOutcome()
    }
}
