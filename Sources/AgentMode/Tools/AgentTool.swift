import MCP
import OpenMarketContract
import SellerShell
import ShellScripting

/// One command of the shell served as an MCP tool: its schema derived from the command's
/// ``CommandSpec`` (positional words, fields with the contract's rules, flags with their help),
/// and its JSON arguments turned back into the words the shell would parse.
public struct AgentTool: Sendable {
    public enum Access: Sendable, Equatable { case read, write }

    /// The command's name: `patch`.
    public let name: String
    public let command: any ShellCommand.Type
    public let access: Access
    /// Name, description (the spec's summary in English; a write's two steps), input schema and
    /// annotations, as `tools/list` answers them.
    public let tool: Tool
    let properties: [ToolProperty]

    /// The JSON name of a write tool's token.
    public static let tokenProperty = "token"

    init(_ command: any ShellCommand.Type, access: Access) {
        let spec = command.spec
        self.name = spec.name
        self.command = command
        self.access = access
        properties = ToolProperty.all(of: spec)
        tool = Tool(
            name: spec.name,
            description: access == .write
                ? Self.sentence(spec.summary.english) + " " + ToolMessage.twoSteps.english
                : spec.summary.english,
            inputSchema: Self.schema(properties, access: access),
            annotations: Self.annotations(spec, access: access))
    }

    /// A summary as a sentence (help writes them without the full stop), so a sentence can follow.
    private static func sentence(_ summary: String) -> String {
        summary.hasSuffix(".") ? summary : summary + "."
    }

    /// The command's words for these arguments (its name first, never the token), `--yes` added
    /// for a write whose command takes it: the token is the confirmation. A property the tool
    /// does not take, a value of the wrong kind or a required one left out is refused in one
    /// line; a JSON `null` counts as left out.
    public func words(_ arguments: [String: Value]?) throws(AgentFailure) -> [Word] {
        var given = (arguments ?? [:]).filter { $0.value != .null }
        if access == .write { given[Self.tokenProperty] = nil }
        let known = Set(properties.map(\.name))
        if let unknown = given.keys.sorted().first(where: { !known.contains($0) }) {
            let names = properties.map(\.name) + (access == .write ? [Self.tokenProperty] : [])
            throw AgentFailure(ToolMessage.unknownProperty(unknown, tool: name, known: names))
        }
        var words = [Word(name)]
        for property in properties {
            guard let value = given[property.name] else {
                if property.required {
                    throw AgentFailure(ToolMessage.missing(property.name, tool: name, takes: property.kind.takes))
                }
                continue
            }
            words += try property.words(for: value)
        }
        if access == .write, command.spec.flag("--yes") != nil { words.append(Word("--yes")) }
        return words
    }

    /// The "token" argument of a write tool's second call, nil on the first.
    public static func token(_ arguments: [String: Value]?) -> String? {
        arguments?[tokenProperty]?.stringValue
    }

    /// `{type: object, properties, required, additionalProperties: false}`; a write also takes
    /// its token.
    private static func schema(_ properties: [ToolProperty], access: Access) -> Value {
        var fields = Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.schema) })
        if access == .write {
            fields[tokenProperty] = ["type": "string", "minLength": 1, "description": .string(ToolMessage.token.english)]
        }
        return [
            "type": "object", "properties": .object(fields),
            "required": .array(properties.filter(\.required).map { .string($0.name) }), "additionalProperties": false,
        ]
    }

    /// Reads are read-only; a write is destructive when it can take a product away: `delete`,
    /// `import` (`prune`), `undo` (of a register) and `redo` (of a delete).
    private static func annotations(_ spec: CommandSpec, access: Access) -> Tool.Annotations {
        guard access == .write else { return Tool.Annotations(readOnlyHint: true, openWorldHint: false) }
        let destructive = spec.effect == .deletes || spec.effect == .script || ["undo", "redo"].contains(spec.name)
        return Tool.Annotations(readOnlyHint: false, destructiveHint: destructive, idempotentHint: false, openWorldHint: false)
    }
}

/// The tools agent mode serves: the shell's reads and writes on products, nothing that logs in,
/// changes the session or sends a request by hand.
public enum AgentToolCatalog {
    /// Reads answer at once; writes plan first (see ``ToolMessage/twoSteps``).
    static let reads = ["list", "search", "show", "changes", "explain"]
    static let writes = ["register", "patch", "stock", "delete", "import", "undo", "redo"]

    public static let tools: [AgentTool] =
        reads.compactMap { tool($0, .read) } + writes.compactMap { tool($0, .write) }

    public static func tool(named name: String) -> AgentTool? { tools.first { $0.name == name } }

    /// The command called `name` in the scripting session's registry (which has `import`).
    private static func tool(_ name: String, _ access: AgentTool.Access) -> AgentTool? {
        guard let command = ScriptSession.registry.find(name), command.spec.name == name else { return nil }
        return AgentTool(command, access: access)
    }
}
