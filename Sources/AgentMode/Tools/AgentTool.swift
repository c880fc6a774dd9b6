import Foundation
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
    /// Whether it takes `rows` in place of its catalog file (`import`).
    let takesRows: Bool

    /// The JSON name of a write tool's token.
    public static let tokenProperty = "token"

    init(_ command: any ShellCommand.Type, access: Access) {
        let spec = command.spec
        self.name = spec.name
        self.command = command
        self.access = access
        var properties = ToolProperty.all(of: spec)
        takesRows = ToolRows.taken(by: spec)
        // `file` or `rows`: neither is required alone.
        if takesRows {
            properties = properties.map {
                var p = $0
                if p.place == .positional { p.required = false }
                return p
            }
        }
        self.properties = properties
        tool = Tool(
            name: spec.name,
            description: access == .write
                ? ToolMessage.writeDescription(summary: spec.summary.english).english : spec.summary.english,
            inputSchema: Self.schema(properties, access: access, rows: takesRows),
            annotations: Self.annotations(spec, access: access),
            outputSchema: access == .read ? ToolResult.outputSchema(for: spec.name) : nil)
    }

    /// The command's words for these arguments (its name first, never the token), `--yes` added
    /// for a write whose command takes it: the token is the confirmation. A property the tool
    /// does not take, a value of the wrong kind (a token too), a list of more or fewer items than
    /// its schema allows or a required one left out is refused in one line; a JSON `null` counts
    /// as left out. `import`'s `rows` are written as a catalog into `scratch` (the run's scratch
    /// folder; nil: `rows` are refused) and imported from there.
    public func words(_ arguments: [String: Value]?, scratch: URL? = nil) throws(AgentFailure) -> [Word] {
        var given = (arguments ?? [:]).filter { $0.value != .null }
        if access == .write, let token = given[Self.tokenProperty] {
            guard token.stringValue != nil else {
                throw AgentFailure(ToolMessage.wrongType(Self.tokenProperty, takes: .text, given: ToolProperty.given(token)))
            }
            given[Self.tokenProperty] = nil
        }
        let known = Set(properties.map(\.name) + (takesRows ? [ToolRows.name] : []))
        if let unknown = given.keys.sorted().first(where: { !known.contains($0) }) {
            let names =
                properties.map(\.name) + (takesRows ? [ToolRows.name] : []) + (access == .write ? [Self.tokenProperty] : [])
            throw AgentFailure(ToolMessage.unknownProperty(unknown, tool: name, known: names))
        }
        if takesRows { try fileFromRows(&given, scratch: scratch) }
        var words = [Word(name)]
        for property in properties {
            guard let value = given[property.name] else {
                if property.required {
                    throw AgentFailure(ToolMessage.missing(property.name, tool: name, takes: property.kind))
                }
                continue
            }
            words += try property.words(for: value)
        }
        if access == .write, command.spec.flag("--yes") != nil { words.append(Word("--yes")) }
        return words
    }

    /// `file` or `rows`, one of them: the rows become the file they are written to.
    private func fileFromRows(_ given: inout [String: Value], scratch: URL?) throws(AgentFailure) {
        guard let file = properties.first(where: { $0.place == .positional })?.name else { return }
        switch (given[file], given[ToolRows.name]) {
        case (nil, nil): throw AgentFailure(ToolMessage.fileOrRows(tool: name, both: false))
        case (_?, _?): throw AgentFailure(ToolMessage.fileOrRows(tool: name, both: true))
        case (_?, nil): return
        case (nil, let rows?):
            guard let scratch else { throw AgentFailure(ToolMessage.rowsNeedFolder) }
            given[file] = .string(try ToolRows.file(rows, in: scratch))
            given[ToolRows.name] = nil
        }
    }

    /// The command line a plan shows for these arguments when it is not their words: an import
    /// of `rows` reads `import rows (3 rows)`, not the scratch file they are written to.
    public func shownCommand(_ arguments: [String: Value]?) -> String? {
        guard takesRows, case .array(let rows)? = arguments?[ToolRows.name] else { return nil }
        return ToolMessage.rowsCommand(tool: name, count: rows.count).text
    }

    /// Whether `arguments` name a file to read (a catalog, photos).
    public func namesFiles(_ arguments: [String: Value]?) -> Bool {
        guard let arguments else { return false }
        return properties.contains { $0.readsFiles && arguments[$0.name] != nil }
    }

    /// The "token" argument of a write tool's second call, nil on the first (one that is no
    /// text is refused by ``words(_:scratch:)``).
    public static func token(_ arguments: [String: Value]?) -> String? {
        arguments?[tokenProperty]?.stringValue
    }

    /// `{type: object, properties, required, additionalProperties: false}`; a write also takes
    /// its token.
    private static func schema(_ properties: [ToolProperty], access: Access, rows: Bool) -> Value {
        var fields = Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.schema) })
        if rows { fields[ToolRows.name] = ToolRows.schema }
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
    public static let reads = ["list", "search", "show", "changes", "explain"]
    public static let writes = ["register", "patch", "stock", "delete", "import", "undo", "redo"]

    public static let tools: [AgentTool] =
        reads.compactMap { tool($0, .read) } + writes.compactMap { tool($0, .write) }

    public static func tool(named name: String) -> AgentTool? { tools.first { $0.name == name } }

    /// The command called `name` in the scripting session's registry (which has `import`).
    private static func tool(_ name: String, _ access: AgentTool.Access) -> AgentTool? {
        guard let command = ScriptSession.registry.find(name), command.spec.name == name else { return nil }
        return AgentTool(command, access: access)
    }
}
