import OpenMarketContract
import TerminalText

/// The commands a session knows, in the order `help` lists them. The shell's own are
/// `CommandRegistry.shell`; the scripting layer adds its commands (`expect`, `source`, …) with
/// `adding(_:)`, so the shell core never names them.
public struct CommandRegistry: Sendable {
    public let commands: [any ShellCommand.Type]
    /// Each command by its exact name, and by its name or alias as `find` compares a word in any
    /// case: `find` runs for every line, and comparing every spec's names showed in what a script
    /// line costs. The first command of a name wins, as a search in order would find it.
    private let byName: [String: any ShellCommand.Type]
    private let byNameOrAlias: [String: any ShellCommand.Type]

    public init(_ commands: [any ShellCommand.Type]) {
        self.commands = commands
        var byName: [String: any ShellCommand.Type] = [:]
        var byNameOrAlias: [String: any ShellCommand.Type] = [:]
        // By the commands' names alone: each spec is made when its command is first used.
        for command in commands {
            let names = command.commandNames
            if byName[names.name] == nil { byName[names.name] = command }
            for name in [names.name] + names.aliases where byNameOrAlias[name] == nil { byNameOrAlias[name] = command }
        }
        self.byName = byName
        self.byNameOrAlias = byNameOrAlias
    }

    /// The shell's commands.
    public static let shell = CommandRegistry(
        [
            Help.self, Health.self, ListProducts.self, Search.self, Show.self, OpenStorefront.self, Register.self, Patch.self,
            Edit.self, Stock.self,
            Delete.self, Login.self, Logout.self, Whoami.self, Use.self, Profiles.self, Connect.self, SetOption.self,
            History.self,
            Changes.self, reversalType(for: UndoWay.self), reversalType(for: RedoWay.self), Exchanges.self,
            ExchangeCommand.self, Explain.self, Clear.self,
        ] + RawRequests.commands + [Exit.self])

    /// `UndoRedo<W>` (`Undo`, `Redo`) made from W's own witness table: written out as
    /// `Undo.self`, the type is made from its mangled name, for which the runtime checks
    /// `UndoWay: ReversalWay` by scanning every protocol conformance of the binary (10,761),
    /// once for each direction, at every start (as `RawRequests.requestType(for:)` explains).
    @inline(never)
    static func reversalType(for way: any ReversalWay.Type) -> any ShellCommand.Type {
        func reversalType<W: ReversalWay>(_: W.Type) -> any ShellCommand.Type { UndoRedo<W>.self }
        return reversalType(way)
    }

    /// This registry with `more` added; one with the name of an existing command replaces it
    /// where it stood (the scripting layer's `set` also sets variables).
    public func adding(_ more: [any ShellCommand.Type]) -> CommandRegistry {
        var list = commands
        for command in more {
            if let index = list.firstIndex(where: { $0.commandNames.name == command.commandNames.name }) {
                list[index] = command
            } else if let exit = list.firstIndex(where: { $0 == Exit.self }) {
                list.insert(command, at: exit)
            } else {
                list.append(command)
            }
        }
        return CommandRegistry(list)
    }

    /// The command a word names: by its exact name first (`GET`, `PATCH`: the raw requests),
    /// then by name or alias in any case (`Patch`, `patch`).
    public func find(_ word: String) -> (any ShellCommand.Type)? {
        byName[word] ?? byNameOrAlias[word.lowercased()]
    }

    /// The names closest to a mistyped `word` (`lsit` → `list`): at most two edits away, or
    /// those it begins.
    public func suggestions(for word: String) -> [String] {
        let typed = word.lowercased()
        var scored: [(name: String, distance: Int)] = []
        for spec in specs {
            let distance = ([spec.name] + spec.aliases).map { EditDistance.between(typed, $0) }.min() ?? .max
            if distance <= EditDistance.limit(for: typed) || (typed.count >= 2 && spec.name.hasPrefix(typed)) {
                scored.append((spec.name, distance))
            }
        }
        // Only the closest: `lsit` → `list`, not also `exit` two edits away.
        let best = scored.map(\.distance).min() ?? 0
        return scored.filter { $0.distance == best || $0.name.hasPrefix(typed) }.sorted {
            ($0.distance, $0.name) < ($1.distance, $1.name)
        }
        .prefix(3).map(\.name)
    }

    /// What an unknown first word may have meant: before a path (`GTE /api/products`), the HTTP
    /// methods close to it, when this registry sends raw requests; else the commands.
    public func guesses(for words: [Word]) -> [String] {
        let word = words.first?.text ?? ""
        // The program's `openmarket run FILE` is `source FILE` at the prompt.
        if word == "run", find("source") != nil { return ["source"] }
        if words.count > 1, RawRequests.looksLikePath(words[1].text), commands.contains(where: { $0 == RawRequests.commands[0] })
        {
            let methods = RawRequests.methodSuggestions(for: word)
            if !methods.isEmpty { return methods }
        }
        return suggestions(for: word)
    }

    public var specs: [CommandSpec] { commands.map { $0.spec } }

    /// Parses a command line already split into words.
    public func parse(_ words: [Word]) throws(CommandFailure) -> any ShellCommand {
        guard let first = words.first else { throw .usage(Message.noCommand.text) }
        // `PATCH /api/products/3 …` is a request typed by hand; `patch 3 …` the command.
        if let raw = rawRequest(words) { return try raw.init(parsing: Arguments(unsorted: Array(words.dropFirst()))) }
        guard let type = find(first.text) else {
            let shown = TerminalText.visible(String(first.text.prefix(40)))
            throw .usage(Message.unknownCommand(word: shown, guesses: guesses(for: words)).text)
        }
        // `list --help` is `help list`, as in any other tool (a quoted '--help' is a value).
        if type != Help.self, words.dropFirst().contains(where: { $0.text == "--help" && !$0.wasQuoted }) {
            return Help(topic: type.spec.name)
        }
        return try type.init(parsing: Arguments(Array(words.dropFirst()), spec: type.spec))
    }

    /// The raw request command these words are, when this registry has raw requests.
    public func rawRequest(_ words: [Word]) -> (any ShellCommand.Type)? {
        guard let raw = RawRequests.command(for: words), commands.contains(where: { $0 == raw }) else { return nil }
        return raw
    }

    /// `help` without a command.
    public var overview: String {
        let width = specs.map(\.name.count).max() ?? 0
        let rows = specs.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary.text)" }
        return ([Message.helpCommandsHeading.text] + rows + ["", Message.helpFooter.text]).joined(separator: "\n")
    }
}
